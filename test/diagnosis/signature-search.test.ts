import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { diagnoseSignature, MAX_HASHES, targetsOf } from '../../server/domain/diagnosis/signature-search.js';
import { diagnosisHeader } from '../../server/http/diagnosis-header.js';
import { recipeString, type Recipe } from '../../server/contract/diagnosis.js';
import { CREATION_SIGNED_FIELDS } from '../../server/contract/signed-fields.js';

const SECRET = 'sk_sandbox_demo';
const FIELDS: Record<string, string> = {
  public_key: 'pk_sandbox_demo',
  time: '2026-03-01 10:00:00',
  amount: '50000',
  currency: 'COP',
  trans_id: 'ORDER-1',
  time_expired: '120',
  url_ok: 'https://shop.example/ok',
  url_error: 'https://shop.example/error',
  channel: '17',
  signature: '',
};
const SPEC = [...CREATION_SIGNED_FIELDS];
const hash = (alg: string, s: string) => createHash(alg).update(s, 'utf8').digest('hex');
const hmac = (alg: string, key: string, s: string) => createHmac(alg, key).update(s, 'utf8').digest('hex');
const vals = (order: readonly string[], f = FIELDS) => order.map((k) => f[k] ?? '');
const b64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');
const b64hex = (hex: string) => Buffer.from(hex, 'latin1').toString('base64');

/** The signature a recipe makes, rebuilt from the console's `recipeString` with the real secret. */
function rebuild(r: Recipe, fields = FIELDS, secret = SECRET): string {
  const text = recipeString('creation', fields, r, secret);
  const alg = r.algorithm ?? 'sha256';
  const hex = r.secret === 'hmac_key' ? hmac(alg, secret, text) : hash(alg, text);
  return r.encoding === 'base64' ? b64(hex) : r.encoding === 'base64_of_hex' ? b64hex(hex) : hex;
}

const diagnose = (signature: string, extra: Partial<Parameters<typeof diagnoseSignature>[0]> = {}) =>
  diagnoseSignature({ kind: 'creation', fields: FIELDS, sentOrder: SPEC, secret: SECRET, signature, ...extra });

