<?php

declare(strict_types=1);

namespace Pasarela\Sandbox;

/**
 * A child process (the sandbox, a receiver) that cannot outlive this PHP process: stopped by
 * stop(), by the owner's destructor, or by a shutdown function, which PHP runs after a fatal
 * error and after exit() as well. Started in a process group of its own where `setsid` exists, so
 * a launcher (npx) and the node process under it stop together.
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
     */
    public function __construct(array $command, ?string $cwd, public readonly string $logFile, ?array $env = null)
    {
        $this->group = PHP_OS_FAMILY === 'Linux' && is_executable('/usr/bin/setsid');
        if ($this->group) {
            array_unshift($command, '/usr/bin/setsid');
        }
        // stdin stays an open pipe: a child that watches it ends when this process goes away by any means.
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
                $this->stop();
                throw new \RuntimeException("$what $why; its output:\n" . $seen . $this->log());
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
    }

    private function signal(int $signal): void
    {
        if ($this->group && function_exists('posix_kill')) {
            posix_kill(-$this->pid, $signal);
        } elseif ($this->group) {
            exec(sprintf('kill -%d -- -%d 2>/dev/null', $signal, $this->pid));
        } else {
            proc_terminate($this->proc, $signal);
        }
    }
}
