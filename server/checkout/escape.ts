/**
 * HTML escaping for the checkout pages. Every value interpolated into `html` is escaped unless it
 * is already `Html` (the output of another template), so shopper and merchant data can never
 * inject markup: the one escaping rule lives here.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

const SAFE: unique symbol = Symbol('safe-html');

/** Markup that is already safe (built by `html` or from trusted generators such as the QR library). */
export interface Html {
  readonly [SAFE]: true;
  readonly value: string;
}

const safe = (value: string): Html => ({ [SAFE]: true, value });
const isHtml = (v: unknown): v is Html => typeof v === 'object' && v !== null && SAFE in v;

type Part = Html | string | number | null | undefined | false | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (isHtml(part)) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(part);
}

/** Tagged template: literal parts stay, interpolations are escaped (arrays are joined, falsy skipped). */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? '');
  return safe(out);
}

/** Marks trusted markup (generated SVG) as safe. Never pass shopper or merchant data. */
export const trusted = (markup: string): Html => safe(markup);
