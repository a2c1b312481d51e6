import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawBody } from '../../server/http/raw-body.js';
import { requestLog } from '../../server/http/request-log.js';
import { startSandbox } from '../helpers/sandbox.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
let server: Server;
let url = '';
/** For each request the app answered: did the response object carry its own write/end? */
const ownMethods: boolean[] = [];

beforeAll(async () => {
  sb = await startSandbox();
  // The sandbox's request log in front of a route of this test, so the route can look at `res`.
  const app = express();
  app.use(requestLog(sb.ctx));
  app.use(rawBody(1024));
  app.post('/api/echo', (_req, res) => {
    ownMethods.push(Object.hasOwn(res, 'write') || Object.hasOwn(res, 'end'));
    res.write('{"payout_token":"tk_secret_value_1",');
    res.end('"ok":true}');
  });
  app.post('/api/json', (_req, res) => {
    ownMethods.push(Object.hasOwn(res, 'write') || Object.hasOwn(res, 'end'));
    res.json({ answer: 'sent with res.json' });
  });
  await new Promise<void>((resolve) => (server = app.listen(0, '127.0.0.1', () => resolve())));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await sb.stop();
});

describe('request log: response capture', () => {
  it('records what write and end sent, masked, without giving each response its own write/end (their shape stays the same)', async () => {
    for (const path of ['/api/echo', '/api/json']) {
      const r = await fetch(url + path, { method: 'POST', body: 'signature=abcdef0123456789' });
      expect(r.status).toBe(200);
    }
    const [json, echo] = sb.ctx.store.requests.list(2);
    expect(echo!.path).toBe('/api/echo');
    expect(echo!.response_body).toBe('{"payout_token":"tk_s••••_1","ok":true}');
    expect(echo!.request_body).toBe('signature=abcd••••89');
    expect(json!.response_body).toBe('{"answer":"sent with res.json"}');
    expect(ownMethods).toEqual([false, false]);
  });
});
