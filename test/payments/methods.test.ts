import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentFields, postPayment } from '../helpers/payments.js';
import { jsonOf, startSandbox } from '../helpers/sandbox.js';
import { expectError, operationOf, post } from './support.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

/** Creates and answers the stored operation. */
async function created(channel: number, overrides: Record<string, string | null> = {}, shopper?: Record<string, string | null>) {
  const fields = paymentFields(channel, overrides, { shopper });
  const r = await postPayment(sb.url, fields);
  expect(r.status, r.text).toBe(200);
  return operationOf(sb.url, fields.trans_id!);
}
const minutes = (op: { created_at: string; expires_at: string }) => (Date.parse(op.expires_at) - Date.parse(op.created_at)) / 60_000;

describe('filter_by and bank codes', () => {
  it('channel 5 accepts cl_test and the seven banks, stores the filter', async () => {
    expect((await created(5, { filter_by: 'cl_test' })).filter_by).toBe('cl_test');
    expect((await created(5, { filter_by: 'cl_andino' })).filter_by).toBe('cl_andino');
  });

  it('channel 5 answers INVALID_FILTER_BY for an unknown bank', async () => {
    expectError(await post(sb.url, 5, { filter_by: 'cl_nobank' }), 400, 'INVALID_FILTER_BY');
  });

  it('channel 11 accepts a listed institution and answers INVALID_BANK_CODE otherwise', async () => {
    expect((await created(11, { user_bank_code: 'cl_billetera' })).user_bank_code).toBe('cl_billetera');
    const r = await post(sb.url, 11, { user_bank_code: 'cl_nobank' });
    expectError(r, 400, 'INVALID_BANK_CODE');
    expect(r.json.error.message).toMatch(/cl_andino/);
  });

  it.each(['BANKREDIRECT', 'card', 'instant_qr,wallet_push', 'instant_qr wallet_push'])(
    'channel 17 answers INVALID_FILTER_BY for %s',
    async (filter_by) => {
      expectError(await post(sb.url, 17, { filter_by }), 400, 'INVALID_FILTER_BY');
    },
  );

  it('channel 17 answers INVALID_FILTER_BY for filter_by sent twice', async () => {
    const body = new URLSearchParams(paymentFields(17, { filter_by: 'instant_qr' }));
    body.append('filter_by', 'instant_key');
    const res = await fetch(sb.url + '/payments/check-out/SecurePayment.php', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).error.code).toBe('INVALID_FILTER_BY');
  });

  it('channel 17 bankredirect without user_bank_code is INVALID_USER_BANK_CODE', async () => {
    expectError(await post(sb.url, 17, { filter_by: 'bankredirect' }), 400, 'INVALID_USER_BANK_CODE');
  });

  it('channel 17 direct_integration without filter_by is FILTER_BY_REQUIRED', async () => {
    expectError(await post(sb.url, 17, { direct_integration: '1' }), 400, 'FILTER_BY_REQUIRED');
  });

  it('channel 17 direct bankredirect without user_bank_code is USERBANK_CODE_REQUIRED', async () => {
    expectError(await post(sb.url, 17, { direct_integration: '1', filter_by: 'bankredirect' }), 400, 'USERBANK_CODE_REQUIRED');
  });

  it('channel 17 direct bankredirect with a code outside the list is INVALID_BANK_CODE listing the accepted codes', async () => {
    const r = await post(sb.url, 17, { direct_integration: '1', filter_by: 'bankredirect', user_bank_code: '9999' });
    expectError(r, 400, 'INVALID_BANK_CODE');
    expect(r.json.error.message).toMatch(/1815.*1814/);
  });

  it('channel 17 standard bankredirect forwards an unknown 4-digit code with a warning', async () => {
    const op = await created(17, { filter_by: 'bankredirect', user_bank_code: '9999' });
    expect(op.user_bank_code).toBe('9999');
    expect(op.warnings).toContainEqual(expect.stringMatching(/^user_bank_code: sent "\d{4}" — the service lists the accepted bank codes/));
  });

  it('channel 17 ignores user_bank_code for other methods', async () => {
    const op = await created(17, { filter_by: 'instant_key', user_bank_code: '1815' });
    expect(op.user_bank_code).toBeNull();
  });

  it.each([
    ['checkout', null],
    ['all', null],
    ['card', 'card'],
    ['cash', 'cash'],
    ['link', 'link'],
  ])('channel 36 maps filter_by %s to stored filter %s', async (filter_by, stored) => {
    expect((await created(36, { filter_by })).filter_by).toBe(stored);
  });

  it('channel 36 answers INVALID_FILTER_BY for any other value', async () => {
    expectError(await post(sb.url, 36, { filter_by: 'bank' }), 400, 'INVALID_FILTER_BY');
  });

  it('channel 40 requires filter_by (FILTER_BY_REQUIRED) among efimero and efimero_v2', async () => {
    expectError(await post(sb.url, 40, { filter_by: null }), 400, 'FILTER_BY_REQUIRED');
    expectError(await post(sb.url, 40, { filter_by: 'qr' }), 400, 'INVALID_FILTER_BY');
    expect((await created(40, { filter_by: 'efimero_v2' })).filter_by).toBe('efimero_v2');
  });

  it('channel 33 accepts methods 29 and 48 only', async () => {
    expect((await created(33, { filter_by: '48' })).filter_by).toBe('48');
    expectError(await post(sb.url, 33, { filter_by: '30' }), 400, 'INVALID_FILTER_BY');
  });
});

