import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type Lang } from '../../renderer/src/app/translate';
import { wordWarning } from '../../renderer/src/app/warning-text';
import { PAYOUT_COUNTRIES } from '../../server/contract/payout-lists.js';
import { TestValuesFileSchema } from '../../server/contract/test-values.js';
import { warningText } from '../../server/contract/warnings.js';
import { startSandbox } from '../helpers/sandbox.js';
import { listPayouts, payoutItem, postPayouts } from '../payouts/helpers.js';

const t = (lang: Lang) => (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);
const listsDir = new URL('../../resources/payouts/', import.meta.url);

describe("payout format rules in the console's language", () => {
  it('every list file words each format rule and its note in English and in Spanish', () => {
    const files = readdirSync(listsDir).filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(PAYOUT_COUNTRIES.length);
    for (const f of files) {
      const file: unknown = JSON.parse(readFileSync(new URL(f, listsDir), 'utf8'));
      expect(TestValuesFileSchema.safeParse(file).error?.issues ?? [], f).toEqual([]);
    }
    let rules = 0;
    for (const c of PAYOUT_COUNTRIES)
      for (const x of [...c.account_types, ...c.vat_id_types])
        for (const [en, es] of [
          [x.format, x.format_es],
          [x.account_id_format, x.account_id_format_es],
        ]) {
          expect(en === undefined, `${c.country} ${x.code}`).toBe(es === undefined);
          if (en === undefined) continue;
          rules++;
          expect(es, `${c.country} ${x.code}`).not.toBe(en);
          // The digits a rule names are the same in both languages.
          expect(es!.match(/\d+/g), `${c.country} ${x.code}`).toEqual(en.match(/\d+/g));
        }
    expect(rules).toBeGreaterThan(20);
  });

  describe('over HTTP', () => {
    let sb: Awaited<ReturnType<typeof startSandbox>>;
    beforeAll(async () => {
      sb = await startSandbox();
    });
    afterAll(() => sb.stop());

    it("an id or account off its format is said with the rule in the console's language, the API's words as they were", async () => {
      const items = [
        payoutItem({ vat_id: '1234567-89' }),
        payoutItem({ bank: 40012, account_type: 'debit_card', account_id: '4111', vat_id_type: 'CURP', vat_id: 'GODE561231HDFRRN09' }),
      ];
      const r = await postPayouts(sb.url, items);
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      const ids = (r.json.data as { id: number }[]).map((x) => x.id);
      const payouts = (await listPayouts(sb.url)).items.filter((p) => ids.includes(p.id));
      expect(payouts).toHaveLength(2);
      const formats = payouts.flatMap((p) =>
        (p.warning_details ?? []).map((d, i) => ({ d, sent: p.warnings[i]! })).filter((w) => w.d.code === 'payout_format'),
      );
      const said = (field: string) => {
        const w = formats.find((x) => x.d.field === field)!;
        expect(w, field).toBeDefined();
        expect(warningText(w.d)).toBe(w.sent);
        expect(wordWarning(t('en'), w.d)).toBe(w.sent);
        return { en: w.sent, es: wordWarning(t('es'), w.d) };
      };
      const rut = said('vat_id');
      expect(rut.en).toContain('the RUT format (7 or 8 digits, hyphen, check digit (0-9 or K), e.g. 12345678-5)');
      expect(rut.es).toBe(
        'vat_id: se envió "1234567-89"; el servicio pide el formato de RUT ' +
          '(7 u 8 dígitos, guion, dígito verificador (0-9 o K), p. ej. 12345678-5)',
      );
      expect(said('account_id').es).toContain('el formato de debit_card (16 dígitos)');
    });
  });
});
