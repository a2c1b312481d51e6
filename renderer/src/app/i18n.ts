import { create } from 'zustand';
import { translate, type Lang, type Vars } from './translate';

export { translate, type Lang } from './translate';

const STORAGE_KEY = 'pasarela.lang';

function initialLang(): Lang {
  // Outside a browser (the console's unit tests import modules that show toasts) there is no choice to read.
  if (typeof localStorage === 'undefined') return 'en';
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

/** `t(key, vars)`; plural texts pick their form from `vars.n` (see translate.ts). */
export type Translate = (key: string, vars?: Vars) => string;

export function useT(): Translate {
  const lang = useLang((s) => s.lang);
  return (key, vars) => translate(lang, key, vars);
}
