import type { MerchantMigration, Migration, MigrationShape } from '../../contract/migration.js';
import { SandboxError } from '../../contract/errors.js';
import type { SandboxContext } from '../../context.js';
import type { MerchantRecord } from '../../store/merchants.js';
import type { OperationRecord } from '../../store/operations.js';
import type { RequestLogRecord } from '../../store/request-log.js';
import { classifyCall } from '../../contract/calls.js';
import { buildMigration } from './migration.js';
import { timelineOf } from '../operations.js';

/** How many of a merchant's creations (and legacy operations) the migration reads, newest first. */
const READ_LIMIT = 5000;

/** One shape of refused dialect request: its dialect, path, the fields it names and changes, channel and currency. */
export function shapeKey(m: Migration): string {
  const f = m.current_request.fields;
  const changes = m.changes.map(
    (c) => `${c.field}>${c.current === null ? '-' : c.field === 'channel' || c.field === 'path' ? c.current : ''}`,
  );
  return JSON.stringify([m.dialect, m.current_request.path, Object.keys(f).sort(), changes.sort(), f.channel, f.currency]);
}

/** The path a legacy operation's creation was sent to, as its timeline's creation entry says. */
function sentPathOf(ctx: SandboxContext, op: OperationRecord): string {
  const path = timelineOf(ctx, op).find((e) => e.kind === 'created')?.details.path;
  return typeof path === 'string' ? path : '/payments/check-out/SecurePayment.php';
}

/** One shape of served dialect request (a legacy merchant's operation): the same parts, read from the fields as sent. */
const servedKey = (op: OperationRecord): string => JSON.stringify([op.protocol, Object.keys(op.request).sort(), op.channel, op.currency]);

/**
 * Every distinct shape of older request a merchant sent, newest first, each with how often it was
 * seen: the refused ones with the migration kept on their newest request-log entry, the served
 * ones (a merchant on the legacy protocol) with a migration built now from the newest operation's
 * fields as sent, in a dry run that stores nothing.
 */
export async function dialectShapes(ctx: SandboxContext, merchant: MerchantRecord, since: number): Promise<MigrationShape[]> {
  const creations = ctx.store.requests.ofMerchant(merchant.public_key, ['creation'], since, READ_LIMIT).reverse();
  const refused = new Map<string, MigrationShape>();
  for (const e of creations) {
    if (!e.migration) continue;
    const key = shapeKey(e.migration);
    const seen = refused.get(key);
    if (seen) seen.count++;
    else refused.set(key, { dialect: e.migration.dialect, count: 1, last_request_id: e.id, migration: e.migration });
  }
  const entryOf = new Map<string, RequestLogRecord>(creations.flatMap((e) => (e.note?.startsWith('operation ') ? [[e.note, e]] : [])));
  const served = new Map<string, { ops: OperationRecord[] }>();
  for (const op of ctx.store.operations.ownSince(merchant.id, since, READ_LIMIT)) {
    if (!op.protocol) continue;
    const key = servedKey(op);
    const g = served.get(key);
    if (g) g.ops.push(op);
    else served.set(key, { ops: [op] });
  }
  const shapes = [...refused.values()];
  for (const { ops } of served.values()) {
    const newest = ops[0]!;
    const sentPath = sentPathOf(ctx, newest);
    const creationPath = classifyCall('POST', sentPath)?.creationPath ?? 'SecurePayment.php';
    const migration = await buildMigration(ctx, { dialect: newest.protocol!, fields: newest.request, sentPath, creationPath }, merchant);
    const entry = entryOf.get(`operation ${newest.id}`);
    shapes.push({ dialect: newest.protocol!, count: ops.length, last_request_id: entry?.id ?? 0, migration });
  }
  return shapes.sort((a, b) => b.last_request_id - a.last_request_id);
}

/** `GET /sandbox/v1/merchants/:public_key/migration`: the distinct shapes seen from a merchant since the last reset. */
export async function merchantMigration(ctx: SandboxContext, publicKey: string): Promise<MerchantMigration> {
  const merchant = ctx.store.merchants.byPublicKey(publicKey);
  if (!merchant) throw new SandboxError('NOT_FOUND', `no merchant with public_key ${publicKey.slice(0, 255)}`);
  return { merchant: merchant.public_key, shapes: await dialectShapes(ctx, merchant, 0) };
}
