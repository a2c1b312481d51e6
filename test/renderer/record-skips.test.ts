import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type Lang } from '../../renderer/src/app/translate';
import { skipWords } from '../../renderer/src/features/scenarios/RecordPanel';
import { SKIP_TEXTS, skipReason, type SkipCode } from '../../server/contract/record-skips.js';
import { fillText } from '../../server/contract/warnings.js';
import { paymentFields, postPayment } from '../helpers/payments.js';
import { control, DEMO, startSandbox } from '../helpers/sandbox.js';

const t = (lang: Lang) => (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);
const CODES = Object.keys(SKIP_TEXTS) as SkipCode[];

describe("a recording's skipped calls in the console's language", () => {
  it('every reason reads in English as the API words it, and in Spanish with its values in place', () => {
    for (const code of CODES) {
      const params = Object.fromEntries([...SKIP_TEXTS[code].matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, `v_${m[1]}`]));
      const s = skipReason(code, params);
      expect(s.reason, code).toBe(fillText(SKIP_TEXTS[code], params));
      expect(skipWords(t('en'), s), code).toBe(s.reason);
      const es = skipWords(t('es'), s);
      expect(es, code).not.toBe(s.reason);
      for (const v of Object.values(params)) expect(es, code).toContain(v);
    }
    // A code newer than this console keeps the sandbox's words.
    expect(skipWords(t('es'), { reason: 'kept words', reason_code: 'a_newer_reason', reason_params: {} })).toBe('kept words');
  });

  describe('over HTTP', () => {
    let sb: Awaited<ReturnType<typeof startSandbox>>;
    beforeAll(async () => {
      sb = await startSandbox();
    });
    afterAll(() => sb.stop());

    it('a merchant update is left out, said in Spanish', async () => {
      const from = ((await control(sb).listRequests({ query: { limit: 1 } })).items[0]?.id ?? 0) + 1;
      expect((await postPayment(sb.url, paymentFields(17))).status).toBe(200);
      await control(sb).updateMerchant({ public_key: DEMO.public_key, body: { success_url: null } });
      const rec = await control(sb).recordScenario({ body: { from_id: from } });
      const said = rec.skipped.map((s) => [s.reason_code, skipWords(t('es'), s)]);
      // A call that is not a POST (the merchant update) is left out as one that changes nothing.
      expect(said).toEqual([['read', 'una lectura no cambia nada']]);
      for (const s of rec.skipped) expect(s.reason).toBe(fillText(SKIP_TEXTS[s.reason_code as SkipCode], s.reason_params ?? {}));
    });
  });
});
