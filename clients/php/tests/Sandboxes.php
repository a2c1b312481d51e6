<?php

declare(strict_types=1);

namespace Pasarela\Sandbox\Tests;

use Pasarela\Sandbox\Sandbox;

/**
 * How these tests start a sandbox: PASARELA_SANDBOX_COMMAND (a JSON list, e.g. the repository's
 * own launcher) when set, else the package's default command.
 */
final class Sandboxes
{
    public static function start(): Sandbox
    {
        $command = getenv('PASARELA_SANDBOX_COMMAND');
        return Sandbox::start($command ? ['command' => json_decode($command, true, 8, JSON_THROW_ON_ERROR)] : []);
    }
}
