<?php

declare(strict_types=1);

namespace Pasarela\Sandbox\Tests;

use Pasarela\Sandbox\Merchant;
use Pasarela\Sandbox\Notification;
use Pasarela\Sandbox\Sandbox;
use Pasarela\Sandbox\SandboxApiException;
use PHPUnit\Framework\TestCase;

/** A refused signature or token explains itself, as the sandbox diagnoses it. */
final class ExplainedTest extends TestCase
{
    private static Sandbox $sandbox;

    public static function setUpBeforeClass(): void
    {
        self::$sandbox = Sandboxes::start();
    }

    public static function tearDownAfterClass(): void
    {
        self::$sandbox->stop();
    }

    private const SECRET = Merchant::DEMO['secret_key'];

    public function testANotificationThatVerifiesHasNothingToExplain(): void
    {
        self::assertNull(self::$sandbox->explainNotification(Notification::sign(['trans_ID' => 'PHP-OK'], self::SECRET), self::SECRET));
    }

    public function testTheOtherLayoutIsNamed(): void
    {
        $fields = Notification::sign(['trans_ID' => 'PHP-LEGACY'], self::SECRET, 'legacy');
        self::assertFalse(Notification::verify($fields, self::SECRET));
        $d = self::$sandbox->explainNotification($fields, self::SECRET);
        self::assertTrue($d['matched']);
        self::assertSame(['order' => 'legacy_layout'], $d['recipe']);
        self::assertStringContainsString('legacy layout', $d['explanation']);
    }

    public function testAnAmountTheHandlerReformattedIsNamed(): void
    {
        $fields = Notification::sign(['trans_ID' => 'PHP-AMOUNT', 'amount' => '50000.00'], self::SECRET);
        // What a handler that cast the amount to a number hands to its check.
        $fields['amount'] = (string) (float) $fields['amount'];
        $d = self::$sandbox->explainNotification($fields, self::SECRET);
        self::assertSame(['field' => ['name' => 'amount', 'sent' => '50000', 'signed' => '50000.00']], $d['recipe']);
    }

    public function testTheWrongSecretNamesTheMerchantWhoseSecretSignedIt(): void
    {
        $fields = Notification::sign(['trans_ID' => 'PHP-SECRET'], self::SECRET);
        $d = self::$sandbox->explainNotification($fields, 'sk_of_another_shop');
        self::assertSame(['secret' => 'other_merchant', 'secret_of' => Merchant::DEMO['public_key']], $d['recipe']);
    }

    public function testARefusedPayoutTokenCarriesItsDiagnosis(): void
    {
        $merchant = self::$sandbox->merchant();
        try {
            $merchant->createPayouts([$merchant->payoutItem()], Merchant::DEMO['public_key']);
            self::fail('the public key was taken as a payout token');
        } catch (SandboxApiException $e) {
            self::assertSame('UNAUTHORIZED', $e->errorCode);
            self::assertSame('token=public_key; token_of=' . Merchant::DEMO['public_key'], $e->diagnosis);
            self::assertStringContainsString('[diagnosis: token=public_key', $e->getMessage());
        }
    }

    public function testARefusedCreationCarriesItsDiagnosis(): void
    {
        $merchant = self::$sandbox->merchant();
        $fields = $merchant->paymentFields(['signature' => null]);
        $s = '';
        foreach (Merchant::CREATION_SIGNED_FIELDS as $k) {
            $s .= $fields[$k] ?? '';
        }
        try {
            $merchant->createPayment(['trans_id' => $fields['trans_id'], 'time' => $fields['time'], 'signature' => hash('sha256', $s)]);
            self::fail('an unsigned creation was accepted');
        } catch (SandboxApiException $e) {
            self::assertSame('INVALID_SIGNATURE', $e->errorCode);
            self::assertSame('secret=none', $e->diagnosis);
        }
    }
}
