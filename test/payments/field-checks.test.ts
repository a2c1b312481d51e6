import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentFields, postPayment } from '../helpers/payments.js';
import { startSandbox, control } from '../helpers/sandbox.js';
import { expectError, makeMerchant, post } from './support.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

describe('required fields', () => {
  it('MISSING_FIELD lists every absent field', async () => {
    const r = await post(sb.url, 33, { amount: null, url_ok: null });
    expectError(r, 400, 'MISSING_FIELD');
    expect(r.json.error.message).toMatch(/amount/);
    expect(r.json.error.message).toMatch(/url_ok/);
  });

  it('EMPTY_FIELD lists every empty field', async () => {
    const r = await post(sb.url, 33, { trans_id: '', currency: ' ' });
    expectError(r, 400, 'EMPTY_FIELD');
    expect(r.json.error.message).toMatch(/currency, trans_id|trans_id.*currency|currency.*trans_id/);
  });

  it('an absent field wins over an empty one', async () => {
    const r = await post(sb.url, 33, { trans_id: '', amount: null });
    expectError(r, 400, 'MISSING_FIELD');
    expect(r.json.error.message).not.toMatch(/trans_id/);
  });

  it('time_expired is required except on channel 17', async () => {
    expectError(await post(sb.url, 33, { time_expired: null }), 400, 'MISSING_FIELD');
    expect((await post(sb.url, 17, { time_expired: null })).status).toBe(200);
    expect((await post(sb.url, 17, { time_expired: '' })).status).toBe(200);
  });
});

describe('merchant', () => {
  it('INVALID_MERCHANT (404) when no merchant matches public_key', async () => {
    expectError(await post(sb.url, 17, { public_key: 'pk_nobody' }), 404, 'INVALID_MERCHANT');
  });

  it('INVALID_SIGNATURE when the signature does not match', async () => {
    expectError(await post(sb.url, 17, {}, { secret: 'sk_wrong' }), 400, 'INVALID_SIGNATURE');
  });

  it('INVALID_SIGNATURE when a signed field changed after signing', async () => {
    const f = paymentFields(17);
    expectError(await postPayment(sb.url, { ...f, amount: '50001' }), 400, 'INVALID_SIGNATURE');
  });

  it('MERCHANT_DISABLED for an inactive account', async () => {
    const m = await makeMerchant(sb.url, { enabled: false });
    expectError(await post(sb.url, 17, { public_key: m.public_key }, { secret: m.secret }), 400, 'MERCHANT_DISABLED');
  });
});

describe('channel and currency', () => {
  it.each(['99', 'abc', '17.5', '-17'])('INVALID_CHANNEL for channel %s', async (channel) => {
    expectError(await post(sb.url, 17, { channel }), 400, 'INVALID_CHANNEL');
  });

  it('DISABLED_CHANNEL for one of the 12 not enabled for the merchant', async () => {
    const m = await makeMerchant(sb.url, { channels: { '41': ['MXN'] } });
    expectError(await post(sb.url, 17, { public_key: m.public_key }, { secret: m.secret }), 400, 'DISABLED_CHANNEL');
  });

  it.each(['XYZ', 'cop', 'CO', 'COPE'])('INVALID_CURRENCY for %s (not ISO 4217)', async (currency) => {
    expectError(await post(sb.url, 17, { currency }), 400, 'INVALID_CURRENCY');
  });

  it('INVALID_CURRENCY_CHANNEL for a valid code that is not the channel currency', async () => {
    expectError(await post(sb.url, 17, { currency: 'USD' }), 400, 'INVALID_CURRENCY_CHANNEL');
  });

  it('DISABLED_CURRENCY for a channel currency the merchant has on no channel', async () => {
    const m = await makeMerchant(sb.url, { channels: { '16': ['MXN'] } });
    expectError(await post(sb.url, 16, { public_key: m.public_key, currency: 'COP' }, { secret: m.secret }), 400, 'DISABLED_CURRENCY');
  });

  it('INVALID_CHANNEL_CURRENCY for a channel currency the merchant has on other channels only', async () => {
    const m = await makeMerchant(sb.url, { channels: { '16': ['MXN'], '17': ['COP'] } });
    expectError(
      await post(sb.url, 16, { public_key: m.public_key, currency: 'COP' }, { secret: m.secret }),
      400,
      'INVALID_CHANNEL_CURRENCY',
    );
  });
});

