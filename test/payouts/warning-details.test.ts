import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteText } from '../../server/contract/log-notes.js';
import { warningTexts } from '../../server/contract/warnings.js';
import { control, startSandbox } from '../helpers/sandbox.js';
import { note, payoutItem, postPayouts } from './helpers.js';

/*
 * A payout item's warnings: the merchant API answers its words as before; the control API adds each
 * as a code with its values, and the batch's request-log note carries them by item.
 */
let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

describe('payout warnings as codes and values', () => {
  it('a sloppy batch keeps its English warnings and gets the same as codes, on the payout and in the log note', async () => {
    const cn = note('WD');
    const longKey = `x_${'k'.repeat(60)}`;
    // What a hand-written PHP json_encode() sends: numbers as strings, a Spanish channel word, a country as an object, a stray key.
    const items = [
      payoutItem({ credit_note: cn, amount: '1500.50', bank: '37', channel: 'transferencia' }),
      payoutItem({ country: { code: 'CL' }, [longKey]: 1 }),
    ];
    const r = await postPayouts(sb.url, items);
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    expect(Object.keys(r.json)).toEqual(['payroll', 'data']);
    const [first, second] = r.json.data as { id: number; warnings: string[] }[];
    expect(first!.warnings).toEqual([
      'amount: sent "1500.50"; the service asks for a Number; read as 1500.5',
      'channel: sent "transferencia"; the service asks for an http(s) address that receives the reference and OTP; ' +
        'no channel payload will be sent for this item',
      'bank: sent "37"; the service asks for an Integer; read as 37',
    ]);
    expect(second!.warnings).toEqual([
      `${longKey.slice(0, 40)}… (62 characters): not a payout item field; ignored`,
      'country: sent a JSON object; the service asks for one of CHL, PER, COL, MEX (sandbox extension); read from bank instead',
    ]);

    const views = await Promise.all([first!, second!].map((p) => control(sb).getPayout({ id: p.id })));
    expect(views[0]!.warning_details).toEqual([
      { code: 'payout_amount_text', field: 'amount', sent: '"1500.50"', params: { value: '1500.5' } },
      { code: 'payout_channel_not_http', field: 'channel', sent: '"transferencia"', params: {} },
      { code: 'payout_bank_text', field: 'bank', sent: '"37"', params: { value: '37' } },
    ]);
    expect(views[1]!.warning_details).toEqual([
      { code: 'payout_field_unknown', field: `${longKey.slice(0, 40)}…`, sent: null, params: { field_length: '62' } },
      { code: 'payout_country_unknown', field: 'country', sent: null, params: { countries: 'CHL, PER, COL, MEX', sent_kind: 'object' } },
    ]);
    for (const [i, v] of views.entries()) {
      expect(v.warnings).toEqual(r.json.data[i].warnings);
      expect(warningTexts(v.warning_details!)).toEqual(v.warnings);
    }

    const entry = (await control(sb).listRequests({ query: { limit: 10 } })).items.find((e) => e.request_body.includes(cn))!;
    expect(entry.note_details).toHaveLength(2);
    const [auth, payroll] = entry.note_details!;
    expect(auth).toEqual({ code: 'payout_auth', params: { scheme: 'Bearer', merchant: 'pk_sandbox_demo' } });
    expect(payroll).toMatchObject({ code: 'payroll', params: { payroll: String(r.json.payroll), count: '2' } });
    expect(payroll!.warnings!.map((w) => [w.item, w.code])).toEqual([
      [0, 'payout_amount_text'],
      [0, 'payout_channel_not_http'],
      [0, 'payout_bank_text'],
      [1, 'payout_field_unknown'],
      [1, 'payout_country_unknown'],
    ]);
    expect(entry.note).toBe(entry.note_details!.map(noteText).join('; '));
    expect(entry.note).toContain(`payroll ${r.json.payroll}: 2 payouts; warnings: item 0: amount: sent "1500.50"`);
  });
});
