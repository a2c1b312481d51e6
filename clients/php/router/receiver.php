<?php

// Router of the receiver's `php -S` child (Receiver::start): records each request as one JSON file
// in PASARELA_RECEIVER_DIR, numbered in arrival order, then answers as reply.json says. Recorded
// before answering, so a test sees a request even when the answer is delayed or an error.

declare(strict_types=1);

$dir = (string) getenv('PASARELA_RECEIVER_DIR');
$reply = json_decode((string) @file_get_contents($dir . '/reply.json'), true) ?: ['status' => 200, 'delay' => 0];

$body = (string) file_get_contents('php://input');
$type = strtolower((string) ($_SERVER['CONTENT_TYPE'] ?? ''));
$fields = [];
if (str_starts_with($type, 'application/json')) {
    $json = json_decode($body, true);
    $fields = is_array($json) ? $json : [];
} elseif (str_starts_with($type, 'multipart/form-data')) {
    $fields = $_POST;
} elseif ($body !== '') {
    // By hand, not parse_str: that one renames keys with dots or spaces and nests `a[b]`.
    foreach (explode('&', $body) as $pair) {
        if ($pair === '') {
            continue;
        }
        [$k, $v] = array_pad(explode('=', $pair, 2), 2, '');
        $fields[urldecode($k)] = urldecode($v);
    }
}
$headers = [];
foreach ($_SERVER as $k => $v) {
    if (str_starts_with($k, 'HTTP_')) {
        $headers[strtolower(str_replace('_', '-', substr($k, 5)))] = $v;
    }
}
if ($type !== '') {
    $headers['content-type'] = $_SERVER['CONTENT_TYPE'];
}

$lock = fopen($dir . '/seq', 'c+');
flock($lock, LOCK_EX);
$n = (int) stream_get_contents($lock) + 1;
ftruncate($lock, 0);
rewind($lock);
fwrite($lock, (string) $n);
$record = [
    'n' => $n,
    'method' => $_SERVER['REQUEST_METHOD'],
    'path' => (string) parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH),
    'query' => (string) parse_url($_SERVER['REQUEST_URI'], PHP_URL_QUERY),
    'headers' => $headers,
    'body' => $body,
    'fields' => $fields,
    'status' => (int) $reply['status'],
];
$file = sprintf('%s/req-%08d.json', $dir, $n);
file_put_contents($file . '.tmp', json_encode($record, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE));
rename($file . '.tmp', $file);
flock($lock, LOCK_UN);
fclose($lock);

if ((float) $reply['delay'] > 0) {
    usleep((int) ((float) $reply['delay'] * 1e6));
}
http_response_code((int) $reply['status']);
header('content-type: text/plain');
echo $reply['status'] < 400 ? 'OK' : 'ERROR';
