import { skipReason, type SkipCode } from '../contract/record-skips.js';
import { clockRoutes } from '../contract/clock.js';
import { classifyCall } from '../contract/calls.js';
import { isRecord, OperationStatusSchema } from '../contract/common.js';
import { operationRoutes } from '../contract/operations.js';
import { paymentRoutes } from '../contract/payments.js';
import { payoutApiRoutes } from '../contract/payout-api.js';
import { payoutRoutes } from '../contract/payouts.js';
import { pathParams, type RouteSpec } from '../contract/route.js';
import { speiRoutes } from '../contract/spei.js';
import type { SandboxContext } from '../context.js';
import type { MerchantRecord } from '../store/merchants.js';
import type { RequestLogRecord } from '../store/request-log.js';
import type { ScenarioInput } from '../contract/scenario-schema.js';

type StepIn = ScenarioInput['steps'][number];

/** Which part of the request log to turn into a scenario. */
export interface RecordRange {
  from_id?: number;
  to_id?: number;
  /** Epoch ms on the sandbox clock. */
  from?: number;
  to?: number;
  /** Only this merchant's requests. */
  public_key?: string;
  name?: string;
  title?: string;
}

export interface Recording {
  scenario: ScenarioInput;
  entries: number;
  /** Each call left out, with why: in words and, where the recorder decided it, as a code and values. */
  skipped: {
    id: number;
    method: string;
    path: string;
    reason: string;
    reason_code: string | null;
    reason_params: Record<string, string> | null;
  }[];
}

const MAX_ENTRIES = 5000;
/** The operator's moves a scenario replays, by the route that made them. */
const TRANSITIONS = new Map<RouteSpec, 'confirm' | 'reject' | 'cancel' | 'expire'>([
  [operationRoutes.confirmOperation, 'confirm'],
  [operationRoutes.rejectOperation, 'reject'],
  [operationRoutes.cancelOperation, 'cancel'],
  [operationRoutes.expireOperation, 'expire'],
]);
const DECISIONS = new Map<RouteSpec, 'approve_payout' | 'reject_payout'>([
  [payoutRoutes.approvePayout, 'approve_payout'],
  [payoutRoutes.rejectPayout, 'reject_payout'],
]);

const parseJson = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
};
const obj = (v: unknown): Record<string, unknown> => (isRecord(v) ? v : {});
/** What a recorded step expects of a refused call: its status and, when the answer had one, its error code. */
export const errorOf = (e: { status: number; response_body: string }): { http_status: number; error_code?: string } => {
  const code = obj(obj(parseJson(e.response_body)).error).code;
  return { http_status: e.status, ...(typeof code === 'string' ? { error_code: code } : {}) };
};

/** The merchant settings a recording carries, so a run starts from the merchant the calls met. */
export const recordedSettings = (m: MerchantRecord) => ({
  max_amount: m.max_amount,
  channels: m.channels,
  blacklisted_documents: m.blacklisted_documents,
  notification_signature_layout: m.notification_signature_layout,
  enabled: m.enabled,
  allow_http_localhost: m.allow_http_localhost,
  protocol: m.protocol,
});

/** The log entries of the range, oldest first (the log pages newest first). */
function entriesOf(ctx: SandboxContext, r: RecordRange): RequestLogRecord[] {
  const out: RequestLogRecord[] = [];
  let cursor = r.to_id !== undefined ? r.to_id + 1 : undefined;
  while (out.length < MAX_ENTRIES) {
    const page = ctx.store.requests.list(500, cursor);
    if (!page.length) break;
    for (const e of page) {
      if (r.from_id !== undefined && e.id < r.from_id) return out.reverse();
      if (r.to !== undefined && e.at > r.to) continue;
      if (r.from !== undefined && e.at < r.from) continue;
      out.push(e);
    }
    cursor = page[page.length - 1]!.id;
  }
  return out.reverse();
}

/**
 * Turns a session of the request log into a scenario a support engineer can edit and replay:
 * creations, transitions, clock moves, SPEI transfers, payout batches and decisions, manual
 * notifies, each expecting the outcome that was recorded. Signatures and keys are not in the log
 * (masked), so the replay signs with its own merchant, set up like the recorded one.
 */
