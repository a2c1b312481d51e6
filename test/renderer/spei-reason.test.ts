import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../renderer/src/app/translate';
import { reasonText } from '../../renderer/src/features/spei/reason-text';
import { createPayment } from '../helpers/payments.js';
import { answer, control, startSandbox } from '../helpers/sandbox.js';

const RFC = 'GODE561231GR8';
const es = (key: string, vars?: Record<string, string | number>) => translate('es', key, vars);

describe("a SPEI match reason in the console's language", () => {
  let sb: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(() => sb.stop());

  const create41 = async (amount: string) => {
    const p = await createPayment(sb.url, 41, { amount }, { shopper: { Num_doc_identi: RFC } });
    return (await control(sb).listOperations({ query: { trans_id: p.fields.trans_id! } })).items[0]!.id;
  };
  const inject = async (amount: string) => {
    const clabe = (await control(sb).listMerchants()).items[0]!.clabe;
    const r = await answer(sb, 'injectTransfer', { body: { clabe, amount, rfc: RFC } });
    expect(r.status).toBe(201);
    return r.data;
  };

  it('names one pending operation in the singular and several in the plural', async () => {
    const first = await create41('1500.50');
    expect(reasonText(es, await inject('1500.00'))).toBe(
      `no hay operación pendiente con RFC ${RFC} y monto 1500.00 MXN; este RFC tiene 1 operación pendiente: ${first} (1500.50 MXN); ` +
        'el monto debe coincidir exactamente, centavos incluidos',
    );
    const second = await create41('20.00');
    expect(reasonText(es, await inject('1500.00'))).toContain(
      `este RFC tiene 2 operaciones pendientes: ${second} (20.00 MXN), ${first} (1500.50 MXN); `,
    );
    // The reason lists five of them, and counts them all.
    for (const amount of ['1.00', '2.00', '3.00', '4.00']) await create41(amount);
    const many = await inject('1500.00');
    expect(many.reason_params?.pending?.split(', ')).toHaveLength(5);
    expect(reasonText(es, many)).toContain('este RFC tiene 6 operaciones pendientes: ');
  });
});
