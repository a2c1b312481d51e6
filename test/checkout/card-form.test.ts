import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../helpers/sandbox.js';
import { act, newCheckout, operation, page } from './support.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const card = (number: string, extra: Record<string, string> = {}) => ({
  holder: 'Ana Gómez',
  number,
  exp: `12/${nextYear}`,
  cvv: '123',
  ...extra,
});

describe('channel 36 card form', () => {
  it('stores the masked card, brand and an authorization on success', async () => {
    const c = await newCheckout(sb.url, 36, { filter_by: 'card' });
    const r = await act(sb.url, c.token, 'card_pay', card('5555555555554444'));
    expect(r.status).toBe(303);
    const op = await operation(sb.url, c.id);
    expect(op.status).toBe('confirmed');
    expect(op.details.card).toMatchObject({
      masked_number: '555555******4444',
      brand: 'mastercard',
      authorization_code: expect.stringMatching(/^\d{6}$/),
    });
    expect(JSON.stringify(op.details)).not.toContain('5555555555554444');
  });

  it('rejects with card_failure_code and rejection code on the timeline', async () => {
    const c = await newCheckout(sb.url, 36);
    const r = await act(sb.url, c.token, 'card_pay', card('4000000000009995'));
    expect(r.status).toBe(303);
    const op = await operation(sb.url, c.id);
    expect(op.status).toBe('rejected');
    expect(op.events.at(-1)!.details).toMatchObject({
      card_failure_code: '3003',
      rejection_code: '3003',
      rejection_message: 'Insufficient funds',
    });
    expect((await page(sb.url + r.location)).html).toContain('data-code="3003"');
  });

  it('refuses an expired card date with a message and changes nothing', async () => {
    const c = await newCheckout(sb.url, 36, { filter_by: 'card' });
    const r = await act(sb.url, c.token, 'card_pay', card('4111111111111111', { exp: '01/20' }));
    expect(r.status).toBe(422);
    expect(r.html).toContain('posterior al mes actual');
    expect((await operation(sb.url, c.id)).status).toBe('pending');
  });

  it('refuses a 3-digit CVV on the 4-digit scheme', async () => {
    const c = await newCheckout(sb.url, 36, { filter_by: 'card' });
    const r = await act(sb.url, c.token, 'card_pay', card('378282246310005'));
    expect(r.status).toBe(422);
    expect(r.html).toContain('4 dígitos');
  });

  it('refuses the card form on a cash-only operation', async () => {
    const c = await newCheckout(sb.url, 36, { filter_by: 'cash' });
    const r = await act(sb.url, c.token, 'card_pay', card('4111111111111111'));
    expect(r.status).toBe(422);
    expect((await operation(sb.url, c.id)).status).toBe('pending');
  });
});
