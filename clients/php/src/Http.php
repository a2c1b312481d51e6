<?php

declare(strict_types=1);

namespace Pasarela\Sandbox;

/**
 * The one place that talks HTTP (ext-curl): sends a request, answers status and body, and turns
 * an error answer into SandboxApiException with the sandbox's code and message.
 *
 * @internal
 */
final class Http
{
    /**
     * An array body goes as multipart/form-data (curl's own encoding, as a form with a file upload would).
     *
     * @param array<string, string> $headers
     * @param string|array<string, string>|null $body
     * @return array{status: int, body: string, contentType: string}
     */
    public static function send(string $method, string $url, array $headers = [], string|array|null $body = null, float $timeoutSeconds = 30): array
    {
        $request = $method . ' ' . (parse_url($url, PHP_URL_PATH) ?: '/');
        $curl = curl_init($url);
        $lines = [];
        foreach ($headers as $name => $value) {
            $lines[] = $name . ': ' . $value;
        }
        // Without this curl sends `Expect: 100-continue` on larger bodies and waits for an interim answer.
        $lines[] = 'Expect:';
        $diagnosis = null;
        curl_setopt_array($curl, [
            CURLOPT_HEADERFUNCTION => static function ($curl, string $line) use (&$diagnosis): int {
                if (stripos($line, 'x-sandbox-signature-diagnosis:') === 0) {
                    $diagnosis = trim(substr($line, strlen('x-sandbox-signature-diagnosis:')));
                }
                return strlen($line);
            },
            CURLOPT_CUSTOMREQUEST => $method,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_HTTPHEADER => $lines,
            CURLOPT_TIMEOUT_MS => (int) ($timeoutSeconds * 1000),
            CURLOPT_CONNECTTIMEOUT_MS => 10000,
            CURLOPT_FOLLOWLOCATION => false,
        ]);
        if ($body !== null) {
            curl_setopt($curl, CURLOPT_POSTFIELDS, $body);
        }
        $answer = curl_exec($curl);
        if ($answer === false) {
            $why = curl_error($curl);
            curl_close($curl);
            throw new SandboxApiException(0, 'NETWORK_ERROR', "the sandbox did not answer ($why); is it still running?", null, $request);
        }
        $status = (int) curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
        $type = (string) curl_getinfo($curl, CURLINFO_CONTENT_TYPE);
        curl_close($curl);
        if ($status >= 400) {
            throw self::errorOf($status, (string) $answer, $request, $diagnosis);
        }
        return ['status' => $status, 'body' => (string) $answer, 'contentType' => $type];
    }

    /**
     * A request with a JSON body (or none) whose answer is JSON, decoded to arrays.
     *
     * @param array<string, string> $headers
     */
    public static function json(string $method, string $url, mixed $body = null, array $headers = []): mixed
    {
        $headers = ['accept' => 'application/json'] + $headers;
        $payload = null;
        if ($body !== null || $method !== 'GET') {
            $headers['content-type'] = 'application/json';
            $payload = json_encode($body ?? new \stdClass(), JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
        }
        $answer = self::send($method, $url, $headers, $payload);
        return self::decode($answer['body'], $answer['status'], $method . ' ' . parse_url($url, PHP_URL_PATH));
    }

    public static function decode(string $text, int $status, string $request): mixed
    {
        try {
            return json_decode($text, true, 512, JSON_THROW_ON_ERROR);
        } catch (\JsonException) {
            throw new SandboxApiException($status, 'NOT_JSON', 'the answer is not JSON: ' . substr($text, 0, 200), null, $request);
        }
    }

    public static function errorOf(int $status, string $text, string $request, ?string $diagnosis = null): SandboxApiException
    {
        $json = json_decode($text, true);
        if (is_array($json) && is_array($json['error'] ?? null) && is_string($json['error']['code'] ?? null)) {
            return new SandboxApiException(
                $status,
                $json['error']['code'],
                (string) ($json['error']['message'] ?? ''),
                $json['error']['details'] ?? null,
                $request,
                $diagnosis,
            );
        }
        return new SandboxApiException($status, 'HTTP_' . $status, substr($text, 0, 300) ?: 'request failed', null, $request);
    }
}
