<?php

declare(strict_types=1);

namespace Pasarela\Sandbox;

/**
 * The merchant side of a sandbox, with one merchant's keys: signs and posts like a real
 * integration (payment creation, operation query, payouts).
 */
final class Merchant
{
    /** The demo merchant every sandbox starts with. */
    public const DEMO = [
        'public_key' => 'pk_sandbox_demo',
        'secret_key' => 'sk_sandbox_demo',
        'mid_id' => 1,
        'payout_token' => 'tk_sandbox_demo',
        'payout_username' => 'payout_demo',
        'payout_password' => 'pw_sandbox_demo',
    ];

    /** Creation signature: SHA-256 of these fields' raw values, concatenated in this order, then the secret. */
    public const CREATION_SIGNED_FIELDS = ['public_key', 'time', 'amount', 'currency', 'trans_id', 'time_expired', 'url_ok', 'url_error', 'channel'];

    /** Channels created at `/payments/check-out/SecurePayment` (the rest use `SecurePayment.php`). */
    public const PLAIN_PATH_CHANNELS = [5, 11, 16, 22, 30, 35];

    /** Valid amount, currency and expiry per channel (what a test does not care about). */
    public const CHANNEL_FIELDS = [
        5 => ['amount' => '10000.00', 'currency' => 'CLP', 'time_expired' => '60'],
        11 => ['amount' => '10000.00', 'currency' => 'CLP', 'time_expired' => '60'],
        16 => ['amount' => '500.00', 'currency' => 'MXN', 'time_expired' => '1440'],
        17 => ['amount' => '50000', 'currency' => 'COP', 'time_expired' => '120'],
        22 => ['amount' => '10000.00', 'currency' => 'CLP', 'time_expired' => '60'],
        30 => ['amount' => '1500.00', 'currency' => 'PEN', 'time_expired' => '120'],
        33 => ['amount' => '15000.00', 'currency' => 'COP', 'time_expired' => '120'],
        35 => ['amount' => '150.00', 'currency' => 'PEN', 'time_expired' => '120'],
        36 => ['amount' => '15000.00', 'currency' => 'COP', 'time_expired' => '120'],
        38 => ['amount' => '250.00', 'currency' => 'MXN', 'time_expired' => '1440'],
        40 => ['amount' => '80.00', 'currency' => 'PEN', 'time_expired' => '30', 'filter_by' => 'efimero'],
        41 => ['amount' => '1500.50', 'currency' => 'MXN', 'time_expired' => '120'],
    ];

    /** A shopper valid for each channel's document and phone rules. */
    public const CHANNEL_SHOPPERS = [
        5 => ['type_doc_identi' => 'RUT', 'Num_doc_identi' => '12345678-5', 'country_code' => '+56', 'Phone' => '912345678'],
        11 => ['type_doc_identi' => 'RUT', 'Num_doc_identi' => '12345678-5', 'country_code' => '+56', 'Phone' => '912345678'],
        16 => ['type_doc_identi' => 'CI', 'Num_doc_identi' => '123456789', 'country_code' => '+57', 'Phone' => '5512345678', 'country' => 'MEX'],
        17 => ['type_doc_identi' => 'CC', 'Num_doc_identi' => '1234567890', 'country_code' => '+57', 'Phone' => '3001234567', 'country' => 'COL'],
        22 => ['type_doc_identi' => 'RUT', 'Num_doc_identi' => '12345678', 'country_code' => '+59', 'Phone' => '912345678', 'country' => 'CHL'],
        30 => ['type_doc_identi' => 'DNI', 'Num_doc_identi' => '12345678', 'country_code' => '+51', 'Phone' => '987654321', 'address' => '{"street":"Av. Arequipa 123","city":"Lima"}'],
        33 => ['type_doc_identi' => 'CC', 'Num_doc_identi' => '1234567890', 'country_code' => '+57', 'Phone' => '3001234567', 'country' => 'COL'],
        35 => ['type_doc_identi' => 'DNI', 'Num_doc_identi' => '12345678', 'country_code' => '+51', 'Phone' => '987654321', 'country' => 'PER'],
        36 => ['type_doc_identi' => 'CC', 'Num_doc_identi' => '1234567890', 'country_code' => '+57', 'Phone' => '3001234567', 'country' => 'COL'],
        38 => ['type_doc_identi' => 'CI', 'Num_doc_identi' => '123456789', 'country_code' => '+52', 'Phone' => '5512345678', 'country' => 'MEX'],
        40 => ['type_doc_identi' => 'DNI', 'Num_doc_identi' => '12345678', 'country_code' => '+51', 'Phone' => '987654321', 'country' => 'PER'],
        41 => ['type_doc_identi' => 'RFC', 'Num_doc_identi' => 'GODE561231GR8', 'country_code' => '+52', 'Phone' => '5512345678', 'country' => 'MEX'],
    ];

