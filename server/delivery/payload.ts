import { NOTIFICATION_SIGNED_FIELDS } from '../contract/signed-fields.js';
import { createHash } from 'node:crypto';
import type { DeliveryMerchant } from '../store/notifications.js';
import type { OperationRecord } from '../store/operations.js';
import { readTransitionDetails } from '../contract/operation-details.js';
import { rulesOf } from '../channels/registry.js';
import { channelExtras } from './extras.js';

/** Form fields of a payment notification, in the order they are sent. */
export type Fields = Record<string, string>;

export type SignatureLayout = DeliveryMerchant['notification_signature_layout'];

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

import { twoDecimals } from '../contract/common.js';

/** `time` in the service's creation layout (`YYYY-MM-DD HH:MM:SS`), UTC, on the sandbox clock. */
export const wireTime = (t: number) => new Date(t).toISOString().slice(0, 19).replace('T', ' ');

/**
 * SHA-256 of the plain concatenation `time channel amount currency trans_ID secret`;
 * the legacy layout puts `public_key` first, as some published integrations verify.
 */
export function notificationSignature(f: Fields, layout: SignatureLayout, secret: string): string {
  const parts = NOTIFICATION_SIGNED_FIELDS.map((k) => f[k] ?? '');
  return sha256((layout === 'legacy' ? (f.public_key ?? '') : '') + parts.join('') + secret);
}

/** A signature that looks right (64 hex) but verifies against no secret (test deliveries). */
export const brokenSignature = (f: Fields) => sha256(`not-the-secret:${f.signature ?? ''}:${f.trans_ID ?? ''}`);

/** Default provider codes of a rejection notification when the operator gave none. */
export const REJECTION_DEFAULTS: Record<'rejected' | 'cancelled' | 'expired', { code: string; message: string }> = {
  rejected: { code: 'PAYMENT_REJECTED', message: 'The payment was rejected by the provider' },
  cancelled: { code: 'PAYMENT_CANCELLED', message: 'The payment was cancelled' },
  expired: { code: 'PAYMENT_EXPIRED', message: 'The payment expired before it was completed' },
};

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : typeof v === 'number' ? String(v) : undefined);

function baseFields(op: OperationRecord, merchant: DeliveryMerchant, at: number): Fields {
  return {
    public_key: merchant.public_key,
    time: wireTime(at),
    channel: String(op.channel),
    amount: twoDecimals(op.amount_cents),
    currency: op.currency,
    trans_ID: op.trans_id,
    signature: '',
  };
}

/** Signs fields in place with the merchant's layout and secret; answers them. */
export function sign(f: Fields, merchant: Pick<DeliveryMerchant, 'notification_signature_layout' | 'secret_key'>): Fields {
  f.signature = notificationSignature(f, merchant.notification_signature_layout, merchant.secret_key);
  return f;
}

/**
 * The success notification: the seven documented fields, then the channel extras.
 * `details` are the transition's own details (e.g. the SPEI transfer), read before operation.details.
 */
export function successFields(op: OperationRecord, merchant: DeliveryMerchant, at: number, details: Record<string, unknown> = {}): Fields {
  return sign({ ...baseFields(op, merchant, at), ...channelExtras(op, merchant, details) }, merchant);
}

/** Failed payments are notified (to the rejection URL) only where the channel's entry says so: channel 17. */
export const rejectionNotified = (channel: number): boolean => rulesOf(channel)?.notification.rejectionNotice ?? false;

/** The rejection notification: the same fields plus `rejection_code` and `rejection_message`. */
export function rejectionFields(
  op: OperationRecord,
  merchant: DeliveryMerchant,
  at: number,
  outcome: 'rejected' | 'cancelled' | 'expired',
  details: Record<string, unknown> = {},
): Fields {
  const d = REJECTION_DEFAULTS[outcome];
  const f = baseFields(op, merchant, at);
  const t = readTransitionDetails(details);
  f.rejection_code = text(t.rejection_code) ?? d.code;
  f.rejection_message = text(t.rejection_message) ?? d.message;
  return sign({ ...f, ...channelExtras(op, merchant, details) }, merchant);
}

/** `application/x-www-form-urlencoded` (utf-8), fields in insertion order. */
export const formEncode = (f: Fields) => new URLSearchParams(f).toString();
export const formDecode = (body: string): Fields => Object.fromEntries(new URLSearchParams(body));
