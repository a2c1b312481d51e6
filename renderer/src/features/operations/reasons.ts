/** Channel 11 failure reasons (`error_reason`), from the spec's list. */
export const CHANNEL_11_REASONS = [
  'bank_account_locked',
  'bank_connection_error',
  'bank_not_available',
  'amount_limit_reached',
  'insufficient_funds',
  'login_credentials_locked',
  'login_invalid_credentials',
  'maximum_amount_error',
  'mfa_authorization_timeout',
  'mfa_invalid_authorization',
  'mfa_locked',
  'mfa_unavailable',
  'new_contact_amount_limit_reached',
  'new_contact_transfer_number_limit_reached',
  'recipient_account_not_allowed',
  'unresolved_final_status',
  'widget_closed',
  'user_left',
  'new_payment_intent_in_progress',
] as const;

/** Channel 36 sandbox card failure codes and their meanings (spec). */
export const CARD_FAILURES = [
  ['3001', 'Card declined'],
  ['3002', 'Card expired'],
  ['3003', 'Insufficient funds'],
  ['3004', 'Card reported stolen'],
  ['3005', 'Rejected by fraud prevention'],
] as const;
export type CardFailureCode = (typeof CARD_FAILURES)[number][0];
