import { SandboxError } from '../contract/errors.js';
import { fieldWarning, type Warning } from '../contract/warnings.js';
import type { ExpiryInput } from './types.js';

/** Ten years: a longer time_expired is certainly a mistake (and would overflow dates). */
export const MAX_TIME_EXPIRED = 10 * 365 * 24 * 60;

/** Reads time_expired as a whole number of minutes (sign allowed: clamping policies adjust it). */
export function readMinutes(raw: string): number {
  if (!/^-?\d{1,12}$/.test(raw)) {
    throw new SandboxError('INVALID_TIME', `time_expired must be a whole number of minutes (got "${raw.slice(0, 40)}")`);
  }
  const n = Number(raw);
  if (n > MAX_TIME_EXPIRED) throw new SandboxError('INVALID_TIME', `time_expired ${n} is more than ${MAX_TIME_EXPIRED} minutes (10 years)`);
  return n;
}

const positive = (n: number): number => {
  if (n < 1) throw new SandboxError('INVALID_TIME', `time_expired must be at least 1 minute (got ${n})`);
  return n;
};

/** No rule: any positive number of minutes. */
export const plainExpiry = () => (input: ExpiryInput) => positive(readMinutes(input.raw ?? ''));

/** A documented "Minimum" expiry (channels 5, 38, 40): a smaller value is raised to it, with a warning. */
export const minimumExpiry = (min: number) => (input: ExpiryInput) => {
  const n = readMinutes(input.raw ?? '');
  if (n >= min) return n;
  input.warnings.push(fieldWarning('time_expired_raised', 'time_expired', input.raw ?? '', { min }));
  return min;
};

/** A "suggested" minimum is advice, not a rule: a smaller value only warns. `min` may depend on the method; `what` names what it is for. */
export const suggestedExpiry = (min: number | ((method: string | null) => number), what?: 'method' | 'online') => (input: ExpiryInput) => {
  const n = positive(readMinutes(input.raw ?? ''));
  const m = typeof min === 'number' ? min : min(input.method);
  if (n < m)
    input.warnings.push(
      fieldWarning(what ? `time_expired_below_suggested_${what}` : 'time_expired_below_suggested', 'time_expired', input.raw ?? '', {
        min: m,
        kept: n,
      }),
    );
  return n;
};

/** Adjusts into [min, max] with a warning when it had to (channel 17 instant methods). */
export function clampMinutes(n: number, min: number, max: number, warnings: Warning[]): number {
  const c = Math.min(max, Math.max(min, n));
  if (c !== n) warnings.push(fieldWarning('time_expired_clamped', 'time_expired', String(n), { min, max, adjusted: c }));
  return c;
}
