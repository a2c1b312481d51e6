import { clockRoutes } from '../contract/clock.js';
import { merchantRoutes } from '../contract/merchants.js';
import { operationRoutes } from '../contract/operations.js';
import { paymentRoutes } from '../contract/payments.js';
import { payoutApiRoutes } from '../contract/payout-api.js';
import { payoutRoutes } from '../contract/payouts.js';
import { speiRoutes } from '../contract/spei.js';
import { notificationSignatureValid, notifySignature } from '../domain/signature.js';
import { signatureAsSpelled } from '../domain/protocol/legacy-checks.js';
import { creationPathOf, ownField } from '../contract/common.js';
import { creationFields, payoutItem } from '../domain/valid-fields.js';
import { call, checkCall, control, describeAnswer, type Answer } from './http.js';
import type { Received, Receiver } from './receiver.js';
import type { Step } from '../contract/scenario-schema.js';

/** What a run knows while it walks the steps. */
export interface RunState {
  base: string;
  runId: string;
  receiver: Receiver;
  merchant: { public_key: string; secret_key: string; payout_token: string; clabe: string; mid_id: number; layout: 'standard' | 'legacy' };
  payoutScheme: string;
  operations: Map<string, { id: number; trans_id: string; amount: string; rfc: string | null }>;
  batches: Map<string, { payroll: number; items: { id: number; credit_note: string }[] }>;
}

/** What a step did: a one-line message and its failed expectations. */
export interface StepOutcome {
  message: string;
  failures: string[];
}

type Of<A extends Step['action']> = Extract<Step, { action: A }>;

const sub = (s: string, runId: string) => s.replaceAll('{{run}}', runId);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function operationOf(st: RunState, alias: string) {
  const op = st.operations.get(alias);
  if (!op) throw new Error(`no operation "${alias}" was created earlier in this scenario`);
  return op;
}

function payoutOf(st: RunState, ref: string) {
  const [alias, index] = ref.split('.') as [string, string];
  const batch = st.batches.get(alias);
  const item = batch?.items[Number(index)];
  if (!item) throw new Error(`no payout "${ref}" (batch "${alias}" ${batch ? `has ${batch.items.length} items` : 'was not created'})`);
  return item;
}

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
  if (a.status !== 200) return { message: `creation answered ${describeAnswer(a)}`, failures };
  const list = await control(st.base, operationRoutes.listOperations, {
    query: { trans_id: f.trans_id ?? '', mid_id: st.merchant.mid_id, limit: 1 },
  });
  const op = list.data?.items[0];
  if (!op)
    return {
      message: 'created, but the operation is not listed',
      failures: [...failures, `operation ${f.trans_id} not found after creation`],
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
    failures.push(`expected status ${s.expect.status}, operation is ${String(op.status)}`);
  for (const k of s.expect?.response_has ?? [])
    if (ownField(a.json, k) === undefined) failures.push(`answer has no "${k}": ${a.text.slice(0, 200)}`);
  return { message: `created operation ${op.id} (${String(op.trans_id)}) as "${alias}", ${String(op.status)}`, failures };
}

