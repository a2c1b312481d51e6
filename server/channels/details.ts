import { CommonDetailsSchema, OperationDetailsSchema } from '../contract/operation-details.js';

type ChannelKey = Exclude<keyof typeof OperationDetailsSchema.shape, keyof typeof CommonDetailsSchema.shape>;

/** A channel's details schema: the common keys plus the listed channel keys. */
export const channelDetails = <K extends ChannelKey>(...keys: K[]) =>
  CommonDetailsSchema.extend(
    Object.fromEntries(keys.map((k) => [k, OperationDetailsSchema.shape[k]])) as Pick<typeof OperationDetailsSchema.shape, K>,
  );
