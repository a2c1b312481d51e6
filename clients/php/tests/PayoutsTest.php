<?php

declare(strict_types=1);

namespace Pasarela\Sandbox\Tests;

use Pasarela\Sandbox\Receiver;
use Pasarela\Sandbox\Sandbox;
use Pasarela\Sandbox\SandboxApiException;
use PHPUnit\Framework\TestCase;

final class PayoutsTest extends TestCase
{
    private static Sandbox $sandbox;
    private static Receiver $inbox;

    public static function setUpBeforeClass(): void
    {
        self::$sandbox = Sandboxes::start();
        self::$inbox = self::$sandbox->receiver();
        self::$sandbox->control('PATCH', '/merchants/pk_sandbox_demo', ['payout_url' => self::$inbox->url() . '/payouts']);
    }

    public static function tearDownAfterClass(): void
    {
        self::$sandbox->stop();
    }

    public function testARoundTripLoginBatchProcessingAndOtpCallback(): void
    {
        $merchant = self::$sandbox->merchant();
        $token = $merchant->login();
        self::assertNotSame('', $token);

        $batch = $merchant->createPayouts([['amount' => 1000, 'credit_note' => 'CN-PHP-1', 'channel' => self::$inbox->url() . '/otp']], $token);
        self::assertGreaterThan(0, $batch['payroll']);
        self::assertSame('CN-PHP-1', $batch['data'][0]['credit_note']);

        self::$sandbox->control('POST', '/payouts/process');
        // The OTP callback on the item's channel address and the notification on the payout URL.
        self::assertArrayHasKey('reference', self::$inbox->next(['credit_note' => 'CN-PHP-1']));
        self::assertArrayHasKey('reference', self::$inbox->next(['credit_note' => 'CN-PHP-1']));
        $paths = array_column(array_filter(self::$inbox->all(), static fn ($r) => ($r['fields']['credit_note'] ?? '') === 'CN-PHP-1'), 'path');
        sort($paths);
        self::assertSame(['/otp', '/payouts'], $paths);

        $payouts = self::$sandbox->control('GET', '/payouts', null, ['credit_note' => 'CN-PHP-1'])['items'];
        self::assertSame('approved', $payouts[0]['status']);
    }

    public function testTheStaticPayoutTokenWorksWithoutLogin(): void
    {
        $batch = self::$sandbox->merchant()->createPayouts([['amount' => 1001], ['amount' => 2002]]);
        self::assertCount(2, $batch['data']);
    }

    public function testACompleteChileanItemIsSentAsGivenAndAcceptedWithoutWarnings(): void
    {
        // The README's item: bank 37 (Chile) and a RUT. No Mexican default may be read against it.
        $item = [
            'order_id' => '1001', 'credit_note' => 'CN-PHP-CL-1', 'account_id' => '000123456789', 'account_type' => 'corriente',
            'vat_id' => '12345678-5', 'vat_id_type' => 'RUT', 'name' => 'Juana Pérez', 'amount' => 1500,
            'channel' => 'https://beneficiary.example/otp', 'bank' => 37,
        ];
        $batch = self::$sandbox->merchant()->createPayouts([$item]);
        $sent = $batch['data'][0];
        self::assertSame('CN-PHP-CL-1', $sent['credit_note']);
        self::assertSame('RUT', $sent['vat_id_type']);
        self::assertSame([], $sent['warnings']);
    }

    public function testAWrongLoginIsRefused(): void
    {
        $this->expectException(SandboxApiException::class);
        self::$sandbox->merchant()->login('payout_demo', 'not-the-password');
    }

    public function testAnotherMerchantSignsWithItsOwnKeys(): void
    {
        $created = self::$sandbox->control('POST', '/merchants', ['name' => 'Tienda PHP']);
        $merchant = self::$sandbox->merchant($created['public_key']);
        self::assertSame($created['secret_key'], $merchant->secretKey());
        self::assertIsString($merchant->createPayment(['channel' => '17']));
    }
}
