import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, api, control, failure, startSandbox } from '../helpers/sandbox.js';
import { paymentFields, postPayment } from '../helpers/payments.js';
import { client2018Fields, client2018Pay, formPost, phpStyleHandler, plugin2019Fields } from './clients.js';

type Sb = Awaited<ReturnType<typeof startSandbox>>;
const SHOP = { public_key: 'pk_tienda_legacy', secret_key: 'sk_tienda_legacy' };
const keys = { publicKey: SHOP.public_key, secret: SHOP.secret_key };
let sb: Sb;
let handler: Awaited<ReturnType<typeof phpStyleHandler>>;

beforeAll(async () => {
  sb = await startSandbox();
  handler = await phpStyleHandler(SHOP.public_key, SHOP.secret_key);
  const m = await control(sb).createMerchant({
    body: { name: 'Tienda Magento', ...SHOP, protocol: 'legacy', success_url: handler.url, rejection_url: handler.url },
  });
  expect(m.notification_signature_layout).toBe('legacy');
});
afterAll(async () => {
  await sb.stop();
  await handler.close();
});

const creation = (prefix = '/justpay') => `${sb.url}${prefix}/check-out/SecurePayment`;
const opByTrans = async (trans_id: string) => (await control(sb).listOperations({ query: { trans_id } })).items;