describe('signature diagnosis: known wrong recipes', () => {
  it('masks the secret in the expected string', () => {
    expect(diagnose('00'.repeat(32)).expected_string).toBe(vals(SPEC).join('') + '••••');
  });

  const single: [string, string, object][] = [
    ['alphabetical order', hash('sha256', vals([...SPEC].sort()).join('') + SECRET), { order: 'alphabetical' }],
    [
      'channel first',
      hash('sha256', vals(['channel', ...SPEC.filter((k) => k !== 'channel')]).join('') + SECRET),
      { order: 'channel_first' },
    ],
    ['public_key left out', hash('sha256', vals(SPEC.slice(1)).join('') + SECRET), { order: 'public_key_left_out' }],
    [
      'the notification list',
      hash('sha256', vals(['time', 'channel', 'amount', 'currency', 'trans_id']).join('') + SECRET),
      { order: 'notification' },
    ],
    ['a separator', hash('sha256', [...vals(SPEC), SECRET].join('|')), { separator: '|' }],
    ['no secret', hash('sha256', vals(SPEC).join('')), { secret: 'none' }],
    ['the secret first', hash('sha256', SECRET + vals(SPEC).join('')), { secret: 'prefix' }],
    ['the secret as HMAC key', hmac('sha256', SECRET, vals(SPEC).join('')), { secret: 'hmac_key' }],
    ['sha1', hash('sha1', vals(SPEC).join('') + SECRET), { algorithm: 'sha1' }],
    ['md5', hash('md5', vals(SPEC).join('') + SECRET), { algorithm: 'md5' }],
    ['sha512', hash('sha512', vals(SPEC).join('') + SECRET), { algorithm: 'sha512' }],
    ['base64', b64(hash('sha256', vals(SPEC).join('') + SECRET)), { encoding: 'base64' }],
    ['base64 of hex', b64hex(hash('sha256', vals(SPEC).join('') + SECRET)), { encoding: 'base64_of_hex' }],
    [
      'the amount with two decimals',
      hash('sha256', vals(SPEC, { ...FIELDS, amount: '50000.00' }).join('') + SECRET),
      { field: { name: 'amount', sent: '50000', signed: '50000.00' } },
    ],
    [
      'time with T',
      hash('sha256', vals(SPEC, { ...FIELDS, time: '2026-03-01T10:00:00' }).join('') + SECRET),
      { field: { name: 'time', sent: '2026-03-01 10:00:00', signed: '2026-03-01T10:00:00' } },
    ],
    [
      'time with an offset',
      hash('sha256', vals(SPEC, { ...FIELDS, time: '2026-03-01 10:00:00+00:00' }).join('') + SECRET),
      { field: { name: 'time', sent: '2026-03-01 10:00:00', signed: '2026-03-01 10:00:00+00:00' } },
    ],
    [
      'a URL-encoded value',
      hash('sha256', vals(SPEC, { ...FIELDS, url_ok: encodeURIComponent(FIELDS.url_ok!) }).join('') + SECRET),
      { field: { name: 'url_ok', sent: FIELDS.url_ok, signed: encodeURIComponent(FIELDS.url_ok!) } },
    ],
  ];
  for (const [what, signature, recipe] of single) {
    it(`names ${what}`, () => {
      const d = diagnose(signature);
      expect(d.matched).toBe(true);
      expect(d.recipe).toEqual(recipe);
      expect(rebuild(d.recipe!)).toBe(signature);
      expect(d.explanation).toMatch(/^The signature was built .+; sign the lowercase hex SHA-256/);
    });
  }

  it('names a trimmed value', () => {
    const f = { ...FIELDS, trans_id: ' ORDER-1 ' };
    const d = diagnoseSignature({
      kind: 'creation',
      fields: f,
      secret: SECRET,
      signature: hash('sha256', vals(SPEC, { ...f, trans_id: 'ORDER-1' }).join('') + SECRET),
    });
    expect(d.recipe).toEqual({ field: { name: 'trans_id', sent: ' ORDER-1 ', signed: 'ORDER-1' } });
  });

  it("names another merchant's secret", () => {
    const d = diagnose(hash('sha256', vals(SPEC).join('') + 'sk_other'), { others: [{ public_key: 'pk_other', secret_key: 'sk_other' }] });
    expect(d.recipe).toEqual({ secret: 'other_merchant', secret_of: 'pk_other' });
  });

  it('names a custom order: the order the values were sent in', () => {
    const sent = ['amount', 'currency', 'channel', 'public_key', 'time', 'trans_id', 'time_expired', 'url_ok', 'url_error'];
    const d = diagnose(hash('sha256', vals(sent).join('') + SECRET), { sentOrder: sent });
    expect(d.recipe).toEqual({ order: 'custom', custom_order: sent });
  });

  it('names combinations: base64 of a hex HMAC over alphabetically ordered values (a published Laravel integration)', () => {
    const sig = b64hex(hmac('sha256', SECRET, vals([...SPEC].sort()).join('')));
    const d = diagnose(sig);
    expect(d.recipe).toEqual({ order: 'alphabetical', secret: 'hmac_key', encoding: 'base64_of_hex' });
    expect(rebuild(d.recipe!)).toBe(sig);
    expect(diagnosisHeader(d, true)).toBe('order=alphabetical; secret=hmac_key; encoding=base64_of_hex');
  });

  it('names combinations: sha1 over pipe-separated values, base64', () => {
    const d = diagnose(b64(hash('sha1', [...vals(SPEC), SECRET].join('|'))));
    expect(d.recipe).toEqual({ separator: '|', algorithm: 'sha1', encoding: 'base64' });
    expect(diagnosisHeader(d, true)).toBe('separator="|"; algorithm=sha1; encoding=base64');
  });

  it('names combinations: amount with two decimals, secret first, md5', () => {
    const d = diagnose(hash('md5', SECRET + vals(SPEC, { ...FIELDS, amount: '50000.00' }).join('')));
    expect(d.recipe).toEqual({ secret: 'prefix', algorithm: 'md5', field: { name: 'amount', sent: '50000', signed: '50000.00' } });
  });

  it('answers unknown for a signature no recipe explains, and for one that is no digest', () => {
    const d = diagnose(hash('sha256', 'something else'));
    expect(d).toMatchObject({ matched: false, recipe: null });
    expect(diagnosisHeader(d, true)).toBe('unknown');
    expect(diagnose('not a signature!').matched).toBe(false);
    expect(targetsOf('')).toEqual([]);
  });

  it('bounds the search: a signature nothing explains costs at most MAX_HASHES hashes, whatever the number of merchants', () => {
    for (const n of [0, 10, 500]) {
      const others = Array.from({ length: n }, (_, i) => ({ public_key: `pk_${i}`, secret_key: `sk_${i}` }));
      const stats = { hashes: 0 };
      expect(diagnose(hash('sha256', 'nothing'), { others, stats }).matched).toBe(false);
      expect(stats.hashes).toBeGreaterThan(500);
      expect(stats.hashes).toBeLessThanOrEqual(MAX_HASHES);
    }
  });
});
