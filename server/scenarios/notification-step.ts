import { notificationSignatureValid } from '../domain/signature.js';
import type { Received } from './receiver.js';
import type { StepText } from '../contract/step-texts.js';
import { text } from './step-words.js';
import { operationOf, payoutOf, sleep, type Of, type RunState, type StepOutcome } from './run-state.js';

/** Real milliseconds an exact count waits, once reached, for a late extra delivery. */
const SETTLE_MS = 300;

const signatureOk = (st: RunState, r: Received): boolean =>
  notificationSignatureValid(r.fields, st.merchant.secret_key, st.merchant.layout);

/** Waits for the notifications a step expects, on the run's receiver (real time, bounded by `within_ms`). */
export async function expectNotification(st: RunState, s: Of<'expect_notification'>): Promise<StepOutcome> {
  const op = s.operation ? operationOf(st, s.operation) : undefined;
  const payout = s.payout ? payoutOf(st, s.payout) : undefined;
  const about = (r: Received) =>
    r.kind === s.kind &&
    (!op || (r.fields.trans_ID ?? r.fields.trans_id) === op.trans_id) &&
    (!payout || r.fields.credit_note === payout.credit_note);
  const problems = (r: Received): StepText[] => {
    const p: StepText[] = [];
    for (const [k, v] of Object.entries(s.fields ?? {}))
      if (r.fields[k] !== v)
        p.push(text('field_value', { field: k, actual: JSON.stringify(r.fields[k] ?? null), expected: JSON.stringify(v) }));
    for (const k of s.has_fields ?? []) if (r.fields[k] === undefined) p.push(text('field_missing', { field: k }));
    if (s.signature_valid !== undefined && signatureOk(st, r) !== s.signature_valid)
      p.push(text(s.signature_valid ? 'signature_invalid' : 'signature_valid'));
    return p;
  };
  // Which notification, as the words of every text about it take it.
  const what = { kind: s.kind, ...(op ? { operation: s.operation ?? '' } : {}), ...(payout ? { payout: s.payout ?? '' } : {}) };
  const wait = s.within_ms ?? (s.count === 0 ? 500 : 5000);
  const deadline = Date.now() + wait;
  const want = s.count ?? 1;
  // "At least one" stops at the first good one. An exact count waits until it is reached, then a
  // short settle time for a late extra (a duplicate), or the whole window when it is never reached.
  let reachedAt: number | null = null;
  for (;;) {
    const got = st.receiver.received.filter(about);
    const good = got.filter((r) => problems(r).length === 0);
    if (s.count === undefined && good.length > 0)
      return { message: text('notification_received', { ...what, n: got.length }), failures: [] };
    if (s.count !== undefined && got.length >= want) reachedAt ??= Date.now();
    const settled = reachedAt !== null && Date.now() - reachedAt >= SETTLE_MS;
    if (Date.now() >= deadline || settled) {
      if (s.count !== undefined) {
        const failures =
          got.length === want ? got.flatMap(problems) : [text('notification_count', { ...what, expected: want, n: got.length })];
        return { message: text('notifications_counted', { ...what, n: got.length }), failures };
      }
      const near = got[0];
      return {
        message: text('notifications_counted', { ...what, n: got.length }),
        failures: [near ? text('notification_wrong', what, problems(near)) : text('notification_none', { ...what, ms: wait })],
      };
    }
    await sleep(Math.min(50, Math.max(1, deadline - Date.now())));
  }
}
