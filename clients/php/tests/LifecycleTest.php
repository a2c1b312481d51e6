<?php

declare(strict_types=1);

namespace Pasarela\Sandbox\Tests;

use Pasarela\Sandbox\Sandbox;
use Pasarela\Sandbox\SandboxApiException;
use PHPUnit\Framework\TestCase;

final class LifecycleTest extends TestCase
{
    private static function refused(string $url): bool
    {
        try {
            Sandbox::attach($url)->control('GET', '/clock');
            return false;
        } catch (SandboxApiException $e) {
            return $e->errorCode === 'NETWORK_ERROR';
        }
    }

    public function testStopClosesThePortAndCanBeCalledAgain(): void
    {
        $sandbox = Sandboxes::start();
        $url = $sandbox->url();
        self::assertMatchesRegularExpression('#^http://127\.0\.0\.1:\d+$#', $url);
        $attached = Sandbox::attach($url . '/');
        self::assertSame($url, $attached->url());
        self::assertArrayHasKey('now', $attached->control('GET', '/sandbox/v1/clock'));

        $sandbox->stop();
        $sandbox->stop();
        self::assertTrue(self::refused($url));
    }

    public function testASandboxDroppedWithoutStopIsStopped(): void
    {
        $sandbox = Sandboxes::start();
        $url = $sandbox->url();
        unset($sandbox);
        self::assertTrue(self::refused($url));
    }

    public function testNoSandboxOrReceiverOutlivesAScriptThatDiesOfAFatalError(): void
    {
        $script = tempnam(sys_get_temp_dir(), 'pasarela-fatal-') . '.php';
        file_put_contents($script, sprintf(<<<'PHP'
            <?php
            require %s;
            $sandbox = Pasarela\Sandbox\Tests\Sandboxes::start();
            $inbox = $sandbox->receiver();
            echo $sandbox->url(), "\n", $inbox->url(), "\n";
            // A true fatal error (E_ERROR): PHP runs no destructors after it, only shutdown functions.
            ini_set('memory_limit', '32M');
            $too_big = str_repeat('x', 64 * 1024 * 1024);
            PHP, var_export(__DIR__ . '/bootstrap.php', true)));
        exec(escapeshellarg(PHP_BINARY) . ' ' . escapeshellarg($script) . ' 2>&1', $lines, $code);
        unlink($script);
        self::assertSame(255, $code, implode("\n", $lines));
        self::assertStringContainsString('Allowed memory size', implode("\n", $lines));
        [$sandboxUrl, $receiverUrl] = $lines;
        self::assertTrue(self::refused($sandboxUrl), 'the sandbox still answers');
        self::assertFalse(@stream_socket_client('tcp://' . parse_url($receiverUrl, PHP_URL_HOST) . ':' . parse_url($receiverUrl, PHP_URL_PORT), $errno, $error, 1), 'the receiver still listens');
    }

    public function testACommandThatNeverGetsReadySaysWhatItPrinted(): void
    {
        try {
            Sandbox::start(['command' => [PHP_BINARY, '-r', 'echo "not a sandbox\n"; fwrite(STDERR, "oops\n");']]);
            self::fail('a command without a ready line was taken for a sandbox');
        } catch (\RuntimeException $e) {
            self::assertStringContainsString('exited before it was ready', $e->getMessage());
            self::assertStringContainsString('not a sandbox', $e->getMessage());
            self::assertStringContainsString('oops', $e->getMessage());
        }
    }
}