export function recordScenario(ctx: SandboxContext, range: RecordRange): Recording {
  const { store } = ctx;
  const entries = entriesOf(ctx, range);
  const steps: StepIn[] = [];
  const skipped: Recording['skipped'] = [];
  const opAlias = new Map<number, string>();
  const transAlias = new Map<string, string>();
  const payoutRef = new Map<number, string>();
  const batchAlias = new Map<number, string>();
  const only = range.public_key ? store.merchants.byPublicKey(range.public_key) : undefined;
  let merchant = only;
  const skip = (e: RequestLogRecord, code: SkipCode, params?: Record<string, string>) =>
    skipped.push({ id: e.id, method: e.method, path: e.path, ...skipReason(code, params) });
  const ownsOperation = (id: number) => !only || store.operations.get(id)?.merchant_id === only.id;

  for (const e of entries) {
    // The classifier, not the stored call kind: a control route's identity is not stored, and entries
    // logged before call kinds were kept have none.
    const call = classifyCall(e.method, e.path);
    const route = call?.route;
    const idOf = (r: RouteSpec) => pathParams(r.path, call?.path ?? '').id ?? '';
    if (e.status === 0) skip(e, 'dropped_connection', { note: e.note ?? 'no answer' });
    else if (e.method !== 'POST') skip(e, 'read');
    else if (call?.kind === 'creation') {
      const type = e.request_headers['content-type'] ?? '';
      const json = type.includes('json');
      if (!json && !type.includes('x-www-form-urlencoded')) {
        skip(e, 'multipart');
        continue;
      }
      const fields: Record<string, string> = json
        ? Object.fromEntries(
            Object.entries(obj(parseJson(e.request_body))).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
          )
        : Object.fromEntries(new URLSearchParams(e.request_body));
      // The merchant the route read is stored with the entry; older entries name it only in the body.
      const sender = store.merchants.byPublicKey(e.public_key ?? fields.public_key ?? '');
      if (only && sender?.id !== only.id) continue;
      merchant ??= sender;
      const channel = Number(fields.channel);
      if (!Number.isInteger(channel)) {
        skip(e, 'no_channel');
        continue;
      }
      const step: StepIn = {
        action: 'create_payment',
        channel,
        title: `create ${fields.trans_id ?? ''} on channel ${channel}`,
        encoding: json ? 'json' : 'form',
        fields: {},
      };
      const err = errorOf(e);
      // The recorded signature is masked: the replay signs with its own merchant, except when the
      // recording shows a bad signature or an unknown merchant, which the replay must reproduce.
      const keepKey = err.error_code === 'INVALID_MERCHANT';
      const badSignature = err.error_code === 'INVALID_SIGNATURE';
      for (const [k, v] of Object.entries(fields)) if ((k !== 'public_key' || keepKey) && k !== 'signature') step.fields![k] = v;
      if (badSignature) ((step.sign = false), (step.fields!.signature = '0'.repeat(64)));
      if (e.status === 200) {
        const token = /tokenID=([^&\s]+)/.exec(e.response_body)?.[1];
        const byToken = token ? store.operations.byToken(token) : undefined;
        const direct = obj(parseJson(e.response_body)).operation_id;
        const op = byToken ?? (typeof direct === 'number' ? store.operations.get(direct) : undefined);
        const alias = `op${op?.id ?? steps.length + 1}`;
        step.as = alias;
        step.expect = { status: 'pending' };
        if (op) opAlias.set(op.id, alias);
        if (fields.trans_id) transAlias.set(fields.trans_id, alias);
      } else step.expect = err;
      steps.push(step);
    } else if (route && TRANSITIONS.has(route)) {
      const verb = TRANSITIONS.get(route)!;
      const id = idOf(route);
      if (!ownsOperation(Number(id))) continue;
      const alias = opAlias.get(Number(id));
      if (!alias) {
        skip(e, 'operation_outside', { id: String(id) });
        continue;
      }
      const body = obj(parseJson(e.request_body));
      const status = OperationStatusSchema.safeParse(obj(parseJson(e.response_body)).status);
      steps.push({
        action: verb,
        operation: alias,
        ...(verb === 'reject' && Object.keys(body).length
          ? { body: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])) }
          : {}),
        expect: e.status === 200 && status.success ? { status: status.data } : errorOf(e),
      });
    } else if (route === clockRoutes.advanceClock) {
      const minutes = obj(parseJson(e.request_body)).minutes;
      if (e.status === 200 && typeof minutes === 'number') steps.push({ action: 'advance_clock', minutes });
      else skip(e, 'clock_refused');
    } else if (route === speiRoutes.injectTransfer) {
      const body = obj(parseJson(e.request_body));
      const target = typeof body.clabe === 'string' ? store.merchants.byClabe(body.clabe) : undefined;
      if (only && target?.id !== only.id) continue;
      const matched = obj(parseJson(e.response_body)).matched_operation_id;
      const step: StepIn = {
        action: 'spei_transfer',
        amount: typeof body.amount === 'number' ? body.amount : String(body.amount ?? ''),
        rfc: String(body.rfc ?? ''),
      };
      if (!target && typeof body.clabe === 'string') step.clabe = body.clabe;
      if (typeof body.sender_name === 'string') step.sender_name = body.sender_name;
      if (e.status !== 201) step.expect = errorOf(e);
      else if (matched === null) step.expect = { matched: null };
      else if (typeof matched === 'number' && opAlias.has(matched)) step.expect = { matched: opAlias.get(matched)! };
      steps.push(step);
    } else if (route === payoutApiRoutes.createPayouts) {
      const items = parseJson(e.request_body);
      if (!Array.isArray(items)) {
        skip(e, 'payout_body_incomplete');
        continue;
      }
      const res = obj(parseJson(e.response_body));
      const payroll = typeof res.payroll === 'number' ? res.payroll : undefined;
      if (only && payroll !== undefined && store.payouts.payroll(payroll)?.merchant_id !== only.id) continue;
      const alias = `batch${payroll ?? steps.length + 1}`;
      const auth = e.status === 401 ? (e.request_headers.authorization ? 'wrong' : 'missing') : 'valid';
      // A valid callback address of the recording points at a receiver that is gone: the replay uses its own.
      const patched = items.map((it) => {
        const o = { ...obj(it) };
        if (typeof o.channel === 'string' && /^https?:\/\/[^\s/]+/.test(o.channel)) delete o.channel;
        return o;
      });
      steps.push({ action: 'create_payouts', as: alias, items: patched, auth, ...(e.status !== 201 ? { expect: errorOf(e) } : {}) });
      if (payroll !== undefined) batchAlias.set(payroll, alias);
      const txs = Array.isArray(res.data) ? res.data : [];
      txs.forEach((t, i) => typeof obj(t).id === 'number' && payoutRef.set(obj(t).id as number, `${alias}.${i}`));
    } else if (route === payoutRoutes.processPayouts) {
      const payroll = obj(parseJson(e.request_body)).payroll;
      const batch = typeof payroll === 'number' ? batchAlias.get(payroll) : undefined;
      if (typeof payroll === 'number' && !batch) skip(e, 'payroll_outside', { payroll: String(payroll) });
      else steps.push({ action: 'process_payouts', ...(batch ? { batch } : {}) });
    } else if (route && DECISIONS.has(route)) {
      const id = idOf(route);
      const ref = payoutRef.get(Number(id));
      if (!ref) skip(e, 'payout_outside', { id: String(id) });
      else
        steps.push({
          action: DECISIONS.get(route)!,
          payout: ref,
          ...(e.status !== 200 ? { expect: errorOf(e) } : {}),
        });
    } else if (route === paymentRoutes.manualNotify) {
      const transId = new URLSearchParams(e.request_body).get('trans_id') ?? String(obj(parseJson(e.request_body)).trans_id ?? '');
      const alias = transAlias.get(transId);
      if (!alias) skip(e, 'trans_id_outside', { trans_id: String(transId) });
      else steps.push({ action: 'manual_notify', operation: alias, ...(e.status !== 200 ? { expect: errorOf(e) } : {}) });
    } else skip(e, 'not_a_step');
  }

  const first = entries[0];
  const last = entries[entries.length - 1];
  const span =
    first && last
      ? `requests ${first.id}–${last.id} (${new Date(first.at).toISOString()} to ${new Date(last.at).toISOString()})`
      : 'an empty range';
  const settings = merchant ? recordedSettings(merchant) : undefined;
  return {
    scenario: {
      format: 'pasarela-scenario',
      version: 1,
      name: range.name ?? `recording-${first?.id ?? 0}-${last?.id ?? 0}`,
      title: range.title ?? `Recorded session: ${span}`,
      description:
        `Recorded from the request log: ${span}${merchant ? `, merchant ${merchant.public_key}` : ''}. ` +
        'Each step expects the outcome that was recorded. Replays run with a fresh merchant set up like the recorded one.',
      tags: ['recording'],
      merchant: { ...(settings ? { settings } : {}) },
      steps: steps.length ? steps : [{ action: 'note', title: 'nothing replayable in this range' }],
    },
    entries: entries.length,
    skipped,
  };
}
