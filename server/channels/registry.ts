import { isChannelId, type ChannelId } from '../contract/common.js';
import { channel16 } from './ch16.js';
import { channel17 } from './ch17.js';
import { channel36 } from './ch36.js';
import { channel5 } from './ch5.js';
import { channel11 } from './ch11.js';
import { channel22 } from './ch22.js';
import { channel30 } from './ch30.js';
import { channel33 } from './ch33.js';
import { channel35 } from './ch35.js';
import { channel38 } from './ch38.js';
import { channel40 } from './ch40.js';
import { channel41 } from './ch41.js';
import type { ChannelRules } from './types.js';

/** The 12 channels of the service's channel table, listed explicitly. */
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
