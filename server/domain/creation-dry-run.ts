import type { SandboxContext } from '../context.js';
import { SandboxError } from '../contract/errors.js';
import { checkCreation, type CreationRequest } from './create-operation.js';

/** What the creation endpoint would answer: 200 with no code when accepted, else the refusal's status, code and message. */
export type DryRunAnswer = { status: 200; code: null; message: null } | { status: number; code: string; message: string };

/**
 * Runs every check of a creation without storing anything: no operation, event, timer, notification
 * or log entry. For answers the sandbox gives about a request it did not serve (a migration's
 * converted request, "the next problem" of a refused one); never on the creation's own path.
 * `offline`: no DNS question is asked for the e-mail domain (see checkCreation).
 */
export async function dryRunCreation(ctx: SandboxContext, req: CreationRequest, offline = false): Promise<DryRunAnswer> {
  try {
    await checkCreation(ctx, req, offline);
    return { status: 200, code: null, message: null };
  } catch (err) {
    if (err instanceof SandboxError) return { status: err.status, code: err.code, message: err.message };
    throw err;
  }
}
