/*
 * Card numbers in one place: the check digit, the scheme and masking, used by channel 36's card form
 * and by the card extras of notifications. Brands are lower case, as in
 * resources/test-values/cards.json (what the card form stores and notifications send).
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'diners' | 'other';

/** The Luhn check digit of a string of digits. */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Card scheme by number prefix (Mastercard's 2-series is 2221-2720); separators are ignored. */
export function brandOf(number: string): CardBrand {
  const d = number.replace(/\D/g, '');
  if (/^3[47]/.test(d)) return 'amex';
  if (/^3(0[0-5]|[68])/.test(d)) return 'diners';
  if (/^4/.test(d)) return 'visa';
  if (/^(5[1-5]|2(22[1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(d)) return 'mastercard';
  return 'other';
}

/** First six and last four digits of a full card number (12-19 digits); anything else (already masked) stays as it is. */
export const maskCard = (s: string): string => {
  const d = s.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(d) ? `${d.slice(0, 6)}${'*'.repeat(d.length - 10)}${d.slice(-4)}` : d;
};

/** All but the last four characters masked (at most 12 stars). */
export const maskAccount = (s: string): string => {
  const clean = s.replace(/\s+/g, '');
  return clean.length <= 4 ? clean : '*'.repeat(Math.min(clean.length - 4, 12)) + clean.slice(-4);
};
