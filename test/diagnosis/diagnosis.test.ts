import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATION_SIGNED_FIELDS } from '../../server/contract/signed-fields.js';
import { paymentFields, postPayment } from '../helpers/payments.js';
import { answer, control, DEMO, failure, startSandbox } from '../helpers/sandbox.js';

type Sb = Awaited<ReturnType<typeof startSandbox>>;
const values = (f: Record<string, string>, order: readonly string[]) => order.map((k) => f[k] ?? '');

describe('signature diagnosis on refused creations', () => {
  let sb: Sb;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(() => sb.stop());

  const lastLogged = async () => {
    const r = await control(sb).listRequests({ query: { limit: 1, path: '/payments/' } });
    return r.items[0]!;
  };

  it('keeps the documented answer, sends the header and records the diagnosis on the log entry', async () => {
    const f = paymentFields(17, {}, { sign: false });
    const hex = createHmac('sha256', DEMO.secret_key)
      .update(values(f, [...CREATION_SIGNED_FIELDS].sort()).join(''))
      .digest('hex');
    f.signature = Buffer.from(hex).toString('base64');
    const r = await postPayment(sb.url, f);
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('INVALID_SIGNATURE');
    expect(r.headers.get('x-sandbox-signature-diagnosis')).toBe('order=alphabetical; secret=hmac_key; encoding=base64_of_hex');
    const entry = await lastLogged();
    expect(entry.diagnosis).toMatchObject({
      matched: true,
      recipe: { order: 'alphabetical', secret: 'hmac_key', encoding: 'base64_of_hex' },
      expected_string: values(f, CREATION_SIGNED_FIELDS).join('') + '••••',
    });
    expect(entry.diagnosis!.explanation).toMatch(/alphabetical/);
    const one = await control(sb).getRequest({ id: entry.id });
    expect(one.diagnosis).toEqual(entry.diagnosis);
  });

  it("names another merchant's secret, and that merchant to a loopback caller", async () => {
    const other = await control(sb).createMerchant({ body: { name: 'Other shop' } });
    const f = paymentFields(17, {}, { secret: other.secret_key });
    const r = await postPayment(sb.url, f);
    expect(r.headers.get('x-sandbox-signature-diagnosis')).toBe(`secret=other_merchant; secret_of=${other.public_key}`);
    expect((await lastLogged()).diagnosis!.recipe).toEqual({ secret: 'other_merchant', secret_of: other.public_key });
  });

  it('names a value signed in another form: amount with two decimals, sha1', async () => {
    const f = paymentFields(17, { amount: '50000' }, { sign: false });
    f.signature = createHash('sha1')
      .update(values({ ...f, amount: '50000.00' }, CREATION_SIGNED_FIELDS).join('') + DEMO.secret_key)
      .digest('hex');
    const r = await postPayment(sb.url, f);
    expect(r.headers.get('x-sandbox-signature-diagnosis')).toBe('algorithm=sha1; field=amount; signed=50000.00');
    expect((await lastLogged()).diagnosis!.recipe).toEqual({
      algorithm: 'sha1',
      field: { name: 'amount', sent: '50000', signed: '50000.00' },
    });
  });

  it('answers unknown for a signature nothing explains; other refusals and accepted creations carry no diagnosis', async () => {
    const f = paymentFields(17, { signature: 'f'.repeat(64) });
    const r = await postPayment(sb.url, f);
    expect(r.headers.get('x-sandbox-signature-diagnosis')).toBe('unknown');
    expect((await lastLogged()).diagnosis!.matched).toBe(false);
    const unknownMerchant = await postPayment(sb.url, paymentFields(17, { public_key: 'pk_nobody' }));
    expect(unknownMerchant.headers.get('x-sandbox-signature-diagnosis')).toBeNull();
    const ok = await postPayment(sb.url, paymentFields(17));
    expect(ok.status).toBe(200);
    expect((await lastLogged()).diagnosis).toBeNull();
  });

  it("the next problem is the creation's own checks to their end, run on the request re-signed, storing nothing", async () => {
    // A reserved e-mail domain: only the creation's domain check refuses it.
    const reserved = paymentFields(17, { signature: 'f'.repeat(64) }, { shopper: { email: 'ana@shop.invalid' } });
    const r = await postPayment(sb.url, reserved);
    expect(r.json.error.code).toBe('INVALID_SIGNATURE');
    expect((await lastLogged()).diagnosis!.next_problem).toEqual({
      code: 'SHOPPER_INVALID_EMAIL_FORMAT',
      message: 'the domain of shopper_information.email (shop.invalid) cannot be resolved',
    });
    // The magic trans_id that makes the provider fail is the last check before anything is written.
    const failing = paymentFields(17, { trans_id: 'SBX-CREATION-ERROR-1', signature: 'f'.repeat(64) });
    const r2 = await postPayment(sb.url, failing);
    expect(r2.json.error.message).toMatch(/\(once signed right, this request meets CREATION_ERROR: the payment could not be created.*\)$/);
    for (const f of [reserved, failing]) expect((await control(sb).listOperations({ query: { trans_id: f.trans_id } })).items).toEqual([]);
  });

  it('the inspector route diagnoses pasted fields the same way (creation and notification layouts)', async () => {
    const f = paymentFields(17, {}, { sign: false });
    f.signature = createHash('sha256')
      .update(values(f, CREATION_SIGNED_FIELDS).join('|') + '|' + DEMO.secret_key)
      .digest('hex');
    const r = await answer(sb, 'diagnoseSignature', { body: { fields: f } });
    expect(r.status).toBe(200);
    expect(r.data.match).toBe(false);
    expect(r.data.diagnosis!.recipe).toEqual({ separator: '|' });
    const n = { time: '2026-01-01 00:00:00', channel: '17', amount: '10.00', currency: 'COP', trans_ID: 'T1', public_key: DEMO.public_key };
    const legacy = createHash('sha256')
      .update(`${n.public_key}${n.time}${n.channel}${n.amount}${n.currency}${n.trans_ID}${DEMO.secret_key}`)
      .digest('hex');
    const d = await control(sb).diagnoseSignature({ body: { kind: 'notification', fields: { ...n, signature: legacy } } });
    expect(d.diagnosis!.recipe).toEqual({ order: 'legacy_layout' });
    const ok = await control(sb).diagnoseSignature({ body: { kind: 'notification_legacy', fields: { ...n, signature: legacy } } });
    expect(ok).toMatchObject({ match: true, diagnosis: null });
    const bad = await failure(control(sb).diagnoseSignature({ body: { fields: { public_key: 'pk_nobody' } } }));
    expect(bad.status).toBe(404);
  });
});
