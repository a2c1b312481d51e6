<?php

// Runs a command for ChildProcess (`php lifeline.php [--remove=PATH]… COMMAND…`) and ends it when our stdin closes:
// the PHP process holding the other end of the pipe asked for a stop, or is gone however it ended
// (SIGKILL and out-of-memory kills included, which no shutdown function sees). Needed because
// `php -S` does not watch its stdin, and a signal to its master leaves its workers listening: so
// this process leads a process group of its own and signals the whole group. Each PATH (the
// sandbox's log, the receiver's records: a file or a flat folder) is removed once the command we
// ended is gone, as the owner's stop() would have; a command that ends by itself leaves them to the
// owner, who reads the log to say why.

declare(strict_types=1);

// Numbers, not SIGTERM/SIGKILL: those constants exist only with ext-pcntl.
const TERM = 15;
const KILL = 9;

$command = array_slice($argv, 1);
$remove = [];
while (str_starts_with($command[0] ?? '', '--remove=')) {
    $remove[] = substr((string) array_shift($command), strlen('--remove='));
}
if ($command === []) {
    fwrite(STDERR, "usage: php lifeline.php [--remove=PATH]… COMMAND [ARGS…]\n");
    exit(2);
}
// setsid(1) may have made us a group leader already; otherwise we make the group here.
if (function_exists('posix_setsid') && posix_getpgid(0) !== getmypid()) {
    posix_setsid();
}
$ownGroup = function_exists('posix_getpgid') && posix_getpgid(0) === getmypid();

$stopAsked = false;
$handled = function_exists('pcntl_async_signals');
if ($handled) {
    // A signal to the group (ChildProcess::stop) stops the child the same way, and we stay to see it go.
    pcntl_async_signals(true);
    foreach ([SIGTERM, SIGINT, SIGHUP] as $signal) {
        pcntl_signal($signal, static function () use (&$stopAsked): void {
            $stopAsked = true;
        });
    }
}

// The child reads the same stdin: one that watches it (the sandbox's --stop-when-stdin-closes) ends
// even if this process is killed first.
$child = proc_open($command, [0 => STDIN, 1 => STDOUT, 2 => STDERR], $pipes);
if ($child === false) {
    fwrite(STDERR, 'could not start ' . implode(' ', $command) . "\n");
    exit(127);
}

/**
 * Signals the child's whole group when we lead one (its helpers, the php -S workers), else the child
 * alone. With pcntl we handle the signal ourselves and stay to see the child go; without it we go too.
 */
$signal = static function (int $signal) use ($child, $ownGroup): void {
    if ($ownGroup) {
        posix_kill(0, $signal);
    } else {
        proc_terminate($child, $signal);
    }
};

$status = proc_get_status($child);
while ($status['running'] && !$stopAsked) {
    $read = [STDIN];
    $write = $except = null;
    // Wakes when stdin closes; the bound only makes the child's own exit noticed.
    if (@stream_select($read, $write, $except, 0, 250000) > 0 && fread(STDIN, 8192) === '' && feof(STDIN)) {
        break;
    }
    $status = proc_get_status($child);
}
/** What goes with the child: files, and flat folders (their files, then themselves). */
$removeRecords = static function () use ($remove): void {
    foreach ($remove as $path) {
        if (is_dir($path)) {
            foreach (array_diff(scandir($path) ?: [], ['.', '..']) as $file) {
                @unlink($path . '/' . $file);
            }
            @rmdir($path);
        } elseif (is_file($path)) {
            @unlink($path);
        }
    }
};

if ($status['running']) {
    if ($ownGroup && !$handled) {
        $removeRecords(); // the group's signal ends us as well
    }
    $signal(TERM);
    $deadline = microtime(true) + 10;
    while (($status = proc_get_status($child))['running'] && microtime(true) < $deadline) {
        usleep(20000);
    }
    if ($status['running']) {
        $removeRecords();
        $signal(KILL); // the group's, ours included: the last thing done
        exit(137);
    }
    $removeRecords();
} elseif ($ownGroup && $handled) {
    // The child ended by itself: what it left in the group (php -S workers outlive their master) goes too.
    $signal(TERM);
}
exit($status['signaled'] ? 128 + (int) $status['termsig'] : max(0, (int) $status['exitcode']));
