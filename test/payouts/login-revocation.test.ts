import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RouteInput } from '../../server/contract/client.js';
import type { merchantRoutes } from '../../server/contract/merchants.js';
import { answer, startSandbox } from '../helpers/sandbox.js';

/* A login token stands for the credentials it was granted for: changing them ends it. */
let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeEach(async () => void (sb = await startSandbox()));
afterEach(() => sb.stop());

const login = async (username: string, password: string) => {
  const res = await fetch(`${sb.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await res.json()) as { token: string }).token;
};
const list = (token: string) => fetch(`${sb.url}/api/transactions/?limit=1`, { headers: { authorization: `Bearer ${token}` } });
const patchDemo = (body: RouteInput<typeof merchantRoutes.updateMerchant>['body']) =>
  answer(sb, 'updateMerchant', { public_key: 'pk_sandbox_demo', body });

describe('payout login tokens end when the login changes', () => {
  it.each([
    ['password', { payout_password: 'pw_changed_1' }],
    ['username', { payout_username: 'payout_renamed' }],
    ['login removed', { payout_username: null }],
  ])('a changed login (%s) revokes every login token of the merchant', async (_what, patch) => {
    const a = await login('payout_demo', 'pw_sandbox_demo');
    const b = await login('payout_demo', 'pw_sandbox_demo');
    expect((await list(a)).status).toBe(200);
    expect((await patchDemo(patch)).status).toBe(200);
    for (const t of [a, b]) {
      const res = await list(t);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    }
    // The static payout token is not a login: it keeps working.
    expect((await list('tk_sandbox_demo')).status).toBe(200);
  });

  it('other settings, or naming the same credentials again, leave login tokens alone', async () => {
    const t = await login('payout_demo', 'pw_sandbox_demo');
    expect((await patchDemo({ success_url: 'https://shop.example/ok', payout_password: 'pw_sandbox_demo' })).status).toBe(200);
    expect((await list(t)).status).toBe(200);
  });

  it('another merchant’s login change leaves this merchant’s tokens alone', async () => {
    const t = await login('payout_demo', 'pw_sandbox_demo');
    const other = await answer(sb, 'createMerchant', {
      body: { name: 'Other', payout_username: 'other_user', payout_password: 'pw_other_1' },
    });
    expect(other.status).toBe(201);
    const changed = await answer(sb, 'updateMerchant', { public_key: other.data.public_key, body: { payout_password: 'pw_other_2' } });
    expect(changed.status).toBe(200);
    expect((await list(t)).status).toBe(200);
  });
});
