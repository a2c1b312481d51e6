import { describe, expect, it } from 'vitest';
import { DEMO } from '../helpers/sandbox.js';
import { hasChromium } from './pages/console-browser.js';
import { useConsoleFixture } from './pages/console-fixture.js';
import { golivePage } from './pages/console-golive.js';

describe.skipIf(!hasChromium)('console: a payout call refused for its token', () => {
  const f = useConsoleFixture();

  it('the request log says what was sent in the token place, with the header as logged', async () => {
    const r = await fetch(`${f.sb.url}/api/transactions/?credit_note=none`, { headers: { authorization: `Bearer ${DEMO.secret_key}` } });
    expect(r.status).toBe(401);
    const c = await f.open('requests');
    const g = golivePage(c.page);
    await g.requestRows().first().click();
    await g.requestDiagnosis().waitFor();
    expect(await g.requestDiagnosisRecipe().textContent()).toBe("Sent in the token's place: the secret key of Comercio Demo S.A. de C.V.");
    expect(await g.requestDiagnosisExpected().textContent()).toBe('Authorization: <any scheme word, e.g. Bearer> ••••');
    const logged = await g.requestDiagnosisSent().textContent();
    expect(logged).toMatch(/^Bearer /);
    expect(logged).not.toContain(DEMO.secret_key);
  });
});
