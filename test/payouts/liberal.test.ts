import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clabeForMerchant } from '../../server/domain/clabe.js';
import { control, startSandbox } from '../helpers/sandbox.js';
import { note, payoutItem, postPayouts } from './helpers.js';

/*
 * Be liberal, then say so: what production payout integrations send is accepted;
 * what the service advises against is accepted with a warning naming the field, the value sent and what
 * the service asks for, on the item (merchant API, control API) and in the request log entry.
 */
let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

/** Posts one item, expects 201, returns the answered item. */
async function accepted(item: Record<string, unknown>) {
  const r = await postPayouts(sb.url, [item]);
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.data[0] as {
    id: number;
    warnings: string[];
    order_id: string;
    credit_note: string;
    bank: number;
    amount: number;
    account_type: string;
  };
}

describe('payout items accepted as production integrations send them', () => {
  it('reads order_id and credit_note sent as numbers as the strings they print as, with a warning', async () => {
    const cn = 700000 + Math.floor(Math.random() * 1e6);
    const d = await accepted(payoutItem({ order_id: 12345, credit_note: cn }));
    expect(d).toMatchObject({ order_id: '12345', credit_note: String(cn) });
    expect(d.warnings).toEqual([
      'order_id: sent 12345; the service asks for a String; stored as "12345"',
      `credit_note: sent ${cn}; the service asks for a String; stored as "${cn}"`,
    ]);
    // Stored as a string: the same note sent as a string is a repeat.
    const again = await postPayouts(sb.url, [payoutItem({ credit_note: String(cn) })]);
    expect(again.status).toBe(400);
    expect(again.json.error.details[0].problems).toEqual([`credit_note: "${cn}" was already used by this merchant`]);
  });

  it('reads bank sent as a numeric string, with a warning', async () => {
    const d = await accepted(payoutItem({ bank: '37' }));
    expect(d.bank).toBe(37);
    expect(d.warnings).toEqual(['bank: sent "37"; the service asks for an Integer; read as 37']);
  });

  it('accepts account_type in English or Spanish, any case, without a warning', async () => {
    for (const word of ['savings', 'current', 'ahorro', 'ahorros', 'corriente', 'Corriente', 'vista', 'rut', 'Cuenta Corriente']) {
      const d = await accepted(payoutItem({ account_type: word }));
      expect(d.warnings, word).toEqual([]);
      expect(d.account_type).toBe(word);
    }
  });

  it('accepts an account_type of no list with a warning', async () => {
    const d = await accepted(payoutItem({ account_type: 'plazo fijo' }));
    expect(d.warnings).toEqual([
      'account_type: sent "plazo fijo"; the service asks for an account type of Chile ' +
        '(savings/ahorro/ahorros/cuenta de ahorro/cuenta de ahorros, vista/cuenta vista, ' +
        'current/corriente/cuenta corriente/checking, rut/cuenta rut/cuentarut)',
    ]);
  });

  it('accepts every vat_id_type of the list (CC CE NIT PAS DNI RUC RUT RUN CED CPF RNE RFC CURP) without a warning', async () => {
    const col = { bank: 1007, account_type: 'ahorro' };
    const per = { bank: 2, account_type: 'savings' };
    const mex = { bank: 40012, account_type: 'clabe', account_id: clabeForMerchant(7) };
    const cases: [string, Record<string, unknown>, string][] = [
      ['CC', col, '1234567890'],
      ['CE', per, 'AB123456'],
      ['NIT', col, '9001234567'],
      ['PAS', per, 'AB1234567'],
      ['DNI', per, '45678912'],
      ['RUC', per, '20123456789'],
      ['RUT', {}, '12345678-5'],
      ['RUN', {}, '11111111-1'],
      ['CED', col, '1234567890'],
      ['CPF', per, '123.456.789-09'],
      ['RNE', {}, 'V1234567'],
      ['RFC', mex, 'GODE561231GR8'],
      ['CURP', mex, 'GODE561231HDFRRN09'],
    ];
    const r = await postPayouts(
      sb.url,
      cases.map(([type, fields, id]) => payoutItem({ ...fields, vat_id_type: type, vat_id: id })),
    );
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    expect(r.json.data.map((d: { warnings: string[] }) => d.warnings)).toEqual(cases.map(() => []));
  });

  it('accepts a vat_id_type of no list, an id that does not fit its format and a wrong RUT check digit, each with a warning', async () => {
    expect((await accepted(payoutItem({ vat_id_type: 'SSN' }))).warnings).toEqual([
      'vat_id_type: sent "SSN"; the service asks for an id type of Chile (RUT, RUN, PAS, DNI, CPF, RNE)',
    ]);
    expect((await accepted(payoutItem({ vat_id: '12345678-9' }))).warnings).toEqual([
      'vat_id: sent "12345678-9"; the service asks for a RUT with a valid check digit (expected 5)',
    ]);
    expect((await accepted(payoutItem({ bank: 2, account_type: 'savings', vat_id_type: 'DNI', vat_id: '1234' }))).warnings).toEqual([
      'vat_id: sent "1234"; the service asks for the DNI format (8 digits)',
    ]);
  });

  it('accepts a channel that is not an http(s) address with a warning, and sends it no payload on approval', async () => {
    const d = await accepted(payoutItem({ channel: 'transferencia', amount: 2000 }));
    expect(d.warnings).toEqual([
      'channel: sent "transferencia"; the service asks for an http(s) address that receives the reference and OTP; ' +
        'no channel payload will be sent for this item',
    ]);
    const approved = await control(sb).approvePayout({ id: d.id });
    expect(approved).toMatchObject({ status: 'approved', transfer_status: 2, otp_code: expect.stringMatching(/^\d{6}$/) });
    // Deliveries are written in the transaction of the change: no callback row means none is ever sent.
    expect(approved.notifications).toEqual([]);
  });

  it('reads amount sent as a numeric string, also with zero extra decimals, with a warning', async () => {
    const d = await accepted(payoutItem({ amount: '1500.0000' }));
    expect(d.amount).toBe(1500);
    expect(d.warnings).toEqual(['amount: sent "1500.0000"; the service asks for a Number; read as 1500']);
  });

  it('warns on an e-mail that is no address, a transfer_status sent on creation, an unknown field and an unknown country', async () => {
    const d = await accepted(payoutItem({ user_email: 'juana', transfer_status: 0, banco: 'Santander', country: 'ARG' }));
    expect(d.warnings).toEqual([
      'user_email: sent "juana"; the service asks for an e-mail address',
      'transfer_status: sent 0; the service asks for nothing on creation (the sandbox sets it: 1 in process); ignored',
      'banco: not a payout item field; ignored',
      'country: sent "ARG"; the service asks for one of CHL, PER, COL, MEX (sandbox extension); read from bank instead',
    ]);
  });

  it('warns when a bank code listed for two countries cannot be placed by vat_id_type', async () => {
    const d = await accepted(payoutItem({ bank: 9, vat_id_type: 'PAS', vat_id: 'AB123456' }));
    expect(d.warnings).toEqual(['country: sent null; the service asks for a country when bank 9 is listed for CHL and PER; read as CHL']);
  });

  it('shows the warnings in the control API and the request log entry', async () => {
    const cn = note('WARN');
    const r = await postPayouts(sb.url, [payoutItem({ credit_note: cn, channel: 'transferencia' })], {
      authorization: 'Token tk_sandbox_demo',
    });
    const id = r.json.data[0].id;
    const view = await control(sb).getPayout({ id });
    expect(view.warnings).toEqual(r.json.data[0].warnings);
    expect(view.warnings[0]).toMatch(/^channel: sent "transferencia"/);
    const log = (await control(sb).listRequests({ query: { limit: 10 } })).items.find((e) => e.request_body.includes(cn));
    expect(log?.note).toContain('item 0: channel: sent "transferencia"');
  });
});

