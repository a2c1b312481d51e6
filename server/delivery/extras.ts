import { createHash } from 'node:crypto';
import { bankList } from '../channels/banks.js';
import { isChannelId, type ChannelId } from '../contract/common.js';
import type { DeliveryMerchant } from '../store/notifications.js';
import type { OperationRecord } from '../store/operations.js';

/*
 * Channel extras of a payment notification (contract §4 "plus channel extras"; the spec does not show
 * them, so the sandbox chooses one small set per payment family and documents it in
 * docs/notifications.md). Values come from the transition's details, then operation.details (where
 * the checkout and creation code store what the shopper did), then a deterministic fallback, so a
 * merchant's parser always sees every field of its family.
 */

export type PaymentFamily = 'bank_transfer' | 'card' | 'cash' | 'wallet';

/** The family of each channel when the method does not say otherwise (spec's channel table). */
const CHANNEL_FAMILY: Record<ChannelId, PaymentFamily> = {
  5: 'bank_transfer',
  11: 'bank_transfer',
  16: 'cash',
  17: 'bank_transfer',
  22: 'wallet',
  30: 'bank_transfer',
  33: 'bank_transfer',
  35: 'bank_transfer',
  36: 'card',
  38: 'cash',
  40: 'bank_transfer',
  41: 'bank_transfer',
};

/** Methods (stored filter_by, or what the shopper chose on a multi-method checkout) that change the family. */
const METHOD_FAMILY: Record<string, PaymentFamily> = {
  card: 'card',
  cash: 'cash',
  link: 'cash',
  bank_account: 'bank_transfer',
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

/** Names shown when nothing recorded a bank or wallet. */
const FALLBACK_BANK: Partial<Record<ChannelId, string>> = { 41: 'SPEI', 40: 'Banco QR Sandbox', 35: 'Banca Sandbox Perú' };
const FALLBACK_WALLET = 'Billetera Sandbox';

type Bag = Record<string, unknown>;
const isBag = (v: unknown): v is Bag => typeof v === 'object' && v !== null && !Array.isArray(v);

/** First non-empty string (or number) at any of the dotted paths, searched in each source in turn. */
function pick(sources: Bag[], paths: string[]): string | undefined {
  for (const src of sources) {
    for (const path of paths) {
      let v: unknown = src;
      for (const key of path.split('.')) v = isBag(v) ? v[key] : undefined;
      if (typeof v === 'string' && v.trim()) return v.trim();
      if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    }
  }
  return undefined;
}

/** Stable digits derived from the operation, so every attempt and resend carries the same value. */
function digits(op: OperationRecord, salt: string, n: number): string {
  const hash = createHash('sha256').update(`${salt}:${op.id}:${op.token}`).digest();
  let out = '';
  for (let i = 0; out.length < n; i++) out += String(hash[i % hash.length]! % 10);
  return out;
}

/** All but the last four characters masked. */
export const maskAccount = (s: string) => {
  const clean = s.replace(/\s+/g, '');
  return clean.length <= 4 ? clean : '*'.repeat(Math.min(clean.length - 4, 12)) + clean.slice(-4);
};

/** First six and last four digits of a full card number; an already masked number stays as it is. */
export const maskCard = (s: string) => {
  const d = s.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(d) ? `${d.slice(0, 6)}${'*'.repeat(d.length - 10)}${d.slice(-4)}` : d;
};

/** Card brand from the number's prefix (test cards use the usual ranges). */
export function cardBrand(number: string): string {
  const d = number.replace(/\D/g, '');
  if (/^4/.test(d)) return 'VISA';
  if (/^(5[1-5]|2[2-7])/.test(d)) return 'MASTERCARD';
  if (/^3[47]/.test(d)) return 'AMEX';
  if (/^3(0[0-5]|[68])/.test(d)) return 'DINERS';
  return 'CARD';
}

/** The payment family of an operation: what the shopper used, else its stored method, else the channel's. */
export function paymentFamily(op: OperationRecord, details: Bag = {}): PaymentFamily {
  const chosen = pick([details, op.details], ['payment_method', 'paid_with', 'method', 'selected_method']) ?? op.method ?? '';
  const byMethod = METHOD_FAMILY[chosen.toLowerCase()];
  if (byMethod) return byMethod;
  return isChannelId(op.channel) ? CHANNEL_FAMILY[op.channel] : 'bank_transfer';
}

/** The extras of one operation's notification; see docs/notifications.md for the table. */
export function channelExtras(op: OperationRecord, merchant: Pick<DeliveryMerchant, 'clabe'>, details: Bag = {}): Record<string, string> {
  const sources = [details, op.details];
  const family = paymentFamily(op, details);
  switch (family) {
    case 'card': {
      const number =
        pick(sources, ['masked_number', 'card.masked_number', 'card.masked', 'card.number', 'card_masked', 'masked_card', 'card_number']) ?? '4111111111111111';
      return {
        payment_method: 'card',
        card_number: maskCard(number),
        card_brand: pick(sources, ['card.brand', 'card_brand', 'brand']) ?? cardBrand(number),
        authorization_number:
          pick(sources, ['authorization_number', 'authorization_code', 'card.authorization_code', 'card_charge.authorization_code']) ?? digits(op, 'auth', 6),
      };
    }
    case 'cash':
      return {
        payment_method: 'cash',
        voucher_reference:
          pick(sources, ['voucher_reference', 'voucher.reference', 'cash.reference', 'reference', 'payment_reference']) ?? `SBX${digits(op, 'voucher', 10)}`,
      };
    case 'wallet':
      return {
        payment_method: 'wallet',
        wallet_name: pick(sources, ['wallet_name', 'wallet.name', 'wallet']) ?? FALLBACK_WALLET,
        wallet_account: maskAccount(pick(sources, ['wallet_account', 'wallet.account', 'phone']) ?? pick([op.shopper], ['Phone']) ?? digits(op, 'wallet', 10)),
      };
    case 'bank_transfer': {
      const code = op.user_bank_code;
      const recorded = pick(sources, ['bank_name', 'bank.name', 'institution', 'sender_bank', 'bank_channel', 'bank']) ?? (code ? code : undefined);
      const bank = recorded ? bankName(recorded) : ((isChannelId(op.channel) ? FALLBACK_BANK[op.channel] : undefined) ?? 'Banco Sandbox');
      const account =
        pick(sources, ['bank_account', 'bank.account', 'account_number', 'account', 'sender_account']) ??
        (op.channel === 41 ? merchant.clabe : digits(op, 'account', 12));
      return { payment_method: 'bank_transfer', bank_name: bank, bank_account: maskAccount(account) };
    }
  }
}
