import { creationPathOf as creationPath } from '../../server/contract/common.js';
import { createHash } from 'node:crypto';
import { CREATION_SIGNED_FIELDS } from '../../server/contract/signed-fields.js';
import { creationFields } from '../../server/domain/valid-fields.js';
import { encodeFields, type Encoding } from '../../server/testkit/merchant.js';
import { creationSignature, DEMO } from './sandbox.js';

export { creationPath };

let seq = 0;

/**
 * Valid, signed creation fields for a channel — the same defaults the scenario runner uses
 * (server/domain/valid-fields.ts). `overrides` replace fields before signing (a `null` removes the
 * field); `shopper` overrides merge into the channel's shopper object.
 */
export function paymentFields(
  channel: number,
  overrides: Record<string, string | null> = {},
  opts: { shopper?: Record<string, string | null>; secret?: string; sign?: boolean } = {},
): Record<string, string> {
  const f = creationFields(channel, {
    fields: overrides,
    shopper: opts.shopper ?? {},
    publicKey: DEMO.public_key,
    transId: `T-${channel}-${Date.now()}-${++seq}`,
    now: Date.now(),
  });
  if (opts.sign !== false && !('signature' in overrides)) f.signature = creationSignature(f, opts.secret ?? DEMO.secret_key);
  return f;
}

/**
 * Creation fields signed with a common mistake: the signed values in alphabetical order of their
 * names, then the secret. `values` are those values in that order (what the diagnosis shows as sent).
 */
export function alphabeticallySigned(channel: number, overrides: Record<string, string | null> = {}) {
  const fields = paymentFields(channel, overrides, { sign: false });
  const values = [...CREATION_SIGNED_FIELDS].sort().map((k) => fields[k] ?? '');
  fields.signature = createHash('sha256')
    .update(values.join('') + DEMO.secret_key)
    .digest('hex');
  return { fields, values };
}

export type { Encoding };

/** Posts creation fields to the channel's path; answers status, raw text and parsed JSON if any. */
export async function postPayment(base: string, fields: Record<string, string>, encoding: Encoding = 'form', path?: string) {
  const { body, headers } = encodeFields(fields, encoding);
  return answerOf(await fetch(base + (path ?? creationPath(Number(fields.channel ?? 17))), { method: 'POST', headers, body }));
}

/** A merchant API answer: status, text, and its JSON when it is JSON (a checkout address is plain text). */
export async function answerOf(res: Response) {
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    // plain text
  }
  return { status: res.status, text, json, headers: res.headers };
}

/** Creates a valid payment and returns its checkout address and token. */
export async function createPayment(
  base: string,
  channel: number,
  overrides: Record<string, string | null> = {},
  opts: Parameters<typeof paymentFields>[2] = {},
) {
  const fields = paymentFields(channel, overrides, opts);
  const r = await postPayment(base, fields);
  if (r.status !== 200) throw new Error(`creation failed ${r.status}: ${r.text}`);
  const token = r.json ? undefined : new URL(r.text).searchParams.get('tokenID')!;
  return { ...r, fields, token };
}

/**
 * A JSON creation of about 1 MiB for the demo merchant with a wrong signature: the shared-sandbox
 * flood the bounds are measured and tested against (three signed values of about 340 KB each).
 */
export function hugeCreation(signature: string): Record<string, string> {
  const v = 'Ab+%'.repeat(86_666);
  return {
    public_key: DEMO.public_key,
    time: '2024-01-01 10:00:00',
    channel: '17',
    amount: '50000.5',
    currency: 'cOp',
    trans_id: v,
    time_expired: '120',
    url_ok: `https://s.example/?${v}`,
    url_error: `https://s.example/?${v}`,
    shopper_information: '{}',
    signature,
  };
}
