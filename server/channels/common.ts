import { createHash } from 'node:crypto';
import { fieldWarning } from '../contract/warnings.js';
import { qrPng } from './qr-png.js';
import { SandboxError } from '../contract/errors.js';
import type { MethodInput, MethodResult, ShopperFieldRule } from './types.js';

/** Shorthands for the service's shopper table. */
export const len = (max: number): ShopperFieldRule => ({ max });
export const documented = (max: number, ...values: string[]): ShopperFieldRule => ({ max, values });
export const oneOf = (max: number, ...values: string[]): ShopperFieldRule => ({ max, values, strict: true });

/** filter_by sent more than once, or as a list, is "more than one value" (INVALID_FILTER_BY). */
export function singleFilter(input: MethodInput): string | undefined {
  if (input.filterRepeated || (input.filterBy !== undefined && /[,;|\s]/.test(input.filterBy.trim()))) {
    throw new SandboxError('INVALID_FILTER_BY', 'filter_by takes one value only');
  }
  const v = input.filterBy?.trim();
  return v === '' ? undefined : v;
}

/** Channels without a documented filter_by / user_bank_code: values sent are ignored, with a warning. */
export function noMethod(input: MethodInput): MethodResult {
  if (input.filterBy) input.warnings.push(fieldWarning('filter_by_not_on_channel', 'filter_by', input.filterBy));
  if (input.userBankCode) input.warnings.push(fieldWarning('user_bank_code_not_on_this_channel', 'user_bank_code', input.userBankCode));
  return { method: null, userBankCode: null };
}

/** An optional filter_by from a fixed list; anything else is INVALID_FILTER_BY listing the list. */
export const optionalFilter =
  (values: () => Iterable<string>) =>
  (input: MethodInput): MethodResult => {
    const v = singleFilter(input);
    if (input.userBankCode) input.warnings.push(fieldWarning('user_bank_code_not_on_this_channel', 'user_bank_code', input.userBankCode));
    if (v === undefined) return { method: null, userBankCode: null };
    const list = [...values()];
    if (!list.includes(v))
      throw new SandboxError('INVALID_FILTER_BY', `filter_by "${v.slice(0, 40)}" is not supported; use one of ${list.join(', ')}`);
    return { method: v, userBankCode: null };
  };

/** A short numeric reference derived from the checkout token (stable, so pages and tests agree). */
export function numericReference(token: string, digits: number, salt = ''): string {
  const h = createHash('sha256')
    .update(salt + token)
    .digest();
  let s = '';
  for (let i = 0; s.length < digits; i++) s += String(h[i % h.length]! % 10);
  return s;
}

/** A cash voucher's reference: `digits` long, derived from the token (creation and the page agree). */
export const voucherReferenceOf = (token: string, digits: number): string => numericReference(token, digits, 'voucher');

/** A QR code PNG as a data URI (scannable; quiet zone kept). */
export const qrDataUri = async (text: string): Promise<string> => `data:image/png;base64,${qrPng(text).toString('base64')}`;

const qrCache = new Map<string, Promise<string>>();
const QR_CACHE_MAX = 256;

/**
 * The same, cached by payload: rendering a PNG costs milliseconds, and fixed sample payloads
 * (channel 17's instant QR) repeat, so the benchmarked creation path renders each one once.
 */
export function cachedQrDataUri(text: string): Promise<string> {
  let hit = qrCache.get(text);
  if (!hit) {
    if (qrCache.size >= QR_CACHE_MAX) qrCache.delete(qrCache.keys().next().value!);
    hit = qrDataUri(text);
    qrCache.set(text, hit);
    hit.catch(() => qrCache.delete(text));
  }
  return hit;
}

/** The same PNG as bare base64 (channel 35's `qr_image`). */
export const qrBase64 = async (text: string): Promise<string> => (await qrDataUri(text)).replace(/^data:image\/png;base64,/, '');

const tlv = (id: string, value: string) => id + String(value.length).padStart(2, '0') + value;

/** CRC-16/CCITT-FALSE, the checksum of EMV merchant-presented QR payloads. */
function crc16(s: string): string {
  let crc = 0xffff;
  for (const b of Buffer.from(s, 'utf8')) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * A sample EMV-style merchant-presented QR payload (fixed sandbox values, the operation's amount
 * and reference), so a banking app's scanner reads a plausible code.
 */
export function sampleQrPayload(opts: {
  scheme: string;
  merchantName: string;
  city: string;
  country: string;
  currencyNumeric: string;
  amount: string;
  reference: string;
}): string {
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', tlv('00', opts.scheme) + tlv('01', 'SANDBOX0001')) +
    tlv('52', '0000') +
    tlv('53', opts.currencyNumeric) +
    tlv('54', opts.amount) +
    tlv('58', opts.country) +
    tlv('59', opts.merchantName.slice(0, 25)) +
    tlv('60', opts.city) +
    tlv('62', tlv('05', opts.reference.slice(0, 25))) +
    '6304';
  return body + crc16(body);
}
