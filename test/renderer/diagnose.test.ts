import { describe, expect, it } from 'vitest';
import { CREATION_ORDER, sha256Hex, signedString } from '../../renderer/src/api/signature';
import { diagnose } from '../../renderer/src/features/tools/diagnose';
import { inspect } from '../../renderer/src/features/tools/inspect';
import { SIG_TEXT_KEYS, type SigText } from '../../renderer/src/features/tools/sig-text';
import en from '../../renderer/src/i18n/en.json';
import es from '../../renderer/src/i18n/es.json';

/** A SigText as the console words it, with the same {placeholder} filling as app/i18n.ts. */
const wording = (dict: Record<string, string>) => (s: SigText) =>
  (dict[s.key] ?? s.key).replace(/\{(\w+)\}/g, (m, n: string) => s.vars?.[n] ?? m);
const english = wording(en);
const spanish = wording(es);

const SECRET = 'sk_sandbox_demo';
const OTHER = { name: 'Otra', public_key: 'pk_other', secret_key: 'sk_other' };
const base = {
  public_key: 'pk_sandbox_demo',
  time: '2026-01-02 03:04:05',
  amount: '10.50',
  currency: 'COP',
  trans_id: 'T-1',
  time_expired: '120',
  url_ok: 'https://shop.example/ok?a=1',
  url_error: 'https://shop.example/error',
  channel: '17',
};
const alternatives = {
  layouts: [],
  secrets: [[{ key: 'sig.why.otherSecret', vars: { name: OTHER.name, key: OTHER.public_key } }, OTHER.secret_key]] as [SigText, string][],
};

/** The signature the merchant sent: made over `signed` (their mistake), checked against `pasted`. */
async function diagnosisOf(pasted: Record<string, string>, signedText: string) {
  return diagnose(pasted, CREATION_ORDER, SECRET, await sha256Hex(signedText), alternatives);
}

describe('request diagnosis finds each known mistake', () => {
  it('a field signed without the spaces it was sent with', async () => {
    const d = await diagnosisOf({ ...base, trans_id: ' T-1 ' }, signedString(base, CREATION_ORDER, SECRET));
    expect(d).toMatchObject({ field: 'trans_id', what: { key: 'sig.why.trimmed', vars: { field: 'trans_id', value: 'T-1' } } });
    expect(english(d!.what)).toBe('trans_id without surrounding spaces: "T-1"');
  });

  it('an amount signed with two decimals but sent with one', async () => {
    const d = await diagnosisOf({ ...base, amount: '10.5' }, signedString(base, CREATION_ORDER, SECRET));
    expect(d).toMatchObject({ field: 'amount', what: { key: 'sig.why.twoDecimals', vars: { field: 'amount', value: '10.50' } } });
  });

  it('a time signed with T but sent with a space', async () => {
    const d = await diagnosisOf(base, signedString({ ...base, time: '2026-01-02T03:04:05' }, CREATION_ORDER, SECRET));
    expect(d).toMatchObject({ field: 'time', what: { key: 'sig.why.timeT', vars: { field: 'time', value: '2026-01-02T03:04:05' } } });
  });

  it('a URL signed URL-encoded', async () => {
    const d = await diagnosisOf(base, signedString({ ...base, url_ok: encodeURIComponent(base.url_ok) }, CREATION_ORDER, SECRET));
    expect(d).toMatchObject({
      field: 'url_ok',
      what: { key: 'sig.why.urlEncoded', vars: { field: 'url_ok', value: encodeURIComponent(base.url_ok) } },
    });
  });

  it('fields signed in alphabetical order', async () => {
    const d = await diagnosisOf(base, signedString(base, [...CREATION_ORDER].sort(), SECRET));
    expect(d).toMatchObject({ field: null, what: { key: 'sig.why.alphabetical' } });
  });

  it('the secret key left out', async () => {
    const d = await diagnosisOf(base, signedString(base, CREATION_ORDER, ''));
    expect(d).toMatchObject({ field: null, what: { key: 'sig.why.secretLeftOut' } });
  });

  it('another merchant’s secret', async () => {
    const d = await diagnosisOf(base, signedString(base, CREATION_ORDER, OTHER.secret_key));
    expect(d?.what).toEqual({ key: 'sig.why.otherSecret', vars: { name: 'Otra', key: 'pk_other' } });
  });

  it('a correct signature has no diagnosis, and neither has an unexplained one', async () => {
    expect(await diagnosisOf(base, signedString(base, CREATION_ORDER, SECRET))).toBeNull();
    expect(await diagnose(base, CREATION_ORDER, SECRET, 'f'.repeat(64), alternatives)).toBeNull();
    expect(await diagnose(base, CREATION_ORDER, SECRET, '', alternatives)).toBeNull();
  });
});

