import type { StepText } from '@contract/step-texts.js';
import type { Translate } from '../../app/i18n';
import { hasText } from '../../app/translate';
import { fmtTime } from '../../components/format';
import { reasonText } from '../spei/reason-text';

type Params = StepText['params'];

/** An operation's status as a word of the sentence ("confirmada"); a status this console does not know as sent. */
const operationStatus = (t: Translate, s: string | number | undefined) =>
  hasText(`status.${s}`) ? t(`status.${s}`).toLowerCase() : String(s ?? '');
const payoutStatus = (t: Translate, s: string | number | undefined) =>
  hasText(`scnText.payout.${s}`) ? t(`scnText.payout.${s}`) : String(s ?? '');

/** "the success notification of "pago"": which notification a text is about. */
function what(t: Translate, p: Params): string {
  const kind = hasText(`scnText.kind.${p.kind}`) ? t(`scnText.kind.${p.kind}`) : String(p.kind ?? '');
  if (p.operation !== undefined) return t('scnText.whatOperation', { kind, alias: p.operation });
  if (p.payout !== undefined) return t('scnText.whatPayout', { kind, ref: p.payout });
  return kind;
}

/** A SPEI answer's reason in the console's language when the step kept its code (`reason.<name>` values). */
function reason(t: Translate, p: Params): string {
  const values = Object.fromEntries(
    Object.entries(p).flatMap(([k, v]) => (k.startsWith('reason.') ? [[k.slice('reason.'.length), String(v)]] : [])),
  );
  const code = typeof p.reason_code === 'string' ? p.reason_code : null;
  return reasonText(t, { reason: String(p.reason ?? ''), reason_code: code, reason_params: code ? values : null });
}

/**
 * What a scenario step did, or why it failed, in the console's language, from the code and values
 * the runner sent beside its English sentence. A code newer than this console keeps the English.
 */
export function stepText(t: Translate, x: StepText, english: string): string {
  const key = `scnText.${x.code}`;
  if (!hasText(key)) return english;
  const p = x.params;
  const vars: Record<string, string | number> = { ...p };
  if ('status' in p && x.code !== 'receiver_status')
    vars.status = x.code === 'payout_is' ? payoutStatus(t, p.status) : operationStatus(t, p.status);
  if (x.code === 'operation_status' || x.code === 'expected_status' || x.code === 'expected_status_got') {
    vars.expected = operationStatus(t, p.expected);
    vars.actual = operationStatus(t, p.actual);
  }
  if (x.code === 'payout_status') {
    vars.expected = payoutStatus(t, p.expected);
    vars.actual = payoutStatus(t, p.actual);
  }
  if ('kind' in p) vars.what = what(t, p);
  if (typeof p.action === 'string' && hasText(`scnAction.${p.action}`)) vars.action = t(`scnAction.${p.action}`);
  if (x.code === 'clock_advanced' && typeof p.now === 'string') vars.now = fmtTime(p.now);
  if ('reason' in p) vars.reason = reason(t, p);
  if (x.code === 'transfer' && !('reason' in p)) return t('scnText.transferAnswered', vars);
  if (x.code === 'step_error' && x.details?.length) return t('scnText.step_error', { error: details(t, x) });
  if (x.details?.length) vars.details = details(t, x);
  return t(key, vars);
}

const details = (t: Translate, x: StepText) => (x.details ?? []).map((d) => stepText(t, d, '')).join('; ');

/** A step's message and failures in the console's language (English as sent when the codes are missing). */
export function said(
  t: Translate,
  s: { message?: string; failures?: string[]; message_code?: StepText | null; failure_codes?: StepText[] },
): { message: string; failures: string[] } {
  // A note only says its title, which the step already shows.
  const code = s.message_code;
  const message = !code ? (s.message ?? '') : code.code === 'note' ? '' : stepText(t, code, s.message ?? '');
  const failures = s.failures ?? [];
  const codes = s.failure_codes ?? [];
  return { message, failures: failures.map((f, i) => (codes[i] ? stepText(t, codes[i], f) : f)) };
}

/**
 * A step's title: its own (the report carries it in the language asked), or, for a step the author
 * left untitled (the report then names its action), what the action does in the console's language.
 */
export function stepTitle(t: Translate, s: { title: string; action: string }): string {
  const untitled = s.title === s.action.replaceAll('_', ' ');
  return untitled && hasText(`scnAction.${s.action}`) ? t(`scnAction.${s.action}`) : s.title;
}
