import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../helpers/sandbox.js';
import { postPayouts } from './helpers.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

/** A control-API call with a raw body and content type (malformed on purpose, so not typed), answered as status and error. */
async function controlPost(body: string, contentType: string) {
  const res = await fetch(`${sb.url}/sandbox/v1/merchants`, { method: 'POST', headers: { 'content-type': contentType }, body });
  return { status: res.status, error: ((await res.json()) as { error: { code: string; message: string } }).error };
}

// The payout batch body goes through the same parser as every control-API JSON body (http/route.ts),
// so a client hears the same words for the same mistake on both.
describe('payout batch body, parsed as every JSON body', () => {
  it('names the same fix for a wrong Content-Type as the control API', async () => {
    const batch = await postPayouts(sb.url, '[]', { 'content-type': 'text/plain' });
    const control = await controlPost('{}', 'text/plain');
    expect(batch.status).toBe(415);
    expect(batch.json.error).toEqual(control.error);
  });

  it('names the same parse error as the control API', async () => {
    const batch = await postPayouts(sb.url, '[{"order_id":');
    const control = await controlPost('[{"order_id":', 'application/json');
    expect(batch.status).toBe(400);
    expect(batch.json.error).toEqual(control.error);
    expect(batch.json.error.code).toBe('INVALID_JSON');
  });

  it('still refuses a +json type and a blank body, as the payout table says', async () => {
    const typed = await postPayouts(sb.url, '[]', { 'content-type': 'application/vnd.api+json' });
    expect(typed.status).toBe(415);
    const blank = await postPayouts(sb.url, ' \n ');
    expect(blank.status).toBe(400);
    expect(blank.json.error.code).toBe('EMPTY_JSON_BODY');
    expect(blank.json.error.message).toContain('a JSON array of payout items');
  });
});
