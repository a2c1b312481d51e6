import { clockRoutes } from '../contract/clock.js';
import { merchantRoutes } from '../contract/merchants.js';
import { operationRoutes } from '../contract/operations.js';
import { paymentRoutes } from '../contract/payments.js';
import { payoutApiRoutes } from '../contract/payout-api.js';
import { payoutRoutes } from '../contract/payouts.js';
import { speiRoutes } from '../contract/spei.js';
import { notifySignature } from '../domain/signature.js';
import { signatureAsSpelled } from '../domain/protocol/legacy-checks.js';
import { creationPathOf, isRecord, ownField } from '../contract/common.js';
import { creationFields, payoutItem } from '../domain/valid-fields.js';
import { call, checkCall, control, describeAnswer, type Answer } from './http.js';
import type { Step } from '../contract/scenario-schema.js';
import { StepTextError, text } from './step-words.js';
import { expectNotification } from './notification-step.js';
import { operationOf, payoutOf, sub, type Of, type RunState, type StepOutcome } from './run-state.js';

export type { RunState, StepOutcome } from './run-state.js';

async function createPayment(st: RunState, s: Of<'create_payment'>, index: number): Promise<StepOutcome> {
  const given: Record<string, string | null> = Object.fromEntries(
    Object.entries(s.fields).map(([k, v]) => [k, v === null ? null : sub(v, st.runId)]),
  );
  const transId = typeof given.trans_id === 'string' ? given.trans_id : `SCN-${st.runId}-${index + 1}`;
  const f = creationFields(s.channel, { fields: given, shopper: s.shopper, publicKey: st.merchant.public_key, transId, now: Date.now() });
  // Signed as the request is spelled: a recorded 2018 creation signs `curency`, `trans_ID`, `url_erro`.
  if (s.sign && !('signature' in given)) f.signature = signatureAsSpelled(f, st.merchant.secret_key);
  const body = s.encoding === 'json' ? { json: f } : s.encoding === 'multipart' ? { multipart: f } : { form: f };
  const a = await call(st.base, 'POST', creationPathOf(s.channel), body);
  const failures = checkCall(a, s.expect, 200);
  if (a.status !== 200) return { message: text('creation_answered', { answer: describeAnswer(a) }), failures };
  const list = await control(st.base, operationRoutes.listOperations, {
    query: { trans_id: f.trans_id ?? '', mid_id: st.merchant.mid_id, limit: 1 },
  });
  const op = list.data?.items[0];
  if (!op)
    return {
      message: text('created_not_listed'),
      failures: [...failures, text('operation_not_found', { trans_id: f.trans_id ?? '' })],
    };
  let rfc: string | null = null;
  try {
    const doc: unknown = JSON.parse(f.shopper_information ?? '{}');
    const n = ownField(doc, 'Num_doc_identi');
    rfc = typeof n === 'string' ? n : null;
  } catch {
    // a scenario may send a malformed shopper on purpose
  }
  const alias = s.as ?? `op${index + 1}`;
  st.operations.set(alias, { id: op.id, trans_id: String(op.trans_id), amount: String(op.amount), rfc });
  if (s.expect?.status && op.status !== s.expect.status)
    failures.push(text('expected_status', { expected: s.expect.status, actual: String(op.status) }));
  for (const k of s.expect?.response_has ?? [])
    if (ownField(a.json, k) === undefined) failures.push(text('answer_lacks', { key: k, answer: a.text.slice(0, 200) }));
  return { message: text('created', { id: op.id, trans_id: String(op.trans_id), alias, status: String(op.status) }), failures };
}

async function transition(st: RunState, s: Of<'confirm' | 'reject' | 'cancel' | 'expire'>): Promise<StepOutcome> {
  const op = operationOf(st, s.operation);
  const a = await control(st.base, operationRoutes[`${s.action}Operation`], { id: op.id, body: s.body ?? {} });
  const failures = checkCall(a, s.expect, 200);
  const status = ownField(a.json, 'status');
  if (s.expect?.status && status !== s.expect.status)
    failures.push(text('expected_status_got', { expected: s.expect.status, actual: String(status ?? describeAnswer(a)) }));
  return {
    message:
      a.status === 200
        ? text('transitioned', { action: s.action, id: op.id, status: String(status) })
        : text('transition_answered', { action: s.action, answer: describeAnswer(a) }),
    failures,
  };
}

