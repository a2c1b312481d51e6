import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOTE_CODES, NOTE_TEXTS, noteText, type NoteDetail } from '../../server/contract/log-notes.js';
import { WARNING_CODES, WARNING_TEXTS, warningText, type WarningCode, type WarningDetail } from '../../server/contract/warnings.js';
import { isPluralKey, translate, type Lang } from '../../renderer/src/app/translate';
import { noteLines, warningLines, wordNote, wordWarning } from '../../renderer/src/app/warning-text';
import { CONSOLE_ROOT } from './sources.js';

const dictionary = (lang: Lang) => JSON.parse(readFileSync(join(CONSOLE_ROOT, 'i18n', `${lang}.json`), 'utf8')) as Record<string, string>;
const t = (lang: Lang) => (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);
const has = (dict: Record<string, string>, key: string) => key in dict || (`${key}.one` in dict && `${key}.other` in dict);

/** The names a template fills, `field` and `sent` aside. */
const names = (code: WarningCode) => {
  const text = WARNING_TEXTS[code];
  const all = typeof text === 'string' ? text : text.other;
  return [...all.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).filter((n) => n !== 'field' && n !== 'sent');
};

/** A warning of `code` with a value for each name its text fills (two countries where the rule names a list). */
function sample(code: WarningCode, extra: WarningDetail['params'] = {}): WarningDetail {
  const params: WarningDetail['params'] = {};
  for (const n of names(code)) params[n] = n === 'countries' && code === 'payout_country_ambiguous' ? ['MEX', 'COL'] : `v_${n}`;
  if (code === 'fields_unknown_more') params.n = '3';
  return { code, field: 'some_field', sent: '"zz-1"', params: { ...params, ...extra } };
}

