import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentFields, postPayment } from '../helpers/payments.js';
import { startSandbox } from '../helpers/sandbox.js';
import { operationOf } from './support.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

async function direct(channel: number, overrides: Record<string, string | null> = {}, shopper?: Record<string, string | null>) {
  const fields = paymentFields(channel, { direct_integration: '1', ...overrides }, { shopper });
  const r = await postPayment(sb.url, fields);
  expect(r.status, r.text).toBe(200);
  return { r, fields, op: await operationOf(sb.url, fields.trans_id!) };
}

/** Decodes a PNG (base64) with jsqr. */
function decodeQr(base64: string): string | null {
  const png = PNG.sync.read(Buffer.from(base64, 'base64'));
  // jsqr is CommonJS: under NodeNext its default import is the module, whose `default` is the function.
  return jsQR.default(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height)?.data ?? null;
}

describe('direct integration', () => {
  it('channel 17 instant_qr answers operation_id, qr_value and a scannable PNG data URI of qr_value', async () => {
    const { r, op } = await direct(17, { filter_by: 'instant_qr' });
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(r.json).sort()).toEqual(['operation_id', 'qr_code', 'qr_value']);
    expect(r.json.operation_id).toBe(op.id);
    expect(r.json.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(decodeQr(r.json.qr_code.slice('data:image/png;base64,'.length))).toBe(r.json.qr_value);
    // 8-bit grayscale (IHDR colour type 0), 5 px per module: 1.9 KB of base64 where qrcode's RGBA PNG took 3.5 KB.
    const png = Buffer.from(r.json.qr_code.slice('data:image/png;base64,'.length), 'base64');
    expect({ depth: png[24], colourType: png[25] }).toEqual({ depth: 8, colourType: 0 });
    expect(r.json.qr_code.length).toBeLessThan(2_500);
    expect(op.details.qr_value).toBe(r.json.qr_value);
    expect(op.details.direct_response).toEqual(r.json);
  });

  it('writes a direct creation once: the answer (with the operation id) is in the row as inserted, never updated after', async () => {
    // A temp trigger counts UPDATEs of operations made by this connection (the one the sandbox writes with).
    const updates = sb.ctx.store.diagnostics.watchOperationUpdates();
    try {
      const { r, op } = await direct(17, { filter_by: 'instant_qr' });
      expect(op.details.direct_response).toEqual(r.json);
      expect(r.json.operation_id).toBe(op.id);
      expect(updates.count(op.id)).toBe(0);
    } finally {
      updates.stop();
    }
  });

  it('channel 17 instant_key answers operation_id and key_value, shown on the checkout too', async () => {
    const { r, op } = await direct(17, { filter_by: 'instant_key' });
    expect(r.json).toEqual({ operation_id: op.id, key_value: expect.any(String) });
    expect(op.details.key_value).toBe(r.json.key_value);
  });

  it.each(['bank_page', 'bankredirect'])('channel 17 %s answers payment_link', async (filter_by) => {
    const { r, op } = await direct(17, { filter_by, user_bank_code: '1815' });
    expect(r.json).toEqual({ payment_link: expect.stringContaining(`/check-out/?channel=17&tokenID=${op.token}`) });
    expect(op.details.payment_link).toBe(r.json.payment_link);
  });

  it('channel 17 wallet_push answers operation_id, expired_at, amount with 2 decimals, status pending and steps', async () => {
    const { r, op } = await direct(17, { filter_by: 'wallet_push', amount: '50000' });
    expect(r.json).toMatchObject({ operation_id: op.id, expired_at: op.expires_at, amount: '50000.00', status: 'pending' });
    expect(r.json.steps.length).toBeGreaterThan(0);
    for (const s of r.json.steps)
      expect(s).toEqual({ step_number: expect.any(Number), title: expect.any(String), description: expect.any(String) });
  });

  it('channel 35 answers consumer_code, deeplink_url, bank_channel and qr_image (base64 PNG of deeplink_url)', async () => {
    const { r, op } = await direct(35);
    expect(r.json).toMatchObject({
      operation_id: op.id,
      consumer_code: expect.stringMatching(/^\d+$/),
      deeplink_url: expect.any(String),
      bank_channel: expect.any(String),
    });
    expect(decodeQr(r.json.qr_image)).toBe(r.json.deeplink_url);
    expect(op.details.consumer_code).toBe(r.json.consumer_code);
  });

  it('channel 22 answers payment_url, qr_value, qr_code, expired_at, amount and currency', async () => {
    const { r, op } = await direct(22);
    expect(r.json).toMatchObject({
      operation_id: op.id,
      payment_url: expect.any(String),
      qr_value: expect.any(String),
      expired_at: op.expires_at,
      amount: '10000.00',
      currency: 'CLP',
    });
    expect(decodeQr(r.json.qr_code.slice('data:image/png;base64,'.length))).toBe(r.json.qr_value);
    const png = Buffer.from(r.json.qr_code.slice('data:image/png;base64,'.length), 'base64');
    expect({ depth: png[24], colourType: png[25] }).toEqual({ depth: 8, colourType: 0 });
  });

  it('channel 16 answers reference, payment_url, expired_at, amount and currency; 0 means the checkout address', async () => {
    const { r, op } = await direct(16);
    expect(r.json).toMatchObject({ operation_id: op.id, reference: op.details.payment_reference, amount: '500.00', currency: 'MXN' });
    const standard = await postPayment(sb.url, paymentFields(16, { direct_integration: '0' }));
    expect(standard.text).toMatch(/\/check-out\/\?channel=16&/);
  });

  it('channel 41 ignores direct_integration and answers the checkout address', async () => {
    const fields = paymentFields(41, { direct_integration: '1' });
    const r = await postPayment(sb.url, fields);
    expect(r.text).toMatch(/\/check-out\/\?channel=41&tokenID=/);
    const op = await operationOf(sb.url, fields.trans_id!);
    expect((op.details.warnings as string[]).join(' ')).toMatch(/no effect/);
    expect(op.clabe).toMatch(/^\d{18}$/);
  });
});

