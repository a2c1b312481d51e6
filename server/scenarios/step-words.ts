import type { StepText, StepTextCode, StepTextParams } from '../contract/step-texts.js';

/*
 * The English sentence of each step text: what the report's `message` and `failures` say. The
 * console words the same codes from its dictionaries; scripts and logs read these.
 */

type P = StepTextParams;
const s = (v: string | number | undefined) => String(v ?? '');

/** "success notification of "pago"", "payout_callback notification of payout "lote.0"". */
const what = (p: P) =>
  `${s(p.kind)} notification${p.operation ? ` of "${s(p.operation)}"` : ''}${p.payout ? ` of payout "${s(p.payout)}"` : ''}`;

const EN: Record<StepTextCode, (p: P, details: string) => string> = {
  created: (p) => `created operation ${s(p.id)} (${s(p.trans_id)}) as "${s(p.alias)}", ${s(p.status)}`,
  created_not_listed: () => 'created, but the operation is not listed',
  creation_answered: (p) => `creation answered ${s(p.answer)}`,
  transitioned: (p) => `${s(p.action)}: operation ${s(p.id)} is ${s(p.status)}`,
  transition_answered: (p) => `${s(p.action)} answered ${s(p.answer)}`,
  transfer: (p) => `transfer of ${s(p.amount)} from RFC ${s(p.rfc)}: ${s(p.reason ?? p.answer)}`,
  payouts_accepted: (p) => `payroll ${s(p.payroll)} accepted with ${s(p.n)} item(s) as "${s(p.alias)}"`,
  payouts_answered: (p) => `payout batch answered ${s(p.answer)}`,
  payouts_processed: (p) => `processed: ${s(p.answer)}`,
  payout_decided: (p) => `payout ${s(p.id)}: ${s(p.answer)}`,
  clock_advanced: (p) => `clock advanced ${s(p.minutes)} min to ${s(p.now)}`,
  operation_is: (p) => `operation ${s(p.id)} is ${s(p.status)}; timeline: ${s(p.timeline)}`,
  payout_is: (p) => `payout ${s(p.id)} (${s(p.credit_note)}) is ${s(p.status)}`,
  notification_received: (p) => `${what(p)} received (${s(p.n)})`,
  notifications_counted: (p) => `${s(p.n)} ${what(p)}(s) received`,
  merchant_settings: (p) => `merchant settings: ${s(p.keys)}`,
  receiver_status: (p) => `the merchant's receiver now answers ${s(p.status)}`,
  manual_notify: (p) => `manual notify of ${s(p.trans_id)}: ${s(p.answer)}`,
  note: (p) => s(p.title),
  expected_http: (p) => `expected HTTP ${s(p.expected)}, got ${s(p.answer)}`,
  expected_error: (p) => `expected error ${s(p.expected)}, got ${s(p.answer)}`,
  expected_success: (p) => `expected success, got ${s(p.answer)}`,
  expected_success_status: (p) => `expected success (HTTP ${s(p.expected)}), got ${s(p.answer)}`,
  expected_status: (p) => `expected status ${s(p.expected)}, operation is ${s(p.actual)}`,
  expected_status_got: (p) => `expected status ${s(p.expected)}, got ${s(p.actual)}`,
  operation_not_found: (p) => `operation ${s(p.trans_id)} not found after creation`,
  answer_lacks: (p) => `answer has no "${s(p.key)}": ${s(p.answer)}`,
  transfer_matched_other: (p) => `expected the transfer to match nothing, it matched ${s(p.matched)}: ${s(p.reason)}`,
  transfer_matched_none: (p) => `expected the transfer to match operation ${s(p.id)} ("${s(p.alias)}"), it matched nothing: ${s(p.reason)}`,
  transfer_matched: (p) =>
    `expected the transfer to match operation ${s(p.id)} ("${s(p.alias)}"), it matched ${s(p.matched)}: ${s(p.reason)}`,
  operation_status: (p) => `expected operation "${s(p.alias)}" to be ${s(p.expected)}, it is ${s(p.actual)}`,
  timeline_missing: (p) => `timeline has no "${s(p.event)}" event (has ${s(p.timeline)})`,
  payout_status: (p) => `expected payout "${s(p.payout)}" to be ${s(p.expected)}, it is ${s(p.actual)}`,
  notification_count: (p) => `expected ${s(p.expected)} ${what(p)}(s), received ${s(p.n)}`,
  notification_none: (p) => `no ${what(p)} within ${s(p.ms)} ms`,
  notification_wrong: (p, details) => `${what(p)}: ${details}`,
  field_value: (p) => `${s(p.field)} is ${s(p.actual)}, expected ${s(p.expected)}`,
  field_missing: (p) => `${s(p.field)} is missing`,
  signature_invalid: () => 'signature is not valid',
  signature_valid: () => 'signature is valid',
  step_error: (p, details) => `step could not run: ${details || s(p.error)}`,
  unknown_operation: (p) => `no operation "${s(p.alias)}" was created earlier in this scenario`,
  unknown_payout: (p) => `no payout "${s(p.ref)}" (batch "${s(p.batch)}" has ${s(p.n)} items)`,
  unknown_payout_batch: (p) => `no payout "${s(p.ref)}" (batch "${s(p.batch)}" was not created)`,
  unknown_batch: (p) => `no payout batch "${s(p.batch)}" was created earlier in this scenario`,
  setup_failed: (p) => `could not set up the scenario merchant: ${s(p.answer)}`,
  setup_error: (p) => s(p.error),
};

/** The English sentence of a step text. */
export function inEnglish(t: StepText): string {
  const details = (t.details ?? []).map((d) => EN[d.code](d.params, '')).join('; ');
  return EN[t.code](t.params, details);
}

/** A step text; `details` only when there are some. */
export const text = (code: StepTextCode, params: P = {}, details?: StepText['details']): StepText =>
  details?.length ? { code, params, details } : { code, params };

/** An error that stops a step or a run, with its words as a code (an alias no step made, a merchant that cannot be set up). */
export class StepTextError extends Error {
  constructor(readonly text: StepText) {
    super(inEnglish(text));
  }
}
