<?php

declare(strict_types=1);

namespace Pasarela\Sandbox\Tests;

use Pasarela\Sandbox\Notification;
use PHPUnit\Framework\TestCase;

/** The signature helpers alone, as a shop's handler tests use them: no sandbox. */
final class NotificationTest extends TestCase
{
    public function testASignedNotificationVerifiesWithItsSecretOnly(): void
    {
        $fields = Notification::sign(['trans_ID' => 'ORDER-1', 'amount' => '120000.00'], 'sk_shop');
        self::assertSame(['public_key', 'time', 'channel', 'amount', 'currency', 'trans_ID', 'signature'], array_keys($fields));
        self::assertTrue(Notification::verify($fields, 'sk_shop'));
        self::assertFalse(Notification::verify($fields, 'sk_other'));
    }

    public function testTheStandardLayoutIsSha256OfTimeChannelAmountCurrencyTransIdAndSecret(): void
    {
        $f = ['time' => '2026-11-22 12:00:00', 'channel' => '17', 'amount' => '50000.00', 'currency' => 'COP', 'trans_ID' => 'A1'];
        self::assertSame(hash('sha256', '2026-11-22 12:00:0017' . '50000.00COPA1sk'), Notification::sign($f, 'sk')['signature']);
        self::assertSame(hash('sha256', 'pk_sandbox_demo2026-11-22 12:00:0017' . '50000.00COPA1sk'), Notification::sign($f, 'sk', 'legacy')['signature']);
    }

    public function testATamperedFieldOrAMissingSignatureFails(): void
    {
        $fields = Notification::sign(['trans_ID' => 'ORDER-2'], 'sk_shop');
        self::assertFalse(Notification::verify(array_merge($fields, ['amount' => '1.00']), 'sk_shop'));
        unset($fields['signature']);
        self::assertFalse(Notification::verify($fields, 'sk_shop'));
    }

    public function testAnUppercaseSignatureVerifiesAndTheLayoutsDoNotMix(): void
    {
        $fields = Notification::sign(['trans_ID' => 'ORDER-3'], 'sk_shop', 'legacy');
        self::assertTrue(Notification::verify(['signature' => strtoupper($fields['signature'])] + $fields, 'sk_shop', 'legacy'));
        self::assertFalse(Notification::verify($fields, 'sk_shop', 'standard'));
    }

    public function testAnUnknownLayoutIsAnError(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        Notification::verify(['signature' => 'x'], 'sk', 'other');
    }
}
