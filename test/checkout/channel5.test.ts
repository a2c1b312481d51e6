import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../helpers/sandbox.js';
import { bankCredentials } from '../../server/checkout/test-values.js';
import { act, newCheckout, operation, page } from './support.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

const creds = bankCredentials();
const coords = Object.fromEntries(Object.entries(creds.coordinates).map(([k, v]) => [`coord_${k}`, v]));
const stepOf = async (address: string) => /data-step="(\w+)"/.exec((await page(address)).html)?.[1];

describe('channel 5 test bank', () => {
  it('shows the bank error on a wrong password and stays on the sign-in step', async () => {
    const c = await newCheckout(sb.url, 5, { filter_by: 'cl_test' });
    const r = await act(sb.url, c.token, 'login', { rut: creds.rut, password: 'wrong' });
    expect(r.status).toBe(422);
    expect(r.html).toContain('RUT o clave incorrectos');
    expect(await stepOf(c.address)).toBe('login');
    expect((await operation(sb.url, c.id)).status).toBe('pending');
  });

  it('lets the shopper retry after a wrong value', async () => {
    const c = await newCheckout(sb.url, 5, { filter_by: 'cl_test' });
    await act(sb.url, c.token, 'login', { rut: '22.222.222-2', password: creds.password });
    const r = await act(sb.url, c.token, 'login', { rut: creds.rut, password: creds.password });
    expect(r.status).toBe(303);
    expect(await stepOf(c.address)).toBe('account');
  });

  it('confirms after sign-in, account and the three codes, then returns to url_ok', async () => {
    const c = await newCheckout(sb.url, 5, { filter_by: 'cl_test' });
    expect((await act(sb.url, c.token, 'login', { rut: creds.rut.replace(/\./g, ''), password: creds.password })).status).toBe(303);
    expect((await act(sb.url, c.token, 'choose_account', { account: creds.accounts[1]!.id })).status).toBe(303);
    expect((await act(sb.url, c.token, 'activation', { code: creds.activation_code })).status).toBe(303);
    expect((await act(sb.url, c.token, 'coordinates', coords)).status).toBe(303);
    const last = await act(sb.url, c.token, 'sms', { code: creds.sms_code });
    expect(last.status).toBe(303);
    const op = await operation(sb.url, c.id);
    expect(op.status).toBe('confirmed');
    expect(op.events.at(-1)).toMatchObject({ actor: 'shopper_page', details: { via: 'test_bank', account: creds.accounts[1]!.id } });
    // url_ok is on merchant.example, reserved for examples: the page stays and offers the link.
    const done = (await page(sb.url + last.location)).html;
    expect(done).toContain('href="https://merchant.example/ok" data-testid="back-to-merchant"');
    expect(done).not.toContain('data-redirect-to');
  });

  it('refuses a wrong coordinate and keeps the step', async () => {
    const c = await newCheckout(sb.url, 5, { filter_by: 'cl_test' });
    await act(sb.url, c.token, 'login', { rut: creds.rut, password: creds.password });
    await act(sb.url, c.token, 'choose_account', { account: creds.accounts[0]!.id });
    await act(sb.url, c.token, 'activation', { code: creds.activation_code });
    const r = await act(sb.url, c.token, 'coordinates', { ...coords, coord_A1: '00' });
    expect(r.status).toBe(422);
    expect(r.html).toContain('Coordenadas incorrectas');
    expect(await stepOf(c.address)).toBe('coordinates');
  });

  it('refuses a step posted out of order and changes nothing', async () => {
    const c = await newCheckout(sb.url, 5, { filter_by: 'cl_test' });
    const r = await act(sb.url, c.token, 'sms', { code: creds.sms_code });
    expect(r.status).toBe(422);
    expect((await operation(sb.url, c.id)).status).toBe('pending');
    expect(await stepOf(c.address)).toBe('login');
  });

  it('picks the test bank from the full list when filter_by is omitted', async () => {
    const c = await newCheckout(sb.url, 5);
    const r = await act(sb.url, c.token, 'select_bank', { bank: 'cl_test' });
    expect(r.status).toBe(303);
    expect(await stepOf(c.address)).toBe('login');
  });

  it('refuses a bank outside the list', async () => {
    const c = await newCheckout(sb.url, 5);
    const r = await act(sb.url, c.token, 'select_bank', { bank: 'cl_nope' });
    expect(r.status).toBe(422);
    expect((await page(c.address)).html).toContain('data-testid="bank-list"');
  });
});