    private static int $seq = 0;

    /** @param array<string, mixed> $keys public_key, secret_key and, for payouts, payout_token, payout_username, payout_password */
    public function __construct(private readonly string $url, private readonly array $keys)
    {
    }

    public function publicKey(): string
    {
        return (string) $this->keys['public_key'];
    }

    public function secretKey(): string
    {
        return (string) $this->keys['secret_key'];
    }

    /** The creation signature: SHA-256 hex of the signed fields' values as sent, in order, then the secret. */
    public static function creationSignature(array $fields, string $secret): string
    {
        $s = '';
        foreach (self::CREATION_SIGNED_FIELDS as $k) {
            $s .= (string) ($fields[$k] ?? '');
        }
        return hash('sha256', $s . $secret);
    }

    /**
     * The creation fields a payment would send: `$fields` over valid defaults for the channel (17
     * unless given: amount, currency, expiry, a unique trans_id, the time, return URLs, a valid
     * shopper), signed. `null` removes a default; a `shopper_information` array is merged over the
     * channel's shopper; a `signature` you give is sent as it is.
     *
     * @param array<string, string|int|float|array<string, string|null>|null> $fields
     * @return array<string, string>
     */
    public function paymentFields(array $fields = []): array
    {
        $channel = (int) ($fields['channel'] ?? 17);
        $shopper = ['name_shopper' => 'Ana', 'last_name_Shopper' => 'Gómez', 'email' => 'ana.gomez@gmail.com'] + (self::CHANNEL_SHOPPERS[$channel] ?? []);
        if (is_array($fields['shopper_information'] ?? null)) {
            $shopper = self::apply($shopper, $fields['shopper_information']);
            unset($fields['shopper_information']);
        }
        $f = [
            'public_key' => $this->publicKey(),
            'time' => gmdate('Y-m-d H:i:s'),
            'channel' => (string) $channel,
            ...(self::CHANNEL_FIELDS[$channel] ?? self::CHANNEL_FIELDS[17]),
            'trans_id' => sprintf('PHP-%d-%d-%s-%d', $channel, getmypid(), base_convert((string) (int) (microtime(true) * 1000), 10, 36), ++self::$seq),
            'url_ok' => 'https://merchant.example/ok',
            'url_error' => 'https://merchant.example/error',
            'shopper_information' => json_encode($shopper, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR),
        ];
        $f = self::apply($f, $fields);
        if (!array_key_exists('signature', $fields)) {
            $f['signature'] = self::creationSignature($f, $this->secretKey());
        }
        return $f;
    }

