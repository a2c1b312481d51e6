<?php

declare(strict_types=1);

namespace Pasarela\Sandbox\Tests;

use Pasarela\Sandbox\Notification;
use Pasarela\Sandbox\Receiver;
use Pasarela\Sandbox\Sandbox;
use Pasarela\Sandbox\SandboxApiException;
use PHPUnit\Framework\TestCase;

final class PaymentsTest extends TestCase
{
    private static Sandbox $sandbox;
    private static Receiver $inbox;

    public static function setUpBeforeClass(): void
    {
        self::$sandbox = Sandboxes::start();
        self::$inbox = self::$sandbox->receiver();
    }

    public static function tearDownAfterClass(): void
    {
        self::$sandbox->stop();
    }

    protected function setUp(): void
    {
        self::$sandbox->reset();
        self::$inbox->respondWith(200);
        self::$sandbox->control('PATCH', '/merchants/pk_sandbox_demo', ['success_url' => self::$inbox->url() . '/success']);
    }

    private static function operationOf(string $transId): array
    {
        $items = self::$sandbox->control('GET', '/operations', null, ['trans_id' => $transId])['items'];
        self::assertCount(1, $items);
        return $items[0];
    }

    public function testAFormPaymentAnswersTheCheckoutAddressAndItsConfirmationNotifiesSigned(): void
    {
        $merchant = self::$sandbox->merchant();
        $checkout = $merchant->createPayment(['channel' => '17', 'amount' => '50000', 'trans_id' => 'ORDER-1001']);
        self::assertIsString($checkout);
        self::assertStringStartsWith(self::$sandbox->url() . '/check-out/?channel=17&tokenID=', $checkout);

        $op = self::operationOf('ORDER-1001');
        self::assertSame('pending', $op['status']);
        self::assertSame('confirmed', self::$sandbox->control('POST', "/operations/{$op['id']}/confirm")['status']);

        $note = self::$inbox->next(['trans_id' => 'ORDER-1001']);
        self::assertSame('50000.00', $note['amount']);
        self::assertTrue(Notification::verify($note, $merchant->secretKey()));
        self::assertFalse(Notification::verify($note, 'sk_not_the_secret'));
    }

    public function testJsonAndMultipartBodiesAreSignedAlike(): void
    {
        foreach (['json', 'multipart'] as $encoding) {
            $checkout = self::$sandbox->merchant()->createPayment(['channel' => '38'], $encoding);
            self::assertStringContainsString('/check-out/?channel=38&tokenID=', $checkout, $encoding);
        }
    }

    public function testEveryChannelAcceptsItsDefaults(): void
    {
        foreach ([5, 11, 16, 17, 22, 30, 33, 35, 36, 38, 40, 41] as $channel) {
            $checkout = self::$sandbox->merchant()->createPayment(['channel' => $channel]);
            self::assertStringContainsString("channel=$channel", $checkout);
        }
    }

    public function testADirectIntegrationAnswersAnArray(): void
    {
        $answer = self::$sandbox->merchant()->createPayment(['channel' => '16', 'direct_integration' => '1']);
        self::assertIsArray($answer);
        self::assertNotEmpty($answer);
    }

    public function testShopperKeysMergeOverTheChannelShopperAndNullRemovesOne(): void
    {
        $fields = self::$sandbox->merchant()->paymentFields(['channel' => '17', 'shopper_information' => ['email' => 'otra@example.com', 'Phone' => null]]);
        $shopper = json_decode($fields['shopper_information'], true);
        self::assertSame('otra@example.com', $shopper['email']);
        self::assertArrayNotHasKey('Phone', $shopper);
        self::assertSame('CC', $shopper['type_doc_identi']);
    }

    public function testAWrongSignatureIsRefusedWithTheSandboxCode(): void
    {
        try {
            self::$sandbox->merchant()->createPayment(['signature' => str_repeat('0', 64)]);
            self::fail('a wrong signature was accepted');
        } catch (SandboxApiException $e) {
            self::assertSame('INVALID_SIGNATURE', $e->errorCode);
            self::assertGreaterThanOrEqual(400, $e->status);
            self::assertNotSame('', $e->getMessage());
        }
    }

    public function testAControlErrorCarriesStatusCodeAndMessage(): void
    {
        try {
            self::$sandbox->control('POST', '/operations/999999/confirm');
            self::fail('an unknown operation was confirmed');
        } catch (SandboxApiException $e) {
            self::assertSame(404, $e->status);
            self::assertSame('NOT_FOUND', $e->errorCode);
            self::assertStringContainsString('999999', $e->getMessage());
        }
    }

    public function testARefusedNotificationComesAgainAfterTheClockAdvances(): void
    {
        self::$inbox->respondWith(500);
        $merchant = self::$sandbox->merchant();
        $merchant->createPayment(['trans_id' => 'ORDER-RETRY']);
        $op = self::operationOf('ORDER-RETRY');
        self::$sandbox->control('POST', "/operations/{$op['id']}/confirm");
        self::$inbox->next(['trans_id' => 'ORDER-RETRY']);

        // The retry is scheduled once the sandbox has recorded our 500: wait for that, then move the clock.
        $deadline = microtime(true) + 30;
        while (true) {
            $note = self::$sandbox->control('GET', '/notifications', null, ['operation_id' => $op['id']])['items'][0] ?? [];
            if (($note['next_attempt_at'] ?? null) !== null || microtime(true) > $deadline) {
                break;
            }
            usleep(50000);
        }
        self::assertNotNull($note['next_attempt_at'] ?? null, 'no retry was scheduled');

        self::$inbox->respondWith(200);
        self::$sandbox->control('POST', '/clock/advance', ['minutes' => 1]);
        $again = self::$inbox->next(['trans_id' => 'ORDER-RETRY']);
        self::assertTrue(Notification::verify($again, $merchant->secretKey()));
        self::assertSame([500, 200], array_column(array_filter(self::$inbox->all(), static fn ($r) => ($r['fields']['trans_ID'] ?? '') === 'ORDER-RETRY'), 'status'));
    }

    public function testNextTimesOutListingWhatArrived(): void
    {
        self::$sandbox->merchant()->createPayment(['trans_id' => 'ORDER-SEEN']);
        $id = self::operationOf('ORDER-SEEN')['id'];
        self::$sandbox->control('POST', "/operations/$id/confirm");
        self::$inbox->next(['trans_id' => 'ORDER-SEEN']);
        try {
            self::$inbox->next(['trans_id' => 'ORDER-NEVER-SENT'], 0.2);
            self::fail('next() answered a request that never came');
        } catch (\RuntimeException $e) {
            self::assertStringContainsString('ORDER-NEVER-SENT', $e->getMessage());
            self::assertStringContainsString('ORDER-SEEN', $e->getMessage());
        }
    }
}
