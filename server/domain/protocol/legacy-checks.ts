import { DIALECT_2018_NAMES, LEGACY_ERRORS, type Dialect, type LegacyErrorCode } from '../../contract/protocol.js';
import { SandboxError } from '../../contract/errors.js';
import { creationSignature } from '../signature.js';
import { dialectOf } from './dialect.js';

/** A creation's values under today's names, read the way its dialect spells them. */
export interface DialectFields {
  public_key?: string;
  time?: string;
  channel?: string;
  amount?: string;
  currency?: string;
  trans_id?: string;
  time_expired?: string;
  url_ok?: string;
  url_error?: string;
  signature?: string;
}

const CURRENT_OF_2018 = Object.entries(DIALECT_2018_NAMES) as [keyof typeof DIALECT_2018_NAMES, keyof DialectFields][];

/**
 * The values a dialect request carries. A 2018 request spells `curency`, `trans_ID` and `url_erro`;
 * one that mixes in today's spelling of those is read too, the 2018 name winning when both are sent.
 */
export function readDialectFields(f: Record<string, string>, dialect: Dialect): DialectFields {
  const d: DialectFields = {
    public_key: f.public_key,
    time: f.time,
    channel: f.channel,
    amount: f.amount,
    currency: f.currency,
    trans_id: f.trans_id,
    time_expired: f.time_expired,
    url_ok: f.url_ok,
    url_error: f.url_error,
    signature: f.signature,
  };
  if (dialect === '2018') for (const [old, now] of CURRENT_OF_2018) if (f[old] !== undefined) d[now] = f[old];
  return d;
}

/** The presence checks of the dialects, in their order (101 … 110): the first field absent or blank. */
const PRESENCE = (['101', '102', '103', '104', '105', '106', '107', '108', '109', '110'] as const).map(
  (code) => [code, LEGACY_ERRORS[code].field] as const,
);

export function firstAbsent(d: DialectFields): LegacyErrorCode | null {
  for (const [code, field] of PRESENCE) {
    const v = d[field];
    if (v === undefined || v.trim() === '') return code;
  }
  return null;
}

/** url_ok / url_error of a dialect request: present (checked before) and, as every field of the request table, at most 255 characters. */
export function checkLegacyUrl(name: string, value: string): void {
  if (value.length > 255) throw new SandboxError('FIELD_TOO_LONG', `${name} is longer than 255 characters`);
}

/**
 * The creation signature of a request however it is spelled: today's recipe over the values its
 * dialect signs (a 2018 request's `curency`, `trans_ID`, `url_erro` in the places of today's names).
 */
export function signatureAsSpelled(f: Record<string, string>, secret: string): string {
  const dialect = dialectOf(f);
  return creationSignature(dialect === '2018' ? { ...readDialectFields(f, dialect) } : f, secret);
}