    /**
     * Creates a payment like a real integration, posted as `form` (default), `multipart` or `json`
     * to the channel's path. Answers the hosted checkout address (a string) or, with
     * `direct_integration => '1'`, the direct answer (an array). A refusal throws SandboxApiException
     * (INVALID_SIGNATURE, MAX_AMOUNT_LIMIT, …).
     *
     * @param array<string, string|int|float|array<string, string|null>|null> $fields
     * @return string|array<mixed>
     */
    public function createPayment(array $fields = [], string $encoding = 'form'): string|array
    {
        $f = $this->paymentFields($fields);
        $path = '/payments/check-out/' . (in_array((int) $f['channel'], self::PLAIN_PATH_CHANNELS, true) ? 'SecurePayment' : 'SecurePayment.php');
        [$headers, $body] = match ($encoding) {
            'form' => [['content-type' => 'application/x-www-form-urlencoded; charset=utf-8'], http_build_query($f, '', '&', PHP_QUERY_RFC3986)],
            'json' => [['content-type' => 'application/json'], json_encode($f, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR)],
            'multipart' => [[], $f],
            default => throw new \InvalidArgumentException("encoding must be form, multipart or json (got $encoding)"),
        };
        $answer = Http::send('POST', $this->url . $path, $headers, $body);
        $text = trim($answer['body']);
        if (str_starts_with($text, '{') || str_starts_with($text, '[')) {
            return (array) Http::decode($text, $answer['status'], "POST $path");
        }
        return $text;
    }

    /** `POST /api/login` with the merchant's payout login; answers the token. */
    public function login(?string $username = null, ?string $password = null): string
    {
        $answer = Http::json('POST', $this->url . '/api/login', [
            'username' => $username ?? $this->keys['payout_username'] ?? null,
            'password' => $password ?? $this->keys['payout_password'] ?? null,
        ]);
        return (string) $answer['token'];
    }

    /**
     * A payout item: `$overrides` as given, and valid defaults for what they leave out. The Mexican
     * CLABE account, id, bank and phone defaults apply only when `$overrides` name no bank and no
     * country (they would be read by another country's rules); `country` is never filled, the bank
     * decides it. The amount's integer part decides the sandbox outcome: even approved, odd rejected.
     *
     * @param array<string, mixed> $overrides
     * @return array<string, mixed>
     */
    public function payoutItem(array $overrides = []): array
    {
        $id = sprintf('PHP-%d-%d', getmypid(), ++self::$seq);
        $anywhere = [
            'order_id' => "ORD-$id",
            'credit_note' => "CN-$id",
            'name' => 'Ana Gómez',
            'amount' => 100,
            'subject' => 'Pago a proveedor',
            'channel' => 'https://beneficiary.example/otp',
            'user_email' => 'ana.gomez@gmail.com',
        ];
        $mexican = [
            'account_id' => '012180001234567899',
            'account_type' => 'clabe',
            'vat_id' => 'GODE561231GR8',
            'vat_id_type' => 'RFC',
            'bank_detail' => 'BBVA México',
            'phone_number' => '5512345678',
            'bank' => 40012,
        ];
        $ownCountry = isset($overrides['bank']) || isset($overrides['country']);
        return array_merge($anywhere, $ownCountry ? [] : $mexican, $overrides);
    }

    /**
     * `POST /api/transactions/`: each item is `payoutItem($item)`, sent with `$token`
     * (from login()) or the merchant's static payout token. Answers `['payroll' => …, 'data' => [...]]`.
     *
     * @param list<array<string, mixed>> $items
     * @return array<mixed>
     */
    public function createPayouts(array $items, ?string $token = null): array
    {
        $token ??= $this->keys['payout_token'] ?? throw new \LogicException('no payout token: pass one from login()');
        return (array) Http::json('POST', $this->url . '/api/transactions/', array_map(fn (array $i) => $this->payoutItem($i), $items), [
            'authorization' => 'Bearer ' . $token,
        ]);
    }

    /** @param array<string, mixed> $patch null removes a key */
    private static function apply(array $target, array $patch): array
    {
        foreach ($patch as $k => $v) {
            if ($v === null) {
                unset($target[$k]);
            } else {
                $target[$k] = is_array($v) ? $v : (string) $v;
            }
        }
        return $target;
    }
}