describe('amount', () => {
  it.each(['abc', '1,500.00', '1e5', '.5', '5.', '', 'NaN'].filter(Boolean))('INVALID_AMOUNT for %s', async (amount) => {
    expectError(await post(sb.url, 33, { amount }), 400, 'INVALID_AMOUNT');
  });

  it('INVALID_AMOUNT for extra decimals that are not zeros outside channel 17', async () => {
    expectError(await post(sb.url, 33, { amount: '15000.001' }), 400, 'INVALID_AMOUNT');
  });

  it.each(['-10.00', '0', '0.00'])('NEGATIVE_AMOUNT for %s', async (amount) => {
    expectError(await post(sb.url, 33, { amount }), 400, 'NEGATIVE_AMOUNT');
  });

  it('NEGATIVE_AMOUNT on channel 17 when the amount rounds to 0 pesos', async () => {
    expectError(await post(sb.url, 17, { amount: '0.4' }), 400, 'NEGATIVE_AMOUNT');
  });

  it('MAX_AMOUNT_LIMIT above the account maximum', async () => {
    expectError(await post(sb.url, 33, { amount: '100000000.01' }), 400, 'MAX_AMOUNT_LIMIT');
    expect((await post(sb.url, 33, { amount: '100000000.00' })).status).toBe(200);
  });

  it.each([
    [30, '999.99'],
    [33, '999.99'],
    [36, '999.99'],
    [38, '19.99'],
  ])('AMOUNT_BELOW_MINIMUM on channel %i for %s', async (channel, amount) => {
    expectError(await post(sb.url, channel, { amount }), 400, 'AMOUNT_BELOW_MINIMUM');
  });

  it('accepts exactly the channel minimum', async () => {
    expect((await post(sb.url, 38, { amount: '20.00' })).status).toBe(200);
  });
});

describe('time, URLs and lengths', () => {
  it.each(['2024-13-01 10:00:00', '2024-02-30 10:00:00', '2024/01/01 10:00:00', '2024-01-01 24:00:00', 'yesterday', '2024-01-01'])(
    'INVALID_TIME for time %s',
    async (time) => {
      expectError(await post(sb.url, 33, { time }), 400, 'INVALID_TIME');
    },
  );

  it('never rejects an old or future time', async () => {
    expect((await post(sb.url, 33, { time: '1999-01-01 00:00:00' })).status).toBe(200);
    expect((await post(sb.url, 33, { time: '2099-12-31T23:59:59' })).status).toBe(200);
  });

  it.each(['http://merchant.example/ok', 'ftp://merchant.example', 'not a url', 'https://'])(
    'INVALID_URL for url_ok %s',
    async (url_ok) => {
      expectError(await post(sb.url, 33, { url_ok }), 400, 'INVALID_URL');
    },
  );

  it('INVALID_URL for http://localhost while allow_http_localhost is off (the default)', async () => {
    const r = await post(sb.url, 33, { url_error: 'http://localhost:3000/err' });
    expectError(r, 400, 'INVALID_URL');
    expect(r.json.error.message).toMatch(/allow_http_localhost/);
  });

  it('FIELD_TOO_LONG for a trans_id over 255 characters', async () => {
    expectError(await post(sb.url, 33, { trans_id: 'T'.repeat(256) }), 400, 'FIELD_TOO_LONG');
  });

  it('FIELD_TOO_LONG for a url_ok over 255 characters', async () => {
    expectError(await post(sb.url, 33, { url_ok: `https://merchant.example/${'a'.repeat(240)}` }), 400, 'FIELD_TOO_LONG');
  });

  it('INVALID_TIME for a time_expired that is not a whole number of minutes', async () => {
    expectError(await post(sb.url, 33, { time_expired: '1.5' }), 400, 'INVALID_TIME');
    expectError(await post(sb.url, 33, { time_expired: '0' }), 400, 'INVALID_TIME');
  });

  it('VALIDATION_ERROR for a direct_integration that is not 1 or 0', async () => {
    expectError(await post(sb.url, 17, { direct_integration: 'yes' }), 400, 'VALIDATION_ERROR');
  });
});

describe('magic values', () => {
  it('CREATION_ERROR for a trans_id starting with SBX-CREATION-ERROR, on any channel', async () => {
    for (const channel of [17, 41, 5]) {
      expectError(await post(sb.url, channel, { trans_id: `SBX-CREATION-ERROR-${channel}` }), 400, 'CREATION_ERROR');
    }
  });

  it('BLACKLIST_DOCUMENT_ID for a document in the merchant blacklist (dots and case ignored)', async () => {
    const m = await makeMerchant(sb.url, { blacklisted_documents: ['1.234.567.890'] });
    const r = await post(sb.url, 17, { public_key: m.public_key }, { secret: m.secret });
    expectError(r, 400, 'BLACKLIST_DOCUMENT_ID');
    const other = await post(sb.url, 17, { public_key: m.public_key }, { secret: m.secret, shopper: { Num_doc_identi: '99999999' } });
    expect(other.status).toBe(200);
  });

  it('the blacklist is per merchant', async () => {
    await makeMerchant(sb.url, { blacklisted_documents: ['1234567890'] });
    const demo = await control(sb).listMerchants();
    expect(demo.items[0]!.blacklisted_documents).toEqual([]);
    expect((await post(sb.url, 17)).status).toBe(200);
  });
});
