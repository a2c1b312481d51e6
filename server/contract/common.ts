import { z } from 'zod';

/** The 12 numbered channels of the spec's channel table. */
export const CHANNEL_IDS = [5, 11, 16, 17, 22, 30, 33, 35, 36, 38, 40, 41] as const;
export type ChannelId = (typeof CHANNEL_IDS)[number];

export const OPERATION_STATUSES = ['pending', 'confirmed', 'rejected', 'cancelled', 'expired'] as const;
export const OperationStatusSchema = z.enum(OPERATION_STATUSES);
export type OperationStatus = z.infer<typeof OperationStatusSchema>;

/** Sandbox status numbers of the operation query API (contract §3). */
export const STATUS_NUMBERS: Record<OperationStatus, number> = {
  pending: 1,
  confirmed: 2,
  rejected: 3,
  cancelled: 4,
  expired: 5,
};

export const OkSchema = z.object({ ok: z.literal(true) });

/** Currencies of each channel, from the spec's channel table. */
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

export const isChannelId = (n: number): n is ChannelId => (CHANNEL_IDS as readonly number[]).includes(n);
