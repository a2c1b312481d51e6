import { z } from 'zod';
import { isRecord as isObject } from './common.js';

/**
 * The test-values catalogue speaks English and Spanish: a key whose value a reader reads (`message`,
 * `outcome`, `error_inputs`) has a sibling with this suffix holding the same in Spanish
 * (`message_es`, `outcome_es`, `error_inputs_es`), so API clients keep the English keys as they were
 * and the console shows the one of its language.
 */
export const SPANISH_SUFFIX = '_es';

/** Keys holding names (banks, account types, document types): the same in both languages. */
const NAME_KEYS: ReadonlySet<string> = new Set(['name', 'label', 'bank_name', 'aliases']);

/** A text a reader reads: two words or more, one of them in lower case (not a code, a number or a value to copy). */
const isProse = (s: string): boolean => /\S\s+\S/.test(s) && /[a-z]{2,}/.test(s);

/** The shape two values share when one is the other's Spanish: arrays of the same length, objects with the same keys. */
function sameShape(en: unknown, es: unknown): boolean {
  if (Array.isArray(en)) return Array.isArray(es) && es.length === en.length && en.every((x, i) => sameShape(x, es[i]));
  if (isObject(en))
    return isObject(es) && Object.keys(en).join() === Object.keys(es).join() && Object.keys(en).every((k) => sameShape(en[k], es[k]));
  return typeof en === typeof es;
}

/**
 * Where a catalogue file lacks Spanish: the path of every prose text that no `_es` sibling covers
 * (of its own key or of a key around it), and of every `_es` value shaped unlike its English one.
 */
export function untranslated(v: unknown, path = '', covered = false): string[] {
  if (typeof v === 'string') return covered || !isProse(v) ? [] : [path];
  if (Array.isArray(v)) return v.flatMap((x, i) => untranslated(x, `${path}[${i}]`, covered));
  if (!isObject(v)) return [];
  return Object.entries(v).flatMap(([k, x]) => {
    if (NAME_KEYS.has(k) || k.endsWith(SPANISH_SUFFIX)) return [];
    const es = v[k + SPANISH_SUFFIX];
    const here = `${path}.${k}`;
    if (es !== undefined && !sameShape(x, es)) return [`${here}${SPANISH_SUFFIX} (not shaped as ${here})`];
    return untranslated(x, here, covered || es !== undefined);
  });
}

/** One file of resources/test-values: a JSON object whose every prose text also reads in Spanish. */
export const TestValuesFileSchema = z.record(z.string(), z.unknown()).superRefine((file, ctx) => {
  for (const path of untranslated(file)) ctx.addIssue({ code: 'custom', message: `${path} has no Spanish text (${SPANISH_SUFFIX})` });
});
