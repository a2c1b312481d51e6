import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_IDS } from '../../server/contract/common.js';
import { answerOf, creationPath, paymentFields, postPayment } from '../helpers/payments.js';
import { creationSignature, startSandbox } from '../helpers/sandbox.js';
import { expectError, operationCount, operationOf } from './support.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

const ADDRESS = /^http:\/\/127\.0\.0\.1:\d+\/check-out\/\?channel=(\d+)&tokenID=([0-9a-f]{32})&platform=1$/;
const JSON_WARNING = (channel: number) =>
  `Content-Type: sent "application/json" — the service asks for form fields on channel ${channel} ` +
  '(application/x-www-form-urlencoded or multipart/form-data) — read as a flat JSON object';

/**
 * A JSON body as production clients write it: the given fields as bare JSON numbers (their text
 * exactly as in `fields`, e.g. 50000.0000, which JSON.stringify cannot print) and
 * shopper_information as an object.
 */
function jsonBody(fields: Record<string, string>, numbers: readonly string[] = ['amount', 'channel', 'time_expired']): string {
  const members = Object.entries(fields).map(([k, v]) => {
    const value = numbers.includes(k) ? v : k === 'shopper_information' ? v : JSON.stringify(v);
    return `${JSON.stringify(k)}: ${value}`;
  });
  return `{\n  ${members.join(',\n  ')}\n}`;
}

const postJson = async (fields: Record<string, string>, body = jsonBody(fields), path = creationPath(Number(fields.channel))) =>
  answerOf(await fetch(sb.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body }));

