import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CREATION_ORDER,
  creationSignature,
  formCurl,
  NOTIFICATION_ORDER,
  parsePastedFields,
  sha256Hex,
  signedString,
} from '../../renderer/src/api/signature';
import { CREATION_SIGNED_FIELDS } from '../../server/contract/signed-fields.js';
import { sha256Hex as serverSha256 } from '../../server/domain/secrets.js';
import { creationSignature as serverCreationSignature } from '../../server/domain/signature.js';

const value = fc.string({ maxLength: 40 });
const creationFields = fc.record(
  Object.fromEntries(CREATION_ORDER.map((k) => [k, value])) as Record<(typeof CREATION_ORDER)[number], fc.Arbitrary<string>>,
);

describe('console signatures equal the server’s', () => {
  it('the creation field order is the server’s', () => {
    expect([...CREATION_ORDER]).toEqual([...CREATION_SIGNED_FIELDS]);
  });

  it('creationSignature (browser, crypto.subtle) equals the server’s for any fields and secret, unicode included', async () => {
    await fc.assert(
      fc.asyncProperty(creationFields, fc.string({ maxLength: 30 }), async (fields, secret) => {
        expect(await creationSignature(fields, secret)).toBe(serverCreationSignature(fields, secret));
      }),
      { numRuns: 200 },
    );
  });

  it('the server hashes the values as one joined text, whatever code units they hold (a pair split across two values, a lone half)', () => {
    const units = fc.string({ unit: fc.integer({ min: 0xd7f0, max: 0xe010 }).map((c) => String.fromCharCode(c)), maxLength: 6 });
    const fields = fc.record(
      Object.fromEntries(CREATION_ORDER.map((k) => [k, units])) as Record<(typeof CREATION_ORDER)[number], fc.Arbitrary<string>>,
    );
    fc.assert(
      fc.property(fields, (f) => {
        expect(serverCreationSignature(f, 'sk')).toBe(serverSha256(CREATION_ORDER.map((k) => f[k]).join('') + 'sk'));
      }),
      { numRuns: 300 },
    );
    const split: Record<string, string> = {
      ...Object.fromEntries(CREATION_ORDER.map((k) => [k, 'x'])),
      trans_id: 'a\ud83d',
      time_expired: '\ude00b',
    };
    expect(serverCreationSignature(split, 'sk')).toBe(serverSha256(CREATION_ORDER.map((k) => split[k]).join('') + 'sk'));
  });

  it('signedString is the raw values in order, then the secret; a missing field counts as empty', async () => {
    const fields = { time: '2026-01-02 03:04:05', channel: '17', amount: '10.50', currency: 'COP' };
    expect(signedString(fields, NOTIFICATION_ORDER, 'sk')).toBe('2026-01-02 03:04:051710.50COPsk');
    expect(await sha256Hex('ñandú')).toBe(serverSha256('ñandú'));
  });
});

describe('parsePastedFields reads what an operator pastes', () => {
  const fields = { public_key: 'pk_1', amount: '10.50', url_ok: 'https://shop.example/ok?a=1&b=2', note: "it's a test" };

  it('a form body', () => {
    expect(parsePastedFields(new URLSearchParams(fields).toString())).toEqual(fields);
  });

  it('a curl made by formCurl (quotes in values included)', () => {
    expect(parsePastedFields(formCurl('http://127.0.0.1:4010/payments/check-out/SecurePayment.php', fields))).toEqual(fields);
  });

  it('a JSON object, non-string values as JSON', () => {
    expect(parsePastedFields(JSON.stringify({ ...fields, channel: 17, ok: true }))).toEqual({ ...fields, channel: '17', ok: 'true' });
  });

  it('`key: value` lines', () => {
    expect(parsePastedFields('public_key: pk_1\namount = 10.50\n  trans_ID: T-1  ')).toEqual({
      public_key: 'pk_1',
      amount: '10.50',
      trans_ID: 'T-1',
    });
  });

  it('nothing gives no fields; a broken JSON object is refused', () => {
    expect(parsePastedFields('   ')).toEqual({});
    expect(() => parsePastedFields('{"amount": ')).toThrow(SyntaxError);
  });
});
