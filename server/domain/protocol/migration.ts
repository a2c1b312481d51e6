import { recipeString } from '../../contract/diagnosis.js';
import { CHANNEL_PATHS, type CreationPath } from '../../contract/common.js';
import { MASKED_SECRET } from '../../contract/secret-masking.js';
import type { Migration } from '../../contract/migration.js';
import { DIALECT_2018_NAMES, isLegacyChannel, LEGACY_CHANNEL_METHODS, type Dialect } from '../../contract/protocol.js';
import type { SandboxContext } from '../../context.js';
import type { MerchantRecord } from '../../store/merchants.js';
import { dryRunCreation } from '../creation-dry-run.js';
import { creationSignature } from '../signature.js';
import { shopperTestValue } from '../valid-fields.js';
import { ADD, convertRequest } from './convert.js';

export interface DialectRequest {
  dialect: Dialect;
  fields: Record<string, string>;
  /** The path as sent, prefix included. */
  sentPath: string;
  creationPath: CreationPath;
}

/**
 * The sentence a refused dialect request's message ends with: which format it is and where the
 * migration is (`… this is the 2019 request format (channel 1 = online bank transfer); see the migration in the request log`).
 */
export function dialectSentence(r: Pick<DialectRequest, 'dialect' | 'fields'>): string {
  const parts: string[] = [];
  if (r.dialect === '2018') {
    const names = Object.keys(DIALECT_2018_NAMES).filter((k) => r.fields[k] !== undefined);
    if (names.length) parts.push(names.join(', '));
  }
  const c = r.fields.channel?.trim() ?? '';
  if (/^\d$/.test(c) && isLegacyChannel(Number(c))) parts.push(`channel ${c} = ${LEGACY_CHANNEL_METHODS[Number(c) as 0].en}`);
  else if (r.dialect === '2019') parts.push('shopper fields at the top level instead of shopper_information');
  return `this is the ${r.dialect} request format (${parts.join('; ')}); see the migration in the request log`;
}

/**
 * The migration of a dialect request (kept on its request-log entry): today's request with the
 * signature shown as the string to hash (secret masked), each change, the equivalent channels, and
 * the dry-run answer to the converted request, signed with the merchant's secret and with the keys
 * marked "add" filled with the channel's test values. Runs only once a request was refused.
 */
export async function buildMigration(ctx: SandboxContext, r: DialectRequest, merchant: MerchantRecord | undefined): Promise<Migration> {
  const c = convertRequest(r.fields, r.dialect, r.sentPath, r.creationPath);
  const shownFields = { ...c.fields, signature: `sha256(${recipeString('creation', c.fields, {})})` };
  const sentSignature = r.fields.signature;
  c.changes.push({
    field: 'signature',
    sent: sentSignature === undefined ? null : MASKED_SECRET,
    current: shownFields.signature,
    note: merchant
      ? "recomputed over today's fields: SHA-256 of public_key time amount currency trans_id time_expired url_ok url_error " +
        'channel, then the secret key'
      : 'recompute it with your secret key (no merchant has this public_key)',
  });

  const tried = { ...c.fields, ...c.addedFields };
  if (c.added.length && c.equivalent) {
    const shopper = JSON.parse(tried.shopper_information!) as Record<string, string>;
    for (const k of c.added) if (shopper[k] === ADD) shopper[k] = shopperTestValue(c.equivalent.channel, k) ?? shopper[k];
    tried.shopper_information = JSON.stringify(shopper);
  }
  tried.signature = creationSignature(tried, merchant?.secret_key ?? '');
  const path = c.equivalent ? CHANNEL_PATHS[c.equivalent.channel] : r.creationPath;
  const answer = await dryRunCreation(ctx, { fields: tried, repeated: [], encoding: 'form', path });
  return {
    dialect: r.dialect,
    current_request: { path: c.path, fields: shownFields },
    changes: c.changes,
    equivalent_channels: [...c.equivalents],
    verified: { status: answer.status, code: answer.code },
  };
}
