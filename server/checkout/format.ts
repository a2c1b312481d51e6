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

/** Where the shopper of each currency pays in cash, for the voucher's deadline (the sandbox clock runs on UTC). */
const TIME_ZONES: Record<string, { zone: string; city: readonly [es: string, en: string] }> = {
  CLP: { zone: 'America/Santiago', city: ['Santiago', 'Santiago'] },
  COP: { zone: 'America/Bogota', city: ['Bogotá', 'Bogotá'] },
  MXN: { zone: 'America/Mexico_City', city: ['Ciudad de México', 'Mexico City'] },
  PEN: { zone: 'America/Lima', city: ['Lima', 'Lima'] },
  CRC: { zone: 'America/Costa_Rica', city: ['San José', 'San José'] },
  GTQ: { zone: 'America/Guatemala', city: ['Guatemala', 'Guatemala City'] },
  HNL: { zone: 'America/Tegucigalpa', city: ['Tegucigalpa', 'Tegucigalpa'] },
};

/**
 * A deadline as the shopper reads it: the local time of the currency's country, with its offset and
 * city ("27 nov 2026, 14:30 GMT-6 (Ciudad de México)"); UTC for a currency without one country.
 */
export function formatDeadline(epochMs: number, currency: string, lang: 'es' | 'en'): string {
  const where = TIME_ZONES[currency];
  const locale = lang === 'en' ? 'en-GB' : (LOCALES[currency] ?? 'es');
  const text = new Intl.DateTimeFormat(locale, {
    timeZone: where?.zone ?? 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(new Date(epochMs));
  return where ? `${text} (${where.city[lang === 'en' ? 1 : 0]})` : text;
}
