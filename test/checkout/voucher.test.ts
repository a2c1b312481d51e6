import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../helpers/sandbox.js';
import { act, newCheckout, operation, page } from './support.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

const refOf = (html: string) => /data-testid="voucher-reference">(\d+)</.exec(html)?.[1];

describe('cash vouchers', () => {
  it('downloads a real PDF voucher on channel 38', async () => {
    const c = await newCheckout(sb.url, 38);
    const res = await fetch(`${sb.url}/check-out/voucher.pdf?tokenID=${c.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
  });

  it('shows the reference the creation code stored on channel 36 cash', async () => {
    const c = await newCheckout(sb.url, 36, { filter_by: 'cash' });
    const stored = (await operation(sb.url, c.id)).details.voucher_reference;
    expect(refOf((await page(c.address)).html)).toBe(stored);
  });

  it('generates and stores a reference when the shopper picks cash on the unified checkout', async () => {
    const c = await newCheckout(sb.url, 36);
    const r = await act(sb.url, c.token, 'choose_cash', { m: 'cash' });
    expect(r.status).toBe(303);
    const stored = (await operation(sb.url, c.id)).details.voucher_reference;
    expect(stored).toMatch(/^\d{12}$/);
    expect(refOf((await page(sb.url + r.location)).html)).toBe(stored);
  });

  it('answers 404 for the voucher of a channel without one', async () => {
    const c = await newCheckout(sb.url, 17);
    const res = await fetch(`${sb.url}/check-out/voucher.pdf?tokenID=${c.token}`);
    expect(res.status).toBe(404);
  });
});
