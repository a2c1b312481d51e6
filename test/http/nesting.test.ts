// Deep nesting anywhere answers 400 in the documented shape, never 500: JSON bodies on every kind
// of route, JSON inside a form field, query strings and form bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentFields, postPayment } from '../helpers/payments.js';
import { DEMO, startSandbox } from '../helpers/sandbox.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb.stop();
});

const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
const item = (name: string) =>
  '{"order_id":"o1","credit_note":"c1","account_id":"000123456789","account_type":"corriente",' +
  `"vat_id":"12345678-5","vat_id_type":"RUT","amount":1500,"bank":37,"name":${name}}`;

async function expect400(res: Response) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBeTruthy();
  return body.error;
}

describe('deep nesting answers 400', () => {
  it('in a payout item (JSON body of the payout API)', async () => {
    const res = await fetch(`${sb.url}/api/transactions/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${DEMO.payout_token}` },
      body: `[${item(deepObject(50_000))}]`,
    });
    expect((await expect400(res)).message).toMatch(/deeper than 32/);
  });

  it('in a control API body', async () => {
    const res = await fetch(`${sb.url}/sandbox/v1/merchants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: deepObject(100_000),
    });
    await expect400(res);
  });

  it('in a JSON-encoded form field (shopper_information on channel 30)', async () => {
    const deep = `{"address":${deepObject(20_000)}}`;
    const r = await postPayment(sb.url, paymentFields(30, { shopper_information: deep }));
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('SHOPPERINFO_BAD_FORMAT');
  });

  it('in a query string and a form body (bracketed keys are plain names)', async () => {
    const brackets = 'a' + '[a]'.repeat(5000);
    const q = await fetch(`${sb.url}/api/operations?${brackets}=1`);
    expect(q.status).toBe(400);
    const notify = await fetch(`${sb.url}/api/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `${brackets}=1&public_key=${DEMO.public_key}`,
    });
    await expect400(notify);
  });
});