describe('warnings and request-log notes in the console language', () => {
  it('every warning code and every note code has its text in en.json and es.json', () => {
    for (const lang of ['en', 'es'] as const) {
      const dict = dictionary(lang);
      expect(
        WARNING_CODES.filter((c) => !has(dict, `warning.${c}`)),
        `${lang}: warning codes without a text`,
      ).toEqual([]);
      expect(
        NOTE_CODES.filter((c) => !has(dict, `logNote.${c}`)),
        `${lang}: note codes without a text`,
      ).toEqual([]);
    }
    expect(isPluralKey('warning.fields_unknown_more')).toBe(true);
  });

  it("the English console says every warning exactly as the API's string", () => {
    for (const code of WARNING_CODES) {
      const d = sample(code);
      expect(wordWarning(t('en'), d), code).toBe(warningText(d));
    }
    // What the API quotes around the value: a long string's length, a value that is no string, a long key.
    for (const d of [
      sample('payout_country_unknown', { sent_length: '300' }),
      { ...sample('payout_transfer_status', { sent_kind: 'array' }), sent: null },
      { ...sample('payout_field_unknown', { field_length: '80' }), sent: null },
    ])
      expect(wordWarning(t('en'), d), d.code).toBe(warningText(d));
  });

  it('the Spanish console says every warning in Spanish, the field and the value verbatim', () => {
    for (const code of WARNING_CODES) {
      const d = sample(code);
      const es = wordWarning(t('es'), d)!;
      expect(es, code).not.toBe(warningText(d));
      if (code !== 'fields_unknown_more') expect(es.startsWith('some_field: '), es).toBe(true);
      if (WARNING_TEXTS[code].toString().includes('{sent}')) expect(es, code).toContain('se envió "zz-1"');
      expect(es, code).not.toMatch(/\bsent\b|\bthe service\b|\bignored\b|\bv_\w+ v_/);
      for (const [n, v] of Object.entries(d.params))
        if (typeof v === 'string' && n !== 'country_name') expect(es, `${code} ${n}`).toContain(v);
    }
    const ambiguous = wordWarning(t('es'), sample('payout_country_ambiguous'));
    expect(ambiguous).toContain('MEX y COL');
    const account = wordWarning(t('es'), sample('payout_account_type', { country: 'MEX', country_name: 'Mexico' }));
    expect(account).toContain('un tipo de cuenta de México');
    expect(wordWarning(t('es'), { ...sample('fields_unknown_more'), params: { n: '1' } })).toBe(
      '1 campo más que la solicitud de creación del servicio no tiene: se ignoró',
    );
    expect(wordWarning(t('es'), { ...sample('payout_transfer_status', { sent_kind: 'object' }), sent: null })).toContain(
      'se envió un objeto JSON;',
    );
    // A value the data words in Spanish too is said in Spanish; the English console and the API keep the English.
    const dns = sample('email_domain_unchecked', { error: 'DNS error', error_es: 'error de DNS' });
    expect(wordWarning(t('es'), dns)).toContain('no se pudo comprobar (error de DNS); se aceptó');
    expect(wordWarning(t('en'), dns)).toBe(warningText(dns));
    expect(warningText(dns)).toContain('could not be checked (DNS error)');
  });

  it('shows the stored words when a code is unknown or a record has no codes, and the API words beside worded ones', () => {
    const known = sample('time_layout');
    const unknown: WarningDetail = { code: 'a_newer_rule', field: 'x', sent: '"1"', params: {} };
    expect(warningLines(t('es'), ['w1', 'w2'], [known, unknown])).toEqual([
      { text: wordWarning(t('es'), known), asSent: 'w1' },
      { text: 'w2' },
    ]);
    expect(warningLines(t('es'), ['old words'], null)).toEqual([{ text: 'old words' }]);
    // The English console says what the API says: nothing to show on hover.
    expect(warningLines(t('en'), [warningText(known)], [known])).toEqual([{ text: warningText(known) }]);
    expect(wordWarning(t('es'), unknown)).toBeNull();
    // A stored code that names no rule, however it is spelled, is said as its field and code.
    for (const code of ['a_newer_rule', 'constructor', 'toString']) expect(warningText({ ...unknown, code })).toBe(`x: ${code}`);
    expect(noteText({ code: 'constructor', params: { kind: 'toString' } })).toBe('constructor');
  });

  it("the English console says every note as the log's note, the Spanish one in Spanish; unknown codes keep the note", () => {
    const params = (code: string) =>
      Object.fromEntries([...NOTE_TEXTS[code as keyof typeof NOTE_TEXTS].matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, `p_${m[1]}`]));
    for (const code of NOTE_CODES) {
      const d: NoteDetail = {
        code,
        params: {
          ...params(code),
          ...(code === 'payroll' ? { count: '2' } : {}),
          ...(code.startsWith('fault') ? { kind: 'drop_connection' } : {}),
        },
      };
      expect(wordNote(t('en'), d), code).toBe(noteText(d));
      expect(wordNote(t('es'), d), code).not.toBe(noteText(d));
    }
    const payroll: NoteDetail = {
      code: 'payroll',
      params: { payroll: '7', count: '2' },
      warnings: [{ ...sample('payout_user_email'), item: 1 }],
    };
    expect(wordNote(t('en'), payroll)).toBe(noteText(payroll));
    expect(wordNote(t('es'), payroll)).toBe(
      'nómina 7: 2 payouts; advertencias: partida 1: some_field: se envió "zz-1"; el servicio pide una dirección de correo electrónico',
    );
    const fault: NoteDetail = { code: 'fault_labelled', params: { kind: 'server_error', rule: '3', label: 'mi regla' } };
    expect(noteLines(t('es'), noteText(fault), [fault, payroll])).toEqual([
      { text: 'fallo: error del servidor (regla 3, mi regla)', items: [] },
      {
        text: 'nómina 7: 2 payouts',
        items: ['partida 1: some_field: se envió "zz-1"; el servicio pide una dirección de correo electrónico'],
      },
    ]);
    const kept = [{ text: 'kept words', items: [] }];
    expect(noteLines(t('es'), 'kept words', [{ code: 'a_newer_note', params: {} }])).toEqual(kept);
    expect(noteLines(t('es'), 'kept words', null)).toEqual(kept);
  });
});
