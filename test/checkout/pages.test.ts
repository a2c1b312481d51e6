import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startSandbox, control } from '../helpers/sandbox.js';
import { act, newCheckout, operation, page } from './support.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

const PSE_SHOPPER = { adress_shopper: 'Calle 1 # 2-3', city_shopper: 'Bogotá' };

describe('checkout pages: every channel renders its method', () => {
  const cases: [string, number, Record<string, string>, RegExp[]][] = [
    ['5 bank list', 5, {}, [/data-testid="bank-cl_test"/, /Elige tu banco/]],
    ['5 direct test bank', 5, { filter_by: 'cl_test' }, [/data-testid="test-bank"/, /name="rut"/]],
    ['11 institution list', 11, {}, [/data-testid="bank-list"/, /panel-error-reason/]],
    ['11 direct institution', 11, { user_bank_code: 'cl_andino' }, [/data-testid="bank-page"/, /Banco Andino/]],
    ['16 alternative methods', 16, {}, [/data-testid="method-cash"/]],
    [
      '17 all methods',
      17,
      {},
      [/method-wallet_push/, /method-instant_qr/, /method-instant_key/, /method-bankredirect/, /method-bank_page/],
    ],
    ['17 wallet_push', 17, { filter_by: 'wallet_push' }, [/data-testid="wallet-steps"/, /data-testid="waiting"/]],
    ['17 instant_qr', 17, { filter_by: 'instant_qr' }, [/<svg data-testid="qr"/]],
    [
      '17 instant_key',
      17,
      { filter_by: 'instant_key' },
      [/data-testid="instant-key">@pasarelasandbox</, /data-testid="exact-amount">\$ 50\.000 COP</],
    ],
    ['17 bankredirect', 17, { filter_by: 'bankredirect', user_bank_code: '1001' }, [/data-testid="bank-approve"/]],
    ['22 wallet', 22, {}, [/data-testid="wallet-phone"/]],
    ['30 bank transfer', 30, {}, [/data-testid="payment-code"/]],
    ['33 methods 29 and 48', 33, {}, [/method-29/, /method-48/, /Próximamente/]],
    ['35 desktop instructions', 35, {}, [/data-testid="desktop-steps"/, /data-testid="consumer-code"/, /<svg data-testid="qr"/]],
    ['36 unified checkout', 36, {}, [/tab-card/, /tab-bank/, /tab-cash/, /data-testid="card-form"/]],
    ['36 link biased to store', 36, { filter_by: 'link' }, [/recomendado/, /data-testid="choose-cash"/]],
    ['36 cash voucher', 36, { filter_by: 'cash' }, [/data-testid="voucher-reference"/, /data-testid="barcode"/, /voucher\.pdf/]],
    ['38 cash voucher', 38, {}, [/data-testid="voucher-reference"/, /voucher\.pdf/]],
    ['40 efimero QR', 40, {}, [/<svg data-testid="qr"/, /QR efímero</]],
    ['40 efimero_v2 QR', 40, { filter_by: 'efimero_v2' }, [/versión 2/]],
    ['41 SPEI details', 41, {}, [/data-testid="clabe"/, /STP \(sandbox\)/, /\$ 1,500\.50 MXN/, /data-testid="shopper-cancel"/]],
  ];
  for (const [name, channel, overrides, patterns] of cases) {
    it(`channel ${name}`, async () => {
      const c = await newCheckout(sb.url, channel, overrides);
      const p = await page(c.address);
      expect(p.status).toBe(200);
      expect(p.type).toMatch(/text\/html/);
      for (const re of patterns) expect(p.html).toMatch(re);
      expect(p.html).toContain('data-testid="sandbox-panel"');
      expect(p.html).toContain(`data-expires="${new Date((await operation(sb.url, c.id)).expires_at).getTime()}"`);
    });
  }

  it('channel 36 bank_account answers the bank-selection page', async () => {
    const c = await newCheckout(sb.url, 36, { filter_by: 'bank_account' }, PSE_SHOPPER);
    expect(c.address).toContain('/check-out/bank-selection/?tokenID=');
    const p = await page(c.address);
    expect(p.status).toBe(200);
    expect(p.html).toContain('data-testid="bank-selection"');
  });

  it('channel 35 on a phone shows the deeplink that opens the bank', async () => {
    const c = await newCheckout(sb.url, 35);
    const p = await page(c.address, { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' });
    expect(p.html).toMatch(/data-autofollow/);
    expect(p.html).not.toContain('desktop-steps');
  });
});

describe('checkout pages: escaping and bad addresses', () => {
  it('escapes shopper data such as a name with a script tag', async () => {
    const c = await newCheckout(sb.url, 17, { filter_by: 'bank_page' }, { name_shopper: '<script>alert(1)</script>' });
    const p = await page(c.address);
    expect(p.html).not.toContain('<script>alert(1)</script>');
    expect(p.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('answers an unknown token with a friendly 404 page', async () => {
    const p = await page(`${sb.url}/check-out/?channel=17&tokenID=doesnotexist&platform=1`);
    expect(p.status).toBe(404);
    expect(p.type).toMatch(/text\/html/);
    expect(p.html).toContain('Pago no encontrado');
  });

  it('answers a checkout address without tokenID with 400', async () => {
    const p = await page(`${sb.url}/check-out/?channel=17`);
    expect(p.status).toBe(400);
    expect(p.html).toContain('tokenID');
  });

  it('answers a token under another channel with 404', async () => {
    const c = await newCheckout(sb.url, 41);
    const p = await page(c.address.replace('channel=41', 'channel=17'));
    expect(p.status).toBe(404);
  });
});

describe('checkout status polling', () => {
  it('reports pending with no redirect', async () => {
    const c = await newCheckout(sb.url, 17, { filter_by: 'wallet_push' });
    const r = await api(sb.url, 'GET', `/check-out/status?tokenID=${c.token}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'pending', redirect: null });
    expect(typeof r.body.now).toBe('number');
  });

  it('reports url_ok once confirmed through the control API', async () => {
    const c = await newCheckout(sb.url, 17, { filter_by: 'wallet_push' });
    await control(sb).confirmOperation({ id: c.id });
    const r = await api(sb.url, 'GET', `/check-out/status?tokenID=${c.token}`);
    expect(r.body).toMatchObject({ status: 'confirmed', redirect: 'https://merchant.example/ok' });
  });

  it('reports url_error once rejected', async () => {
    const c = await newCheckout(sb.url, 17, { filter_by: 'instant_qr' });
    await control(sb).rejectOperation({ id: c.id, body: {} });
    const r = await api(sb.url, 'GET', `/check-out/status?tokenID=${c.token}`);
    expect(r.body).toMatchObject({ status: 'rejected', redirect: 'https://merchant.example/error' });
  });

  it('answers an unknown token with 404 NOT_FOUND in the error shape', async () => {
    const r = await api(sb.url, 'GET', '/check-out/status?tokenID=nope');
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
  });

  it('is described in the OpenAPI document with the checkout pages', async () => {
    const r = await api(sb.url, 'GET', '/sandbox/v1/openapi.json');
    expect(Object.keys(r.body.paths)).toEqual(
      expect.arrayContaining(['/check-out/', '/check-out/status', '/check-out/actions', '/check-out/voucher.pdf']),
    );
  });

  it('answers a missing token with 400 VALIDATION_ERROR', async () => {
    const r = await api(sb.url, 'GET', '/check-out/status');
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('single-use address and closed states', () => {
  it('shows a closed page with no controls once the operation is final', async () => {
    const c = await newCheckout(sb.url, 17, { filter_by: 'instant_key' });
    await control(sb).confirmOperation({ id: c.id });
    const p = await page(c.address);
    expect(p.status).toBe(200);
    expect(p.html).toContain('Este enlace de pago ya no está disponible');
    expect(p.html).not.toContain('<form');
    expect(p.html).not.toContain('sandbox-panel');
  });

  it('refuses an action on a final operation with 409 and changes nothing', async () => {
    const c = await newCheckout(sb.url, 41);
    await control(sb).cancelOperation({ id: c.id });
    const r = await act(sb.url, c.token, 'sandbox_outcome', { outcome: 'confirmed' });
    expect(r.status).toBe(409);
    expect((await operation(sb.url, c.id)).status).toBe('cancelled');
  });

  it('shows the closed page after the sandbox clock passes the expiry', async () => {
    const c = await newCheckout(sb.url, 17, { filter_by: 'wallet_push' });
    await control(sb).advanceClock({ body: { minutes: 16 } });
    const p = await page(c.address);
    expect(p.html).toContain('data-status="expired"');
    const s = await api(sb.url, 'GET', `/check-out/status?tokenID=${c.token}`);
    expect(s.body).toMatchObject({ status: 'expired', redirect: 'https://merchant.example/error' });
  });
});

describe('checkout actions', () => {
  it('cancels on the shopper cancel button and returns to the merchant', async () => {
    const c = await newCheckout(sb.url, 41);
    const r = await act(sb.url, c.token, 'cancel');
    expect(r.status).toBe(303);
    expect(r.location).toContain('done=1');
    const op = await operation(sb.url, c.id);
    expect(op.status).toBe('cancelled');
    expect(op.events.at(-1)).toMatchObject({ actor: 'shopper_page', to_status: 'cancelled' });
    const done = await page(sb.url + r.location);
    expect(done.html).toContain('href="https://merchant.example/error" data-testid="back-to-merchant"');
  });

  it('marks a sandbox panel outcome with via=sandbox_panel', async () => {
    const c = await newCheckout(sb.url, 38);
    await act(sb.url, c.token, 'sandbox_outcome', { outcome: 'confirmed' });
    const op = await operation(sb.url, c.id);
    expect(op.status).toBe('confirmed');
    expect(op.events.at(-1)).toMatchObject({ actor: 'shopper_page', details: { via: 'sandbox_panel' } });
  });

  it('rejects channel 11 with an error_reason from the panel', async () => {
    const c = await newCheckout(sb.url, 11);
    await act(sb.url, c.token, 'sandbox_outcome', { outcome: 'rejected', error_reason: 'mfa_locked' });
    const op = await operation(sb.url, c.id);
    expect(op.status).toBe('rejected');
    expect(op.events.at(-1)!.details.error_reason).toBe('mfa_locked');
  });

  it('refuses an error_reason outside the service list and changes nothing', async () => {
    const c = await newCheckout(sb.url, 11);
    const r = await act(sb.url, c.token, 'sandbox_outcome', { outcome: 'rejected', error_reason: 'made_up' });
    expect(r.status).toBe(400);
    expect(r.html).toContain('data-testid="error"');
    expect((await operation(sb.url, c.id)).status).toBe('pending');
  });

  it('refuses an unknown action with 400 and changes nothing', async () => {
    const c = await newCheckout(sb.url, 17);
    const r = await act(sb.url, c.token, 'steal_money');
    expect(r.status).toBe(400);
    expect((await operation(sb.url, c.id)).status).toBe('pending');
  });

  it('refuses a bank approval when the bank page is not open', async () => {
    const c = await newCheckout(sb.url, 17, { filter_by: 'wallet_push' });
    const r = await act(sb.url, c.token, 'bank_approve');
    expect(r.status).toBe(422);
    expect((await operation(sb.url, c.id)).status).toBe('pending');
  });

  it('refuses a body that is not a form with 415', async () => {
    const c = await newCheckout(sb.url, 17);
    const res = await fetch(`${sb.url}/check-out/actions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tokenID: c.token, action: 'cancel' }),
    });
    expect(res.status).toBe(415);
    expect((await operation(sb.url, c.id)).status).toBe('pending');
  });

  it('confirms channel 41 from the panel by a real SPEI transfer of the exact amount', async () => {
    const c = await newCheckout(sb.url, 41, {}, { Num_doc_identi: 'PEMJ800101AB1' });
    const r = await act(sb.url, c.token, 'spei_transfer');
    expect(r.status).toBe(303);
    const op = await operation(sb.url, c.id);
    expect(op.status).toBe('confirmed');
    expect(op.events.at(-1)!.actor).toBe('spei_transfer');
  });
});
