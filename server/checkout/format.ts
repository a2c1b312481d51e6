/* How a checkout page and its PDF voucher show amounts and names to the shopper. */

const LOCALES: Record<string, string> = {
  CLP: 'es-CL',
  COP: 'es-CO',
  MXN: 'es-MX',
  PEN: 'es-PE',
  USD: 'en-US',
  CRC: 'es-CR',
  GTQ: 'es-GT',
  HNL: 'es-HN',
};
const SYMBOLS: Record<string, string> = { PEN: 'S/', CRC: '₡', GTQ: 'Q', HNL: 'L' };

/** Shopper-facing amount: grouped digits, cents shown whenever the currency uses them or they are not zero. */
export function formatAmount(amount: string, currency: string): string {
  const n = Number(amount);
  if (!Number.isFinite(n)) return `${amount} ${currency}`;
  const cents = !['CLP', 'COP'].includes(currency) || Math.round(n * 100) % 100 !== 0;
  const digits = new Intl.NumberFormat(LOCALES[currency] ?? 'es', {
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: cents ? 2 : 0,
  }).format(n);
  return `${SYMBOLS[currency] ?? '$'} ${digits} ${currency}`;
}
