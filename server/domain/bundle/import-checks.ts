import type { z } from 'zod';
import type { Bundle } from '../../contract/bundle.js';
import { CHANNEL_CURRENCIES, isChannelId } from '../../contract/common.js';
import { SandboxError } from '../../contract/errors.js';
import { CreateMerchantSchema } from '../../contract/merchants.js';
import { StoredRulesSchema } from '../../store/fault-rules.js';
import { checkReturnUrl, readAmount } from '../creation-checks.js';
import { DIALECTS, isLegacyChannel } from '../../contract/protocol.js';
import { checkLegacyUrl } from '../protocol/legacy-checks.js';
import { isHttpUrl } from '../payouts/validation.js';

/*
 * What is imported (bundles, and replays through `firstIssue`) passes the checks the same data gets
 * through the merchant and control APIs: the same schemas and validators, not a second copy. Each
 * check answers the first bad path and why, or null.
 */

/** Detail keys a checkout page links to or navigates to: http(s) only, as creation writes them. */
const DETAIL_URLS = ['checkout_url', 'payment_link', 'deeplink_url'] as const;
/** Creation's QR payloads are a few hundred characters; a QR code holds at most about 2,300 at the level the pages draw. */
export const MAX_QR_VALUE = 1024;
const MAX_URL = 2048;
/** The ceiling a merchant's max_amount may have (contract/merchants.ts): no amount imported is above it. */
const AMOUNT_CEILING = 1e15;

/** The first issue of a zod parse as `at.path: message`, or null when the value is valid. */
export function firstIssue(schema: z.ZodType, value: unknown, at: string): string | null {
  const r = schema.safeParse(value);
  if (r.success) return null;
  const issue = r.error.issues[0]!;
  return `${[at, ...issue.path.map(String)].join('.')}: ${issue.message}`;
}

/** A SandboxError of a validator as `at: message`, or null. */
function problemOf(at: string, fn: () => void): string | null {
  try {
    fn();
    return null;
  } catch (err) {
    if (err instanceof SandboxError) return `${at}: ${err.message}`;
    throw err;
  }
}

type BundleMerchant = Bundle['merchants'][number];
const flag = (v: unknown) => (v === undefined ? undefined : v === 1 || v === true);
const given = (v: unknown) => (v === null ? undefined : v);

/** A merchant row as `POST /sandbox/v1/merchants` would take it (keys, URLs, max_amount, channels…). */
export function importedMerchantProblem(m: BundleMerchant, at: string): string | null {
  const asCreated = Object.fromEntries(
    Object.entries({
      name: m.name,
      public_key: m.public_key,
      secret_key: given(m.secret_key),
      payout_token: given(m.payout_token),
      success_url: m.success_url,
      rejection_url: m.rejection_url,
      payout_url: m.payout_url,
      notification_signature_layout: m.notification_signature_layout,
      enabled: flag(m.enabled),
      max_amount: m.max_amount,
      channels: m.channels,
      blacklisted_documents: m.blacklisted_documents,
      allow_http_localhost: flag(m.allow_http_localhost),
      protocol: m.protocol,
      allow_private_callbacks: flag(m.allow_private_callbacks),
      payout_username: m.payout_username,
      payout_password: m.payout_password,
    }).filter(([, v]) => v !== undefined),
  );
  return firstIssue(CreateMerchantSchema, asCreated, at);
}

/** An operation row against creation's rules: channel, currency, amount, return URLs, and the details pages follow. */
export function importedOperationProblem(o: Bundle['operations'][number], merchant: BundleMerchant | undefined, at: string): string | null {
  const dialect = o.protocol ?? null;
  if (dialect !== null && !DIALECTS.some((d) => d === dialect)) return `${at}.protocol: must be null, "2018" or "2019"`;
  if (dialect === null) {
    if (!isChannelId(o.channel)) return `${at}.channel: ${o.channel} is not one of the sandbox's channels`;
    const currencies = CHANNEL_CURRENCIES[o.channel];
    if (!currencies.includes(o.currency))
      return `${at}.currency: ${o.currency} is not allowed on channel ${o.channel} (${currencies.join(', ')})`;
  } else {
    // An older-dialect operation: a legacy channel, and the dialect's own checks (presence and lengths).
    if (!isLegacyChannel(o.channel)) return `${at}.channel: ${o.channel} is not one of the legacy channels 0–4`;
    if (!/^[A-Z]{3}$/.test(o.currency)) return `${at}.currency: ${o.currency} is not a three-letter code`;
  }
  const amount = problemOf(`${at}.amount`, () => readAmount(o.amount, { wholeAmounts: false, maxAmount: AMOUNT_CEILING, warnings: [] }));
  if (amount) return amount;
  const local = flag(merchant?.allow_http_localhost) ?? false;
  for (const key of ['url_ok', 'url_error'] as const) {
    const value = String(o[key] ?? '');
    const url = problemOf(`${at}.${key}`, () => (dialect === null ? checkReturnUrl(key, value, local) : checkLegacyUrl(key, value)));
    if (url) return url;
  }
  for (const key of DETAIL_URLS) {
    const v = o.details[key];
    if (v !== undefined && (typeof v !== 'string' || v.length > MAX_URL || !isHttpUrl(v)))
      return `${at}.details.${key}: must be an http(s) URL`;
  }
  const qr = o.details.qr_value;
  if (qr !== undefined && (typeof qr !== 'string' || qr.length > MAX_QR_VALUE))
    return `${at}.details.qr_value: must be text of at most ${MAX_QR_VALUE} characters`;
  return null;
}

/**
 * The first row of a bundle that the APIs would refuse, as `path: why`, or null. Rows a sandbox
 * already holds are checked too: a bad bundle is refused whole.
 */
export function bundleProblem(b: Bundle): string | null {
  const merchants = new Map(b.merchants.map((m) => [m.id, m]));
  const checks: (() => string | null)[] = [
    ...b.merchants.map((m, i) => () => importedMerchantProblem(m, `merchants[${i}]`)),
    ...b.operations.map((o, i) => () => importedOperationProblem(o, merchants.get(o.merchant_id), `operations[${i}]`)),
    ...b.payouts.map((p, i) => () => {
      const amount = problemOf(`payouts[${i}].amount`, () =>
        readAmount(p.amount, { wholeAmounts: false, maxAmount: AMOUNT_CEILING, warnings: [] }),
      );
      return amount ?? (p.channel_url.length > MAX_URL ? `payouts[${i}].channel_url: longer than ${MAX_URL} characters` : null);
    }),
    ...b.notifications.map(
      (n, i) => () => (isHttpUrl(n.url) && n.url.length <= MAX_URL ? null : `notifications[${i}].url: must be an http(s) URL`),
    ),
    () => (b.settings.faults === undefined ? null : firstIssue(StoredRulesSchema, b.settings.faults, 'settings.faults')),
  ];
  for (const check of checks) {
    const problem = check();
    if (problem) return problem;
  }
  return null;
}
