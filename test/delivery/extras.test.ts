import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, newCheckout } from '../checkout/support.js';
import { move, sandboxWithReceiver } from './helpers.js';

/*
 * Notification extras follow what the shopper did on the checkout page (details.checkout, typed in
 * channels/details.ts): the method chosen on a multi-method page sets the family, the wallet phone
 * typed on channel 22 is the wallet account, the card typed on channel 36 is the card sent.
 */

let env: Awaited<ReturnType<typeof sandboxWithReceiver>>;
beforeAll(async () => {
  env = await sandboxWithReceiver();
});
afterAll(() => env.stop());

async function confirmAndReceive(id: number, transId: string) {
  const before = env.rx.received.length;
  await move(env.sb, id, 'confirm');
  await env.rx.waitFor(before + 1);
  return env.rx.received.find((r) => r.fields.trans_ID === transId)!.fields;
}

describe('channel extras from the checkout page', () => {
  it('sends the wallet phone chosen on the channel 22 page, not the shopper phone of the creation', async () => {
    const c = await newCheckout(env.sb.url, 22, {}, { Phone: '911112222' });
    expect((await act(env.sb.url, c.token, 'wallet_login', { phone: '+56 9 8765 4321' })).status).toBe(303);
    const f = await confirmAndReceive(c.id, c.fields.trans_id!);
    expect(f).toMatchObject({ payment_method: 'wallet', wallet_name: 'Billetera Sandbox' });
    expect(f.wallet_account).toMatch(/^\*+4321$/);
  });

  it('notifies channel 17 as a wallet payment once the shopper picks the push wallet', async () => {
    const c = await newCheckout(env.sb.url, 17);
    expect((await act(env.sb.url, c.token, 'choose_method', { method: 'wallet_push' })).status).toBe(303);
    const f = await confirmAndReceive(c.id, c.fields.trans_id!);
    expect(f.payment_method).toBe('wallet');
    expect(f).toHaveProperty('wallet_account');
  });

  it('notifies channel 16 as a bank transfer when the shopper picks the bank, otherwise as cash with the stored reference', async () => {
    const bank = await newCheckout(env.sb.url, 16);
    expect((await act(env.sb.url, bank.token, 'choose_method', { method: 'bank' })).status).toBe(303);
    expect((await confirmAndReceive(bank.id, bank.fields.trans_id!)).payment_method).toBe('bank_transfer');

    const cash = await newCheckout(env.sb.url, 16);
    expect((await act(env.sb.url, cash.token, 'choose_method', { method: 'cash' })).status).toBe(303);
    const page = await (await fetch(cash.address.replace(/^https?:\/\/[^/]+/, env.sb.url))).text();
    const shown = /data-testid="payment-reference">(\d+)</.exec(page)?.[1];
    const f = await confirmAndReceive(cash.id, cash.fields.trans_id!);
    expect(f).toMatchObject({ payment_method: 'cash', voucher_reference: shown });
  });

  it('sends the card typed on the channel 36 form: its mask and lower-case brand', async () => {
    const c = await newCheckout(env.sb.url, 36, { filter_by: 'card' });
    const before = env.rx.received.length;
    const r = await act(env.sb.url, c.token, 'card_pay', {
      holder: 'Ana Ruiz',
      number: '2223 0031 2200 3222',
      exp: '12/99',
      cvv: '123',
      m: 'card',
    });
    expect(r.status).toBe(303);
    await env.rx.waitFor(before + 1);
    const f = env.rx.received.find((x) => x.fields.trans_ID === c.fields.trans_id)!.fields;
    expect(f).toMatchObject({ payment_method: 'card', card_number: '222300******3222', card_brand: 'mastercard' });
  });
});
