import { notificationSignature, wireTime, type SignatureLayout } from '../delivery/payload.js';
import { DEMO_MERCHANT } from '../domain/merchants.js';
import type { Diagnosis } from '../contract/diagnosis.js';
import { diagnoseSignature } from '../domain/diagnosis/signature-search.js';
import { notificationSignatureValid } from '../domain/signature.js';

export type NotificationLayout = SignatureLayout;

/** A notification as a merchant's handler sees it: form fields, a form body, or URLSearchParams. */
export type NotificationInput = Record<string, string> | URLSearchParams | string;

const fieldsOf = (n: NotificationInput): Record<string, string> =>
  typeof n === 'string' ? Object.fromEntries(new URLSearchParams(n)) : n instanceof URLSearchParams ? Object.fromEntries(n) : { ...n };

/**
 * A signed payment notification, exactly as the sandbox would send it, for unit tests
 * of a merchant's handler: the given fields over sensible defaults (channel 17, COP, now), signed with
 * `secret` in the given layout (`standard`: time channel amount currency trans_ID + secret; `legacy`:
 * public_key first). Fields keep the sandbox's order; send them with `new URLSearchParams(fields)`.
 */
export function signNotification(
  fields: Record<string, string> & { trans_ID: string },
  secret: string,
  layout: NotificationLayout = 'standard',
): Record<string, string> {
  const f: Record<string, string> = {
    public_key: DEMO_MERCHANT.public_key,
    time: wireTime(Date.now()),
    channel: '17',
    amount: '50000.00',
    currency: 'COP',
    ...fields,
  };
  delete f.signature;
  f.signature = notificationSignature(f, layout, secret);
  return f;
}

/**
 * True when a received notification's `signature` is right for `secret` in the given layout.
 * The same check as the sandbox's own (case-insensitive, constant time). When it is false,
 * `explainNotification` says why.
 */
export function verifyNotification(notification: NotificationInput, secret: string, layout: NotificationLayout = 'standard'): boolean {
  return notificationSignatureValid(fieldsOf(notification), secret, layout);
}

/**
 * Why `verifyNotification` refuses a notification, or null when it verifies: the
 * sandbox's own diagnosis, run here without a sandbox. The recipe names what differs between how
 * the notification was signed and what the check computed (the other layout, a value the handler
 * reformatted before checking, another merchant's secret among `others`, or a signature the service
 * never makes); `explanation` says what to change.
 */
export function explainNotification(
  notification: NotificationInput,
  secret: string,
  layout: NotificationLayout = 'standard',
  others: readonly { public_key: string; secret_key: string }[] = [],
): Diagnosis | null {
  const fields = fieldsOf(notification);
  if (notificationSignatureValid(fields, secret, layout)) return null;
  return diagnoseSignature({
    kind: layout === 'legacy' ? 'notification_legacy' : 'notification',
    fields,
    secret,
    signature: fields.signature ?? '',
    others: others.filter((o) => o.secret_key !== secret),
  });
}
