import { classifyCall } from '../../contract/calls.js';
import type { MerchantMigration, MigrationShape } from '../../contract/migration.js';
import { SandboxError } from '../../contract/errors.js';
import type { SandboxContext } from '../../context.js';
import type { RequestLogRecord } from '../../store/request-log.js';
import { loggedFields } from '../golive/passive.js';
import { dialectEntries, type DialectEntry } from './dialect.js';
import { buildMigration } from './migration.js';

/** How many of a merchant's creations the migration screen reads (newest first). */
const READ_LIMIT = 5000;

const pathOf = (e: RequestLogRecord) => e.path.split('?')[0]!;

/**
 * One shape of dialect request: its dialect, path, the field names it sent, channel and currency.
 * Two requests of one shape differ only in values (amount, trans_id, time, shopper).
 */
export const shapeKey = ({ e, f, dialect }: DialectEntry): string =>
  JSON.stringify([dialect, pathOf(e).toLowerCase(), Object.keys(f).sort(), f.channel ?? null, f.curency ?? f.currency ?? null]);

/**
 * Every distinct shape among a merchant's dialect creations (newest shape first), each with how
 * often it was seen and its migration: the one kept on the newest refused request of that shape,
 * else (a legacy merchant's served requests) one built now from the newest request's logged
 * fields, in a dry run that stores nothing.
 */
export async function distinctShapes(ctx: SandboxContext, newestFirst: readonly DialectEntry[]): Promise<MigrationShape[]> {
  const groups = new Map<string, DialectEntry[]>();
  for (const d of newestFirst) {
    const key = shapeKey(d);
    const g = groups.get(key);
    if (g) g.push(d);
    else groups.set(key, [d]);
  }
  const shapes: MigrationShape[] = [];
  for (const group of groups.values()) {
    const newest = group[0]!;
    const kept = group.find((d) => d.e.migration)?.e.migration;
    const creationPath = classifyCall('POST', pathOf(newest.e))?.creationPath ?? 'SecurePayment.php';
    const merchant = newest.f.public_key ? ctx.store.merchants.byPublicKey(newest.f.public_key) : undefined;
    const migration =
      kept ??
      (await buildMigration(ctx, { dialect: newest.dialect, fields: newest.f, sentPath: pathOf(newest.e), creationPath }, merchant));
    shapes.push({ dialect: newest.dialect, count: group.length, last_request_id: newest.e.id, migration });
  }
  return shapes;
}

/** `GET /sandbox/v1/merchants/:public_key/migration`: the distinct shapes seen from a merchant since the last reset. */
export async function merchantMigration(ctx: SandboxContext, publicKey: string): Promise<MerchantMigration> {
  const merchant = ctx.store.merchants.byPublicKey(publicKey);
  if (!merchant) throw new SandboxError('NOT_FOUND', `no merchant with public_key ${publicKey.slice(0, 255)}`);
  const logged = ctx.store.requests
    .ofMerchant(merchant.public_key, ['creation'], 0, READ_LIMIT)
    .reverse()
    .map((e) => ({ e, f: loggedFields(e) }));
  return { merchant: merchant.public_key, shapes: await distinctShapes(ctx, dialectEntries(logged)) };
}