describe('payout items still refused (whole batch, 400 VALIDATION_ERROR, nothing stored)', () => {
  const refused = async (item: Record<string, unknown>) => {
    const good = payoutItem();
    const r = await postPayouts(sb.url, [good, item]);
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('VALIDATION_ERROR');
    expect(r.json.error.details.map((d: { index: number }) => d.index)).toEqual([1]);
    const polled = await fetch(`${sb.url}/api/transactions/?credit_note=${String(good.credit_note)}`, {
      headers: { authorization: 'Bearer tk_sandbox_demo' },
    });
    expect(((await polled.json()) as { items: unknown[] }).items).toEqual([]);
    return r.json.error.details[0].problems as string[];
  };

  it('amount ≤ 0', async () => {
    expect(await refused(payoutItem({ amount: 0 }))).toEqual(['amount: must be greater than 0 (got 0)']);
  });

  it('a missing required field', async () => {
    expect(await refused(payoutItem({ vat_id: undefined }))).toEqual(['vat_id: required']);
  });

  it('an unknown bank code', async () => {
    expect(await refused(payoutItem({ bank: 4242 }))).toEqual([
      'bank: 4242 is not a bank code of the sandbox lists (see GET /sandbox/v1/test-values)',
    ]);
  });

  it('a repeated credit_note', async () => {
    const cn = note();
    const r = await postPayouts(sb.url, [payoutItem({ credit_note: cn }), payoutItem({ credit_note: cn })]);
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ index: 1, problems: [`credit_note: "${cn}" repeats item 0 of this batch`] }],
    });
  });
});
