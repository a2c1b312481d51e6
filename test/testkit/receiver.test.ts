import { afterEach, describe, expect, it } from 'vitest';
import { receiver, type Receiver } from '../../server/testkit/index.js';

let rx: Receiver;
afterEach(() => rx?.close());

const post = (path: string, body: string, type = 'application/x-www-form-urlencoded', signal?: AbortSignal) =>
  fetch(rx.url + path, { method: 'POST', headers: { 'content-type': type }, body, signal });

describe('receiver', () => {
  it('answers what the test tells it: a status, once-only replies, then the default again', async () => {
    rx = await receiver({ reply: 203 });
    rx.replyOnce(500, { status: 503, body: 'later' });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post('/success', `n=${i}`)).status);
    expect(statuses).toEqual([500, 503, 203]);
    rx.reply(() => ({ status: 200, body: 'fine' }));
    expect(await (await post('/success', 'n=3')).text()).toBe('fine');
  });

  it('answers slowly when told to', async () => {
    rx = await receiver({ reply: { status: 200, delayMs: 300 } });
    const started = performance.now();
    expect((await post('/success', 'a=1')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('hangs when told to, and close() cuts the hanging request', async () => {
    rx = await receiver({ reply: 'hang' });
    const pending = post('/success', 'a=1').then(
      () => 'answered',
      () => 'cut',
    );
    await rx.next();
    await rx.close();
    expect(await pending).toBe('cut');
  });

  it('next() matches form and JSON fields case-insensitively and returns each request once', async () => {
    rx = await receiver();
    await post('/success', 'trans_ID=A&amount=1.00');
    await post('/otp', JSON.stringify({ credit_note: 'CN-1', amount: 5 }), 'application/json');
    await post('/success', 'trans_ID=A&amount=2.00');
    expect((await rx.next({ trans_id: 'A' })).fields.amount).toBe('1.00');
    expect((await rx.next({ trans_id: 'A' })).fields.amount).toBe('2.00');
    expect((await rx.next({ credit_note: 'CN-1', amount: 5 })).json).toEqual({ credit_note: 'CN-1', amount: 5 });
    const later = rx.next({ trans_id: 'B' });
    await post('/success', 'trans_ID=B');
    expect((await later).path).toBe('/success');
  });

  it('a next() that times out says what it waited for and lists what did arrive', async () => {
    rx = await receiver();
    await post('/success', 'trans_ID=OTHER&amount=9.00');
    const err = await rx.next({ trans_id: 'MISSING' }, { timeoutMs: 200 }).catch((e: Error) => e);
    expect(String(err)).toContain('no request matching {"trans_id":"MISSING"} arrived within 200 ms');
    expect(String(err)).toContain('it received 1:');
    expect(String(err)).toContain('POST /success trans_ID=OTHER&amount=9.00');
  });
});
