import { isChannelId, type ChannelId } from '../contract/common.js';
import { channel16 } from './ch16.js';
import { channel17 } from './ch17.js';
import { channel36 } from './ch36.js';
import { channel11, channel22, channel5 } from './chile.js';
import { channel33 } from './colombia.js';
import { channel38, channel41 } from './mexico.js';
import { channel30, channel35, channel40 } from './peru.js';
import type { ChannelRules } from './types.js';

/** The 12 channels of the spec's channel table, listed explicitly. */
export const CHANNEL_RULES = {
  5: channel5,
  11: channel11,
  16: channel16,
  17: channel17,
  22: channel22,
  30: channel30,
  33: channel33,
  35: channel35,
  36: channel36,
  38: channel38,
  40: channel40,
  41: channel41,
} satisfies Record<ChannelId, ChannelRules>;

export const channelRules = (id: ChannelId): ChannelRules => CHANNEL_RULES[id];

/** The entry of a stored operation's channel; undefined for a number outside the 12 (old or hand-made rows). */
export const rulesOf = (channel: number): ChannelRules | undefined => (isChannelId(channel) ? CHANNEL_RULES[channel] : undefined);
