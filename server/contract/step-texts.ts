import { z } from 'zod';

/*
 * What a scenario step did, or why it failed, as a code with its values: a reader words it in its
 * own language (the console from its dictionaries), while the report's `message` and `failures`
 * keep the English sentence for scripts and logs. Values that come from the wire (an answer, a
 * SPEI reason) are passed as they were received.
 */

export const STEP_TEXT_CODES = [
  // outcomes
  'created',
  'created_not_listed',
  'creation_answered',
  'transitioned',
  'transition_answered',
  'transfer',
  'payouts_accepted',
  'payouts_answered',
  'payouts_processed',
  'payout_decided',
  'clock_advanced',
  'operation_is',
  'payout_is',
  'notification_received',
  'notifications_counted',
  'merchant_settings',
  'receiver_status',
  'manual_notify',
  'note',
  // failed expectations
  'expected_http',
  'expected_error',
  'expected_success',
  'expected_success_status',
  'expected_status',
  'expected_status_got',
  'operation_not_found',
  'answer_lacks',
  'transfer_matched_other',
  'transfer_matched_none',
  'transfer_matched',
  'operation_status',
  'timeline_missing',
  'payout_status',
  'notification_count',
  'notification_none',
  'notification_wrong',
  'field_value',
  'field_missing',
  'signature_invalid',
  'signature_valid',
  // a step or a run that could not go on
  'step_error',
  'unknown_operation',
  'unknown_payout',
  'unknown_payout_batch',
  'unknown_batch',
  'setup_failed',
  'setup_error',
] as const;
export type StepTextCode = (typeof STEP_TEXT_CODES)[number];

const Params = z.record(z.string(), z.union([z.string(), z.number()]));

const PartSchema = z.object({ code: z.enum(STEP_TEXT_CODES), params: Params });
/** A code and its values; `details` are the parts of a text that lists several (a notification's wrong fields). */
export const StepTextSchema = PartSchema.extend({ details: z.array(PartSchema).optional() });
export type StepText = z.infer<typeof StepTextSchema>;
export type StepTextParams = StepText['params'];
