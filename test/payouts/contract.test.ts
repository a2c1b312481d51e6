import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_COUNTRIES } from '../../server/contract/payout-lists.js';
import { REQUIRED_PAYOUT_FIELDS } from '../../server/contract/payouts.js';
import { ruleDecision } from '../../server/domain/payouts/transitions.js';
import { rutCheckDigit, validatePayoutItem } from '../../server/domain/payouts/validation.js';
import { resourcesDir } from '../../server/paths.js';
import { api, startSandbox } from '../helpers/sandbox.js';
import { payoutItem } from './helpers.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

// The OpenAPI document describes the routes and is not one of them, so the typed client has no call for it.
const openApi = async () => (await api(sb.url, 'GET', '/sandbox/v1/openapi.json')).body;

describe('payout contract', () => {
  it('publishes the allowed account_type, vat_id_type and bank values as enums in the OpenAPI document', async () => {
    const doc = await openApi();
    const op = doc.paths['/api/transactions/'].post;
    const item = op.requestBody.content['application/json'].schema.items;
    const all = <T>(f: (c: (typeof PAYOUT_COUNTRIES)[number]) => T[]) => [...new Set(PAYOUT_COUNTRIES.flatMap(f))];
    // Each is the list accepted without a warning, next to the liberal reading (any string, a numeric bank string).
    const listed = (p: { anyOf: { enum?: unknown[] }[] }) => [...(p.anyOf.find((s) => s.enum)?.enum ?? [])].sort();
    expect(listed(item.properties.account_type)).toEqual(all((c) => c.account_types.flatMap((a) => [a.code, ...(a.aliases ?? [])])).sort());
    expect(listed(item.properties.vat_id_type)).toEqual(all((c) => c.vat_id_types.map((a) => a.code)).sort());
    expect(listed(item.properties.bank)).toEqual(all((c) => c.banks.map((b) => b.code)).sort());
    for (const code of ['CC', 'CE', 'NIT', 'PAS', 'DNI', 'RUC', 'RUT', 'RUN', 'CED', 'CPF', 'RNE', 'RFC', 'CURP'])
      expect(listed(item.properties.vat_id_type)).toContain(code);
    expect(listed(item.properties.account_type)).toEqual(expect.arrayContaining(['ahorro', 'corriente']));
    expect([...item.required].sort()).toEqual([...REQUIRED_PAYOUT_FIELDS].sort());
    expect(op.responses['201']).toBeDefined();
    expect(op.description).toContain('CHL (Chile)');
  });

  it('describes every payout control route in the OpenAPI document', async () => {
    const doc = await openApi();
    expect(doc.paths['/sandbox/v1/payouts'].get).toBeDefined();
    expect(doc.paths['/sandbox/v1/payouts/{id}/approve'].post).toBeDefined();
    expect(doc.paths['/sandbox/v1/payouts/{id}/reject'].post).toBeDefined();
    expect(doc.paths['/sandbox/v1/payouts/process'].post).toBeDefined();
    expect(doc.paths['/sandbox/v1/payrolls'].get).toBeDefined();
    expect(doc.paths['/sandbox/v1/payouts/{id}/status'].post).toBeDefined();
    expect(doc.paths['/api/login'].post).toBeDefined();
    expect(doc.paths['/api/transactions/'].get).toBeDefined();
    expect(doc.paths['/api/transactions/{id}'].get).toBeDefined();
  });

  it('keeps the test-values page in step with resources/payouts', () => {
    const tv = JSON.parse(readFileSync(join(resourcesDir(), 'test-values', 'payouts.json'), 'utf8'));
    for (const c of PAYOUT_COUNTRIES) {
      const row = tv.countries.find((x: { country: string }) => x.country === c.country);
      expect(row, c.country).toBeDefined();
      expect(row.account_type.map((a: { code: string }) => a.code)).toEqual(c.account_types.map((a) => a.code));
      expect(row.account_type.map((a: { aliases?: string[] }) => a.aliases ?? [])).toEqual(c.account_types.map((a) => a.aliases ?? []));
      expect(row.vat_id_type.map((a: { code: string }) => a.code)).toEqual(c.vat_id_types.map((a) => a.code));
      // The page words each id format as the warnings do, in both languages.
      expect(row.vat_id_type.map((a: { vat_id?: string; vat_id_es?: string }) => [a.vat_id, a.vat_id_es])).toEqual(
        c.vat_id_types.map((a) => [a.format, a.format_es]),
      );
      expect(row.bank.map((b: { code: number }) => b.code)).toEqual(c.banks.map((b) => b.code));
    }
    expect(tv.countries).toHaveLength(PAYOUT_COUNTRIES.length);
  });

  it('lists unique bank codes within each country', () => {
    for (const c of PAYOUT_COUNTRIES) expect(new Set(c.banks.map((b) => b.code)).size, c.country).toBe(c.banks.length);
  });
});

describe('payout rules', () => {
  it('computes the Chilean RUT check digit (modulo 11, 10 is K)', () => {
    expect(rutCheckDigit('12345678')).toBe('5');
    expect(rutCheckDigit('11111111')).toBe('1');
    expect(rutCheckDigit('10000013')).toBe('K');
    expect(rutCheckDigit('10000004')).toBe('0');
  });

  it("decides by the amount's integer part: even approved, odd rejected", () => {
    expect(ruleDecision('1000.00')).toBe('approved');
    expect(ruleDecision('1001.00')).toBe('rejected');
    expect(ruleDecision('10.99')).toBe('approved');
    expect(ruleDecision('11.50')).toBe('rejected');
    expect(ruleDecision('0.50')).toBe('approved');
  });

  it('accepts a sample item of each listed country', () => {
    const samples: Record<string, Record<string, unknown>> = {
      CHL: { bank: 37, account_type: 'rut', vat_id_type: 'RUN', vat_id: '11111111-1' },
      PER: { bank: 2, account_type: 'savings', vat_id_type: 'CE', vat_id: 'AB123456' },
      COL: { bank: 1007, account_type: 'savings', vat_id_type: 'CC', vat_id: '1234567890' },
      MEX: { bank: 40072, account_type: 'debit_card', account_id: '4111111111111111', vat_id_type: 'CURP', vat_id: 'GODE561231HDFRRN09' },
    };
    for (const [country, fields] of Object.entries(samples)) {
      const r = validatePayoutItem(payoutItem(fields));
      expect(r.problems, country).toEqual([]);
      expect(r.warnings, country).toEqual([]);
      expect(r.item?.country).toBe(country);
    }
  });
});
