import { isChannelId, type ChannelId } from '../contract/common.js';
import { channel5, channel11 } from './ch5-ch11-page.js';
import { channel16 } from './ch16-page.js';
import { channel17 } from './ch17-page.js';
import { channel22 } from './ch22-page.js';
import { channel30 } from './ch30-page.js';
import { channel33 } from './ch33-page.js';
import { channel35, channel40 } from './ch35-ch40-page.js';
import { channel36 } from './ch36-page.js';
import { channel38 } from './ch38-page.js';
import { channel41 } from './ch41-page.js';
import type { PageModule } from './view.js';

/** The checkout page of each of the 12 channels (checkout/chNN-page.ts; the rules are channels/chNN.ts). */
export const checkoutPages = {
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
} satisfies Record<ChannelId, PageModule>;

/** The page module of a channel (operations only exist on the 12 channels; 17's page is the fallback). */
export function moduleFor(channel: number): PageModule {
  return isChannelId(channel) ? checkoutPages[channel] : channel17;
}