describe('a merchant on the legacy protocol is served the older formats as the service did', () => {
  it.each(['1', '2', '3'])(
    'a 2019 plugin on channel %s gets the checkout address; the operation keeps its format and legacy channel',
    async (channel) => {
      const f = plugin2019Fields({ ...keys, channel });
      const r = await formPost(creation('/justpay.cert'), f);
      expect(r.status).toBe(200);
      expect(r.protocol).toBe('2019');
      expect(r.text).toMatch(new RegExp(`^${sb.url}/check-out/\\?channel=${channel}&tokenID=\\w+&platform=1$`));
      const [op] = await opByTrans(f.trans_id!);
      expect(op).toMatchObject({ protocol: '2019', legacy_channel: Number(channel), channel: Number(channel), currency: 'COP' });
      expect(op!.filter_by).toBe({ '1': 'bank', '2': 'cash', '3': 'card' }[channel]);
      const full = await control(sb).getOperation({ id: op!.id });
      expect(full.shopper).toMatchObject({ name_shopper: 'Camila', last_name_Shopper: 'Rojas', country_code: 'CO', Phone: '3001234567' });
    },
  );

  it('the 2018 client follows the checkout address it was answered and lands on the chooser of channel 0', async () => {
    const r = await client2018Pay(creation(), client2018Fields({ ...keys, channel: '0' }));
    expect(r.status).toBe(200);
    expect(r.page!.status).toBe(200);
    expect(r.page!.html).toContain('data-legacy-channel="0"');
    for (const m of ['bank', 'cash', 'card']) expect(r.page!.html).toContain(`data-testid="method-${m}"`);
  });

  it('every error is 200 with the error address, codes 101–112 in order; the page explains it in both languages', async () => {
    const order: [string, Record<string, string | null>][] = [
      ['101', { public_key: null }],
      ['102', { time: '' }],
      ['103', { channel: null }],
      ['104', { amount: ' ' }],
      ['105', { curency: null }],
      ['106', { trans_ID: null }],
      ['107', { time_expired: null }],
      ['108', { url_ok: null }],
      ['109', { url_erro: '' }],
      ['110', { signature: null }],
      ['111', { signature: 'a'.repeat(64) }],
    ];
    for (const [code, change] of order) {
      const r = await client2018Pay(creation(), client2018Fields({ ...keys, fields: change }));
      expect([code, r.status, r.text]).toEqual([code, 200, `${sb.url}/check-out/error?error=${code}`]);
      expect(r.page!.html).toContain(`data-code="${code}"`);
      expect(r.page!.html).toMatch(/lang="es"[^>]*><b>Código/);
      expect(r.page!.html).toMatch(/lang="en"[^>]*><b>Code/);
    }
    // Everything missing at once: the first check of the order answers.
    expect((await formPost(creation(), { curency: '' })).text).toBe(`${sb.url}/check-out/error?error=101`);
    const unknown = await client2018Pay(creation(), client2018Fields({ publicKey: 'pk_nobody_here', secret: 'x' }));
    expect(unknown.text).toBe(`${sb.url}/check-out/error?error=112`);
    expect(unknown.page!.html).toContain('ningún comercio tiene este public_key');
  });

  it('a disabled merchant is 112; amounts follow today rules (INVALID_AMOUNT in the error address); nothing is created', async () => {
    const before = (await control(sb).listOperations({ query: { limit: 100 } })).items.length;
    const bad = await client2018Pay(creation(), client2018Fields({ ...keys, fields: { amount: '10.005' } }));
    expect(bad.text).toBe(`${sb.url}/check-out/error?error=INVALID_AMOUNT`);
    expect(bad.page!.html).toContain('dos decimales');
    await control(sb).updateMerchant({ public_key: SHOP.public_key, body: { enabled: false } });
    try {
      expect((await formPost(creation(), client2018Fields(keys))).text).toBe(`${sb.url}/check-out/error?error=112`);
    } finally {
      await control(sb).updateMerchant({ public_key: SHOP.public_key, body: { enabled: true } });
    }
    expect((await control(sb).listOperations({ query: { limit: 100 } })).items.length).toBe(before);
  });

  it('a time that is no date-time is accepted with a warning naming it', async () => {
    const f = plugin2019Fields({ ...keys, fields: { time: '2026-11-27UTC0404:1111:2121' } });
    expect((await formPost(creation(), f)).status).toBe(200);
    const [op] = await opByTrans(f.trans_id!);
    const full = await control(sb).getOperation({ id: op!.id });
    expect(full.warnings.some((w) => w.startsWith('time: sent "2026-11-27UTC0404:1111:2121"'))).toBe(true);
  });

  it('a confirmation reaches a $_REQUEST handler with the fields these plugins read, signed in the legacy layout', async () => {
    const f = plugin2019Fields({ ...keys, channel: '2' });
    await formPost(creation(), f);
    const [op] = await opByTrans(f.trans_id!);
    await control(sb).confirmOperation({ id: op!.id });
    const got = await handler.order(f.trans_id!);
    expect(got.method).toBe('POST');
    expect(got.verified).toBe(true);
    expect(got.request).toMatchObject({ trans_ID: f.trans_id, currency: 'COP', amount: '25000.00', channel: '2' });
    expect(got.request.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('the clock expires a legacy operation like any other', async () => {
    const f = client2018Fields({ ...keys, channel: '3', fields: { time_expired: '30' } });
    await formPost(creation(), f);
    await control(sb).advanceClock({ body: { minutes: 31 } });
    const [op] = await opByTrans(f.trans_ID!);
    expect(op!.status).toBe('expired');
  });

  it('a current request from a legacy merchant is served as current', async () => {
    const f = paymentFields(17, { public_key: SHOP.public_key }, { secret: SHOP.secret_key });
    const r = await postPayment(sb.url, f);
    expect(r.status).toBe(200);
    expect(r.headers.get('x-sandbox-protocol')).toBeNull();
    expect((await opByTrans(f.trans_id!))[0]!.protocol).toBeNull();
    expect((await postPayment(sb.url, { ...f, channel: '99' })).json.error.code).toBe('INVALID_SIGNATURE');
  });

  it('the migration screen lists the shapes a legacy merchant was served, built in a dry run', async () => {
    const mig = await control(sb).merchantMigration({ public_key: SHOP.public_key });
    expect(mig.shapes.length).toBeGreaterThan(0);
    const cash = mig.shapes.find((s) => s.dialect === '2019' && s.migration.changes.some((c) => c.field === 'channel' && c.sent === '2'));
    expect(cash?.migration.equivalent_channels).toEqual([{ channel: 36, filter_by: 'cash' }]);
  });

  it('the go-live check warns on older formats, with the migration', async () => {
    const r = await answer(sb, 'runCheck', { body: { merchant: SHOP.public_key, only: ['current_protocol'] } });
    const c = r.data.checks.find((x) => x.id === 'current_protocol')!;
    expect(c.verdict).toBe('warn');
    expect(c.evidence).toContain(`/sandbox/v1/merchants/${SHOP.public_key}/migration`);
  });

  it('export and import keep legacy operations; an import with an unknown format is refused whole', async () => {
    const bundle = await control(sb).exportBundle({ query: { include_secrets: 'true' } });
    const other = await startSandbox();
    try {
      expect((await answer(other, 'importBundle', { body: bundle })).status).toBeLessThan(300);
      const ops = (await control(other).listOperations({ query: { limit: 100 } })).items;
      expect(ops.some((o) => o.protocol === '2019' && o.legacy_channel === 2)).toBe(true);
      const merchants = (await control(other).listMerchants()).items;
      expect(merchants.find((m) => m.public_key === SHOP.public_key)?.protocol).toBe('legacy');
      const broken = structuredClone(bundle);
      broken.operations.find((o) => o.protocol === '2019')!.protocol = '2017';
      const e = await failure(answer(other, 'importBundle', { body: broken }));
      expect(e.status).toBe(400);
      expect(e.message).toMatch(/protocol/);
    } finally {
      await other.stop();
    }
  });
});

describe('switching a merchant to legacy', () => {
  it('starts it on the legacy notification layout unless the change names the layout', async () => {
    const c = control(sb);
    const a = await c.createMerchant({ body: { name: 'A' } });
    expect(a.protocol).toBe('current');
    expect((await c.updateMerchant({ public_key: a.public_key, body: { protocol: 'legacy' } })).notification_signature_layout).toBe(
      'legacy',
    );
    const b = await c.createMerchant({ body: { name: 'B' } });
    const named = await c.updateMerchant({
      public_key: b.public_key,
      body: { protocol: 'legacy', notification_signature_layout: 'standard' },
    });
    expect(named.notification_signature_layout).toBe('standard');
    const refused = await api<{ error: { code: string } }>(sb.url, 'PATCH', `/sandbox/v1/merchants/${b.public_key}`, { protocol: 'old' });
    expect([refused.status, refused.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});
