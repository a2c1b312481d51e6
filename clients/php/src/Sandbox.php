<?php

declare(strict_types=1);

namespace Pasarela\Sandbox;

/**
 * A Pasarela Sandbox for a test run: started on a free loopback port (Sandbox::start) or already
 * running (Sandbox::attach). Drive outcomes with control() (the control API under /sandbox/v1),
 * act as a merchant with merchant(), receive notifications with receiver().
 */
final class Sandbox
{
    /** The command `start()` runs when not told otherwise. */
    public const DEFAULT_COMMAND = ['npx', '--no-install', 'pasarela-sandbox', 'serve', '--port', '0', '--data', ':memory:', '--stop-when-stdin-closes'];
    private const READY = '/^sandbox listening on (http:\/\/\S+)/m';
    private const CONTROL_PREFIX = '/sandbox/v1';

    /** @var list<Receiver> */
    private array $receivers = [];

    private function __construct(
        private readonly string $url,
        private readonly ?ChildProcess $child,
        private readonly ?string $controlToken,
    ) {
    }

    /**
     * Starts a sandbox and waits for its ready line. Options:
     *  - `command` (list of strings): what to run; it must print `sandbox listening on http://…` on
     *    stdout (default: `npx --no-install pasarela-sandbox serve --port 0 --data :memory:
     *    --stop-when-stdin-closes`, run straight through node when node_modules/pasarela-sandbox is
     *    found). Whatever it is, it ends with this PHP process, even when that is killed;
     *  - `cwd`: its working directory (default: the current one);
     *  - `timeout`: seconds to wait for the ready line (default 60).
     *
     * @param array{command?: list<string>, cwd?: string, timeout?: float|int} $options
     */
    public static function start(array $options = []): self
    {
        $cwd = $options['cwd'] ?? (getcwd() ?: '.');
        $command = $options['command'] ?? self::defaultCommand($cwd);
        $log = tempnam(sys_get_temp_dir(), 'pasarela-sandbox-log-');
        $child = new ChildProcess(array_values(array_map('strval', $command)), $cwd, $log, null, [$log]);
        $url = $child->waitForLine(self::READY, (float) ($options['timeout'] ?? 60), 'the sandbox (' . implode(' ', $command) . ')');
        return new self($url, $child, null);
    }

    /** A sandbox that is already running at $url (`http://HOST:PORT`); a shared one needs its control token. */
    public static function attach(string $url, ?string $controlToken = null): self
    {
        return new self(rtrim($url, '/'), null, $controlToken);
    }

    /**
     * The package's own launcher under node_modules, run by node, is what npx would run, minus npm's
     * start-up time and its processes in between.
     *
     * @return list<string>
     */
    private static function defaultCommand(string $cwd): array
    {
        for ($dir = realpath($cwd) ?: $cwd; ; $dir = dirname($dir)) {
            $package = $dir . '/node_modules/pasarela-sandbox';
            if (is_file($package . '/server/pack/bin.mjs')) {
                return ['node', $package . '/server/pack/bin.mjs', ...array_slice(self::DEFAULT_COMMAND, 3)];
            }
            if (dirname($dir) === $dir) {
                return self::DEFAULT_COMMAND;
            }
        }
    }

    public function __destruct()
    {
        $this->stop();
    }

    /** `http://HOST:PORT`: the merchant API, the checkout pages, the console and the control API. */
    public function url(): string
    {
        return $this->url;
    }

    /** Back to a fresh sandbox: the demo merchant only, the clock at real time (`POST /sandbox/v1/reset`). */
    public function reset(): void
    {
        $this->control('POST', '/reset');
    }

    /** Stops the sandbox this object started (and its receivers); safe to call any number of times. */
    public function stop(): void
    {
        foreach ($this->receivers as $receiver) {
            $receiver->stop();
        }
        $this->child?->stop();
    }

    /**
     * Calls the control API: `control('POST', '/operations/42/confirm')`, `control('GET', '/operations',
     * null, ['trans_id' => 'A1'])`. The path is under /sandbox/v1 (the prefix may be given); the answer is
     * the decoded JSON. Routes and fields: docs/testkit.md and GET /sandbox/v1/openapi.json.
     *
     * @param array<string, mixed>|list<mixed>|null $body
     * @param array<string, scalar|null> $query
     * @return array<mixed>
     * @throws SandboxApiException on an error answer, with the sandbox's status, errorCode and message
     */
    public function control(string $method, string $path, ?array $body = null, array $query = []): array
    {
        $path = str_starts_with($path, self::CONTROL_PREFIX . '/') ? $path : self::CONTROL_PREFIX . '/' . ltrim($path, '/');
        $query = array_filter($query, static fn ($v) => $v !== null && $v !== '');
        $url = $this->url . $path . ($query ? '?' . http_build_query($query) : '');
        $headers = $this->controlToken === null ? [] : ['authorization' => 'Bearer ' . $this->controlToken];
        $answer = Http::json(strtoupper($method), $url, $body, $headers);
        return is_array($answer) ? $answer : ['value' => $answer];
    }

    /**
     * Why `Notification::verify()` refuses these fields with this secret, or null when
     * they verify: the sandbox's diagnosis, `['matched', 'recipe', 'expected_string', 'explanation']`.
     * The recipe names what differs between how the notification was signed and what the check
     * computed (the other layout, a value the handler reformatted, another merchant's secret of this
     * sandbox, or a signature the service never makes); `explanation` says what to change.
     *
     * @param array<string, mixed> $fields the notification's form fields (`$_POST` in a handler)
     * @return array<string, mixed>|null
     */
    public function explainNotification(array $fields, string $secret, string $layout = 'standard'): ?array
    {
        $kind = match ($layout) {
            'standard' => 'notification',
            'legacy' => 'notification_legacy',
            default => throw new \InvalidArgumentException("layout must be standard or legacy (got $layout)"),
        };
        $strings = array_map(static fn ($v) => is_scalar($v) ? (string) $v : json_encode($v), $fields);
        $answer = $this->control('POST', '/signatures/diagnose', ['kind' => $kind, 'fields' => $strings, 'secret' => $secret]);
        return $answer['match'] ? null : $answer['diagnosis'];
    }

    /**
     * A merchant of this sandbox: the demo merchant (`pk_sandbox_demo`) by default, or the one with
     * this public key (its secret and payout credentials are read through the control API).
     */
    public function merchant(?string $publicKey = null): Merchant
    {
        if ($publicKey === null || $publicKey === Merchant::DEMO['public_key']) {
            return new Merchant($this->url, Merchant::DEMO);
        }
        foreach ($this->control('GET', '/merchants')['items'] as $m) {
            if ($m['public_key'] === $publicKey) {
                return new Merchant($this->url, $m);
            }
        }
        throw new SandboxApiException(404, 'NOT_FOUND', "no merchant has the public key $publicKey", null, 'GET /sandbox/v1/merchants');
    }

    /** A loopback receiver of notifications and payout callbacks; stopped with the sandbox. */
    public function receiver(): Receiver
    {
        return $this->receivers[] = Receiver::start();
    }
}
