import { isChannelId, type ChannelId } from '../contract/common.js';
import { page5, page11 } from './ch5-ch11-page.js';
import { page16 } from './ch16-page.js';
import { page17 } from './ch17-page.js';
import { page22 } from './ch22-page.js';
import { page30 } from './ch30-page.js';
import { page33 } from './ch33-page.js';
import { page35, page40 } from './ch35-ch40-page.js';
import { page36 } from './ch36-page.js';
import { page38 } from './ch38-page.js';
import { page41 } from './ch41-page.js';
import type { PageModule } from './view.js';
import { isLegacyChannel } from '../contract/protocol.js';
import { legacyPage } from './legacy-page.js';

/** The checkout page of each of the 12 channels (checkout/chNN-page.ts; the rules are channels/chNN.ts). */
export const checkoutPages = {
  5: page5,
  11: page11,
  16: page16,
  17: page17,
  22: page22,
  30: page30,
  33: page33,
  35: page35,
  36: page36,
  38: page38,
  40: page40,
  41: page41,
} satisfies Record<ChannelId, PageModule>;

/**
 * The page module of a channel: one of the 12, or a legacy channel 0–4 (operations of the older
 * dialects, checkout/legacy-page.ts); 17's page is the fallback.
 */
export function moduleFor(channel: number): PageModule {
  if (isChannelId(channel)) return checkoutPages[channel];
  return isLegacyChannel(channel) ? legacyPage : page17;
}
