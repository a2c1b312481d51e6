import { useLang } from '../app/i18n';

/**
 * The locale dates are written in: the browser's own when it speaks the console's language (es-MX
 * writes 27/11/26, en-GB 27/11/2026), else the console's language itself, so a Spanish console in an
 * English browser does not write "11/27/26, 6:58 AM".
 */
export function consoleLocale(): string {
  const lang = useLang.getState().lang;
  const own = typeof navigator === 'undefined' ? [] : navigator.languages;
  return own.find((l) => l.toLowerCase().split('-')[0] === lang) ?? lang;
}

/** Sandbox times are ISO UTC; the console shows them in the operator's local time, seconds included. */
export const fmtTime = (iso: string | null | undefined) => {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(consoleLocale(), { dateStyle: 'short', timeStyle: 'medium' });
};

/** The time of day of an ISO time (or epoch ms), in the console's locale. */
export const fmtClock = (at: string | number) => new Date(at).toLocaleTimeString(consoleLocale());

export const fmtAmount = (amount: string | number, currency?: string) => `${amount}${currency ? ' ' + currency : ''}`;

/** `2d 03:04:05` style remaining time; negative means past. */
export function fmtDuration(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  let s = Math.floor(Math.abs(ms) / 1000);
  const d = Math.floor(s / 86400);
  s -= d * 86400;
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${sign}${d ? d + 'd ' : ''}${pad(h)}:${pad(m)}:${pad(s)}`;
}