describe('checkout values and special answers', () => {
  it('channel 36 bank_account answers the bank-selection page and stores it as checkout_url', async () => {
    const fields = paymentFields(36, { filter_by: 'bank_account' }, { shopper: { address: 'Calle 1', city: 'Cali' } });
    const r = await postPayment(sb.url, fields);
    expect(r.status, r.text).toBe(200);
    const op = await operationOf(sb.url, fields.trans_id!);
    expect(r.text).toBe(`${sb.url}/check-out/bank-selection/?tokenID=${op.token}`);
    expect(op.checkout_url).toBe(r.text);
  });

  it('channels 38 and 36 cash store a voucher_reference', async () => {
    const a = paymentFields(38);
    await postPayment(sb.url, a);
    expect((await operationOf(sb.url, a.trans_id!)).details.voucher_reference).toMatch(/^\d{14}$/);
    const b = paymentFields(36, { filter_by: 'cash' });
    await postPayment(sb.url, b);
    expect((await operationOf(sb.url, b.trans_id!)).details.voucher_reference).toMatch(/^\d{12}$/);
  });

  it('channel 17 instant_qr without direct integration stores qr_value for the checkout page', async () => {
    const f = paymentFields(17, { filter_by: 'instant_qr' });
    await postPayment(sb.url, f);
    expect((await operationOf(sb.url, f.trans_id!)).details.qr_value).toMatch(/^000201/);
  });

  it('channel 36 card with gateway_source_id charges the token at once and confirms', async () => {
    const f = paymentFields(36, { filter_by: 'card', gateway_source_id: 'tok_sandbox_visa' });
    const r = await postPayment(sb.url, f);
    expect(r.status, r.text).toBe(200);
    const op = await operationOf(sb.url, f.trans_id!);
    expect(op.status).toBe('confirmed');
    expect(op.details.card_charge).toMatchObject({ gateway_source_id: 'tok_sandbox_visa', status: 'approved' });
    expect(op.events.map((e: { kind: string }) => e.kind)).toEqual(['created', 'confirmed']);
  });

  it('channel 36 card with the magic gateway_source_id tok_decline_3003 is rejected with code 3003', async () => {
    const f = paymentFields(36, { filter_by: 'card', gateway_source_id: 'tok_decline_3003' });
    await postPayment(sb.url, f);
    const op = await operationOf(sb.url, f.trans_id!);
    expect(op.status).toBe('rejected');
    expect(op.events[1]!.details).toMatchObject({ rejection_code: '3003', rejection_message: 'Insufficient funds' });
  });
});
