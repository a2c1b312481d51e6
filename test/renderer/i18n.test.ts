import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPluralKey, translate } from '../../renderer/src/app/translate';
import { CONSOLE_ROOT as ROOT, consoleSources } from './sources.js';

const dictionary = (lang: string) => JSON.parse(readFileSync(join(ROOT, 'i18n', `${lang}.json`), 'utf8')) as Record<string, string>;
const en = dictionary('en');
const es = dictionary('es');

/** Every literal key passed to the translate function `t('…')`; template keys (`t(\`…${x}\`)`) are dynamic and skipped. */
const usedKeys = () => {
  const keys = new Map<string, string>();
  for (const file of consoleSources()) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*(['"])([^'"]+)\1/g)) keys.set(m[2]!, file.slice(ROOT.length + 1));
  }
  return keys;
};

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('console texts (i18n)', () => {
  it('English and Spanish have the same keys', () => {
    expect(
      Object.keys(es).filter((k) => !(k in en)),
      'only in es.json',
    ).toEqual([]);
    expect(
      Object.keys(en).filter((k) => !(k in es)),
      'only in en.json',
    ).toEqual([]);
  });

  it('no text is empty, and both languages use the same {placeholders}', () => {
    for (const [k, v] of Object.entries(en)) {
      expect(v.trim(), `en ${k}`).not.toBe('');
      expect(es[k]?.trim(), `es ${k}`).not.toBe('');
      expect(placeholders(es[k] ?? ''), `placeholders of ${k}`).toEqual(placeholders(v));
    }
  });

  it('every literal key the console uses exists', () => {
    const used = usedKeys();
    expect(used.size).toBeGreaterThan(100); // the scan works: the console uses hundreds of keys
    const missing = [...used].filter(([k]) => !(k in en) && !isPluralKey(k)).map(([k, file]) => `${k} (${file})`);
    expect(missing).toEqual([]);
  });

  it('every plural text has its "one" and "other" forms in both languages, counting {n}', () => {
    const families = new Set([...Object.keys(en), ...Object.keys(es)].flatMap((k) => (k.endsWith('.one') ? [k.slice(0, -4)] : [])));
    expect(families.size).toBeGreaterThan(5);
    for (const f of families) {
      for (const dict of [en, es]) {
        expect(dict[`${f}.one`], `${f}.one`).toBeDefined();
        expect(dict[`${f}.other`], `${f}.other`).toBeDefined();
      }
      expect(en[`${f}.other`], f).toContain('{n}');
      expect(f in en, `${f} is also a plain key`).toBe(false);
    }
  });

  it('picks the plural form from {n}: one, other, and Spanish "many" falling back to other', () => {
    expect(translate('es', 'notif.attempts', { n: 1 })).toBe('1 intento');
    expect(translate('es', 'notif.attempts', { n: 2 })).toBe('2 intentos');
    expect(translate('es', 'notif.attempts', { n: 0 })).toBe('0 intentos');
    expect(translate('es', 'notif.attempts', { n: 1_000_000 })).toBe('1000000 intentos');
    expect(translate('en', 'notif.attempts', { n: 1 })).toBe('1 attempt');
    expect(translate('en', 'scn.progress', { done: 1, n: 3 })).toBe('1 of 3 steps run');
    expect(translate('es', 'bundle.existing', { n: 1 })).toBe('1 ya estaba');
    expect(translate('es', 'operations.shown', { n: 1, more: '' })).toBe('1 mostrada');
    expect(translate('es', 'clock.failedAttempts', { n: 1 })).toBe('1 intento fallido');
    expect(translate('es', 'scn.passedCount', { n: 2 })).toBe('2 superados');
    // A text counting several things is put together from one plural text per count.
    const summary = translate('es', 'clock.summary', {
      minutes: 60,
      steps: translate('es', 'clock.steps', { n: 1 }),
      delivered: translate('es', 'clock.delivered', { n: 0 }),
      failed: translate('es', 'clock.failedAttempts', { n: 1 }),
      seconds: '0.1',
    });
    expect(summary).toBe('Adelantado 60 min en 1 paso: 0 entregados, 1 intento fallido (0.1 s)');
    // A plain key is untouched by n.
    expect(translate('es', 'faults.clearWarning', { n: 1 })).toMatch(/^¿Quitar la regla de fallo\?/);
  });
});
