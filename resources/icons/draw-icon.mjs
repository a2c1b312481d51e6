// Draws the app icon (a payment card on a teal-to-indigo tile) at every size the installers need,
// and packs the same pixels into icon.ico (Windows) and icon.icns (macOS). Both formats accept PNG
// entries, so no image tool is needed. Run: node resources/icons/draw-icon.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

const here = dirname(fileURLToPath(import.meta.url));
const SS = 4; // supersampling per axis, for smooth edges

/** Inside a rounded rectangle given in unit coordinates (0..1). */
function inRoundRect(x, y, [x0, y0, x1, y1], r) {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t);

/** Colour (RGBA 0..255) of one sample point. */
function sample(x, y) {
  if (!inRoundRect(x, y, [0.03, 0.03, 0.97, 0.97], 0.2)) return [0, 0, 0, 0];
  let c = [...mix([20, 184, 166], [55, 48, 163], (x + y) / 2), 255];
  const card = [0.17, 0.29, 0.83, 0.71];
  const shadow = [card[0] + 0.015, card[1] + 0.03, card[2] + 0.015, card[3] + 0.03];
  if (inRoundRect(x, y, shadow, 0.06)) c = [...mix(c.slice(0, 3), [0, 0, 0], 0.3), 255];
  if (inRoundRect(x, y, card, 0.06)) {
    c = [248, 250, 252, 255];
    if (y > 0.37 && y < 0.45) c = [30, 41, 59, 255]; // magnetic stripe
    if (inRoundRect(x, y, [0.25, 0.52, 0.37, 0.62], 0.02)) c = [234, 179, 8, 255]; // chip
    if (y > 0.57 && y < 0.61 && x > 0.45 && x < 0.75) c = [148, 163, 184, 255]; // number line
  }
  return c;
}

function draw(size) {
  const png = new PNG({ width: size, height: size });
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const c = sample((px + (sx + 0.5) / SS) / size, (py + (sy + 0.5) / SS) / size);
          // Premultiplied accumulation keeps transparent edges from darkening.
          for (let i = 0; i < 3; i++) acc[i] += (c[i] * c[3]) / 255;
          acc[3] += c[3];
        }
      }
      const n = SS * SS;
      const a = acc[3] / n;
      const o = (py * size + px) * 4;
      for (let i = 0; i < 3; i++) png.data[o + i] = a > 0 ? Math.round(((acc[i] / n) * 255) / a) : 0;
      png.data[o + 3] = Math.round(a);
    }
  }
  return PNG.sync.write(png);
}

/** ICO with PNG-compressed entries (supported since Windows Vista). */
function ico(entries) {
  const header = Buffer.alloc(6 + 16 * entries.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(entries.length, 4);
  let offset = header.length;
  entries.forEach(({ size, png }, i) => {
    const e = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, e); // 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, e + 1);
    header.writeUInt16LE(1, e + 4); // colour planes
    header.writeUInt16LE(32, e + 6); // bits per pixel
    header.writeUInt32LE(png.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...entries.map((x) => x.png)]);
}

/** ICNS with PNG entries: ic07 128, ic08 256, ic09 512 (the types macOS reads as PNG). */
function icns(entries) {
  const types = { 128: 'ic07', 256: 'ic08', 512: 'ic09' };
  const chunks = entries.map(({ size, png }) => {
    const head = Buffer.alloc(8);
    head.write(types[size], 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

const sizes = [16, 32, 48, 128, 256, 512];
const pngs = Object.fromEntries(sizes.map((s) => [s, draw(s)]));
for (const s of [256, 512]) writeFileSync(join(here, `${s}x${s}.png`), pngs[s]);
writeFileSync(join(here, 'icon.ico'), ico([16, 32, 48, 256].map((size) => ({ size, png: pngs[size] }))));
writeFileSync(join(here, 'icon.icns'), icns([128, 256, 512].map((size) => ({ size, png: pngs[size] }))));
console.log(`icons written to ${here}`);
