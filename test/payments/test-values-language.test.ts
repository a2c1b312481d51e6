import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_FAILURES, TestCardsSchema } from '../../server/contract/checkout.js';
import { TestValuesFileSchema, untranslated } from '../../server/contract/test-values.js';
import { cardFailureText } from '../../server/checkout/rejection-texts.js';
import { answer, startSandbox } from '../helpers/sandbox.js';

type Sb = Awaited<ReturnType<typeof startSandbox>>;

describe('the test-values catalogue in English and Spanish', () => {
  let sb: Sb;
  let catalogue: Record<string, unknown>;
  beforeAll(async () => {
    sb = await startSandbox();
    const r = await answer(sb, 'testValues');
    expect(r.status).toBe(200);
    catalogue = r.data;
  });
  afterAll(() => sb.stop());

  it('every prose text of every file has its Spanish beside it, shaped like the English', () => {
    expect(Object.keys(catalogue).sort()).toEqual(['bank-credentials', 'cards', 'creation', 'payouts']);
    for (const [name, file] of Object.entries(catalogue)) {
      const parsed = TestValuesFileSchema.safeParse(file);
      expect(parsed.success ? [] : parsed.error.issues.map((i) => i.message), name).toEqual([]);
    }
  });

  it('the check finds a text left in English, and Spanish shaped unlike its English', () => {
    expect(untranslated({ cards: [{ number: '4000000000000002', message: 'Card declined' }] })).toEqual(['.cards[0].message']);
    expect(untranslated({ error_inputs: { A: 'leave out amount' }, error_inputs_es: { B: 'omitir amount' } })).toEqual([
      '.error_inputs_es (not shaped as .error_inputs)',
    ]);
    expect(untranslated({ accounts: [{ label: 'Cuenta Corriente', number: '00-123' }], rut: '11.111.111-1' })).toEqual([]);
  });

  it("the cards' decline texts are the service's English and the checkout page's Spanish", () => {
    const cards = TestCardsSchema.parse(catalogue.cards);
    const raw = catalogue.cards as { cards: { code?: string; message_es?: string }[]; other_numbers: { message_es: string } };
    const declined = cards.cards.flatMap((c, i) => (c.code ? [{ code: c.code, en: c.message, es: raw.cards[i]!.message_es }] : []));
    expect(new Set(declined.map((d) => d.code))).toEqual(new Set(Object.keys(CARD_FAILURES)));
    for (const d of [...declined, { code: cards.other_numbers.code, en: cards.other_numbers.message, es: raw.other_numbers.message_es }]) {
      expect(d.en, d.code).toBe(CARD_FAILURES[d.code]);
      expect(d.es, d.code).toBe(cardFailureText(d.code, 'es'));
    }
  });
});
