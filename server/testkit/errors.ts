import { ErrorBodySchema } from '../contract/errors.js';

/**
 * A sandbox answer that was not a success: its HTTP status and the documented
 * `{"error":{"code","message"}}` (or what went wrong on the way: NETWORK_ERROR, CONTRACT_DRIFT, HTTP_<status>).
 */
export class SandboxApiError extends Error {
  override readonly name = 'SandboxApiError';
  constructor(
    /** HTTP status; 0 when no answer arrived or the answer broke the contract. */
    readonly status: number,
    readonly code: string,
    message: string,
    /** `error.details` when the sandbox sent some (e.g. per-item payout problems). */
    readonly details?: unknown,
    /** `METHOD path` of the call, for the error text. */
    readonly request?: string,
  ) {
    super(`${request ? `${request}: ` : ''}${status ? `${status} ` : ''}${code}: ${message}`);
  }
}

/** The typed error of a failed answer whose body was already read as text. */
export function errorOf(status: number, text: string, request: string): SandboxApiError {
  try {
    const body = ErrorBodySchema.safeParse(JSON.parse(text));
    if (body.success) return new SandboxApiError(status, body.data.error.code, body.data.error.message, body.data.error.details, request);
  } catch {
    // not JSON: the raw text below says what came back
  }
  return new SandboxApiError(status, `HTTP_${status}`, text.slice(0, 300) || 'request failed', undefined, request);
}

/** `fetch` that turns "nothing answered" into a SandboxApiError naming the call. */
export async function send(url: string, init: RequestInit, request: string): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
    throw new SandboxApiError(0, 'NETWORK_ERROR', `the sandbox did not answer (${cause}); is it still running?`, undefined, request);
  }
}
