import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFields } from '../../server/testkit/merchant.js';
import { creationPath, paymentFields } from '../helpers/payments.js';
import { control, DEMO, startSandbox } from '../helpers/sandbox.js';

type Sb = Awaited<ReturnType<typeof startSandbox>>;
const DEMO_LOGIN = { username: 'payout_demo', password: 'pw_sandbox_demo' };
/** A client another machine would be, as far as the sandbox can tell (no --trust-proxy). */
const RELAYED = { 'x-forwarded-for': '203.0.113.9' };

describe('a payout call refused for its token explains itself', () => {
  let sb: Sb;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(() => sb.stop());

  const list = (authorization: string | null, headers: Record<string, string> = {}) =>
    fetch(`${sb.url}/api/transactions/?credit_note=none`, {
      headers: { ...(authorization === null ? {} : { authorization }), ...headers },
    });
  const lastLogged = async () => (await control(sb).listRequests({ query: { limit: 1, path: '/api/' } })).items[0]!;
  const login = async () => {
    const r = await fetch(`${sb.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_LOGIN),
    });
    return ((await r.json()) as { token: string }).token;
  };

  /** Sends `authorization`, expects the documented refusal, answers the header and the logged diagnosis. */
  async function refused(authorization: string, headers: Record<string, string> = {}) {
    const r = await list(authorization, headers);
    expect(r.status).toBe(401);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    return { header: r.headers.get('x-sandbox-signature-diagnosis'), diagnosis: (await lastLogged()).diagnosis };
  }

  it('names a usable token in the wrong shape, and whose it is to a loopback caller', async () => {
    const token = await login();
    const cases: [string, string][] = [
      [DEMO.payout_token, 'no_scheme'],
      [`Bearer Bearer ${DEMO.payout_token}`, 'scheme_repeated'],
      [`Bearer "${DEMO.payout_token}"`, 'quoted'],
      [`Bearer {"token": "${token}"}`, 'login_answer'],
    ];
    for (const [authorization, mistake] of cases) {
      const { header, diagnosis } = await refused(authorization);
      expect(header, authorization).toBe(`token=${mistake}; token_of=${DEMO.public_key}`);
      expect(diagnosis).toMatchObject({
        matched: true,
        recipe: { token: mistake, token_of: DEMO.public_key },
        expected_string: 'Authorization: <any scheme word, e.g. Bearer> ••••',
      });
      expect(diagnosis!.explanation.length).toBeGreaterThan(20);
    }
  });

  it("names another credential of the merchant sent as the token; the log never keeps the credential's text", async () => {
    const basic = Buffer.from(`${DEMO_LOGIN.username}:${DEMO_LOGIN.password}`).toString('base64');
    const cases: [string, string][] = [
      [`Bearer ${DEMO.public_key}`, 'public_key'],
      [`Bearer ${DEMO.secret_key}`, 'secret_key'],
      [`Bearer ${DEMO_LOGIN.username}`, 'payout_username'],
      [`Bearer ${DEMO_LOGIN.password}`, 'payout_password'],
      [`Basic ${basic}`, 'basic_credentials'],
      [`Bearer ${DEMO.payout_token.toUpperCase()}`, 'other_case'],
      [`Bearer ${DEMO.payout_token.slice(0, 9)}`, 'truncated'],
    ];
    for (const [authorization, mistake] of cases) {
      const { header, diagnosis } = await refused(authorization);
      expect(header, authorization).toBe(`token=${mistake}; token_of=${DEMO.public_key}`);
      expect(diagnosis!.recipe).toEqual({ token: mistake, token_of: DEMO.public_key });
    }
    const logged = JSON.stringify((await control(sb).listRequests({ query: { limit: 7, path: '/api/' } })).items);
    expect(logged).not.toContain(DEMO.secret_key);
    expect(logged).not.toContain(DEMO_LOGIN.password);
  });

  it('names to another machine only what does not confirm a guessed credential; the log keeps the whole diagnosis', async () => {
    const open: [string, string][] = [
      [`Bearer ${DEMO.public_key}`, 'token=public_key'],
      [`Bearer "${DEMO.payout_token}"`, 'token=quoted'],
    ];
    for (const [authorization, expected] of open) expect((await refused(authorization, RELAYED)).header, authorization).toBe(expected);
    const basic = Buffer.from(`${DEMO_LOGIN.username}:guess`).toString('base64');
    for (const guess of [DEMO.secret_key, DEMO_LOGIN.password, DEMO.payout_token.slice(0, 9), DEMO.payout_token.toUpperCase()]) {
      const { header, diagnosis } = await refused(`Bearer ${guess}`, RELAYED);
      expect(header, guess).toBe('unknown');
      expect(diagnosis!.matched).toBe(true);
    }
    // Basic credentials are named when their username exists: another machine gets the same answer either way.
    expect((await refused(`Token ${basic}`, RELAYED)).header).toBe('unknown');
    expect((await refused(`Basic ${Buffer.from('someone:guess').toString('base64')}`, RELAYED)).header).toBe('unknown');
  });

  it('tells a login token revoked by a change of the payout login from an unknown one', async () => {
    const token = await login();
    expect((await list(`Bearer ${token}`)).status).toBe(200);
    await control(sb).updateMerchant({ public_key: DEMO.public_key, body: { payout_password: 'pw_changed_123' } });
    const r = await list(`Bearer ${token}`);
    expect(r.status).toBe(401);
    expect(((await r.json()) as { error: { message: string } }).error.message).toMatch(/revoked .* payout login changed/);
    expect(r.headers.get('x-sandbox-signature-diagnosis')).toBe('token=revoked_login');
    expect((await lastLogged()).diagnosis!.recipe).toEqual({ token: 'revoked_login' });
    await control(sb).updateMerchant({ public_key: DEMO.public_key, body: { payout_password: DEMO_LOGIN.password } });

    const { header, diagnosis } = await refused('Bearer lt_never_issued_by_this_sandbox');
    expect(header).toBe('unknown');
    expect(diagnosis).toMatchObject({
      matched: false,
      recipe: null,
      expected_string: 'Authorization: <any scheme word, e.g. Bearer> ••••',
    });
    expect(diagnosis!.explanation).toMatch(/payout_token/);
  });

  it('names a login token upper-cased, cut short or pasted as the whole login answer without a scheme word', async () => {
    const token = await login();
    const cases: [string, string, string][] = [
      [`Bearer ${token.toUpperCase()}`, 'other_case', 'token=other_case'],
      [`Bearer ${token.slice(0, 20)}`, 'truncated', 'token=truncated'],
      [JSON.stringify({ token }), 'login_answer', `token=login_answer; token_of=${DEMO.public_key}`],
    ];
    for (const [authorization, mistake, header] of cases) {
      const r = await refused(authorization);
      expect(r.header, authorization).toBe(header);
      expect(r.diagnosis!.recipe!.token).toBe(mistake);
    }
  });

  it('the expected header names the scheme word the setting requires, else says any word works', async () => {
    await control(sb).updateSettings({ body: { payout_auth_scheme: 'Token' } });
    try {
      const { diagnosis } = await refused(DEMO.payout_token);
      expect(diagnosis!.expected_string).toBe('Authorization: Token ••••');
    } finally {
      await control(sb).updateSettings({ body: { payout_auth_scheme: null } });
    }
    expect((await refused(DEMO.payout_token)).diagnosis!.expected_string).toBe('Authorization: <any scheme word, e.g. Bearer> ••••');
  });

  it('adds nothing where the refusal already says all: no header, a wrong scheme for a usable token', async () => {
    const none = await list(null);
    expect(none.status).toBe(401);
    expect(none.headers.get('x-sandbox-signature-diagnosis')).toBeNull();
    expect((await lastLogged()).diagnosis).toBeNull();
    await control(sb).updateSettings({ body: { payout_auth_scheme: 'Token' } });
    try {
      const wrongScheme = await list(`Bearer ${DEMO.payout_token}`);
      expect(wrongScheme.status).toBe(401);
      expect(wrongScheme.headers.get('x-sandbox-signature-diagnosis')).toBeNull();
      const { diagnosis } = await refused(`Token ${DEMO.public_key}`);
      expect(diagnosis!.expected_string).toBe('Authorization: Token ••••');
    } finally {
      await control(sb).updateSettings({ body: { payout_auth_scheme: null } });
    }
  });
});

describe("another merchant's key in a creation's diagnosis header", () => {
  const TOKEN = 'control-token-for-diagnosis';
  let sb: Sb;
  beforeAll(async () => {
    sb = await startSandbox({ controlToken: TOKEN });
  });
  afterAll(() => sb.stop());

  it('is named to a loopback client or one with the control token, not to a request a proxy relayed', async () => {
    const other = await control(sb).createMerchant({ body: { name: 'Other shop' } });
    const post = (headers: Record<string, string>) => {
      const encoded = encodeFields(paymentFields(17, {}, { secret: other.secret_key }), 'form');
      return fetch(sb.url + creationPath(17), { method: 'POST', headers: { ...encoded.headers, ...headers }, body: encoded.body });
    };
    const named = `secret=other_merchant; secret_of=${other.public_key}`;
    expect((await post({})).headers.get('x-sandbox-signature-diagnosis')).toBe(named);
    // Naming even "another merchant" would confirm a guessed secret: a relayed caller gets unknown.
    expect((await post(RELAYED)).headers.get('x-sandbox-signature-diagnosis')).toBe('unknown');
    expect((await post({ ...RELAYED, authorization: 'Bearer not-the-token' })).headers.get('x-sandbox-signature-diagnosis')).toBe(
      'unknown',
    );
    expect((await post({ ...RELAYED, authorization: `Bearer ${TOKEN}` })).headers.get('x-sandbox-signature-diagnosis')).toBe(named);
  });
});
