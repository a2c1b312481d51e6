import { CHANNEL_CURRENCIES, CHANNEL_PATHS } from '../contract/common.js';
import { channelDetails } from './details.js';
import { fieldWarning } from '../contract/warnings.js';
import { SandboxError } from '../contract/errors.js';
import { bankCodes, bankList } from './banks.js';
import { suggestedExpiry } from './expiry.js';
import type { ChannelRules, MethodInput, MethodResult, PrepareInput, Prepared } from './types.js';
import { CHILE_BANK_SHOPPER } from './ch5.js';

/** Channel 11: optional user_bank_code among 22 institutions; filter_by is not used. */
function institution(input: MethodInput): MethodResult {
  if (input.filterBy) input.warnings.push(fieldWarning('filter_by_use_user_bank_code', 'filter_by', input.filterBy, { channel: 11 }));
  const code = input.userBankCode?.trim() ?? '';
  if (code === '') return { method: null, userBankCode: null };
  const codes = bankCodes('chile-ch11-institutions.json');
  if (!codes.has(code)) {
    throw new SandboxError(
      'INVALID_BANK_CODE',
      `user_bank_code "${code.slice(0, 40)}" is not a supported institution; accepted: ${[...codes].join(', ')}`,
    );
  }
  return { method: null, userBankCode: code };
}

/**
 * Channel 11. Checkout page: server/checkout/ch5-ch11-page.ts;
 * notification extras: delivery/extras.ts reads `notification` and `details`.
 */
export const channel11 = {
  id: 11,
  method: 'Bank transfer',
  path: CHANNEL_PATHS[11],
  notification: { family: 'bank_transfer', rejectionNotice: false },
  details: channelDetails('institution'),
  currencies: CHANNEL_CURRENCIES[11],
  supportsDirect: false,
  shopper: CHILE_BANK_SHOPPER,
  resolveMethod: institution,
  expiry: suggestedExpiry(30),
  prepare: (p: PrepareInput): Prepared => ({
    details: p.userBankCode ? { institution: bankList('chile-ch11-institutions.json').find((b) => b.code === p.userBankCode)?.name } : {},
  }),
} satisfies ChannelRules;