async function transition(st: RunState, s: Of<'confirm' | 'reject' | 'cancel' | 'expire'>): Promise<StepOutcome> {
  const op = operationOf(st, s.operation);
  const a = await control(st.base, operationRoutes[`${s.action}Operation`], { id: op.id, body: s.body ?? {} });
  const failures = checkCall(a, s.expect, 200);
  const status = ownField(a.json, 'status');
  if (s.expect?.status && status !== s.expect.status)
    failures.push(`expected status ${s.expect.status}, got ${String(status ?? describeAnswer(a))}`);
  return {
    message: a.status === 200 ? `${s.action}: operation ${op.id} is ${String(status)}` : `${s.action} answered ${describeAnswer(a)}`,
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
  if (s.expect?.matched !== undefined) {
    const want = s.expect.matched === null ? null : operationOf(st, s.expect.matched).id;
    if (matched !== want)
      failures.push(
        `expected the transfer to ${want === null ? 'match nothing' : `match operation ${want} ("${s.expect.matched}")`}, ` +
          `it matched ${String(matched ?? 'nothing')}: ${String(ownField(a.json, 'reason') ?? '')}`,
      );
  }
  return {
    message:
      `transfer of ${String(body.amount)} from RFC ${body.rfc}: ` +
      `${a.status === 201 ? String(ownField(a.json, 'reason')) : describeAnswer(a)}`,
    failures,
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
  if (a.status !== 201) return { message: `payout batch answered ${describeAnswer(a)}`, failures };
  const payroll = Number(ownField(a.json, 'payroll'));
  const tx = ownField(a.json, 'data');
  const list = (Array.isArray(tx) ? tx : []).map((t) => ({
    id: Number(ownField(t, 'id')),
    credit_note: String(ownField(t, 'credit_note')),
  }));
  const alias = s.as ?? `batch${index + 1}`;
  st.batches.set(alias, { payroll, items: list });
  return { message: `payroll ${payroll} accepted with ${list.length} item(s) as "${alias}"`, failures };
}

/** Real milliseconds an exact count waits, once reached, for a late extra delivery. */
const SETTLE_MS = 300;

const signatureOk = (st: RunState, r: Received): boolean =>
  notificationSignatureValid(r.fields, st.merchant.secret_key, st.merchant.layout);

async function expectNotification(st: RunState, s: Of<'expect_notification'>): Promise<StepOutcome> {
  const op = s.operation ? operationOf(st, s.operation) : undefined;
  const payout = s.payout ? payoutOf(st, s.payout) : undefined;
  const about = (r: Received) =>
    r.kind === s.kind &&
    (!op || (r.fields.trans_ID ?? r.fields.trans_id) === op.trans_id) &&
    (!payout || r.fields.credit_note === payout.credit_note);
  const problems = (r: Received): string[] => {
    const p: string[] = [];
    for (const [k, v] of Object.entries(s.fields ?? {}))
      if (r.fields[k] !== v) p.push(`${k} is ${JSON.stringify(r.fields[k] ?? null)}, expected ${JSON.stringify(v)}`);
    for (const k of s.has_fields ?? []) if (r.fields[k] === undefined) p.push(`${k} is missing`);
    if (s.signature_valid !== undefined && signatureOk(st, r) !== s.signature_valid)
      p.push(`signature is ${s.signature_valid ? 'not valid' : 'valid'}`);
    return p;
  };
  const what = `${s.kind} notification${op ? ` of "${s.operation}"` : ''}${payout ? ` of payout "${s.payout}"` : ''}`;
  const wait = s.within_ms ?? (s.count === 0 ? 500 : 5000);
  const deadline = Date.now() + wait;
  const want = s.count ?? 1;
  // "At least one" stops at the first good one. An exact count waits until it is reached, then a
  // short settle time for a late extra (a duplicate), or the whole window when it is never reached.
  let reachedAt: number | null = null;
  for (;;) {
    const got = st.receiver.received.filter(about);
    const good = got.filter((r) => problems(r).length === 0);
    if (s.count === undefined && good.length > 0) return { message: `${what} received (${got.length})`, failures: [] };
    if (s.count !== undefined && got.length >= want) reachedAt ??= Date.now();
    const settled = reachedAt !== null && Date.now() - reachedAt >= SETTLE_MS;
    if (Date.now() >= deadline || settled) {
      if (s.count !== undefined) {
        const failures = got.length === want ? got.flatMap(problems) : [`expected ${want} ${what}(s), received ${got.length}`];
        return { message: `${got.length} ${what}(s) received`, failures };
      }
      const near = got[0];
      return {
        message: `${got.length} ${what}(s) received`,
        failures: [near ? `${what}: ${problems(near).join('; ')}` : `no ${what} within ${wait} ms`],
      };
    }
    await sleep(Math.min(50, Math.max(1, deadline - Date.now())));
  }
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
        message: `clock advanced ${s.minutes} min to ${String(ownField(a.json, 'now') ?? '?')}`,
        failures: checkCall(a, undefined, 200),
      };
    }
    case 'create_payouts':
      return createPayouts(st, s, index);
    case 'process_payouts': {
      const payroll = s.batch ? st.batches.get(s.batch)?.payroll : undefined;
      if (s.batch && payroll === undefined) throw new Error(`no payout batch "${s.batch}" was created earlier in this scenario`);
      const a = await control(st.base, payoutRoutes.processPayouts, { body: payroll === undefined ? {} : { payroll } });
      return { message: `processed: ${a.text.slice(0, 120)}`, failures: checkCall(a, undefined, 200) };
    }
    case 'approve_payout':
    case 'reject_payout': {
      const p = payoutOf(st, s.payout);
      const a = await control(st.base, s.action === 'approve_payout' ? payoutRoutes.approvePayout : payoutRoutes.rejectPayout, {
        id: p.id,
      });
      return { message: `payout ${p.id}: ${describeAnswer(a)}`, failures: checkCall(a, s.expect, 200) };
    }
    case 'expect_operation': {
      const op = operationOf(st, s.operation);
      const a = await control(st.base, operationRoutes.getOperation, { id: op.id });
      const status = a.data?.status;
      const kinds = (a.data?.events ?? []).map((e) => e.kind);
      const failures = checkCall(a, undefined, 200);
      if (status !== s.status) failures.push(`expected operation "${s.operation}" to be ${s.status}, it is ${String(status)}`);
      for (const k of s.events ?? []) if (!kinds.includes(k)) failures.push(`timeline has no "${k}" event (has ${kinds.join(', ')})`);
      return { message: `operation ${op.id} is ${String(status)}; timeline: ${kinds.join(' → ')}`, failures };
    }
    case 'expect_notification':
      return expectNotification(st, s);
    case 'expect_payout': {
      const p = payoutOf(st, s.payout);
      const a = await control(st.base, payoutRoutes.getPayout, { id: p.id });
      const status = a.data?.status;
      const failures = checkCall(a, undefined, 200);
      if (status !== s.status) failures.push(`expected payout "${s.payout}" to be ${s.status}, it is ${String(status)}`);
      return { message: `payout ${p.id} (${p.credit_note}) is ${String(status)}`, failures };
    }
    case 'set_merchant': {
      const a = await control(st.base, merchantRoutes.updateMerchant, { public_key: st.merchant.public_key, body: s.settings });
      if (a.data) st.merchant.layout = a.data.notification_signature_layout;
      return { message: `merchant settings: ${Object.keys(s.settings).join(', ')}`, failures: checkCall(a, undefined, 200) };
    }
    case 'set_receiver':
      st.receiver.setStatus(s.status);
      return { message: `the merchant's receiver now answers ${s.status}`, failures: [] };
    case 'manual_notify': {
      const op = operationOf(st, s.operation);
      const f = { public_key: st.merchant.public_key, trans_id: op.trans_id };
      const a = await call(st.base, 'POST', paymentRoutes.manualNotify.path, {
        form: { ...f, signature: notifySignature(f, st.merchant.secret_key) },
      });
      return { message: `manual notify of ${op.trans_id}: ${describeAnswer(a)}`, failures: checkCall(a, s.expect, 200) };
    }
    case 'note':
      return { message: s.title ?? 'note', failures: [] };
  }
}

export type { Answer };