describe('signature inspector (inspect)', () => {
  const paste = async (fields: Record<string, string>, signWith: string, extra: Partial<Parameters<typeof inspect>[0]> = {}) => {
    const signature = await sha256Hex(signedString(fields, CREATION_ORDER, signWith));
    return inspect({
      pasted: new URLSearchParams({ ...fields, signature }).toString(),
      mode: 'creation',
      layout: 'standard',
      secret: SECRET,
      merchants: [OTHER],
      ...extra,
    });
  };

  it('a correctly signed creation: the hashed string, the expected signature, no diagnosis', async () => {
    const r = await paste(base, SECRET);
    expect(r.parseError).toBeNull();
    expect(r.order).toEqual(CREATION_ORDER);
    expect(r.hashed).toBe(signedString(base, CREATION_ORDER, SECRET));
    expect(r.provided).toBe(r.expected);
    expect(r.diagnosis).toBeNull();
  });

  it('signed with another merchant’s secret: says whose', async () => {
    const r = await paste(base, OTHER.secret_key);
    expect(r.provided).not.toBe(r.expected);
    expect(r.diagnosis).toEqual({ key: 'sig.why.otherSecret', vars: { name: 'Otra', key: 'pk_other' } });
    expect(english(r.diagnosis!)).toBe('the secret key of Otra (pk_other)');
    expect(spanish(r.diagnosis!)).toBe('usas la clave secreta de Otra (pk_other)');
  });

  it('a notification signed in the legacy layout, checked as standard: names the other layout', async () => {
    const n = {
      public_key: 'pk_sandbox_demo',
      time: '2026-01-02 03:04:05',
      channel: '17',
      amount: '10.50',
      currency: 'COP',
      trans_ID: 'T-1',
    };
    const signature = await sha256Hex(n.public_key + n.time + n.channel + n.amount + n.currency + n.trans_ID + SECRET);
    const r = await inspect({
      pasted: JSON.stringify({ ...n, signature }),
      mode: 'notification',
      layout: 'standard',
      secret: SECRET,
      merchants: [],
    });
    expect(r.diagnosis).toEqual({ key: 'sig.why.legacyLayout' });
    const legacy = await inspect({
      pasted: JSON.stringify({ ...n, signature }),
      mode: 'notification',
      layout: 'legacy',
      secret: SECRET,
      merchants: [],
    });
    expect(legacy.provided).toBe(legacy.expected);
  });

  it('an unreadable paste is a parse error, not a throw', async () => {
    const r = await inspect({ pasted: '{"amount": "10.50",', mode: 'creation', layout: 'standard', secret: SECRET, merchants: [] });
    expect(r.parseError?.key).toBe('sig.parse.badJson');
    expect(r.parseError?.vars?.detail).toMatch(/JSON/);
    expect(r.expected).toBe('');
    expect(spanish(r.parseError!)).toMatch(/^No se puede leer el JSON pegado: .*JSON/);
  });
});

describe('the inspector’s texts are in both languages', () => {
  it('every key its logic can answer is in en.json and es.json', () => {
    expect(SIG_TEXT_KEYS.filter((k) => !(k in en) || !(k in es))).toEqual([]);
  });
});