describe('effective expiry', () => {
  it.each([
    ['bankredirect', { user_bank_code: '1815' }, 10],
    ['bank_page', {}, 10],
    ['wallet_push', {}, 15],
  ] as const)('channel 17 %s is fixed at %i minutes whatever time_expired says', async (filter_by, extra, want) => {
    expect(minutes(await created(17, { filter_by, time_expired: '500', ...extra }))).toBe(want);
  });

  it.each([
    ['instant_qr', '1', 5],
    ['instant_qr', '9000', 4320],
    ['instant_key', '60', 60],
    ['instant_key', null, 120],
  ] as const)('channel 17 %s with time_expired %s is %i minutes', async (filter_by, time_expired, want) => {
    expect(minutes(await created(17, { filter_by, time_expired }))).toBe(want);
  });

  it('channel 17 without filter_by defaults to 120 minutes', async () => {
    expect(minutes(await created(17, { time_expired: '' }))).toBe(120);
  });

  it.each([
    [5, 10, 30],
    [38, 60, 1440],
    [40, 5, 30],
  ])('channel %i raises time_expired %i to its minimum %i', async (channel, given, want) => {
    const op = await created(channel, { time_expired: String(given) });
    expect(minutes(op)).toBe(want);
    expect((op.details.warnings as string[]).join(' ')).toMatch(/raised/);
  });

  it.each([
    [35, 60],
    [41, 60],
    [16, 60],
    [11, 10],
    [22, 10],
  ])('channel %i keeps time_expired %i below the suggested minimum, with a warning', async (channel, given) => {
    const op = await created(channel, { time_expired: String(given) });
    expect(minutes(op)).toBe(given);
    expect(op.warnings).toEqual([
      expect.stringMatching(
        new RegExp(`^time_expired: sent "${given}" — the service suggests at least \\d+ minutes.* — kept ${given} minutes$`),
      ),
    ]);
  });

  it('channel 36 cash suggests 2 hours, online 30 minutes', async () => {
    expect(((await created(36, { filter_by: 'cash', time_expired: '60' })).details.warnings as string[]).join(' ')).toMatch(
      /suggests at least 120 minutes/,
    );
    expect((await created(36, { filter_by: 'card', time_expired: '60' })).details.warnings).toEqual([]);
  });
});
