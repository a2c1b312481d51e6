import { describe, expect, it } from 'vitest';
import type { DiagnoseResult, Recipe } from '../../server/contract/diagnosis';
import { CREATION_ORDER, sha256Hex, signedString } from '../../renderer/src/api/signature';
import { recipeTexts } from '../../renderer/src/components/recipe-text';
import { SIG_TEXT_KEYS, type SigText } from '../../renderer/src/components/sig-text';
import { inspect, type AskDiagnosis } from '../../renderer/src/features/tools/inspect';
import en from '../../renderer/src/i18n/en.json';
import es from '../../renderer/src/i18n/es.json';

/** A SigText as the console words it, with the same {placeholder} filling as app/i18n.ts. */
const wording = (dict: Record<string, string>) => (s: SigText) =>
  (dict[s.key] ?? s.key).replace(/\{(\w+)\}/g, (m, n: string) => s.vars?.[n] ?? m);
const english = wording(en);
const spanish = wording(es);

const SECRET = 'sk_sandbox_demo';
const OTHER = { name: 'Otra', public_key: 'pk_other' };
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

/** The server's answer, as a stub: the console's part is asking the right question and wording the recipe. */
function server(recipe: Recipe | null) {
  const asked: Parameters<AskDiagnosis>[0][] = [];
  const ask: AskDiagnosis = async (body) => {
    asked.push(body);
    const diagnosis = { matched: recipe !== null, recipe, expected_string: '', explanation: '' };
    return { expected_signature: '', expected_string: '', provided: '', match: false, diagnosis } satisfies DiagnoseResult;
  };
  return { ask, asked };
}

describe('the server recipe in the console’s words', () => {
  const cases: [Recipe, string, string][] = [
    [
      { field: { name: 'trans_id', sent: ' T-1 ', signed: 'T-1' } },
      'trans_id without surrounding spaces: "T-1"',
      'trans_id va sin los espacios de alrededor: "T-1"',
    ],
    [
      { field: { name: 'amount', sent: '10.5', signed: '10.50' } },
      'amount with two decimals: "10.50"',
      'amount va con dos decimales: "10.50"',
    ],
    [
      { field: { name: 'time', sent: '2026-01-02 03:04:05', signed: '2026-01-02T03:04:05' } },
      'time with T between date and time: "2026-01-02T03:04:05"',
      'time va con T entre fecha y hora: "2026-01-02T03:04:05"',
    ],
    [{ order: 'alphabetical' }, 'fields in alphabetical order', 'los campos van en orden alfabético'],
    [{ secret: 'none' }, 'secret key left out', 'se omite la clave secreta'],
    [{ secret: 'other_merchant', secret_of: 'pk_other' }, 'the secret key of Otra (pk_other)', 'usas la clave secreta de Otra (pk_other)'],
    [
      { order: 'alphabetical', secret: 'hmac_key', encoding: 'base64_of_hex' },
      'fields in alphabetical order, the secret key is used as the HMAC key, the hex digest is base64-encoded',
      'los campos van en orden alfabético, la clave secreta se usa como clave del HMAC, el resumen hexadecimal va en base64',
    ],
    [
      { separator: '|', algorithm: 'sha1' },
      '"|" goes between the values, SHA-1 is used instead of SHA-256',
      '"|" va entre los valores, se usa SHA-1 en lugar de SHA-256',
    ],
  ];
  it.each(cases)('%j', (recipe, inEnglish, inSpanish) => {
    const texts = recipeTexts(recipe, (k) => (k === OTHER.public_key ? OTHER.name : undefined));
    expect(texts.map(english).join(', ')).toBe(inEnglish);
    expect(texts.map(spanish).join(', ')).toBe(inSpanish);
  });
});

describe('signature inspector (inspect)', () => {
  const paste = async (
    fields: Record<string, string>,
    signWith: string,
    recipe: Recipe | null,
    extra: Partial<Parameters<typeof inspect>[0]> = {},
    /** What the signature was made over (default: the fields pasted). */
    signed = fields,
  ) => {
    const signature = await sha256Hex(signedString(signed, CREATION_ORDER, signWith));
    const s = server(recipe);
    const r = await inspect(
      {
        pasted: new URLSearchParams({ ...fields, signature }).toString(),
        mode: 'creation',
        layout: 'standard',
        secret: SECRET,
        merchant: base.public_key,
        merchants: [OTHER],
        ...extra,
      },
      s.ask,
    );
    return { r, asked: s.asked };
  };

  it('a correctly signed creation: the hashed string, the expected signature, no question to the server', async () => {
    const { r, asked } = await paste(base, SECRET, null);
    expect(r.parseError).toBeNull();
    expect(r.order).toEqual(CREATION_ORDER);
    expect(r.hashed).toBe(signedString(base, CREATION_ORDER, SECRET));
    expect(r.provided).toBe(r.expected);
    expect(r.diagnosis).toBeNull();
    expect(asked).toEqual([]);
  });

  it('a mismatch asks the server with the merchant (not its secret) and words its recipe, marking the field', async () => {
    const { r, asked } = await paste(
      { ...base, amount: '10.5' },
      SECRET,
      { field: { name: 'amount', sent: '10.5', signed: '10.50' } },
      {},
      base,
    );
    expect(asked).toEqual([
      { kind: 'creation', fields: expect.objectContaining({ amount: '10.5' }), merchant: base.public_key, secret: undefined },
    ]);
    expect(r.diagnosis!.map(spanish)).toEqual(['amount va con dos decimales: "10.50"']);
    expect(r.diagnosisField).toBe('amount');
  });

  it('a typed secret is sent; a notification asks with its layout', async () => {
    const typed = await paste(base, 'sk_typed_other', null, { secret: 'sk_typed', typedSecret: true });
    expect(typed.asked[0]!.secret).toBe('sk_typed');
    expect(typed.r.diagnosis).toBeNull();
    const s = server({ order: 'legacy_layout' });
    const n = {
      public_key: 'pk_sandbox_demo',
      time: '2026-01-02 03:04:05',
      channel: '17',
      amount: '10.50',
      currency: 'COP',
      trans_ID: 'T-1',
    };
    const r = await inspect(
      {
        pasted: JSON.stringify({ ...n, signature: 'f'.repeat(64) }),
        mode: 'notification',
        layout: 'standard',
        secret: SECRET,
        merchant: n.public_key,
        merchants: [],
      },
      s.ask,
    );
    expect(s.asked[0]!.kind).toBe('notification');
    expect(r.diagnosis!.map(english)).toEqual(['legacy layout (public_key first)']);
  });

  it('the server unreachable leaves only the diagnosis out', async () => {
    const r = await inspect(
      {
        pasted: new URLSearchParams({ ...base, signature: 'f'.repeat(64) }).toString(),
        mode: 'creation',
        layout: 'standard',
        secret: SECRET,
        merchants: [],
      },
      () => Promise.reject(new Error('offline')),
    );
    expect(r.expected).toBe(await sha256Hex(signedString(base, CREATION_ORDER, SECRET)));
    expect(r.diagnosis).toBeNull();
  });

  it('an unreadable paste is a parse error, not a throw', async () => {
    const r = await inspect(
      { pasted: '{"amount": "10.50",', mode: 'creation', layout: 'standard', secret: SECRET, merchants: [] },
      server(null).ask,
    );
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
