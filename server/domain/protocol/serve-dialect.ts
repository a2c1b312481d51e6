import type { CreationPath } from '../../contract/common.js';
import type { BodyEncoding } from '../../contract/body-encoding.js';
import { SandboxError } from '../../contract/errors.js';
import type { Migration } from '../../contract/migration.js';
import type { Dialect } from '../../contract/protocol.js';
import type { SandboxContext } from '../../context.js';
import { createOperation, type CreationResult } from '../create-operation.js';
import { createLegacyOperation, type LegacyCreationResult } from './legacy-creation.js';
import { buildMigration, dialectSentence } from './migration.js';

export interface DialectCreation {
  dialect: Dialect;
  fields: Record<string, string>;
  repeated: string[];
  encoding: BodyEncoding;
  path: CreationPath;
  /** The path as sent, prefix included. */
  sentPath: string;
}

export type DialectOutcome =
  /** Served in the dialect's style (a legacy merchant): the checkout address, or the error address's code. */
  | { style: 'legacy'; result: LegacyCreationResult }
  /** A current merchant's request that today's checks accept (a current request with a stray older field). */
  | { style: 'current'; result: CreationResult }
  /** Refused as today, the message ending with the dialect, and the migration for the request log. */
  | { style: 'refused'; error: SandboxError; original: SandboxError; migration: Migration | null };

/**
 * Whether a dialect request is served in its own style: its merchant is on the legacy protocol. A
 * request that names no merchant (public_key absent or unknown) cannot say whose setting applies:
 * it is answered in the dialect's style when some merchant of this sandbox is on the legacy protocol.
 */
function servedAsLegacy(ctx: SandboxContext, publicKey: string | undefined): boolean {
  const merchant = publicKey ? ctx.store.merchants.byPublicKey(publicKey) : undefined;
  if (merchant) return merchant.protocol === 'legacy';
  return ctx.store.merchants.list().some((m) => m.protocol === 'legacy');
}

/**
 * A creation in an older dialect. Legacy merchants get the dialect's checks and answers; current
 * merchants get today's answer, and a refusal gains the dialect sentence and the migration (built
 * only then: the dry run it contains is never on an accepted creation's path).
 */
export async function serveDialectCreation(ctx: SandboxContext, req: DialectCreation): Promise<DialectOutcome> {
  if (servedAsLegacy(ctx, req.fields.public_key)) {
    return { style: 'legacy', result: await createLegacyOperation(ctx, { ...req }) };
  }
  try {
    return { style: 'current', result: await createOperation(ctx, req) };
  } catch (err) {
    if (!(err instanceof SandboxError)) throw err;
    const message = `${err.message}; ${dialectSentence(req)}`;
    const error = new SandboxError(err.code, message, err.details, err.status);
    const merchant = req.fields.public_key ? ctx.store.merchants.byPublicKey(req.fields.public_key) : undefined;
    const migration = await buildMigration(ctx, { ...req, creationPath: req.path }, merchant);
    return { style: 'refused', error, original: err, migration };
  }
}