async function speiTransfer(st: RunState, s: Of<'spei_transfer'>): Promise<StepOutcome> {
  const op = s.operation ? operationOf(st, s.operation) : undefined;
  const body = {
    clabe: s.clabe ?? st.merchant.clabe,
    amount: s.amount ?? op?.amount ?? '',
    rfc: s.rfc ?? op?.rfc ?? '',
    ...(s.sender_name ? { sender_name: s.sender_name } : {}),
  };
  const a = await control(st.base, speiRoutes.injectTransfer, { body });
  const failures = checkCall(a, s.expect, 201);
  const matched = ownField(a.json, 'matched_operation_id');
  const why = reasonParams(a.json);
  if (s.expect?.matched !== undefined) {
    const want = s.expect.matched === null ? null : operationOf(st, s.expect.matched).id;
    const got = typeof matched === 'number' ? matched : String(matched ?? '');
    if (matched !== want)
      failures.push(
        want === null
          ? text('transfer_matched_other', { matched: got, ...why })
          : matched === null || matched === undefined
            ? text('transfer_matched_none', { id: want, alias: s.expect.matched ?? '', ...why })
            : text('transfer_matched', { id: want, alias: s.expect.matched ?? '', matched: got, ...why }),
      );
  }
  const sent = { amount: String(body.amount), rfc: body.rfc };
  return {
    message: text('transfer', a.status === 201 ? { ...sent, ...why } : { ...sent, answer: describeAnswer(a) }),
    failures,
  };
}

/** A SPEI answer's reason: its words, and its code and values when it has them (`reason.<name>`), so a reader can word it. */
function reasonParams(json: unknown): Record<string, string> {
  const code = ownField(json, 'reason_code');
  const values = ownField(json, 'reason_params');
  return {
    reason: String(ownField(json, 'reason') ?? ''),
    ...(typeof code === 'string' ? { reason_code: code } : {}),
    ...Object.fromEntries(Object.entries(isRecord(values) ? values : {}).map(([k, v]) => [`reason.${k}`, String(v)])),
  };
}

async function createPayouts(st: RunState, s: Of<'create_payouts'>, index: number): Promise<StepOutcome> {
  const items = s.items.map((patch, i) => {
    const given = Object.fromEntries(Object.entries(patch).map(([k, v]) => [k, typeof v === 'string' ? sub(v, st.runId) : v]));
    const item = payoutItem(i, `${st.runId}-${index + 1}`, st.receiver.url('payout-channel'), given);
    for (const [k, v] of Object.entries(patch)) if (v === null) delete item[k];
    return item;
  });
  const auth =
    s.auth === 'valid'
      ? `${st.payoutScheme} ${st.merchant.payout_token}`
      : s.auth === 'wrong'
        ? `${st.payoutScheme} tk_no_such_token_${st.runId}`
        : undefined;
  const a = await call(st.base, 'POST', payoutApiRoutes.createPayouts.path, { json: items }, auth ? { authorization: auth } : {});
  const failures = checkCall(a, s.expect, 201);
  if (a.status !== 201) return { message: text('payouts_answered', { answer: describeAnswer(a) }), failures };
  const payroll = Number(ownField(a.json, 'payroll'));
  const tx = ownField(a.json, 'data');
  const list = (Array.isArray(tx) ? tx : []).map((t) => ({
    id: Number(ownField(t, 'id')),
    credit_note: String(ownField(t, 'credit_note')),
  }));
  const alias = s.as ?? `batch${index + 1}`;
  st.batches.set(alias, { payroll, items: list });
  return { message: text('payouts_accepted', { payroll, n: list.length, alias }), failures };
}

