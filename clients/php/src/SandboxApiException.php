<?php

declare(strict_types=1);

namespace Pasarela\Sandbox;

/**
 * A sandbox answer that was not a success: the HTTP status and the documented
 * `{"error":{"code","message"}}` (or NETWORK_ERROR when nothing answered, HTTP_<status> when the
 * answer was not the documented shape).
 */
final class SandboxApiException extends \RuntimeException
{
    public function __construct(
        /** HTTP status; 0 when no answer arrived. */
        public readonly int $status,
        /** The sandbox's error code, e.g. INVALID_SIGNATURE, NOT_FOUND, VALIDATION_ERROR. */
        public readonly string $errorCode,
        string $message,
        /** `error.details` when the sandbox sent some (per-item payout problems, for one). */
        public readonly mixed $details = null,
        /** `METHOD path` of the call. */
        public readonly string $request = '',
        /**
         * `X-Sandbox-Signature-Diagnosis` of a refused signature or payout token: the recipe's
         * ingredients as `key=value; …`, or `unknown` (the request log has the whole diagnosis).
         */
        public readonly ?string $diagnosis = null,
    ) {
        parent::__construct($diagnosis === null ? $message : "$message [diagnosis: $diagnosis]");
    }

}
