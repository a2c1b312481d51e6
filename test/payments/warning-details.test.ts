import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warningTexts } from '../../server/contract/warnings.js';
import { paymentFields, postPayment } from '../helpers/payments.js';
import { control, startSandbox } from '../helpers/sandbox.js';
import { operationOf } from './support.js';

/*
 * A warning is answered in words (the API's `warnings`, unchanged) and as data beside them
 * (`warning_details`: its code, the field, the value as quoted, the rule's values), on the operation
 * and on the request's log entry, with the log's notes the same way; the words are written from the data.
 */
let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

const logOf = async (transId: string) =>
  (await control(sb).listRequests({ query: { limit: 20 } })).items.find((e) => e.request_body.includes(transId))!;

describe('creation warnings as codes and values', () => {
  it('a sloppy PHP form creation gets the same English warnings as before, and each as a code with its values', async () => {
    // A plugin that sends a fractional channel 17 amount, PHP's ISO date, its own field and a bank nobody asked for.
    const fields = paymentFields(17, {
      amount: '50000.50',
      time: '2026-11-23T21:00:43+00:00',
      plugin_version: '4.2.1',
      user_bank_code: '1007',
    });
    const r = await postPayment(sb.url, fields, 'form');
    expect(r.status, r.text).toBe(200);
    const op = await operationOf(sb.url, fields.trans_id!);
    expect(op.warnings).toEqual([
      'plugin_version: sent "4.2.1" — the service\'s creation request has no such field — ignored',
      'amount: sent "50000.50" — the service asks for whole pesos on this channel — rounded to 50001',
      'time: sent "2026-11-23T21:00:43+00:00" — the service asks for YYYY-MM-DD HH:MM:SS or YYYY-MM-DDTHH:MM:SS — ' +
        'accepted as an ISO 8601 date-time, read as given',
      'user_bank_code: sent "1007" — the service uses it only with filter_by=bankredirect — ignored',
    ]);
    expect(op.warning_details).toEqual([
      { code: 'field_unknown', field: 'plugin_version', sent: '"4.2.1"', params: {} },
      { code: 'amount_rounded', field: 'amount', sent: '"50000.50"', params: { value: '50001' } },
      { code: 'time_layout', field: 'time', sent: '"2026-11-23T21:00:43+00:00"', params: {} },
      { code: 'user_bank_code_bankredirect_only', field: 'user_bank_code', sent: '"1007"', params: {} },
    ]);
    expect(warningTexts(op.warning_details!)).toEqual(op.warnings);
    // The operation's creation event keeps them alike, words and codes.
    const created = op.events.find((e) => e.kind === 'created')!;
    expect([created.details.warnings, created.details.warning_details]).toEqual([op.warnings, op.warning_details]);

    const entry = await logOf(fields.trans_id!);
    expect(entry.warnings).toEqual(op.warnings);
    expect(entry.warning_details).toEqual(op.warning_details);
    expect(entry.note).toBe(`operation ${op.id}`);
    expect(entry.note_details).toEqual([{ code: 'operation', params: { operation: String(op.id) } }]);
  });

  it("names a rule's numbers and lists as values: time_expired raised to channel 40's minimum, a list of documented values", async () => {
    const fields = paymentFields(40, { time_expired: '5' });
    expect((await postPayment(sb.url, fields)).status).toBe(200);
    const op = await operationOf(sb.url, fields.trans_id!);
    expect(op.warnings).toEqual(['time_expired: sent "5" — the service\'s minimum on this channel is 30 minutes — raised to 30']);
    expect(op.warning_details).toEqual([{ code: 'time_expired_raised', field: 'time_expired', sent: '"5"', params: { min: '30' } }]);
  });

  it('an accepted creation without warnings answers empty lists, in words and in codes', async () => {
    const fields = paymentFields(5);
    expect((await postPayment(sb.url, fields)).status).toBe(200);
    const op = await operationOf(sb.url, fields.trans_id!);
    expect([op.warnings, op.warning_details]).toEqual([[], []]);
    const entry = await logOf(fields.trans_id!);
    expect([entry.warnings, entry.warning_details]).toEqual([[], []]);
  });
});
