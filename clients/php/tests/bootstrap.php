<?php

declare(strict_types=1);

// Composer's autoloader when the package was installed with Composer; otherwise the same PSR-4
// mapping by hand, so the tests also run from a checkout with only php and phpunit installed.
if (is_file(__DIR__ . '/../vendor/autoload.php')) {
    require __DIR__ . '/../vendor/autoload.php';
    return;
}
spl_autoload_register(static function (string $class): void {
    foreach (['Pasarela\\Sandbox\\Tests\\' => __DIR__ . '/', 'Pasarela\\Sandbox\\' => __DIR__ . '/../src/'] as $prefix => $dir) {
        if (str_starts_with($class, $prefix)) {
            $file = $dir . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
            if (is_file($file)) {
                require $file;
            }
            return;
        }
    }
});
