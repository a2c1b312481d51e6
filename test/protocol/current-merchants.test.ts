import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answer, control, DEMO, startSandbox } from '../helpers/sandbox.js';
import { paymentFields, postPayment } from '../helpers/payments.js';
import { client2018Fields, formPost, plugin2019Fields } from './clients.js';

type Sb = Awaited<ReturnType<typeof startSandbox>>;
let sb: Sb;
const keys = { publicKey: DEMO.public_key, secret: DEMO.secret_key };

beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());
beforeEach(() => control(sb).resetSandbox());

const lastLogged = async () => (await control(sb).listRequests({ query: { limit: 1 } })).items[0]!;
const operationCount = async () => (await control(sb).listOperations({ query: { limit: 100 } })).items.length;

describe('a merchant on the current protocol gets today refusal, the dialect named and the migration', () => {
  it.each([
    ['/payments/check-out/SecurePayment', '1'],
    ['/justpay/check-out/SecurePayment', '2'],
    ['/justpay.cert/check-out/SecurePayment.php', '3'],
    ['/justpay/payments/check-out/SecurePayment.php', '1'],
  ])('a 2019 plugin posting to %s on channel %s: INVALID_CHANNEL, X-Sandbox-Protocol 2019, migration on the log', async (path, channel) => {
    const f = plugin2019Fields({ ...keys, channel });
    const r = await formPost(sb.url + path, f);
    expect(r.status).toBe(400);
    expect(r.json?.error?.code).toBe('INVALID_CHANNEL');
    expect(r.protocol).toBe('2019');
    expect(r.json?.error?.message).toMatch(
      /; this is the 2019 request format \(channel \d = [a-z ]+\); see the migration in the request log$/,
    );

    const e = await lastLogged();
    expect(e.path).toBe(path);
    expect(e.call_kind).toBe('creation');
    const m = e.migration!;
    expect(m.dialect).toBe('2019');
    expect(m.current_request.fields.currency).toBe('COP');
    const shopper = JSON.parse(m.current_request.fields.shopper_information!) as Record<string, string>;
    expect(shopper).toMatchObject({ name_shopper: 'Camila', last_name_Shopper: 'Rojas', email: 'camila.rojas@gmail.com' });
    expect(m.changes.find((c) => c.field === 'las_name_Shopper')?.current).toBe('shopper_information.last_name_Shopper');
    expect(m.changes.find((c) => c.field === 'url_finalizar')).toMatchObject({ current: null });
    // The signature is shown as the string to hash, the secret masked, never the secret itself.
    expect(m.current_request.fields.signature).toMatch(/^sha256\(pk_sandbox_demo.*••••\)$/);
    expect(JSON.stringify(m)).not.toContain(DEMO.secret_key);
    expect(m.equivalent_channels.length).toBeGreaterThan(0);
    expect(m.current_request.fields.channel).toBe(String(m.equivalent_channels[0]!.channel));
    expect(await operationCount()).toBe(0);
  });

  it('COP bank transfer becomes channel 17 bankredirect (or 33); the converted request passes a dry run storing nothing', async () => {
    const r = await formPost(`${sb.url}/justpay.cert/check-out/SecurePayment`, plugin2019Fields({ ...keys, channel: '1' }));
    expect(r.status).toBe(400);
    const m = (await lastLogged()).migration!;
    expect(m.equivalent_channels).toEqual([{ channel: 17, filter_by: 'bankredirect' }, { channel: 33 }]);
    expect(m.current_request.path).toBe('/payments/check-out/SecurePayment.php');
    expect(m.current_request.fields).toMatchObject({ channel: '17', filter_by: 'bankredirect', user_bank_code: 'add' });
    expect(m.changes.filter((c) => c.current === 'add').map((c) => c.field)).toEqual(
      expect.arrayContaining(['user_bank_code', 'shopper_information.type_doc_identi', 'shopper_information.Num_doc_identi']),
    );
    expect(m.verified).toEqual({ status: 200, code: null });
    expect(await operationCount()).toBe(0);
    expect((await control(sb).listNotifications({ query: {} })).items).toEqual([]);
  });

  it('a card in CLP has no equivalent channel: the migration says so and the dry run answers the refusal', async () => {
    await formPost(`${sb.url}/justpay/check-out/SecurePayment`, plugin2019Fields({ ...keys, channel: '3', fields: { currency: 'CLP' } }));
    const m = (await lastLogged()).migration!;
    expect(m.equivalent_channels).toEqual([]);
    expect(m.changes.find((c) => c.field === 'channel')).toMatchObject({ sent: '3', current: null });
    expect(m.verified.status).toBe(400);
    expect(m.verified.code).toBe('INVALID_CHANNEL');
  });

  it('a 2018 client gets MISSING_FIELD (currency, trans_id, url_error), X-Sandbox-Protocol 2018 and the renames', async () => {
    const r = await formPost(
      `${sb.url}/justpay/check-out/SecurePayment`,
      client2018Fields({ ...keys, channel: '4', fields: { curency: 'CLP' } }),
    );
    expect(r.status).toBe(400);
    expect(r.json?.error?.code).toBe('MISSING_FIELD');
    expect(r.protocol).toBe('2018');
    expect(r.json?.error?.message).toMatch(
      /this is the 2018 request format \(curency, trans_ID, url_erro; channel 4 = wallet \(UniPay\)\)/,
    );
    const m = (await lastLogged()).migration!;
    expect(m.dialect).toBe('2018');
    const renames = Object.fromEntries(
      m.changes.filter((c) => ['curency', 'trans_ID', 'url_erro'].includes(c.field)).map((c) => [c.field, c.current]),
    );
    expect(renames).toEqual({ curency: 'currency', trans_ID: 'trans_id', url_erro: 'url_error' });
    expect(m.equivalent_channels).toEqual([{ channel: 22 }]);
    expect(m.current_request.fields).toMatchObject({ channel: '22', currency: 'CLP' });
    // No shopper in 2018: every key is marked "add", and the dry run (with test values there) is accepted.
    expect(JSON.parse(m.current_request.fields.shopper_information!)).toMatchObject({ name_shopper: 'add', email: 'add' });
    expect(m.verified).toEqual({ status: 200, code: null });
  });

  it('a refused dialect signature keeps its diagnosis and gains the migration', async () => {
    const r = await formPost(
      `${sb.url}/justpay/check-out/SecurePayment`,
      plugin2019Fields({ ...keys, fields: { signature: 'f'.repeat(64) } }),
    );
    expect(r.json?.error?.code).toBe('INVALID_SIGNATURE');
    const e = await lastLogged();
    expect(e.migration?.dialect).toBe('2019');
  });

  it('GET …/migration lists each distinct shape once, with its count and newest request', async () => {
    for (let i = 0; i < 3; i++) await formPost(`${sb.url}/justpay/check-out/SecurePayment`, plugin2019Fields({ ...keys, channel: '1' }));
    await formPost(`${sb.url}/justpay/check-out/SecurePayment`, plugin2019Fields({ ...keys, channel: '2' }));
    await formPost(`${sb.url}/justpay/check-out/SecurePayment`, client2018Fields({ ...keys }));
    const newest = await lastLogged();
    const mig = await control(sb).merchantMigration({ public_key: DEMO.public_key });
    expect(mig.merchant).toBe(DEMO.public_key);
    expect(mig.shapes.map((s) => [s.dialect, s.count])).toEqual([
      ['2018', 1],
      ['2019', 1],
      ['2019', 3],
    ]);
    expect(mig.shapes[0]!.last_request_id).toBe(newest.id);
    await control(sb).resetSandbox();
    expect((await control(sb).merchantMigration({ public_key: DEMO.public_key })).shapes).toEqual([]);
  });

  it('a current body under a service prefix is accepted with a warning naming the prefix', async () => {
    const f = paymentFields(17);
    const r = await postPayment(sb.url, f, 'form', '/justpay.cert/payments/check-out/SecurePayment.php');
    expect(r.status).toBe(200);
    expect(r.headers.get('x-sandbox-protocol')).toBeNull();
    const e = await lastLogged();
    expect(e.warnings.some((w) => w.startsWith('path:') && w.includes('/justpay.cert'))).toBe(true);
    const older = await postPayment(sb.url, paymentFields(36), 'form', '/justpay/check-out/SecurePayment.php');
    expect(older.status).toBe(200);
  });

  it('the go-live check: current_protocol skipped without creations, pass when all are current, warn after an older one', async () => {
    const verdict = async () => {
      const r = await answer(sb, 'runCheck', { body: { merchant: DEMO.public_key, only: ['current_protocol'] } });
      return r.data.checks.find((c) => c.id === 'current_protocol')!;
    };
    expect((await verdict()).verdict).toBe('skipped');
    expect((await postPayment(sb.url, paymentFields(17))).status).toBe(200);
    expect((await verdict()).verdict).toBe('pass');
    await formPost(`${sb.url}/justpay/check-out/SecurePayment`, plugin2019Fields({ ...keys, channel: '1' }));
    const warned = await verdict();
    expect(warned.verdict).toBe('warn');
    expect(warned.evidence).toMatch(
      /^1 of 2 creation\(s\) since \S+ in an older request format \(2019: 1\)\. The newest refused \(request \d+\) becomes /,
    );
  });

  it("fault injection sees creations under the prefixes, the older path's included, and the log keeps the path as sent", async () => {
    await control(sb).addFault({ body: { kind: 'creation_error', remaining: 2, public_key: DEMO.public_key } });
    const a = await postPayment(sb.url, paymentFields(17), 'form', '/justpay.cert/payments/check-out/SecurePayment.php');
    const b = await formPost(`${sb.url}/justpay/check-out/SecurePayment`, plugin2019Fields({ ...keys, channel: '1' }));
    expect([a.status, a.json.error.code, b.status, b.json?.error?.code]).toEqual([400, 'CREATION_ERROR', 400, 'CREATION_ERROR']);
    expect((await control(sb).listFaults()).rules[0]).toMatchObject({ remaining: 0, fired: 2 });
    const e = await lastLogged();
    expect([e.path, e.call_kind]).toEqual(['/justpay/check-out/SecurePayment', 'creation']);
    expect(e.note).toMatch(/^fault: /);
  });

  it('operation queries are served under the prefixes too', async () => {
    const q = await fetch(`${sb.url}/justpay.cert/api/operations?public_key=nobody&time=1&mid_id=1&trans_id=1&signature=x`);
    expect(q.status).toBe(404);
    expect(((await q.json()) as { error: { code: string } }).error.code).toBe('INVALID_MERCHANT');
  });

  it('mixed and broken dialect requests get a documented answer, never a 500, and create nothing', async () => {
    const cases: Record<string, string>[] = [
      { ...plugin2019Fields(keys), shopper_information: '{"name_shopper":"A"}', curency: 'COP' },
      { ...client2018Fields(keys), currency: 'COP', trans_id: 'X', url_error: 'https://x.example' },
      { ...plugin2019Fields(keys), channel: ' 1 ' },
      { ...plugin2019Fields(keys), channel: '9999999999999999999999' },
      { curency: '' },
      { name_shopper: '' },
      { ...client2018Fields(keys), time: '2026-11-27UTC0404:1111:2121', amount: 'abc' },
      { ...plugin2019Fields(keys), public_key: 'pk_nobody' },
    ];
    for (const f of cases) {
      const r = await formPost(`${sb.url}/justpay/check-out/SecurePayment`, f);
      expect(r.status, JSON.stringify(f)).toBeLessThan(500);
      expect(r.json?.error?.code, JSON.stringify(f)).toMatch(/^[A-Z_]+$/);
    }
    expect(await operationCount()).toBe(0);
  });
});
