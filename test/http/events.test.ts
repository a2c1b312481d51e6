import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveBatchSchema, type LiveBatch } from '../../server/contract/live.js';
import { MAX_BATCH } from '../../server/http/routes/events.js';
import { createPayment } from '../helpers/payments.js';
import { api, control, startSandbox } from '../helpers/sandbox.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

/** Opens the live stream (an event stream, no call of the typed client) and collects raw text and parsed batches until closed. */
async function openStream(headers: Record<string, string> = {}) {
  const ac = new AbortController();
  const res = await fetch(sb.url + '/sandbox/v1/events', { signal: ac.signal, headers });
  let raw = '';
  const batches: LiveBatch[] = [];
  const pump = (async () => {
    if (!res.body || res.status !== 200) return;
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        raw += dec.decode(value, { stream: true });
        let i: number;
        while ((i = raw.indexOf('\n\n')) >= 0) {
          const frame = raw.slice(0, i);
          raw = raw.slice(i + 2);
          for (const line of frame.split('\n'))
            if (line.startsWith('data: ')) batches.push(LiveBatchSchema.parse(JSON.parse(line.slice(6))));
        }
      }
    } catch {
      // aborted by the test
    }
  })();
  const waitFor = async (pred: () => boolean, ms = 30_000) => {
    const until = Date.now() + ms;
    while (!pred()) {
      if (Date.now() > until) throw new Error(`timed out; got ${JSON.stringify(batches)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { res, batches, waitFor, close: async () => (ac.abort(), await pump) };
}

const allEvents = (b: LiveBatch[]) => b.flatMap((x) => x.events);

describe('GET /sandbox/v1/events (live stream)', () => {
  it('answers text/event-stream and starts with a retry hint and a comment', async () => {
    const s = await openStream();
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.res.headers.get('cache-control')).toContain('no-cache');
    await s.close();
  });

  it('streams a payment creation as an operation.created event', async () => {
    const s = await openStream();
    await createPayment(sb.url, 17);
    await s.waitFor(() => allEvents(s.batches).some((e) => e.type === 'operation.created'));
    const ev = allEvents(s.batches).find((e) => e.type === 'operation.created')!;
    expect(ev.data).toMatchObject({ channel: 17, status: 'pending' });
    await s.close();
  });

  it('streams a control-API change (merchant.changed) to every open stream', async () => {
    const a = await openStream();
    const b = await openStream();
    await control(sb).updateMerchant({ public_key: 'pk_sandbox_demo', body: { max_amount: 99999999 } });
    for (const s of [a, b]) await s.waitFor(() => allEvents(s.batches).some((e) => e.type === 'merchant.changed'));
    await a.close();
    await b.close();
  });

  it('batches a burst of events into one message instead of one message per event', async () => {
    const s = await openStream();
    for (let i = 0; i < 200; i++) sb.ctx.events.emit('operation.changed', { id: i, status: 'confirmed', from: 'pending' });
    await s.waitFor(() => allEvents(s.batches).length >= 200);
    expect(s.batches.length).toBeLessThanOrEqual(2);
    expect(allEvents(s.batches).map((e) => (e.type === 'operation.changed' ? e.data.id : null))).toEqual(
      Array.from({ length: 200 }, (_, i) => i),
    );
    await s.close();
  });

  it(`caps a batch at ${MAX_BATCH} events and reports the rest as dropped so the client refetches`, async () => {
    const s = await openStream();
    for (let i = 0; i < MAX_BATCH + 250; i++) sb.ctx.events.emit('operation.changed', { id: i, status: 'confirmed', from: 'pending' });
    await s.waitFor(() => s.batches.some((b) => b.dropped > 0));
    const b = s.batches.find((x) => x.dropped > 0)!;
    expect(b.events).toHaveLength(MAX_BATCH);
    expect(b.dropped).toBe(250);
    await s.close();
  });

  it('refuses a browser from a foreign origin like every control call', async () => {
    const r = await fetch(sb.url + '/sandbox/v1/events', { headers: { origin: 'https://evil.example' } });
    expect(r.status).toBe(403);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
  });

  it('is listed in the OpenAPI document as text/event-stream', async () => {
    // The OpenAPI document describes the routes and is not one of them: no typed call reads it.
    const r = await api<{ paths: Record<string, { get: { responses: Record<string, { content: Record<string, unknown> }> } }> }>(
      sb.url,
      'GET',
      '/sandbox/v1/openapi.json',
    );
    const op = r.body.paths['/sandbox/v1/events']!.get;
    expect(Object.keys(op.responses['200']!.content)).toEqual(['text/event-stream']);
  });
});