describe('JSON bodies on every channel', () => {
  it.each([...CHANNEL_IDS])(
    'channel %i: numbers and a shopper object give the same operation as the form, with a warning where the service asks for a form',
    async (channel) => {
      const viaForm = paymentFields(channel);
      const viaJson = paymentFields(channel);
      const f = await postPayment(sb.url, viaForm, 'form');
      const j = await postJson(viaJson);
      expect([f.status, j.status], j.text).toEqual([200, 200]);
      expect(j.text).toMatch(ADDRESS);
      expect(ADDRESS.exec(j.text)![1]).toBe(String(channel));
      const [a, b] = [await operationOf(sb.url, viaForm.trans_id!), await operationOf(sb.url, viaJson.trans_id!)];
      const same = (op: typeof a) => ({
        amount: op.amount,
        currency: op.currency,
        filter_by: op.filter_by,
        shopper: op.shopper,
        status: op.status,
        minutes: Date.parse(op.expires_at) - Date.parse(op.created_at),
      });
      expect(same(b)).toEqual(same(a));
      expect(b.request).toEqual(viaJson);
      expect(a.warnings).toEqual([]);
      expect(b.warnings).toEqual(channel === 17 ? [] : [JSON_WARNING(channel)]);
      expect(b.events[0]!.details.encoding).toBe('json');
    },
  );

  it.each([...CHANNEL_IDS])('channel %i: a refused JSON body answers exactly what the same form answers', async (channel) => {
    const cases: Record<string, string>[] = [
      { amount: '12abc' },
      { currency: 'XYZ' },
      { time: 'yesterday' },
      { trans_id: 'SBX-CREATION-ERROR-1' },
    ];
    for (const overrides of cases) {
      const fields = paymentFields(channel, overrides);
      const f = await postPayment(sb.url, fields, 'form');
      const j = await postJson(fields, jsonBody(fields, ['channel', 'time_expired']));
      expect(f.status).toBe(400);
      expect({ status: j.status, body: j.json }).toEqual({ status: f.status, body: f.json });
    }
  });

  it('reads JSON numbers as the text they print as: the signature covers 15000.0000, not 15000', async () => {
    const fields = paymentFields(33, { amount: '15000.0000' });
    const r = await postJson(fields);
    expect(r.status, r.text).toBe(200);
    const op = await operationOf(sb.url, fields.trans_id!);
    expect(op.amount).toBe('15000.00');
    expect(op.request.amount).toBe('15000.0000');
    expect(op.warnings).toEqual([JSON_WARNING(33), 'amount: sent "15000.0000" — the service asks for 2 decimals — read as 15000.00']);

    const signedAsParsed = creationSignature({ ...fields, amount: '15000' });
    const bad = await postJson({ ...fields, signature: signedAsParsed });
    expectError(bad, 400, 'INVALID_SIGNATURE');
  });

  it('reads 50000.5 as "50000.5" (channel 17 rounds it, with a warning)', async () => {
    const fields = paymentFields(17, { amount: '50000.5' });
    expect((await postJson(fields)).status).toBe(200);
    const op = await operationOf(sb.url, fields.trans_id!);
    expect(op.amount).toBe('50001');
    expect(op.warnings).toEqual(['amount: sent "50000.5" — the service asks for whole pesos on this channel — rounded to 50001']);
  });

  it('keeps a numeric trans_id past 2^53 digit for digit (JSON.parse would round it)', async () => {
    const fields = paymentFields(17, { trans_id: '12345678901234567890' });
    const r = await postJson(fields, jsonBody(fields, ['amount', 'channel', 'time_expired', 'trans_id']));
    expect(r.status, r.text).toBe(200);
    const op = await operationOf(sb.url, '12345678901234567890');
    expect(op.trans_id).toBe('12345678901234567890');
  });

  it('accepts shopper_information as a JSON-encoded string inside a JSON body', async () => {
    const fields = paymentFields(5);
    const r = await postJson(fields, JSON.stringify({ ...fields, amount: undefined }).replace('{', `{"amount": ${fields.amount},`));
    expect(r.status, r.text).toBe(200);
    expect((await operationOf(sb.url, fields.trans_id!)).shopper.Num_doc_identi).toBe('12345678-5');
  });

  it('accepts channel 30 with the shopper address as a nested object', async () => {
    const fields = paymentFields(30, {}, { shopper: { address: null } });
    const shopper = { ...JSON.parse(fields.shopper_information!), address: { street: 'Av. Arequipa 123', city: 'Lima' } };
    const r = await postJson({ ...fields, shopper_information: JSON.stringify(shopper) });
    expect(r.status, r.text).toBe(200);
  });

  it('accepts unknown fields of any JSON type, with a warning naming each', async () => {
    const fields = paymentFields(17);
    const body = jsonBody(fields).replace('{', '{"plugin": {"name": "shop", "version": 3}, "tags": [1, 2], "order_note": 12.50,');
    const r = await postJson(fields, body);
    expect(r.status, r.text).toBe(200);
    expect((await operationOf(sb.url, fields.trans_id!)).warnings).toEqual([
      'plugin: sent "{\\"name\\": \\"shop\\", \\"version\\": 3}" — the service\'s creation request has no such field — ignored',
      'tags: sent "[1, 2]" — the service\'s creation request has no such field — ignored',
      'order_note: sent "12.50" — the service\'s creation request has no such field — ignored',
    ]);
  });

  it('still refuses documented fields holding an object, malformed JSON, a field sent twice, and stores nothing', async () => {
    const before = await operationCount(sb.url);
    const fields = paymentFields(33);
    expectError(
      await postJson(fields, jsonBody(fields).replace(/"amount": [^,]+/, '"amount": {"value": 15000}')),
      400,
      'INVALID_JSON_STRUCTURE',
    );
    expectError(await postJson(fields, jsonBody(fields).replace(/"amount": [^,]+/, '"amount": [15000]')), 400, 'INVALID_JSON_STRUCTURE');
    expectError(await postJson(fields, jsonBody(fields).replace(/"amount": 15000\.00/, '"amount": 15000.')), 400, 'INVALID_JSON');
    expectError(await postJson(fields, jsonBody(fields).replace('{', '{"amount": 1,')), 400, 'INVALID_BODY');
    expectError(await postJson(fields, ''), 400, 'EMPTY_JSON_BODY');
    expect(await operationCount(sb.url)).toBe(before);
  });
});
