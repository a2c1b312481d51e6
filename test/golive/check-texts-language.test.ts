import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECK_IDS } from '../../server/contract/checks.js';
import { CHECK_TEXTS } from '../../server/domain/golive/texts.js';

const dictionary = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../renderer/src/i18n/${lang}.json`, import.meta.url), 'utf8')) as Record<string, string>;

describe("go-live check titles and advice in the console's language", () => {
  it('the console words every check in English exactly as the report does, and in Spanish', () => {
    const en = dictionary('en');
    const es = dictionary('es');
    for (const id of CHECK_IDS) {
      for (const part of ['title', 'advice'] as const) {
        const key = `golive.check.${id}.${part}`;
        expect(en[key], key).toBe(CHECK_TEXTS[id][part]);
        expect(es[key], key).toBeTruthy();
        expect(es[key], key).not.toBe(en[key]);
      }
    }
  });
});
