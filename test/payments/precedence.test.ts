import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creationPath, paymentFields } from '../helpers/payments.js';
import { startSandbox } from '../helpers/sandbox.js';
import { expectError, makeMerchant, post, postRaw } from './support.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
let enabled: { public_key: string; secret: string };
let disabled: { public_key: string; secret: string };
beforeAll(async () => {
  sb = await startSandbox();
  enabled = await makeMerchant(sb.url, { blacklisted_documents: ['1234567890'] });
  disabled = await makeMerchant(sb.url, { enabled: false });
});
afterAll(() => sb.stop());

/** The documented order of checks, each fault with the code that answers it when it is the first one left. */
const CHAIN = [
  ['transport', 'UNSUPPORTED_CONTENT_TYPE'],
  ['missing', 'MISSING_FIELD'],
  ['empty', 'EMPTY_FIELD'],
  ['merchant', 'INVALID_MERCHANT'],
  ['signature', 'INVALID_SIGNATURE'],
  ['disabled', 'MERCHANT_DISABLED'],
  ['channel', 'INVALID_CHANNEL'],
  ['currency', 'INVALID_CURRENCY_CHANNEL'],
  ['amount', 'INVALID_AMOUNT'],
  ['shopper', 'SHOPPER_COUNTRY_NOTALLOWED'],
  ['blacklist', 'BLACKLIST_DOCUMENT_ID'],
  ['filter', 'INVALID_FILTER_BY'],
  ['creation', 'CREATION_ERROR'],
] as const;
type Fault = (typeof CHAIN)[number][0];

/** A channel-17 request carrying every fault of the set at once. */
function request(faults: Set<Fault>) {
  const m = faults.has('disabled') ? disabled : enabled;
  const overrides: Record<string, string | null> = {
    public_key: faults.has('merchant') ? 'pk_nobody' : m.public_key,
    trans_id: faults.has('empty') ? '' : faults.has('creation') ? 'SBX-CREATION-ERROR-1' : `P-${Math.random()}`,
  };
  if (faults.has('missing')) overrides.url_error = null;
  if (faults.has('channel')) overrides.channel = '99';
  if (faults.has('currency')) overrides.currency = 'USD';
  if (faults.has('amount')) overrides.amount = 'abc';
  if (faults.has('filter')) overrides.filter_by = 'nope';
  const shopper: Record<string, string> = { Num_doc_identi: faults.has('blacklist') ? '1234567890' : '5555555555' };
  if (faults.has('shopper')) shopper.country = 'PER';
  const fields = paymentFields(17, overrides, { shopper, secret: faults.has('signature') ? 'sk_wrong' : m.secret });
  return { fields, contentType: faults.has('transport') ? 'text/plain' : 'application/x-www-form-urlencoded' };
}

describe('order of checks', () => {
  it.each(CHAIN.map(([fault, code], i) => ({ fault, code, i })))('with every fault from $fault on, $code answers', async ({ code, i }) => {
    const faults = new Set(CHAIN.slice(i).map(([f]) => f));
    const { fields, contentType } = request(faults);
    const r = await postRaw(sb.url, new URLSearchParams(fields).toString(), contentType, creationPath(17));
    expectError(r, code === 'INVALID_MERCHANT' ? 404 : code === 'UNSUPPORTED_CONTENT_TYPE' ? 415 : 400, code);
  });

  it('with no fault left the request succeeds', async () => {
    const { fields, contentType } = request(new Set());
    expect((await postRaw(sb.url, new URLSearchParams(fields).toString(), contentType, creationPath(17))).status).toBe(200);
  });

  it('shopper_information is not part of MISSING_FIELD', async () => {
    const r = await post(sb.url, 17, { shopper_information: null, amount: null });
    expectError(r, 400, 'MISSING_FIELD');
    expect(r.json.error.message).not.toMatch(/shopper_information/);
  });

  it('an absent shopper_information answers after channel, currency and amount', async () => {
    expectError(await post(sb.url, 17, { shopper_information: null, amount: '-5' }), 400, 'NEGATIVE_AMOUNT');
    expectError(await post(sb.url, 17, { shopper_information: null }), 400, 'SHOPPERINFO_REQUIRED');
  });

  it('INVALID_CURRENCY comes before INVALID_CURRENCY_CHANNEL, which comes before the merchant currency checks', async () => {
    const m = await makeMerchant(sb.url, { channels: { '16': ['MXN'] } });
    expectError(await post(sb.url, 16, { public_key: m.public_key, currency: 'ZZZ' }, { secret: m.secret }), 400, 'INVALID_CURRENCY');
    expectError(
      await post(sb.url, 16, { public_key: m.public_key, currency: 'PEN' }, { secret: m.secret }),
      400,
      'INVALID_CURRENCY_CHANNEL',
    );
    expectError(await post(sb.url, 16, { public_key: m.public_key, currency: 'COP' }, { secret: m.secret }), 400, 'DISABLED_CURRENCY');
  });

  it('the channel is checked before the currency', async () => {
    expectError(await post(sb.url, 17, { channel: '12', currency: 'ZZZ' }), 400, 'INVALID_CHANNEL');
  });

  it('channel 36 answers shopper problems with its own codes and the rest with channel 17 codes', async () => {
    expectError(await post(sb.url, 36, { amount: '10.00' }, { shopper: { country: null } }), 400, 'AMOUNT_BELOW_MINIMUM');
    expectError(await post(sb.url, 36, {}, { shopper: { country: null } }), 400, 'SHOPPERINFO_INVALID');
    expectError(await post(sb.url, 36, { filter_by: 'nope' }, { shopper: { country: 'PER' } }), 400, 'SHOPPER_INVALID_COUNTRY');
  });
});
