import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentFields } from '../helpers/payments.js';
import { startSandbox, control } from '../helpers/sandbox.js';
import { expectError, operationOf, post } from './support.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

const withShopper = (channel: number, shopper: Record<string, string | null>, overrides: Record<string, string | null> = {}) =>
  post(sb.url, channel, overrides, { shopper });

describe('shopper_information (channel 17 codes)', () => {
  it('SHOPPERINFO_REQUIRED when absent', async () => {
    expectError(await post(sb.url, 17, { shopper_information: null }), 400, 'SHOPPERINFO_REQUIRED');
  });

  it.each(['not json', '[1,2]', '"text"', '{"name_shopper": {"a": 1}}'])('SHOPPERINFO_BAD_FORMAT for %s', async (shopper_information) => {
    expectError(await post(sb.url, 17, { shopper_information }), 400, 'SHOPPERINFO_BAD_FORMAT');
  });

  it('SHOPPER_FIELD_REQUIRED lists every missing key', async () => {
    const r = await withShopper(17, { Phone: null, country: null });
    expectError(r, 400, 'SHOPPER_FIELD_REQUIRED');
    expect(r.json.error.message).toMatch(/Phone, country/);
  });

  it('channels 5 and 11 do not list country; channel 30 requires address', async () => {
    expect((await withShopper(5, { country: null })).status).toBe(200);
    expectError(await withShopper(30, { address: null }), 400, 'SHOPPER_FIELD_REQUIRED');
  });

  it('EMPTY_FIELD for a key sent empty', async () => {
    expectError(await withShopper(17, { last_name_Shopper: '' }), 400, 'EMPTY_FIELD');
  });

  it('SHOPPER_COUNTRY_NOTALLOWED when country is not COL on 17', async () => {
    expectError(await withShopper(17, { country: 'PER' }), 400, 'SHOPPER_COUNTRY_NOTALLOWED');
  });

  it('SHOPPER_INVALID_COUNTRY_CODE when country_code is not +57 on 17', async () => {
    expectError(await withShopper(17, { country_code: '+51' }), 400, 'SHOPPER_INVALID_COUNTRY_CODE');
  });

  it.each(['XX', 'CEDULA'])('SHOPPER_INVALID_IDTYPE for type %s on 17', async (type_doc_identi) => {
    expectError(await withShopper(17, { type_doc_identi }), 400, 'SHOPPER_INVALID_IDTYPE');
  });

  it.each([
    ['CC', '1234'],
    ['CC', '12345A'],
    ['NIT', '123456789'],
    ['CE', '12345'],
    ['TI', '123456789012'],
    ['PAS', 'AB-12345'],
    ['PPT', '12345'],
    ['NUIP', '1234567'],
    ['IDC', '1234'],
    ['RCN', '12345'],
    ['DIE', '123456789012345'],
  ])('SHOPPER_INVALID_ID for %s %s on 17', async (type_doc_identi, Num_doc_identi) => {
    expectError(await withShopper(17, { type_doc_identi, Num_doc_identi }), 400, 'SHOPPER_INVALID_ID');
  });

  it.each([
    ['cc', '12345'],
    ['NIT', '900.123.456-7'],
    ['nit', '9001234567'],
    ['PAS', 'AB123456'],
    ['PPT', '123456789012345'],
    ['IDC', 'CUST-0001'],
    ['DIE', 'X-123456'],
  ])('accepts %s %s on 17 (types case-insensitive, NIT dots and hyphens ignored)', async (type_doc_identi, Num_doc_identi) => {
    expect((await withShopper(17, { type_doc_identi, Num_doc_identi })).status).toBe(200);
  });

  it.each(['12345678', '30012345678', '300-123-456'])('SHOPPER_INVALID_PHONE for %s on 17 (9 or 10 digits)', async (Phone) => {
    expectError(await withShopper(17, { Phone }), 400, 'SHOPPER_INVALID_PHONE');
  });

  it('accepts a 9-digit phone on 17', async () => {
    expect((await withShopper(17, { Phone: '300123456' })).status).toBe(200);
  });

  it.each(['ana', 'ana@', 'ana@gmail', 'a b@gmail.com'])('SHOPPER_INVALID_EMAIL_FORMAT for %s', async (email) => {
    expectError(await withShopper(17, { email }), 400, 'SHOPPER_INVALID_EMAIL_FORMAT');
  });

  it.each([
    'ana@shop.invalid',
    'ana@mail.test',
    'ana@x.example',
    'ana@localhost.localhost',
    'ana@nodns.example.com',
    'ana@sub.unresolvable.co',
  ])('SHOPPER_INVALID_EMAIL_FORMAT for the unresolvable domain of %s', async (email) => {
    expectError(await withShopper(17, { email }), 400, 'SHOPPER_INVALID_EMAIL_FORMAT');
  });

  it('the e-mail deny-list is the sandbox setting email_domain_deny_list', async () => {
    const before = await control(sb).getSettings();
    await control(sb).updateSettings({ body: { email_domain_deny_list: ['blocked-shop.co'] } });
    try {
      expectError(await withShopper(17, { email: 'ana@blocked-shop.co' }), 400, 'SHOPPER_INVALID_EMAIL_FORMAT');
      expect((await withShopper(17, { email: 'ana@nodns.example.com' })).status).toBe(200);
    } finally {
      await control(sb).updateSettings({ body: { email_domain_deny_list: before.email_domain_deny_list } });
    }
  });

  it('SHOPPER_FIELD_TOO_LONG for a name over 255 characters', async () => {
    expectError(await withShopper(17, { name_shopper: 'A'.repeat(256) }), 400, 'SHOPPER_FIELD_TOO_LONG');
  });

  it('type_doc_identi over String(3) on channel 35 is SHOPPER_INVALID_IDTYPE', async () => {
    expectError(await withShopper(35, { type_doc_identi: 'CEDU' }), 400, 'SHOPPER_INVALID_IDTYPE');
  });

  it('channel 22 accepts only CI, RUT, PAS, DNI', async () => {
    expectError(await withShopper(22, { type_doc_identi: 'CC' }), 400, 'SHOPPER_INVALID_IDTYPE');
  });

  it('Num_doc_identi over String(12) on channel 16 is SHOPPER_INVALID_ID', async () => {
    expectError(await withShopper(16, { Num_doc_identi: '1234567890123' }), 400, 'SHOPPER_INVALID_ID');
  });

  it('a value other than a documented one is accepted with a warning (channel 38 country)', async () => {
    const f = paymentFields(38, {}, { shopper: { country: 'USA' } });
    await post(sb.url, 38, { trans_id: f.trans_id! }, { shopper: { country: 'USA' } });
    const op = await operationOf(sb.url, f.trans_id!);
    expect((op.details.warnings as string[]).join(' ')).toMatch(
      /shopper_information.country: sent "USA" — the service documents MEX — accepted/,
    );
  });

  it('channel 30 address must be a JSON string of an object', async () => {
    expectError(await withShopper(30, { address: 'Av. Arequipa 123' }), 400, 'SHOPPERINFO_BAD_FORMAT');
  });

  it('channel 41 checks the RFC and warns when it has separators', async () => {
    expectError(await withShopper(41, { Num_doc_identi: 'NOT-AN-RFC' }), 400, 'SHOPPER_INVALID_ID');
    const r = await withShopper(41, { Num_doc_identi: 'GODE-561231-GR8' });
    expect(r.status).toBe(200);
  });
});

