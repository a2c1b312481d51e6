<?php

declare(strict_types=1);

namespace Pasarela\Sandbox;

/**
 * A child process (the sandbox, a receiver) that cannot outlive this PHP process: stopped by
 * stop(), by the owner's destructor, or by a shutdown function, which PHP runs after a fatal
 * error and after exit() as well. When this process is killed outright (SIGKILL: a CI timeout, the
 * OOM killer) nothing here runs, so the command runs under bin/lifeline.php, which ends it when the
 * pipe on its stdin closes. That watcher leads a process group of its own, so a launcher (npx), the
 * node process under it and php -S's workers stop together.
 *
 * @internal
 */
final class ChildProcess
{
    /** @var array<int, ChildProcess> */
    private static array $live = [];
    private static bool $hooked = false;

    /** @var resource|null */
    private $proc;
    /** @var array<int, resource> */
    private array $pipes;
    private bool $group;
    public readonly int $pid;

    /**
     * @param list<string> $command
     * @param array<string, string>|null $env
     * @param list<string> $leaves files and flat folders of the child's that go when it is stopped, even when this
     *                     process is killed (the log stays for a child that ended by itself, and goes with stop())
     */
    public function __construct(array $command, ?string $cwd, public readonly string $logFile, ?array $env = null, array $leaves = [])
    {
        $remove = array_map(static fn (string $path) => "--remove=$path", $leaves);
        array_unshift($command, PHP_BINARY, dirname(__DIR__) . '/bin/lifeline.php', ...$remove);
        // Without ext-posix the watcher cannot make its group; setsid(1) does, where it exists.
        $this->group = PHP_OS_FAMILY === 'Linux' && is_executable('/usr/bin/setsid');
        if ($this->group) {
            array_unshift($command, '/usr/bin/setsid');
        }
        // stdin stays an open pipe: it closes when this process goes away by any means, and the watcher then ends the child.
        $spec = [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['file', $logFile, 'a']];
        $proc = proc_open($command, $spec, $pipes, $cwd, $env);
        if ($proc === false) {
            throw new \RuntimeException('could not start ' . implode(' ', $command));
        }
        $this->proc = $proc;
        $this->pipes = $pipes;
        $this->pid = (int) proc_get_status($proc)['pid'];
        self::$live[spl_object_id($this)] = $this;
        if (!self::$hooked) {
            self::$hooked = true;
            register_shutdown_function([self::class, 'stopAll']);
        }
    }

    /** Stops every child still running (the shutdown function). */
    public static function stopAll(): void
    {
        foreach (self::$live as $child) {
            $child->stop();
        }
    }

    public function running(): bool
    {
        return $this->proc !== null && proc_get_status($this->proc)['running'];
    }

    /**
     * Waits for a line of stdout matching $pattern; answers its first group.
     *
     * @throws \RuntimeException when the child exits first or the time runs out, with what it wrote
     */
    public function waitForLine(string $pattern, float $timeoutSeconds, string $what): string
    {
        $out = $this->pipes[1];
        stream_set_blocking($out, false);
        $seen = '';
        $deadline = microtime(true) + $timeoutSeconds;
        while (true) {
            $chunk = (string) fread($out, 8192);
            $seen .= $chunk;
            if (preg_match($pattern, $seen, $m) === 1) {
                return $m[1];
            }
            $left = $deadline - microtime(true);
            if (!$this->running() || $left <= 0) {
                $why = $this->running() ? sprintf('printed no ready line within %.0f s', $timeoutSeconds) : 'exited before it was ready';
                $log = $this->log(); // read first: the log goes with the child
                $this->stop();
                throw new \RuntimeException("$what $why; its output:\n" . $seen . $log);
            }
            $read = [$out];
            $write = $except = null;
            // Wakes on output; the bound only makes a silent exit noticed.
            @stream_select($read, $write, $except, 0, (int) (min($left, 0.2) * 1e6));
        }
    }

    /** What the child wrote on stderr so far. */
    public function log(): string
    {
        return is_file($this->logFile) ? (string) file_get_contents($this->logFile) : '';
    }

    /** SIGTERM (a clean stop), then SIGKILL after $graceSeconds; returns once it is gone. Idempotent. */
    public function stop(float $graceSeconds = 10): void
    {
        if ($this->proc === null) {
            return;
        }
        unset(self::$live[spl_object_id($this)]);
        // Closing stdin alone stops it (the watcher sees the pipe close); the signal is for speed.
        if (is_resource($this->pipes[0] ?? null)) {
            fclose($this->pipes[0]);
        }
        $this->signal(15);
        $deadline = microtime(true) + $graceSeconds;
        while (proc_get_status($this->proc)['running'] && microtime(true) < $deadline) {
            usleep(20000);
        }
        if (proc_get_status($this->proc)['running']) {
            $this->signal(9);
        }
        foreach ($this->pipes as $pipe) {
            if (is_resource($pipe)) {
                fclose($pipe);
            }
        }
        proc_close($this->proc);
        $this->proc = null;
        if (is_file($this->logFile)) {
            @unlink($this->logFile);
        }
    }

    private function signal(int $signal): void
    {
        // The watcher leads a group of its own (setsid(1), or posix_setsid in the watcher).
        if (function_exists('posix_kill')) {
            if (!posix_kill(-$this->pid, $signal)) {
                posix_kill($this->pid, $signal);
            }
        } elseif ($this->group) {
            exec(sprintf('kill -%d -- -%d 2>/dev/null', $signal, $this->pid));
        } else {
            proc_terminate($this->proc, $signal);
        }
    }
}
