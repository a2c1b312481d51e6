import en from '../i18n/en.json';
import es from '../i18n/es.json';

export type Lang = 'en' | 'es';
export type Vars = Record<string, string | number>;
const dictionaries: Record<Lang, Record<string, string>> = { en, es };
const pluralRules: Record<Lang, Intl.PluralRules> = { en: new Intl.PluralRules('en'), es: new Intl.PluralRules('es') };

/**
 * The text of `key` in `lang` (English when the language lacks it; the key itself when both do).
 *
 * Plurals: a key written in the dictionaries as `key.one` and `key.other` (and any other CLDR form
 * the language has, such as Spanish `key.many`) is chosen by the number in `vars.n`, so callers
 * write `t('replay.driftCount', { n })` and read "1 diferencia", "2 diferencias". A form the
 * language lacks falls back to `.other`.
 */
export function translate(lang: Lang, key: string, vars?: Vars): string {
  const text = lookup(lang, pluralKey(lang, key, vars?.n)) ?? lookup(lang, key);
  if (text === undefined) {
    if (import.meta.env?.DEV) console.warn(`[i18n] missing key ${key}`);
    return fill(key, vars);
  }
  return fill(text, vars);
}

/** Whether the dictionaries have a text for `key` (plain or plural), for texts worded from a code the server may extend. */
export const hasText = (key: string): boolean => key in en || isPluralKey(key);

/** Whether `key` names plural forms (`key.one` and `key.other` exist) rather than one text. */
export const isPluralKey = (key: string): boolean => `${key}.one` in en && `${key}.other` in en;

function pluralKey(lang: Lang, key: string, n: string | number | undefined): string {
  if (typeof n !== 'number' || !isPluralKey(key)) return key;
  const form = `${key}.${pluralRules[lang].select(n)}`;
  return form in dictionaries[lang] || form in en ? form : `${key}.other`;
}

const lookup = (lang: Lang, key: string): string | undefined => dictionaries[lang][key] ?? dictionaries.en[key];

const fill = (text: string, vars?: Vars): string =>
  vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (vars[name] !== undefined ? String(vars[name]) : m)) : text;
