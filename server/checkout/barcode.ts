import { trusted, type Html } from './escape.js';

/** Interleaved 2 of 5 patterns (n = narrow, w = wide), the barcode of many cash-collection vouchers. */
const ITF: Record<string, string> = {
  '0': 'nnwwn',
  '1': 'wnnnw',
  '2': 'nwnnw',
  '3': 'wwnnn',
  '4': 'nnwnw',
  '5': 'wnwnn',
  '6': 'nwwnn',
  '7': 'nnnww',
  '8': 'wnnwn',
  '9': 'nwnwn',
};

/** One bar or gap, in narrow-module units. */
export interface Module {
  bar: boolean;
  width: number;
}

/** Encodes digits as ITF modules (a leading 0 pads odd lengths). Non-digits are dropped. */
export function itfModules(value: string, wide = 3): Module[] {
  let digits = value.replace(/\D/g, '');
  if (digits.length % 2 === 1) digits = '0' + digits;
  const w = (c: string) => (c === 'w' ? wide : 1);
  const out: Module[] = [1, 1, 1, 1].map((width, i) => ({ bar: i % 2 === 0, width }));
  for (let i = 0; i < digits.length; i += 2) {
    const bars = ITF[digits[i]!]!;
    const gaps = ITF[digits[i + 1]!]!;
    for (let k = 0; k < 5; k++) out.push({ bar: true, width: w(bars[k]!) }, { bar: false, width: w(gaps[k]!) });
  }
  out.push({ bar: true, width: wide }, { bar: false, width: 1 }, { bar: true, width: 1 });
  return out;
}

/** The barcode as inline SVG, stretched to the voucher's width. */
export function barcodeSvg(value: string): Html {
  const modules = itfModules(value);
  const total = modules.reduce((s, m) => s + m.width, 0);
  let x = 0;
  const rects: string[] = [];
  for (const m of modules) {
    if (m.bar) rects.push(`<rect x="${x}" y="0" width="${m.width}" height="60"/>`);
    x += m.width;
  }
  return trusted(
    `<svg class="barcode" data-testid="barcode" viewBox="-10 0 ${total + 20} 60" ` +
      'preserveAspectRatio="none" role="img" aria-label="Código de barras">' +
      `<g fill="#111">${rects.join('')}</g></svg>`,
  );
}
