import { numericReference } from '../channels/common.js';
import { bankList } from '../channels/banks.js';
import { brandOf, maskAccount, maskCard } from '../channels/card.js';
import { readDetails, readTransitionDetails, type OperationDetails } from '../contract/operation-details.js';
import { rulesOf } from '../channels/registry.js';
import type { PaymentFamily } from '../channels/types.js';
import type { DeliveryMerchant } from '../store/notifications.js';
import type { OperationRecord } from '../store/operations.js';

/*
 * Channel extras of a payment notification (the service sends some but does not document
 * them, so the sandbox chooses one small set per payment family and documents it in
 * docs/notifications.md). The family and fallback bank come from the channel's registry entry
 * (channels/chNN.ts `notification`); values from the transition's details, then the typed
 * operation.details (channels/details.ts: what creation and the checkout page stored), then a
 * deterministic fallback, so a merchant's parser always sees every field of its family.
 */

export type { PaymentFamily };

/** Methods (stored filter_by, or what the shopper chose on a multi-method checkout) that change the family. */
const METHOD_FAMILY: Record<string, PaymentFamily> = {
  card: 'card',
  cash: 'cash',
  link: 'cash',
  bank: 'bank_transfer',
  bank_account: 'bank_transfer',
  bankredirect: 'bank_transfer',
  pse: 'bank_transfer',
  wallet_push: 'wallet',
  wallet: 'wallet',
};

const BANK_LISTS = ['chile-ch5.json', 'chile-ch11-institutions.json', 'colombia-ch17-bank-codes.json'] as const;

/** A bank code (cl_…, user_bank_code) as its name from the shipped bank lists; other text as it is. */
function bankName(value: string): string {
  try {
    for (const file of BANK_LISTS) {
      const hit = bankList(file).find((b) => b.code === value);
      if (hit) return hit.name;
    }
  } catch {
    // A missing or broken list must not stop a notification: keep the code.
  }
  return value;
}

const FALLBACK_WALLET = 'Billetera Sandbox';

/** First non-blank value, trimmed. */
const first = (...values: (string | null | undefined)[]): string | undefined => values.map((v) => v?.trim()).find((v) => !!v);

/** Stable digits derived from the operation, so every attempt and resend carries the same value. */
const digits = (op: OperationRecord, salt: string, n: number): string => numericReference(`${op.id}:${op.token}`, n, `${salt}:`);

/** The payment family of an operation: what the shopper chose on the page, else its stored method, else the channel's. */
function paymentFamily(op: OperationRecord, d: OperationDetails): PaymentFamily {
  const chosen = first(d.checkout?.method, op.method) ?? '';
  return METHOD_FAMILY[chosen.toLowerCase()] ?? rulesOf(op.channel)?.notification.family ?? 'bank_transfer';
}

/** The extras of one operation's notification; see docs/notifications.md for the table. */
export function channelExtras(
  op: OperationRecord,
  merchant: Pick<DeliveryMerchant, 'clabe'>,
  transitionDetails: Record<string, unknown> = {},
): Record<string, string> {
  const t = readTransitionDetails(transitionDetails);
  const d = readDetails(op.details);
  const rules = rulesOf(op.channel);
  switch (paymentFamily(op, d)) {
    case 'card': {
      const number = first(t.masked_number, d.card?.masked_number) ?? '4111111111111111';
      return {
        payment_method: 'card',
        card_number: maskCard(number),
        card_brand: first(t.brand, d.card?.brand) ?? brandOf(number),
        authorization_number:
          first(t.authorization_code, d.card?.authorization_code, d.card_charge?.authorization_code) ?? digits(op, 'auth', 6),
      };
    }
    case 'cash':
      return {
        payment_method: 'cash',
        voucher_reference: first(d.voucher_reference, d.payment_reference) ?? `SBX${digits(op, 'voucher', 10)}`,
      };
    case 'wallet': {
      const shopperPhone = typeof op.shopper.Phone === 'string' ? op.shopper.Phone : undefined;
      return {
        payment_method: 'wallet',
        wallet_name: FALLBACK_WALLET,
        wallet_account: maskAccount(first(d.checkout?.phone, shopperPhone) ?? digits(op, 'wallet', 10)),
      };
    }
    case 'bank_transfer': {
      const recorded = first(t.bank, d.checkout?.bank, d.bank, d.institution, d.bank_channel, op.user_bank_code);
      const bank = recorded ? bankName(recorded) : (rules?.notification.fallbackBank ?? 'Banco Sandbox');
      const account = first(t.account, d.checkout?.account) ?? (rules?.spei?.clabe ? merchant.clabe : digits(op, 'account', 12));
      return { payment_method: 'bank_transfer', bank_name: bank, bank_account: maskAccount(account) };
    }
  }
}
