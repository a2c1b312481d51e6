import type { CheckId } from '../../contract/checks.js';

/** Each check's title and what a correct integration does (shown beside every verdict). */
export const CHECK_TEXTS: Record<CheckId, { title: string; advice: string }> = {
  success_acknowledged: {
    title: 'Success notification acknowledged',
    advice:
      'Answer 200 (or 203) once the notification is verified and recorded; anything else, a redirect ' +
      'included, makes the real service retry it.',
  },
  answers_fast: {
    title: 'Notifications answered fast',
    advice:
      'Verify, record and answer within a second or two; do slow work (e-mails, ERP calls) after ' +
      'answering. A notification not answered within 10 s counts as failed.',
  },
  duplicate_acknowledged: {
    title: 'Repeated notification acknowledged',
    advice:
      'Deduplicate on the notification id (X-Sandbox-Notification-Id) or trans_ID and answer 200 to a ' +
      'repeat without applying it twice; refusing it makes the real service keep retrying.',
  },
  forged_signature_refused: {
    title: 'Forged signature refused',
    advice:
      'Recompute SHA-256 of time channel amount currency trans_ID + secret over the fields as received, ' +
      'compare in constant time, and refuse (e.g. 400) when it differs, before touching the order.',
  },
  tampered_amount_refused: {
    title: 'Tampered amount refused',
    advice: 'The signature covers the amount: verify it on every notification and refuse one whose amount no longer matches its signature.',
  },
  unknown_fields_tolerated: {
    title: 'Unknown fields tolerated',
    advice: 'Read the fields you need and ignore the others: the provider adds fields (channel extras) without notice.',
  },
  rejection_acknowledged: {
    title: 'Rejection notification acknowledged',
    advice: 'Verify it like a success, mark the order as failed (if still pending) and answer 200.',
  },
  late_rejection_acknowledged: {
    title: 'Late rejection after a success acknowledged',
    advice: 'Answer 200 to a rejection that arrives after a success for the same trans_ID, and never undo a paid order because of it.',
  },
  payout_notification_acknowledged: {
    title: 'Payout notification acknowledged',
    advice: 'Answer 200 to every payout status change and update the payout by its id or credit_note; repeats must be harmless.',
  },
  signatures_valid: {
    title: 'Creation signatures valid',
    advice:
      'Sign the lowercase hex SHA-256 of public_key time amount currency trans_id time_expired url_ok ' +
      'url_error channel + secret, values exactly as sent, nothing between them.',
  },
  creations_without_warnings: {
    title: 'Creations without warnings',
    advice: 'Send what the spec asks for; the sandbox accepts some deviations with a warning, the real service may refuse them.',
  },
  trans_id_unique: {
    title: 'trans_id unique per payment',
    advice:
      'Use a new trans_id for every payment attempt: the operation query then answers one operation and notifications map to one order.',
  },
  queries_operations: {
    title: 'Operation state queried',
    advice:
      'Query GET /api/operations for payments whose notification has not arrived (e.g. a job every few ' +
      'minutes): if a notification is lost, your shop cannot find out otherwise.',
  },
  current_protocol: {
    title: 'Current request format',
    advice:
      'Send the current creation request: currency, trans_id and url_error (not curency, trans_ID, url_erro), a current channel ' +
      'with filter_by where needed, the shopper in shopper_information, no url_finalizar. The migration lists every change.',
  },
};
