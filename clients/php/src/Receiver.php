<?php

declare(strict_types=1);

namespace Pasarela\Sandbox;

/**
 * A loopback HTTP receiver for notifications and payout callbacks: a `php -S` child on a free
 * port that records every request. Point a merchant URL at `$receiver->url() . '/success'` (any
 * path), then wait for what must arrive with next().
 */
final class Receiver
{
    /** @var array<int, true> numbers of the requests next() already answered */
    private array $taken = [];

    private function __construct(private readonly string $url, private readonly string $dir, private readonly ChildProcess $child)
    {
    }

    /** Starts a receiver (Sandbox::receiver() does, and stops it with the sandbox). */
    public static function start(): self
    {
        // A free port can be taken between our probe and php -S binding it: try another then.
        for ($attempt = 1; ; $attempt++) {
            // A fresh folder per attempt: a stopped attempt's child takes its folder with it.
            $dir = sys_get_temp_dir() . '/pasarela-receiver-' . bin2hex(random_bytes(6));
            mkdir($dir, 0700);
            file_put_contents($dir . '/reply.json', json_encode(['status' => 200, 'delay' => 0]));
            // Several workers: a delayed answer must not hold back the requests behind it.
            $env = ['PASARELA_RECEIVER_DIR' => $dir, 'PHP_CLI_SERVER_WORKERS' => '4'] + getenv();
            $probe = stream_socket_server('tcp://127.0.0.1:0');
            $name = (string) stream_socket_get_name($probe, false);
            fclose($probe);
            $port = (int) substr($name, strrpos($name, ':') + 1);
            $child = new ChildProcess([PHP_BINARY, '-S', "127.0.0.1:$port", dirname(__DIR__) . '/router/receiver.php'], $dir, $dir . '/server.log', $env, [$dir]);
            if (self::listening($child, $port)) {
                return new self("http://127.0.0.1:$port", $dir, $child);
            }
            $log = $child->log(); // read first: the folder goes with the child
            $child->stop();
            if ($attempt === 3) {
                throw new \RuntimeException("the receiver did not start (php -S on port $port):\n" . $log);
            }
        }
    }

    private static function listening(ChildProcess $child, int $port): bool
    {
        $deadline = microtime(true) + 15;
        while ($child->running() && microtime(true) < $deadline) {
            $socket = @stream_socket_client("tcp://127.0.0.1:$port", $errno, $error, 0.5);
            if ($socket !== false) {
                fclose($socket);
                return true;
            }
            usleep(20000);
        }
        return false;
    }

    public function __destruct()
    {
        $this->stop();
    }

    /** `http://127.0.0.1:PORT`; any path under it records. */
    public function url(): string
    {
        return $this->url;
    }

    /** How to answer from now on: a status (200, 500, 503…) and, optionally, a delay before it. */
    public function respondWith(int $status, float $delaySeconds = 0): void
    {
        $tmp = $this->dir . '/reply.json.tmp';
        file_put_contents($tmp, json_encode(['status' => $status, 'delay' => $delaySeconds]));
        rename($tmp, $this->dir . '/reply.json');
    }

    /**
     * The fields (form fields, or the JSON object) of the first request not returned before whose
     * fields match every key of `$match` (names compared case-insensitively, so `trans_id` finds
     * `trans_ID`; values as strings). Waits for it up to `$timeoutSeconds`; then throws, listing what
     * did arrive.
     *
     * @param array<string, scalar> $match
     * @return array<string, mixed>
     */
    public function next(array $match = [], float $timeoutSeconds = 30): array
    {
        $deadline = microtime(true) + $timeoutSeconds;
        while (true) {
            foreach ($this->records() as $r) {
                if (!isset($this->taken[$r['n']]) && self::matches($r['fields'], $match)) {
                    $this->taken[$r['n']] = true;
                    return $r['fields'];
                }
            }
            if (microtime(true) >= $deadline) {
                $seen = array_map(static fn (array $r) => sprintf('  %s %s %s', $r['method'], $r['path'], json_encode($r['fields'], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE)), $this->records());
                throw new \RuntimeException(sprintf(
                    "no request matching %s arrived within %.0f s; %s",
                    json_encode($match, JSON_UNESCAPED_SLASHES),
                    $timeoutSeconds,
                    $seen ? "what did arrive:\n" . implode("\n", $seen) : 'nothing arrived',
                ));
            }
            // Polling the records is how we hear of a request; the bound keeps the wait short.
            usleep(25000);
        }
    }

    /**
     * Every request so far, in arrival order: method, path, query, headers, body, fields and the
     * status it was answered.
     *
     * @return list<array<string, mixed>>
     */
    public function all(): array
    {
        return $this->records();
    }

    /** Stops the receiver and removes its records; idempotent. */
    public function stop(): void
    {
        if (!$this->child->running() && !is_dir($this->dir)) {
            return;
        }
        $this->child->stop();
        foreach (glob($this->dir . '/*') ?: [] as $file) {
            @unlink($file);
        }
        @rmdir($this->dir);
    }

    /** @return list<array<string, mixed>> */
    private function records(): array
    {
        $files = glob($this->dir . '/req-*.json') ?: [];
        sort($files);
        $out = [];
        foreach ($files as $file) {
            $r = json_decode((string) @file_get_contents($file), true);
            if (is_array($r)) {
                $out[] = $r;
            }
        }
        return $out;
    }

    /** @param array<string, scalar> $match */
    private static function matches(mixed $fields, array $match): bool
    {
        if (!is_array($fields)) {
            return $match === [];
        }
        $lower = array_change_key_case($fields, CASE_LOWER);
        foreach ($match as $key => $want) {
            $got = $lower[strtolower((string) $key)] ?? null;
            if ($got === null || is_array($got) || (string) $got !== (string) $want) {
                return false;
            }
        }
        return true;
    }
}
