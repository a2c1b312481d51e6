import { create } from 'zustand';
import en from '../i18n/en.json';
import es from '../i18n/es.json';

export type Lang = 'en' | 'es';
const dictionaries: Record<Lang, Record<string, string>> = { en, es };
const STORAGE_KEY = 'pasarela.lang';

function initialLang(): Lang {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved === 'en' || saved === 'es') return saved;
  return navigator.language.toLowerCase().startsWith('es') ? 'es' : 'en';
}

interface LangState {
  lang: Lang;
  setLang: (lang: Lang) => void;
}

export const useLang = create<LangState>((set) => ({
  lang: initialLang(),
  setLang: (lang) => {
    localStorage.setItem(STORAGE_KEY, lang);
    document.documentElement.lang = lang;
    set({ lang });
  },
}));

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** Looks a key up in the language, then English; a missing key shows itself (and warns in dev). */
export function translate(lang: Lang, key: string, vars?: Record<string, string | number>): string {
  let text = dictionaries[lang][key] ?? dictionaries.en[key];
  if (text === undefined) {
    if (import.meta.env.DEV) console.warn(`[i18n] missing key ${key}`);
    text = key;
  }
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (vars[name] !== undefined ? String(vars[name]) : m));
}

export function useT(): Translate {
  const lang = useLang((s) => s.lang);
  return (key, vars) => translate(lang, key, vars);
}
