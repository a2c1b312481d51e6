import { z } from 'zod';

/*
 * A scenario's texts in more than one language. Each text carries its translations next to it
 * (the scenario's title and description at the top, each step's title and narration in the step),
 * so adding, removing or moving a step moves its translation along and nothing can fall out of line.
 * The console speaks English and Spanish; a scenario's own texts are English unless `language` says.
 */

export const SCENARIO_LANGS = ['en', 'es'] as const;
export type ScenarioLang = (typeof SCENARIO_LANGS)[number];
export const ScenarioLangSchema = z.enum(SCENARIO_LANGS);
export const isScenarioLang = (v: unknown): v is ScenarioLang => (SCENARIO_LANGS as readonly unknown[]).includes(v);

const text = (max: number) => z.string().min(1, 'a translation cannot be empty').max(max);

export const ScenarioTextsSchema = z.object({ title: text(200).optional(), description: text(10_000).optional() }).strict();
export const StepTextsSchema = z.object({ title: text(200).optional(), narration: text(5000).optional() }).strict();
export type ScenarioTexts = z.infer<typeof ScenarioTextsSchema>;
export type StepTexts = z.infer<typeof StepTextsSchema>;

/** `{ "es": { … } }`: keys are checked by `checkTranslations`, so an unknown language gets a sentence, not a bare "unrecognized key". */
export const translationsOf = <T extends z.ZodType>(texts: T) => z.record(z.string(), texts);

type Issue = { path: (string | number)[]; message: string };
interface Translatable {
  language?: ScenarioLang;
  title: string;
  description: string;
  translations?: Record<string, ScenarioTexts>;
  steps: { title?: string; narration?: string; translations?: Record<string, StepTexts> }[];
}

/**
 * The mistakes a translator makes, each refused with where it is: a language the console does not
 * speak, a translation into the scenario's own language, and a translated text the original lacks
 * (almost always a translation pasted on the wrong step).
 */
export function checkTranslations(sc: Translatable, report: (issue: Issue) => void): void {
  const own = sc.language ?? 'en';
  const check = (
    at: (string | number)[],
    translations: Record<string, object> | undefined,
    original: Record<string, string | undefined>,
  ) => {
    for (const [lang, texts] of Object.entries(translations ?? {})) {
      const path = [...at, 'translations', lang];
      if (!isScenarioLang(lang))
        report({ path, message: `"${lang}" is not a language scenarios are read in (${SCENARIO_LANGS.join(', ')})` });
      else if (lang === own)
        report({ path, message: `the texts are already in "${lang}" (the scenario's language); translate into the other language` });
      for (const key of Object.keys(texts))
        if (!original[key])
          report({ path: [...path, key], message: `there is no ${key} to translate here; give the original a ${key} first` });
    }
  };
  check([], sc.translations, { title: sc.title, description: sc.description });
  sc.steps.forEach((s, i) => check(['steps', i], s.translations, { title: s.title, narration: s.narration }));
}

/** Every text of a scenario that `lang` lacks, as paths (`steps.3.narration`); empty when complete or already in `lang`. */
export function missingTranslations(sc: Translatable, lang: ScenarioLang): string[] {
  if ((sc.language ?? 'en') === lang) return [];
  const missing: string[] = [];
  const t = sc.translations?.[lang];
  if (!t?.title) missing.push('title');
  if (sc.description && !t?.description) missing.push('description');
  sc.steps.forEach((s, i) => {
    const st = s.translations?.[lang];
    if (s.title && !st?.title) missing.push(`steps.${i}.title`);
    if (s.narration && !st?.narration) missing.push(`steps.${i}.narration`);
  });
  return missing;
}

/**
 * The scenario as read in `lang`: its texts replaced by their translations (a text left untranslated
 * stays as written), `language` set to `lang`, and the replaced originals kept as translations, so
 * the result is a scenario file saying the same in both languages. Unchanged when it has no `lang`.
 */
export function scenarioIn<S extends Translatable>(sc: S, lang: ScenarioLang): S {
  const own = sc.language ?? 'en';
  if (own === lang || (!sc.translations?.[lang] && !sc.steps.some((s) => s.translations?.[lang]))) return sc;
  const swap = <T extends Record<string, string | undefined>>(original: T, translations: Record<string, T> | undefined) => {
    const { [lang]: wanted, ...others } = translations ?? {};
    const texts = { ...original, ...defined(wanted ?? {}) };
    const kept = defined(Object.fromEntries(Object.keys(original).map((k) => [k, original[k]])));
    return { texts, translations: { ...others, ...(Object.keys(kept).length ? { [own]: kept } : {}) } };
  };
  const top = swap({ title: sc.title, description: sc.description } as ScenarioTexts, sc.translations);
  return {
    ...sc,
    language: lang,
    title: top.texts.title ?? sc.title,
    description: top.texts.description ?? sc.description,
    translations: top.translations,
    steps: sc.steps.map((s) => {
      if (s.title === undefined && s.narration === undefined) return s;
      const step = swap({ title: s.title, narration: s.narration } as StepTexts, s.translations);
      return { ...s, ...defined(step.texts), translations: step.translations };
    }),
  };
}

/** Only the keys that hold a text (a translation may give a title and leave the narration). */
function defined<T extends Record<string, string | undefined>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as T;
}

/** `?lang=` of the scenario routes: `es`, `es-MX`, `EN`… are read as their language; absent is English. */
export const ScenarioLangQuerySchema = z.object({
  lang: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase().split(/[-_]/)[0] : v),
      z.enum(SCENARIO_LANGS, { message: `one of ${SCENARIO_LANGS.join(', ')} (a region such as es-MX is read as its language)` }),
    )
    .optional()
    .describe('language of the scenario texts (title, description, step titles and narrations): en (default) or es'),
});
