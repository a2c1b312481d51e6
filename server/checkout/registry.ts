import { isChannelId, type ChannelId } from '../contract/common.js';
import { channel5, channel11 } from './bank-transfer-chile.js';
import { channel38 } from './cash-voucher.js';
import { channel17 } from './channel17.js';
import { channel36 } from './channel36.js';
import { channel16, channel22, channel30, channel33 } from './others.js';
import { channel35, channel40 } from './qr-pages.js';
import { channel41 } from './spei41.js';
import type { PageModule } from './view.js';

/** The checkout page of each of the 12 channels. */
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
