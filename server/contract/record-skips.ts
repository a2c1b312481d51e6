import { fillText } from './warnings.js';

/*
 * Why a recording left a logged call out of the scenario, as a code with values: `reason` is the
 * English sentence filled from them, and the console says the same in its language from the code.
 */
export const SKIP_TEXTS = {
  dropped_connection: 'dropped connection ({note})',
  read: 'reads change nothing',
  multipart: 'multipart creations are not kept in the log in replayable form',
  no_channel: 'creation without a numeric channel',
  operation_outside: 'operation {id} was not created in the recorded range',
  clock_refused: 'clock advance that was refused',
  payout_body_incomplete: 'payout batch body is not complete in the log (over 8 KB) or not a JSON array',
  payroll_outside: 'payroll {payroll} was not created in the recorded range',
  payout_outside: 'payout {id} was not created in the recorded range',
  trans_id_outside: 'trans_id {trans_id} was not created in the recorded range',
  not_a_step: 'not a step a scenario replays (settings, console and support calls)',
  notify_refused: "production refused it with {refusal}; a scenario's notify is signed",
  notify_not_replayed: 'manual notify of a trans_id no replayed creation made',
  payout_body_not_array: 'payout batch body is not a JSON array',
  token_expired: 'production refused it with TOKEN_EXPIRED; a scenario holds no expired token',
  replay_read: 'a read: it changes nothing a scenario replays',
} as const;
export type SkipCode = keyof typeof SKIP_TEXTS;

/** A skipped call's reason: its code, its values and the English sentence they fill. */
export function skipReason(code: SkipCode, params: Record<string, string> = {}) {
  return { reason: fillText(SKIP_TEXTS[code], params), reason_code: code, reason_params: params };
}
