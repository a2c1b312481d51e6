<?php

declare(strict_types=1);

namespace Pasarela\Sandbox;

/**
 * The payment notification signature, computed exactly as the sandbox does, for
 * unit tests of a shop's own notification handler: no sandbox needed.
 *
 * `standard` layout: SHA-256 of `time channel amount currency trans_ID` + secret; `legacy` (the
 * merchant setting notification_signature_layout): `public_key` first.
 */
final class Notification
{
    public const SIGNED_FIELDS = ['time', 'channel', 'amount', 'currency', 'trans_ID'];

    /** The signature of these notification fields with this secret. */
    public static function signature(array $fields, string $secret, string $layout = 'standard'): string
    {
        $s = match ($layout) {
            'standard' => '',
            'legacy' => (string) ($fields['public_key'] ?? ''),
            default => throw new \InvalidArgumentException("layout must be standard or legacy (got $layout)"),
        };
        foreach (self::SIGNED_FIELDS as $k) {
            $s .= (string) ($fields[$k] ?? '');
        }
        return hash('sha256', $s . $secret);
    }

    /**
     * True when the notification's `signature` is right for `$secret` (case-insensitive, constant time).
     *
     * @param array<string, mixed> $fields the notification's form fields (`$_POST` in a handler)
     */
    public static function verify(array $fields, string $secret, string $layout = 'standard'): bool
    {
        $sent = $fields['signature'] ?? null;
        return is_string($sent) && hash_equals(self::signature($fields, $secret, $layout), strtolower($sent));
    }

    /**
     * A signed notification as the sandbox would send it: `$fields` (at least `trans_ID`) over
     * defaults (the demo merchant, now, channel 17, 50000.00 COP), with its `signature`.
     *
     * @param array<string, string> $fields
     * @return array<string, string>
     */
    public static function sign(array $fields, string $secret, string $layout = 'standard'): array
    {
        $f = array_merge([
            'public_key' => Merchant::DEMO['public_key'],
            'time' => gmdate('Y-m-d H:i:s'),
            'channel' => '17',
            'amount' => '50000.00',
            'currency' => 'COP',
        ], $fields);
        unset($f['signature']);
        $f['signature'] = self::signature($f, $secret, $layout);
        return $f;
    }
}
