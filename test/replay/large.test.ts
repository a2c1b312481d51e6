import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, startSandbox } from '../helpers/sandbox.js';
import type { Sandbox } from '../../server/sandbox.js';
import { COMPARED_MEMBERS, MAX_PIECE_MEMBERS } from '../../server/contract/replays.js';
import { chromeHar, FORM, PROD_CREATION_URL, PROD_HOST } from './fixtures/tools.js';
import { refused, replay } from './helpers.js';

let sb: Sandbox & { url: string };
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

/** A JSON object of `n` keys as an exporter records it: `{"k0":0,"k1":0,…}`. */
const manyKeys = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":0`).join(',')}}`;

describe('a recorded answer of many keys', () => {
  it('is compared up to a bound: 50 drift items and a bounded count, the entry says so, the report stays small', async () => {
    const har = chromeHar([
      {
        method: 'GET',
        url: `${PROD_HOST}/api/transactions/?limit=1`,
        headers: { Authorization: 'Bearer p' },
        status: 200,
        response: manyKeys(100_000),
      },
      // The security review's case, smaller: a refused creation whose recorded answer has keys by the thousand.
      { method: 'POST', url: PROD_CREATION_URL, type: FORM, text: 'a=b', status: 400, response: manyKeys(60_000) },
    ]);
    const r = await replay(sb, { har });
    const [list, creation] = r.data.entries;
    expect(list!.drift).toHaveLength(50);
    // Every key compared is missing from the sandbox's answer; the keys production's answer was not read for are not drift.
    expect(list!.drift_more).toBe(COMPARED_MEMBERS - 50);
    expect(list!.drift.every((d) => d.kind === 'key_missing')).toBe(true);
    expect(list!.notes).toContainEqual({ code: 'compared_in_part', params: { members: 100_000, compared: COMPARED_MEMBERS } });

    // One root cause, one item: production refused without an error code, the sandbox with MISSING_FIELD.
    expect(creation!.drift).toHaveLength(1);
    expect(creation!.drift[0]).toMatchObject({ kind: 'refusal', sandbox: 'MISSING_FIELD' });
    expect(creation!.drift[0]!.keys).toHaveLength(50);
    expect(creation!.drift_more).toBeUndefined();
    expect(r.data.drift_count).toBe(COMPARED_MEMBERS + 1);

    const kept = JSON.stringify(await control(sb).getReplay({ id: r.data.id }));
    expect(kept.length).toBeLessThan(40_000);
    expect(JSON.stringify(r.data).length).toBeLessThan(40_000);
  });

  it('compares a large answer whole when it holds no more members than the bound, reading its error code', async () => {
    const padding = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`p${i}`, 'x'.repeat(20)]));
    const body = JSON.stringify({ error: { code: 'INVALID_SIGNATURE', message: 'no' }, ...padding });
    const har = chromeHar([{ method: 'POST', url: PROD_CREATION_URL, type: FORM, text: 'a=b', status: 401, response: body }]);
    const r = await replay(sb, { har });
    const [e] = r.data.entries;
    expect(body.length).toBeGreaterThan(64 * 1024);
    expect(e!.production.code).toBe('INVALID_SIGNATURE');
    expect(e!.notes ?? []).not.toContainEqual(expect.objectContaining({ code: 'compared_in_part' }));
    expect(e!.drift).toContainEqual(expect.objectContaining({ kind: 'error_code', production: 'INVALID_SIGNATURE' }));
  });
});

describe('a replay body is taken in bounded pieces', () => {
  it('an entry holding more JSON members than a replay takes: 413 naming the entry and the limit, nothing replayed', async () => {
    const entry = {
      request: { method: 'GET', url: `${PROD_HOST}/api/operations`, headers: [] as { name: string; value: string }[] },
      response: { status: 200 },
    };
    entry.request.headers = Array.from({ length: MAX_PIECE_MEMBERS / 2 }, (_, i) => ({ name: `x-h${i}`, value: 'v' }));
    const before = (await control(sb).listReplays()).items.length;
    const ok = { request: { method: 'GET', url: `${PROD_HOST}/api/operations` }, response: { status: 200 } };
    const r = await refused(sb, { har: { log: { entries: [ok, entry] } } });
    expect([r.status, r.code]).toEqual([413, 'HAR_TOO_LARGE']);
    expect(r.reason).toContain('har.log.entries[1]');
    expect(r.reason).toContain(String(MAX_PIECE_MEMBERS));
    expect((await control(sb).listReplays()).items).toHaveLength(before);
  });

  it('the rest of the body is bounded too, and its nesting as every JSON body', async () => {
    const pages = Array.from({ length: MAX_PIECE_MEMBERS + 1 }, () => 0);
    const wide = await refused(sb, { har: { log: { pages, entries: [] } } });
    expect([wide.status, wide.code]).toEqual([413, 'HAR_TOO_LARGE']);
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = [deep];
    const r = await refused(sb, {
      har: { log: { entries: [{ request: { method: 'GET', url: `${PROD_HOST}/x` }, response: { status: 200 }, _x: deep }] } },
    });
    expect([r.status, r.code]).toEqual([400, 'INVALID_JSON']);
    expect(r.reason).toContain('nests deeper than');
  });

  it('an archive sent as JSON text is read the same way', async () => {
    const har = chromeHar([
      {
        method: 'GET',
        url: `${PROD_HOST}/api/operations?public_key=pk&time=t&mid_id=1&trans_id=T&signature=s`,
        status: 200,
        response: '[]',
      },
    ]);
    const r = await replay(sb, { har: JSON.stringify(har) });
    expect(r.data.entries).toHaveLength(1);
    expect(r.data.entries[0]).toMatchObject({ action: 'replayed', kind: 'operation_query', drift: [] });
  });
});
