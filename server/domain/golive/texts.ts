import type { CheckId } from '../../contract/checks.js';
import { CREATION_SIGNED_FIELDS, NOTIFICATION_SIGNED_FIELDS } from '../../contract/signed-fields.js';

const NOTIFICATION_SIGNED = `SHA-256 of ${NOTIFICATION_SIGNED_FIELDS.join(' ')} + secret`;
const CREATION_SIGNED = `the lowercase hex SHA-256 of ${CREATION_SIGNED_FIELDS.join(' ')} + secret`;

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
      `Anyone who knows an order number can mark it paid: recompute ${NOTIFICATION_SIGNED} over the fields as ` +
      'received, compare in constant time, and refuse (e.g. 400) on mismatch, before touching the order.',
  },
  tampered_amount_refused: {
    title: 'Tampered amount refused',
    advice:
      `The signature covers the amount: recompute ${NOTIFICATION_SIGNED} on every notification and refuse one ` +
      'whose amount no longer matches its signature.',
  },
  get_forged_refused: {
    title: 'Notification by GET refused',
    advice:
      'The service only POSTs: a link in an e-mail or an image tag can mark an order paid. Read the fields ' +
      'from the POST body only (not $_REQUEST, $_GET or getParams()) and refuse any other method.',
  },
  unknown_fields_tolerated: {
    title: 'Unknown fields tolerated',
    advice: 'Read the fields you need and ignore the others: the provider adds fields (channel extras) without notice.',
  },
  rejection_acknowledged: {
    title: 'Rejection notification acknowledged',
    advice: 'Verify it like a success, mark the order as failed (if still pending) and answer 200.',
  },
  rejection_told_apart: {
    title: 'Rejection told apart from a payment',
    advice:
      'Read rejection_code before anything else: a rejection must mark the order failed, never paid. ' +
      'An answer that says what was done (paid, failed) shows it in the delivery log.',
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
    advice: `Sign ${CREATION_SIGNED}, values exactly as sent, nothing between them.`,
  },
  creations_without_warnings: {
    title: 'Creations without warnings',
    advice: 'Send what the service asks for; the sandbox accepts some deviations with a warning, the real service may refuse them.',
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