/** Runs one step against the sandbox. Throws only for a broken reference (an unknown alias). */
export async function runStep(st: RunState, s: Step, index: number): Promise<StepOutcome> {
  switch (s.action) {
    case 'create_payment':
      return createPayment(st, s, index);
    case 'confirm':
    case 'reject':
    case 'cancel':
    case 'expire':
      return transition(st, s);
    case 'spei_transfer':
      return speiTransfer(st, s);
    case 'advance_clock': {
      const a = await control(st.base, clockRoutes.advanceClock, { body: { minutes: s.minutes } });
      return {
        message: text('clock_advanced', { minutes: s.minutes, now: String(ownField(a.json, 'now') ?? '?') }),
        failures: checkCall(a, undefined, 200),
      };
    }
    case 'create_payouts':
      return createPayouts(st, s, index);
    case 'process_payouts': {
      const payroll = s.batch ? st.batches.get(s.batch)?.payroll : undefined;
      if (s.batch && payroll === undefined) throw new StepTextError(text('unknown_batch', { batch: s.batch }));
      const a = await control(st.base, payoutRoutes.processPayouts, { body: payroll === undefined ? {} : { payroll } });
      return { message: text('payouts_processed', { answer: a.text.slice(0, 120) }), failures: checkCall(a, undefined, 200) };
    }
    case 'approve_payout':
    case 'reject_payout': {
      const p = payoutOf(st, s.payout);
      const a = await control(st.base, s.action === 'approve_payout' ? payoutRoutes.approvePayout : payoutRoutes.rejectPayout, {
        id: p.id,
      });
      return { message: text('payout_decided', { id: p.id, answer: describeAnswer(a) }), failures: checkCall(a, s.expect, 200) };
    }
    case 'expect_operation': {
      const op = operationOf(st, s.operation);
      const a = await control(st.base, operationRoutes.getOperation, { id: op.id });
      const status = a.data?.status;
      const kinds = (a.data?.events ?? []).map((e) => e.kind);
      const failures = checkCall(a, undefined, 200);
      if (status !== s.status) failures.push(text('operation_status', { alias: s.operation, expected: s.status, actual: String(status) }));
      for (const k of s.events ?? [])
        if (!kinds.includes(k)) failures.push(text('timeline_missing', { event: k, timeline: kinds.join(', ') }));
      return { message: text('operation_is', { id: op.id, status: String(status), timeline: kinds.join(' → ') }), failures };
    }
    case 'expect_notification':
      return expectNotification(st, s);
    case 'expect_payout': {
      const p = payoutOf(st, s.payout);
      const a = await control(st.base, payoutRoutes.getPayout, { id: p.id });
      const status = a.data?.status;
      const failures = checkCall(a, undefined, 200);
      if (status !== s.status) failures.push(text('payout_status', { payout: s.payout, expected: s.status, actual: String(status) }));
      return { message: text('payout_is', { id: p.id, credit_note: p.credit_note, status: String(status) }), failures };
    }
    case 'set_merchant': {
      const a = await control(st.base, merchantRoutes.updateMerchant, { public_key: st.merchant.public_key, body: s.settings });
      if (a.data) st.merchant.layout = a.data.notification_signature_layout;
      return { message: text('merchant_settings', { keys: Object.keys(s.settings).join(', ') }), failures: checkCall(a, undefined, 200) };
    }
    case 'set_receiver':
      st.receiver.setStatus(s.status);
      return { message: text('receiver_status', { status: s.status }), failures: [] };
    case 'manual_notify': {
      const op = operationOf(st, s.operation);
      const f = { public_key: st.merchant.public_key, trans_id: op.trans_id };
      const a = await call(st.base, 'POST', paymentRoutes.manualNotify.path, {
        form: { ...f, signature: notifySignature(f, st.merchant.secret_key) },
      });
      return {
        message: text('manual_notify', { trans_id: op.trans_id, answer: describeAnswer(a) }),
        failures: checkCall(a, s.expect, 200),
      };
    }
    case 'note':
      return { message: text('note', { title: s.title ?? 'note' }), failures: [] };
  }
}

export type { Answer };
