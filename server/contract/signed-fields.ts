/**
 * Which fields each signature covers, in order (the secret key follows them). One list for the
 * server, the console's signature tools and the testkit, so the orders cannot drift apart.
 */

/** Creation: plain concatenation of the raw values as sent. */
export const CREATION_SIGNED_FIELDS = [
  'public_key',
  'time',
  'amount',
  'currency',
  'trans_id',
  'time_expired',
  'url_ok',
  'url_error',
  'channel',
] as const;

/** Notification, standard layout: `public_key` is not signed. */
export const NOTIFICATION_SIGNED_FIELDS = ['time', 'channel', 'amount', 'currency', 'trans_ID'] as const;

/** Notification, legacy layout: `public_key` first, which some published integrations verify. */
export const NOTIFICATION_SIGNED_FIELDS_LEGACY = ['public_key', ...NOTIFICATION_SIGNED_FIELDS] as const;
