import { checkoutAddress } from '../../contract/common.js';
import type { BodyEncoding } from '../../contract/body-encoding.js';
import { SandboxError } from '../../contract/errors.js';
import { isLegacyChannel, LEGACY_CHANNEL_METHODS, LEGACY_ERRORS, type Dialect, type LegacyErrorCode } from '../../contract/protocol.js';
import type { SandboxContext } from '../../context.js';
import { fieldWarning, warningTexts, type Warning } from '../../contract/warnings.js';
import { MAX_TIME_EXPIRED } from '../../channels/expiry.js';
import type { OperationRecord } from '../../store/operations.js';
import { checkLengths, readAmount, readTime } from '../creation-checks.js';
import { CREATION_ERROR_PREFIX, storeCreation } from '../create-operation.js';
import { checkoutToken } from '../random-hex.js';
import { signatureMatches } from '../secrets.js';
import { creationSignature } from '../signature.js';
import { checkLegacyUrl, firstAbsent, readDialectFields, type DialectFields } from './legacy-checks.js';

export interface LegacyCreationRequest {
  dialect: Dialect;
  fields: Record<string, string>;
  repeated: string[];
  encoding: BodyEncoding;
  /** The path as the client sent it (prefix included), kept on the operation's timeline. */
  sentPath: string;
}

/** Accepted: the checkout address. Refused: the dialect's code (101–112, or today's code of a shared check). */
export type LegacyCreationResult =
  { kind: 'address'; url: string; operation: OperationRecord; warnings: Warning[] } | { kind: 'error'; code: string; message: string };

/** Minutes when time_expired is no whole number (the dialects checked presence only). */
const DEFAULT_MINUTES = 1440;

const refused = (code: LegacyErrorCode | string, message: string): LegacyCreationResult => ({ kind: 'error', code, message });

/** The 2019 shopper as today's keys, only those sent. */
function flatShopper(f: Record<string, string>): Record<string, string> {
  const s: Record<string, string> = {};
  const put = (key: string, v: string | undefined) => {
    if (v !== undefined && v.trim() !== '') s[key] = v.slice(0, 255);
  };
  put('name_shopper', f.name_shopper);
  put('last_name_Shopper', f.las_name_Shopper ?? f.last_name_Shopper);
  put('email', f.email);
  put('country_code', f.country_code);
  put('Phone', f.phone ?? f.mobile);
  return s;
}

/** time_expired in whole minutes; anything else the dialects accepted gets the default and a warning. */
function legacyMinutes(raw: string, warnings: Warning[]): number {
  const n = /^\s*\d{1,12}\s*$/.test(raw) ? Number(raw) : NaN;
  if (n >= 1 && n <= MAX_TIME_EXPIRED) return n;
  warnings.push(fieldWarning('time_expired_not_minutes', 'time_expired', raw, { minutes: DEFAULT_MINUTES }));
  return DEFAULT_MINUTES;
}

/** The checks of a dialect: presence in its order, then credentials, then amounts and lengths as today. */
function check(ctx: SandboxContext, req: LegacyCreationRequest, d: DialectFields, warnings: Warning[]) {
  const absent = firstAbsent(d);
  if (absent) return { refusal: refused(absent, `${absentName(req.dialect, absent)} is missing or empty`) };
  const channel = Number(d.channel!.trim());
  if (!/^\s*\d\s*$/.test(d.channel!) || !isLegacyChannel(channel))
    return { refusal: refused('103', `channel ${d.channel!.slice(0, 20)} is not one of the channels 0–4`) };
  if (!/^[A-Z]{3}$/.test(d.currency!))
    return { refusal: refused('105', `currency ${d.currency!.slice(0, 10)} is not a three-letter code`) };
  const merchant = ctx.store.merchants.byPublicKey(d.public_key!);
  if (!merchant) return { refusal: refused('112', 'no merchant matches public_key') };
  if (!signatureMatches(d.signature!, creationSignature({ ...d }, merchant.secret_key)))
    return { refusal: refused('111', 'signature does not match') };
  if (!merchant.enabled) return { refusal: refused('112', 'the merchant account is not active') };
  try {
    try {
      readTime(d.time!, warnings);
    } catch {
      warnings.push(fieldWarning('time_presence_only', 'time', d.time!, { dialect: req.dialect }));
    }
    const amount = readAmount(d.amount!, { wholeAmounts: false, maxAmount: merchant.max_amount, warnings });
    checkLengths({ trans_id: d.trans_id!, time_expired: d.time_expired!, public_key: d.public_key!, signature: d.signature! });
    checkLegacyUrl('url_ok', d.url_ok!);
    checkLegacyUrl('url_error', d.url_error!);
    if (d.trans_id!.startsWith(CREATION_ERROR_PREFIX)) {
      throw new SandboxError('CREATION_ERROR', 'the payment could not be created with the provider; retry with a new trans_id');
    }
    return { merchant, channel, amount, minutes: legacyMinutes(d.time_expired!, warnings) };
  } catch (err) {
    if (err instanceof SandboxError) return { refusal: refused(err.code, err.message) };
    throw err;
  }
}

/** How a dialect spells the field a presence code names (2018 has three names of its own). */
const NAMES_2018: Partial<Record<LegacyErrorCode, string>> = { '105': 'curency', '106': 'trans_ID', '109': 'url_erro' };
const absentName = (dialect: Dialect, code: LegacyErrorCode): string =>
  (dialect === '2018' ? NAMES_2018[code] : undefined) ?? LEGACY_ERRORS[code].field;

/**
 * A dialect creation from a merchant on the legacy protocol: checked by the dialect's rules, then
 * stored as any operation, with its dialect and its legacy channel as `channel`; the channel's method is its stored filter.
 */
export async function createLegacyOperation(ctx: SandboxContext, req: LegacyCreationRequest): Promise<LegacyCreationResult> {
  const f = req.fields;
  if (req.repeated.length) return refused('INVALID_BODY', `fields sent more than once: ${[...new Set(req.repeated)].join(', ')}`);
  const d = readDialectFields(f, req.dialect);
  const warnings: Warning[] = [];
  const checked = check(ctx, req, d, warnings);
  if ('refusal' in checked) return checked.refusal!;
  const { merchant, channel, amount, minutes } = checked;
  const shopper = req.dialect === '2019' ? flatShopper(f) : {};
  const createdAt = ctx.clock.now();
  const token = checkoutToken(createdAt);
  const expiresAt = createdAt + minutes * 60_000;
  const words = warningTexts(warnings);
  const op = await storeCreation(ctx, () => ({
    operation: {
      merchant_id: merchant.id,
      token,
      trans_id: d.trans_id!,
      channel,
      amount: amount.text,
      amount_cents: amount.cents,
      currency: d.currency!,
      method: LEGACY_CHANNEL_METHODS[channel].method,
      user_bank_code: null,
      direct_integration: false,
      url_ok: d.url_ok!,
      url_error: d.url_error!,
      shopper,
      doc_number: null,
      email: shopper.email ?? null,
      rfc: null,
      request: { ...f },
      details: { warnings: words, warning_details: warnings, path: req.sentPath, encoding: req.encoding },
      created_at: createdAt,
      expires_at: expiresAt,
      protocol: req.dialect,
    },
  }));
  return { kind: 'address', url: checkoutAddress(ctx.baseUrl(), op), operation: op, warnings };
}
