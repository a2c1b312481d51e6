import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/paths.js';
import { MAX_BYTES, pictureBytes, picturePath, PICTURES } from '../browser/screenshots.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const docsText = (): string => {
  const docs = readdirSync(join(projectRoot(), 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(projectRoot(), 'docs', f));
  return [join(projectRoot(), 'README.md'), ...docs].map((f) => readFileSync(f, 'utf8')).join('\n');
};

describe('pictures in docs/images (npm run screenshots)', () => {
  it('every picture is a PNG under 200 KB', () => {
    for (const name of PICTURES) {
      expect(existsSync(picturePath(name)), name).toBe(true);
      expect(readFileSync(picturePath(name)).subarray(0, 8).equals(PNG_SIGNATURE), name).toBe(true);
      expect(pictureBytes(name), name).toBeLessThan(MAX_BYTES);
    }
  });

  it('every picture is shown by the README or a feature document, and every picture shown exists', () => {
    const text = docsText();
    for (const name of PICTURES) expect(text, name).toContain(`images/${name}`);
    for (const m of text.matchAll(/images\/([\w.-]+\.png)/g)) expect(PICTURES, m[1]).toContain(m[1]);
  });
});
