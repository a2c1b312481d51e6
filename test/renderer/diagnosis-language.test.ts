import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnosis } from '../../server/contract/diagnosis.js';
import { CREATION_SIGNED_FIELDS } from '../../server/contract/signed-fields.js';
import { explanationText } from '../../renderer/src/components/diagnosis-explanation';
import { translate, type Lang } from '../../renderer/src/app/translate';
import { paymentFields, postPayment } from '../helpers/payments.js';
import { control, DEMO, startSandbox } from '../helpers/sandbox.js';

type Sb = Awaited<ReturnType<typeof startSandbox>>;

/** The console's sentence for a logged diagnosis, in `lang`. */
const worded = (d: Diagnosis, token: boolean, lang: Lang): string => {
  const e = explanationText(d, token);
  if (!e) throw new Error(`no console wording for ${JSON.stringify(d)}`);
  return translate(lang, e.key, e.vars);
};

describe('a diagnosis reads in the console language, from the data the server logs', () => {
  let sb: Sb;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(() => sb.stop());

  const lastLogged = async (path: string) => (await control(sb).listRequests({ query: { limit: 1, path } })).items[0]!.diagnosis!;

  /** Posts a creation signed `signature`, expects INVALID_SIGNATURE, answers the logged diagnosis. */
  async function refusedCreation(signature: (f: Record<string, string>) => string, overrides: Record<string, string> = {}) {
    const f = paymentFields(17, overrides, { sign: false });
    f.signature = signature(f);
    const r = await postPayment(sb.url, f);
    expect([r.status, r.json.error.code]).toEqual([400, 'INVALID_SIGNATURE']);
    return lastLogged('/payments/');
  }

  it('a creation with a recipe: the console says what the service signs, as the English explanation ends', async () => {
    const d = await refusedCreation((f) =>
      createHash('sha256')
        .update(
          [...CREATION_SIGNED_FIELDS]
            .sort()
            .map((k) => f[k] ?? '')
            .join('') + DEMO.secret_key,
        )
        .digest('hex'),
    );
    expect(d.recipe).toEqual({ order: 'alphabetical' });
    const en = worded(d, false, 'en');
    expect(d.explanation.endsWith(`; s${en.slice(1)}`), `${d.explanation} / ${en}`).toBe(true);
    expect(worded(d, false, 'es')).toBe(
      `Firma el SHA-256 en hexadecimal y minúsculas de ${CREATION_SIGNED_FIELDS.join(' ')} seguido de la clave secreta, ` +
        'con los valores exactamente como se envían y nada entre ellos.',
    );
  });

  it('a creation without a recipe: the reason the server names, worded as its English explanation', async () => {
    const cases: [(f: Record<string, string>) => string, Record<string, string>, Diagnosis['reason']][] = [
      [() => 'f'.repeat(64), {}, { code: 'no_recipe', params: {} }],
      [() => 'not a digest!', {}, { code: 'not_a_digest', params: {} }],
      [() => 'f'.repeat(64), { url_ok: `https://shop.example/ok?${'x'.repeat(5000)}` }, { code: 'too_long', params: { max: 4096 } }],
    ];
    for (const [signature, overrides, reason] of cases) {
      const d = await refusedCreation(signature, overrides);
      expect(d).toMatchObject({ matched: false, recipe: null, reason });
      expect(worded(d, false, 'en')).toBe(d.explanation);
      expect(worded(d, false, 'es')).not.toBe(d.explanation);
    }
  });

  it('a payout call refused for its token: every explanation the console words is the English one in English', async () => {
    const headers = [DEMO.payout_token, `Bearer "${DEMO.payout_token}"`, `Bearer ${DEMO.public_key}`, `Bearer ${DEMO.secret_key}`];
    headers.push('Bearer lt_never_issued_by_this_sandbox', `Basic ${Buffer.from('payout_demo:pw').toString('base64')}`);
    const seen = new Set<string>();
    for (const authorization of headers) {
      const r = await fetch(`${sb.url}/api/transactions/?credit_note=none`, { headers: { authorization } });
      expect(r.status).toBe(401);
      const d = await lastLogged('/api/');
      seen.add(d.recipe?.token ?? d.reason!.code);
      expect(worded(d, true, 'en')).toBe(d.explanation);
      expect(worded(d, true, 'es')).not.toBe(d.explanation);
    }
    expect([...seen].sort()).toEqual(['basic_credentials', 'no_scheme', 'public_key', 'quoted', 'secret_key', 'unknown_token']);
  });
});
