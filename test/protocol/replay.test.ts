import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, startSandbox } from '../helpers/sandbox.js';
import { chromeHar, PROD, PROD_HOST } from '../replay/fixtures/tools.js';
import { replay } from '../replay/helpers.js';
import { client2018Fields } from './clients.js';

type Sb = Awaited<ReturnType<typeof startSandbox>>;
let sb: Sb;
const SHOP = { public_key: 'pk_replay_legacy', secret_key: 'sk_replay_legacy' };

beforeAll(async () => {
  sb = await startSandbox();
  await control(sb).createMerchant({ body: { name: 'Prototype shop', ...SHOP, protocol: 'legacy' } });
});
afterAll(() => sb.stop());

describe('incident replay of an older request format', () => {
  it("re-signs a 2018 creation over the fields its format signs, so a legacy merchant's replay is served as production was", async () => {
    const f = client2018Fields({ publicKey: PROD.public_key, secret: PROD.secret_key, channel: '3' });
    const har = chromeHar([
      {
        method: 'POST',
        url: `${PROD_HOST}/justpay/check-out/SecurePayment`,
        type: 'application/x-www-form-urlencoded',
        text: new URLSearchParams(f).toString(),
        status: 200,
        responseType: 'text/plain',
        response: `${PROD_HOST}/check-out/?channel=3&tokenID=abc123&platform=1`,
      },
    ]);
    const r = await replay(sb, { har, merchant: SHOP.public_key });
    expect(r.status).toBe(200);
    const [entry] = r.data.entries;
    expect([entry!.action, entry!.skip_reason]).toEqual(['replayed', undefined]);
    expect(entry!.sandbox!.status).toBe(200);
    expect(entry!.sandbox!.body).toMatch(/\/check-out\/\?channel=3&tokenID=\w+&platform=1$/);
    const ops = (await control(sb).listOperations({ query: { trans_id: f.trans_ID! } })).items;
    expect(ops).toMatchObject([{ protocol: '2018', legacy_channel: 3 }]);
  });
});
