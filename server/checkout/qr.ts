import QRCode from 'qrcode';
import { trusted, type Html } from './escape.js';

/** A scannable QR code as inline SVG (generated markup, no shopper text inside). */
export async function qrSvg(value: string): Promise<Html> {
  const svg = await QRCode.toString(value, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return trusted(svg.replace('<svg ', '<svg data-testid="qr" role="img" aria-label="Código QR" '));
}
