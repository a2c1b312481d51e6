import { PNG } from 'pngjs';
import QRCode from 'qrcode';

/** Pixels per module, and modules of quiet zone around the code. */
const SCALE = 5;
const MARGIN = 2;
const PNG_OPTIONS = { colorType: 0, inputColorType: 0, inputHasAlpha: false, bitDepth: 8 } as const;

/**
 * A QR code (error correction M) as an 8-bit grayscale PNG. qrcode's own PNG renderer writes RGBA
 * and picks a row filter per row: 3.5 KB of base64 for channel 17's instant QR, carried in the
 * answer, the operation row and the request log. Grayscale with the "up" filter, under which the
 * repeated pixel rows of each module row compress to almost nothing, is 1.9 KB with the same
 * modules, scale and quiet zone. Scannable: test/payments/direct.test.ts decodes it.
 */
export function qrPng(text: string): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const side = (n + 2 * MARGIN) * SCALE;
  const pixels = Buffer.alloc(side * side, 255);
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (!modules.get(row, col)) continue;
      const x = (col + MARGIN) * SCALE;
      for (let dy = 0; dy < SCALE; dy++) {
        const start = ((row + MARGIN) * SCALE + dy) * side + x;
        pixels.fill(0, start, start + SCALE);
      }
    }
  }
  const png = new PNG({ width: side, height: side, ...PNG_OPTIONS });
  png.data = pixels;
  return PNG.sync.write(png, { ...PNG_OPTIONS, filterType: 2, deflateLevel: 9 });
}
