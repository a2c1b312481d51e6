import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bundle } from '../../server/contract/bundle.js';
import { bundleProblem } from '../../server/domain/bundle/import-checks.js';
import { createPayment } from '../helpers/payments.js';
import { answer, control, failure, startSandbox } from '../helpers/sandbox.js';

/*
 * An imported bundle passes the checks the merchant and control APIs apply to the same data: a bad
 * row refuses the whole bundle, naming the first bad path, and changes nothing.
 */
type Sb = Awaited<ReturnType<typeof startSandbox>>;
let src: Sb;
let dst: Sb;
let good: Bundle;

beforeAll(async () => {
  src = await startSandbox();
  const m = await answer(src, 'createMerchant', { body: { name: 'Importer', public_key: 'pk_importer_1', max_amount: 5000000 } });
  expect(m.status).toBe(201);
  expect((await createPayment(src.url, 17, { trans_id: 'chk-1' })).status).toBe(200);
  good = await control(src).exportBundle({ query: { include_secrets: 'true' } });
});
afterAll(() => src.stop());
beforeEach(async () => {
  await dst?.stop();
  dst = await startSandbox();
});
afterAll(() => dst.stop());

const copy = (): Bundle => structuredClone(good);
const merchantIx = (b: Bundle) => b.merchants.findIndex((m) => m.public_key === 'pk_importer_1');

async function refused(b: Bundle, path: string) {
  const before = await control(dst).exportBundle();
  const res = await failure(control(dst).importBundle({ query: { apply_settings: 'true' }, body: b }));
  expect(res.status).toBe(400);
  expect(res.code).toBe('VALIDATION_ERROR');
  expect(res.reason).toMatch(new RegExp(`^bundle refused, nothing was imported: ${path.replace(/[[\].]/g, '\\$&')}[.:]`));
  const after = await control(dst).exportBundle();
  expect({ ...after, exported_at: '', clock_now: '' }).toEqual({ ...before, exported_at: '', clock_now: '' });
  return res.reason;
}

describe('bundle import checks rows as the APIs do', () => {
  it('imports a bundle exported by a sandbox', async () => {
    expect(bundleProblem(good)).toBeNull();
    expect((await answer(dst, 'importBundle', { body: good })).status).toBe(200);
  });

  it.each([
    ['url_ok', 'javascript:fetch("/sandbox/v1/clock/pause",{method:"POST"})'],
    ['url_error', 'data:text/html,<script>alert(1)</script>'],
  ])('refuses an operation whose %s is not an https URL (as creation does)', async (key, value) => {
    const b = copy();
    (b.operations[0] as Record<string, unknown>)[key] = value;
    expect(await refused(b, `operations[0].${key}`)).toContain('must be an https URL');
  });

  it.each([
    ['deeplink_url', 'javascript:void(document.title="x")//check-out/'],
    ['checkout_url', 'javascript:alert(1)'],
    ['payment_link', 'file:///etc/passwd'],
  ])('refuses an operation whose details.%s a page follows is not http(s)', async (key, value) => {
    const b = copy();
    b.operations[0]!.details[key] = value;
    await refused(b, `operations[0].details.${key}`);
  });

  it('refuses a details.qr_value no QR code can hold', async () => {
    const b = copy();
    b.operations[0]!.details.qr_value = 'x'.repeat(5000);
    await refused(b, 'operations[0].details.qr_value');
  });

  it.each([
    ['channel', 999],
    ['currency', 'XXX'],
    ['amount', '-5'],
  ])('refuses an operation whose %s creation would refuse', async (key, value) => {
    const b = copy();
    (b.operations[0] as Record<string, unknown>)[key] = value;
    await refused(b, `operations[0].${key}`);
  });

  it.each([
    ['max_amount', 1e308],
    ['max_amount', -5],
    ['success_url', 'javascript:alert(1)'],
    ['public_key', 'short'],
    ['channels', { '999': ['COP'] }],
  ])('refuses a merchant whose %s the merchant API refuses (%s)', async (key, value) => {
    const b = copy();
    const i = merchantIx(b);
    (b.merchants[i] as Record<string, unknown>)[key] = value;
    await refused(b, `merchants[${i}].${key}`);
  });

  it('refuses a notification to a non-http(s) address', async () => {
    const b = copy();
    (b.notifications as unknown[]).push({ ...fakeNotification(b), url: 'gopher://x/' });
    await refused(b, `notifications[${b.notifications.length - 1}].url`);
  });

  it('refuses fault rules that are not rules', async () => {
    const b = copy();
    b.settings.faults = [{ id: 'nope' }];
    await refused(b, 'settings.faults.0');
  });

  it('names the first bad row when several are bad', async () => {
    const b = copy();
    b.operations[0]!.url_ok = 'javascript:1';
    (b.merchants[merchantIx(b)] as Record<string, unknown>).max_amount = 1e308;
    await refused(b, `merchants[${merchantIx(b)}].max_amount`);
  });
});

/** A notification row as an export shows one. */
function fakeNotification(b: Bundle): Record<string, unknown> {
  return {
    id: 999,
    public_id: 'ntf_fake',
    merchant_id: b.merchants[0]!.id,
    operation_id: null,
    payout_id: null,
    kind: 'success',
    url: 'https://shop.example/notify',
    content_type: 'application/x-www-form-urlencoded',
    body: 'a=1',
    status: 'delivered',
    created_at: 1,
    updated_at: 1,
    attempts: [],
  };
}
