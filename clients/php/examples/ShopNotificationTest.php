<?php

declare(strict_types=1);

use Pasarela\Sandbox\Notification;
use Pasarela\Sandbox\Receiver;
use Pasarela\Sandbox\Sandbox;
use PHPUnit\Framework\TestCase;

final class ShopNotificationTest extends TestCase
{
    private static Sandbox $sandbox;
    private static Receiver $inbox;

    public static function setUpBeforeClass(): void
    {
        // One sandbox for the class: `npx pasarela-sandbox serve` on a free port, in memory.
        self::$sandbox = Sandbox::start();
        self::$inbox = self::$sandbox->receiver();
        // The demo merchant notifies our receiver (in your suite: your shop's notification URL).
        self::$sandbox->control('PATCH', '/merchants/pk_sandbox_demo', ['success_url' => self::$inbox->url() . '/notify']);
    }

    public static function tearDownAfterClass(): void
    {
        self::$sandbox->stop();
    }

    public function testAConfirmedChannel17PaymentNotifiesWithAValidSignature(): void
    {
        $merchant = self::$sandbox->merchant();
        $checkout = $merchant->createPayment(['channel' => '17', 'amount' => '50000', 'trans_id' => 'ORDER-1001']);
        $this->assertStringContainsString('/check-out/?channel=17&tokenID=', $checkout);

        $operation = self::$sandbox->control('GET', '/operations', null, ['trans_id' => 'ORDER-1001'])['items'][0];
        $confirmed = self::$sandbox->control('POST', "/operations/{$operation['id']}/confirm");
        $this->assertSame('confirmed', $confirmed['status']);

        $notification = self::$inbox->next(['trans_id' => 'ORDER-1001']);
        $this->assertSame('50000.00', $notification['amount']);
        $this->assertTrue(Notification::verify($notification, $merchant->secretKey()));
    }
}
