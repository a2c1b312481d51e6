import type { Notification, ResendBody, TestLabel } from '../contract/notifications.js';
import type { SandboxContext } from '../context.js';
import { SandboxError } from '../contract/errors.js';
import type { NotificationRecord } from '../store/notifications.js';
import { deliveryUrl } from './wire.js';
import { enqueueNotification, type NewNotification } from './outbox.js';
import { brokenSignature, formDecode, formEncode, rejectionFields, sign, successFields, type Fields } from './payload.js';
import { notificationViews } from './views.js';
import { FORM_TYPE, JSON_TYPE } from '../contract/body-encoding.js';

const contentTypeOf = (n: NotificationRecord): NewNotification['content_type'] => (n.content_type === FORM_TYPE ? FORM_TYPE : JSON_TYPE);

/** A notification by numeric id or public id (`ntf_…`); NOT_FOUND otherwise. */
export function findNotification(ctx: SandboxContext, ref: string | undefined): NotificationRecord {
  const n = !ref
    ? undefined
    : /^\d{1,15}$/.test(ref)
      ? ctx.store.notifications.get(Number(ref))
      : /^ntf_[0-9a-f]{24}$/.test(ref)
        ? ctx.store.notifications.byPublicId(ref)
        : undefined;
  if (!n) throw new SandboxError('NOT_FOUND', `no notification ${ref ?? ''} (use its numeric id or its ntf_ public id)`);
  return n;
}

export function viewOf(ctx: SandboxContext, id: number): Notification {
  const n = ctx.store.notifications.get(id);
  if (!n) throw new SandboxError('NOT_FOUND', `notification ${id} is gone (the sandbox was reset)`);
  return notificationViews(ctx, [n])[0]!;
}

const invalid = (msg: string) => new SandboxError('VALIDATION_ERROR', msg);

/** Fields of a form notification, or of a flat JSON object body; anything else cannot be edited. */
function editableFields(n: NotificationRecord, test: TestLabel): { fields: Record<string, unknown>; form: boolean } {
  if (n.content_type === FORM_TYPE) return { fields: formDecode(n.body), form: true };
  let parsed: unknown;
  try {
    parsed = JSON.parse(n.body);
  } catch {
    parsed = null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalid(`${test} needs a form or JSON-object body; notification ${n.id} has neither`);
  }
  return { fields: parsed as Record<string, unknown>, form: false };
}

/** Builds the body (and kind and address) of a test delivery made from `n`. */
function testDelivery(
  ctx: SandboxContext,
  n: NotificationRecord,
  body: ResendBody & { test: TestLabel },
): NewNotification & { header_id: string | null } {
  const { store } = ctx;
  const merchant = store.notifications.merchant(n.merchant_id);
  if (!merchant) throw new SandboxError('NOT_FOUND', `the merchant of notification ${n.id} no longer exists`);
  const base = {
    merchant_id: n.merchant_id,
    operation_id: n.operation_id,
    payout_id: n.payout_id,
    kind: n.kind,
    url: deliveryUrl(ctx, n),
    content_type: contentTypeOf(n),
  };
  const sameId = n.header_id ?? n.public_id;
  switch (body.test) {
    case 'duplicate':
      return { ...base, body: n.body, header_id: sameId };
    case 'broken_signature': {
      const { fields, form } = editableFields(n, body.test);
      if (!form || typeof fields.signature !== 'string')
        throw invalid(`notification ${n.id} carries no signature to break (payout deliveries are unsigned)`);
      const f = fields as Fields;
      return { ...base, body: formEncode({ ...f, signature: brokenSignature(f) }), header_id: sameId };
    }
    case 'changed_fields': {
      const { fields, form } = editableFields(n, body.test);
      for (const [k, v] of Object.entries(body.fields ?? {})) {
        if (v === null) delete fields[k];
        else fields[k] = v;
      }
      if (!form) return { ...base, body: JSON.stringify(fields), header_id: sameId };
      const f = fields as Fields;
      if (body.resign !== false && 'signature' in f) sign(f, merchant);
      return { ...base, body: formEncode(f), header_id: sameId };
    }
    case 'out_of_order': {
      const op = n.operation_id === null ? undefined : store.operations.get(n.operation_id);
      if (!op || (n.kind !== 'success' && n.kind !== 'rejection')) {
        throw invalid('out_of_order applies to payment notifications (a rejection after a success, or a success after a rejection)');
      }
      const at = ctx.clock.now();
      // The opposite outcome of the same payment, delivered after the real one: a robust handler ignores it.
      if (n.kind === 'success') {
        const f = rejectionFields(op, merchant, at, 'rejected');
        return {
          ...base,
          kind: 'rejection',
          url: merchant.rejection_url ?? merchant.success_url ?? n.url,
          body: formEncode(f),
          header_id: null,
        };
      }
      return {
        ...base,
        kind: 'success',
        url: merchant.success_url ?? merchant.rejection_url ?? n.url,
        body: formEncode(successFields(op, merchant, at)),
        header_id: null,
      };
    }
  }
}

/**
 * Resend by hand. Without `test`: a new attempt on the same notification (history kept; a success
 * marks it delivered). With `test`: a labelled test delivery row made from it, sent once, no retries.
 * Waits for the attempt (bounded by the delivery timeout) and answers the notification sent.
 */
export async function resendNotification(ctx: SandboxContext, ref: string | undefined, body: ResendBody): Promise<Notification> {
  const n = findNotification(ctx, ref);
  const dispatcher = ctx.delivery;
  if (!body.test) {
    await dispatcher.deliverNow(n.id);
    return viewOf(ctx, n.id);
  }
  const test = body.test;
  const id = ctx.store.tx(() => {
    const { header_id, ...row } = testDelivery(ctx, n, { ...body, test });
    // A test copy goes where the original would go now (the merchant may have fixed its URL).
    return enqueueNotification(ctx, row, { test_label: test, parent_id: n.id, header_id });
  });
  await dispatcher.deliverNow(id, true);
  return viewOf(ctx, id);
}
