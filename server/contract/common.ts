import { z } from 'zod';

/** The 12 numbered channels of the service's channel table. */
export const CHANNEL_IDS = [5, 11, 16, 17, 22, 30, 33, 35, 36, 38, 40, 41] as const;
export type ChannelId = (typeof CHANNEL_IDS)[number];

export const OPERATION_STATUSES = ['pending', 'confirmed', 'rejected', 'cancelled', 'expired'] as const;
export const OperationStatusSchema = z.enum(OPERATION_STATUSES);
export type OperationStatus = z.infer<typeof OperationStatusSchema>;

/** Sandbox status numbers of the operation query API: 1 pending, 2 confirmed, 3 rejected, 4 cancelled, 5 expired. */
export const STATUS_NUMBERS: Record<OperationStatus, number> = {
  pending: 1,
  confirmed: 2,
  rejected: 3,
  cancelled: 4,
  expired: 5,
};

export const OkSchema = z.object({ ok: z.literal(true) });

/** Currencies of each channel, from the service's channel table. */
export const CHANNEL_CURRENCIES: Record<ChannelId, readonly string[]> = {
  5: ['CLP'],
  11: ['CLP'],
  16: ['MXN', 'COP', 'CRC', 'GTQ', 'HNL', 'USD'],
  17: ['COP'],
  22: ['CLP'],
  30: ['PEN', 'USD'],
  33: ['COP'],
  35: ['PEN'],
  36: ['COP'],
  38: ['MXN'],
  40: ['PEN'],
  41: ['MXN'],
};

/** Which creation path serves a channel: the service routes by path. */
export type CreationPath = 'SecurePayment' | 'SecurePayment.php';

/** The creation path of each channel; the console and the scenario runner read it. */
export const CHANNEL_PATHS: Record<ChannelId, CreationPath> = {
  5: 'SecurePayment',
  11: 'SecurePayment',
  16: 'SecurePayment',
  17: 'SecurePayment.php',
  22: 'SecurePayment',
  30: 'SecurePayment',
  33: 'SecurePayment.php',
  35: 'SecurePayment',
  36: 'SecurePayment.php',
  38: 'SecurePayment.php',
  40: 'SecurePayment.php',
  41: 'SecurePayment.php',
};

/** The SPEI channel: transfers to the merchant's CLABE, matched by the shopper's RFC (channels/ch41.ts). */
export const SPEI_CHANNEL = 41 satisfies ChannelId;

/** Where the service's two creation paths live. */
export const CREATION_PREFIX = '/payments/check-out/';

/** The full address path of a creation path: `/payments/check-out/SecurePayment.php`. */
export const creationAddress = (path: CreationPath): string => CREATION_PREFIX + path;

/** The full creation address path of a channel; unknown channels get SecurePayment.php (where most channels are). */
export const creationPathOf = (channel: number): string =>
  creationAddress(isChannelId(channel) ? CHANNEL_PATHS[channel] : 'SecurePayment.php');

/**
 * A hosted checkout page's address: `{base}/check-out/?channel=C&tokenID=T&platform=1`;
 * channel 35's deep link adds `app=1`, and channel 36's bank account choice has a page of its own.
 */
export function checkoutAddress(
  base: string,
  page: { channel: number; token: string; app?: boolean } | { bankSelection: true; token: string },
): string {
  if ('bankSelection' in page) return `${base}/check-out/bank-selection/?tokenID=${page.token}`;
  return `${base}/check-out/?channel=${page.channel}&tokenID=${page.token}&platform=1${page.app ? '&app=1' : ''}`;
}

/** A plain JSON object (not null, not an array). */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value of a parsed JSON object's own member `key`; undefined for a missing one, an inherited name or a non-object. */
export const ownField = (v: unknown, key: string): unknown => (isRecord(v) && Object.hasOwn(v, key) ? v[key] : undefined);

export const isChannelId = (n: number): n is ChannelId => (CHANNEL_IDS as readonly number[]).includes(n);

/** An amount with exactly two decimals from exact cents (never through floating point): 150050 → "1500.50". */
export function twoDecimals(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A sandbox-clock instant (ms) as ISO 8601 UTC, the control API's time format. */
export const isoTime = (t: number): string => new Date(t).toISOString();