describe('shopper_information (channel 36 codes)', () => {
  it('SHOPPERINFO_INVALID for missing keys', async () => {
    expectError(await withShopper(36, { country: null }), 400, 'SHOPPERINFO_INVALID');
  });

  it('EMPTY_FIELD for an empty key', async () => {
    expectError(await withShopper(36, { email: '' }), 400, 'EMPTY_FIELD');
  });

  it('SHOPPER_INVALID_COUNTRY when country is not COL', async () => {
    expectError(await withShopper(36, { country: 'MEX' }), 400, 'SHOPPER_INVALID_COUNTRY');
  });

  it('SHOPPER_INVALID_EMAIL for a bad or unresolvable e-mail', async () => {
    expectError(await withShopper(36, { email: 'ana@' }), 400, 'SHOPPER_INVALID_EMAIL');
    expectError(await withShopper(36, { email: 'ana@shop.invalid' }), 400, 'SHOPPER_INVALID_EMAIL');
  });

  it('SHOPPER_INVALID_IDTYPE for a type not accepted in Colombia', async () => {
    expectError(await withShopper(36, { type_doc_identi: 'RUT' }), 400, 'SHOPPER_INVALID_IDTYPE');
  });

  it('SHOPPER_INVALID_ID when the length does not fit the type', async () => {
    expectError(await withShopper(36, { type_doc_identi: 'CC', Num_doc_identi: '1234' }), 400, 'SHOPPER_INVALID_ID');
  });

  it('SHOPPER_INVALID_PHONE when the general phone validator fails', async () => {
    expectError(await withShopper(36, { Phone: 'call me' }), 400, 'SHOPPER_INVALID_PHONE');
  });

  it('SHOPPER_PSE_ADDRESS_REQUIRED for bank_account without address and city', async () => {
    expectError(await withShopper(36, {}, { filter_by: 'bank_account' }), 400, 'SHOPPER_PSE_ADDRESS_REQUIRED');
    expectError(await withShopper(36, { adress_shopper: 'Calle 1' }, { filter_by: 'bank_account' }), 400, 'SHOPPER_PSE_ADDRESS_REQUIRED');
  });

  it('accepts the aliases address and city for bank_account', async () => {
    const bankAccount = { filter_by: 'bank_account' };
    expect((await withShopper(36, { address: 'Calle 1 # 2-3', city: 'Bogotá' }, bankAccount)).status).toBe(200);
    expect((await withShopper(36, { adress_shopper: 'Calle 1 # 2-3', city_shopper: 'Bogotá' }, bankAccount)).status).toBe(200);
  });

  it('SHOPPER_INVALID_PHONE for bank_account when Phone is not exactly 10 digits', async () => {
    const r = await withShopper(36, { address: 'Calle 1', city: 'Cali', Phone: '300123456' }, { filter_by: 'bank_account' });
    expectError(r, 400, 'SHOPPER_INVALID_PHONE');
    expect((await withShopper(36, { Phone: '300123456' })).status).toBe(200);
  });
});
