import type { Warning } from '../../contract/warnings.js';
import { channelRules } from '../../channels/registry.js';
import { emailDomain } from '../../channels/shopper-email.js';
import { parseShopper, shopperCode, validateShopper } from '../../channels/shopper.js';
import { SandboxError } from '../../contract/errors.js';
import type { MerchantRecord } from '../../store/merchants.js';
import { checkBlacklist, checkCurrency, checkLengths, checkReturnUrl, readAmount, readChannel, readTime } from '../creation-checks.js';
import { checkShopperNotBracketed } from '../creation-fields.js';

/**
 * The refusal a creation refused for its signature would meet once signed right, so a developer
 * fixes both at once: the checks that follow the signature, in the creation's order, on the values
 * as sent. Check-only: nothing is stored and no e-mail domain is looked up. Null when none of these
 * checks refuses it.
 */
export function nextProblem(merchant: MerchantRecord, f: Record<string, string>): { code: string; message: string } | null {
  const warnings: Warning[] = [];
  try {
    if (!merchant.enabled) throw new SandboxError('MERCHANT_DISABLED', 'the merchant account is not active');
    const channel = readChannel(f.channel ?? '', merchant);
    const rules = channelRules(channel);
    checkCurrency(f.currency ?? '', channel, merchant);
    readAmount(f.amount ?? '', {
      wholeAmounts: rules.wholeAmounts ?? false,
      minAmount: rules.minAmount,
      maxAmount: merchant.max_amount,
      warnings,
    });
    readTime(f.time ?? '', warnings);
    checkReturnUrl('url_ok', f.url_ok ?? '', merchant.allow_http_localhost);
    checkReturnUrl('url_error', f.url_error ?? '', merchant.allow_http_localhost);
    checkLengths(f);
    checkShopperNotBracketed(f);
    const shopper = validateShopper(
      rules.shopper,
      parseShopper(f.shopper_information, rules.shopper.fields.address ? ['address'] : []),
      f.filter_by,
      warnings,
    );
    if (!emailDomain(shopper.email ?? ''))
      throw new SandboxError(
        shopperCode(rules.shopper, 'email'),
        `shopper_information.email "${(shopper.email ?? '').slice(0, 60)}" is not a valid e-mail address`,
      );
    checkBlacklist(shopper.Num_doc_identi, merchant);
    return null;
  } catch (err) {
    if (err instanceof SandboxError) return { code: err.code, message: err.message };
    return null;
  }
}
