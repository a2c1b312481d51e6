import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryAgent, sendOnce } from '../../server/delivery/send.js';
import { lanFetch, sandboxOnLan } from '../helpers/lan.js';
import { paymentFields, postPayment } from '../helpers/payments.js';
import { eventually } from '../helpers/receiver.js';
import { control, deliveriesIdle, DEMO, startSandbox } from '../helpers/sandbox.js';
import { payoutItem, startReceiver } from '../payouts/helpers.js';

const TOKEN = 'team-token-for-outgoing';

/**
 * A stand-in for the documented nginx block on this machine: keeps the client's Host, appends the
 * peer to X-Forwarded-For, sets X-Real-IP and X-Forwarded-Proto, and passes every other header on.
 */
async function startProxy(target: string): Promise<{ url: string; server: Server }> {
  const to = new URL(target);
  const server = createServer((req, res) => {
    const peer = req.socket.remoteAddress ?? '';
    const xff = req.headers['x-forwarded-for'];
    const headers = {
      ...req.headers,
      'x-forwarded-for': xff ? `${String(xff)}, ${peer}` : peer,
      'x-real-ip': peer,
      'x-forwarded-proto': 'http',
    };
    const out = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('nothing the sandbox sends drives its control API, through a trusted proxy either', () => {
  const shared = sandboxOnLan({ controlToken: TOKEN, trustProxy: true });
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  beforeAll(async () => {
    proxy = await startProxy(shared.sb.url);
    // Even a merchant that lets payout callbacks reach its private receivers cannot reach the control API.
    await control(shared.sb).updateMerchant({ public_key: DEMO.public_key, body: { allow_private_callbacks: true } });
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy.server.close(resolve));
  });

  it('a payout callback addressed to the proxy comes back refused, and the clock keeps running', async () => {
    const lan = (path: string, init: Parameters<typeof lanFetch>[1] = {}) =>
      lanFetch(proxy.url + path, { ...init, headers: { host: 'team-sandbox.example', ...(init.headers as Record<string, string>) } });
    expect((await lan('/sandbox/v1/clock/pause', { method: 'POST' })).status).toBe(401);
    const channel = `${proxy.url}/sandbox/v1/clock/pause`;
    const created = await lan('/api/transactions/', {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO.payout_token}`, 'content-type': 'application/json' },
      body: JSON.stringify([payoutItem({ amount: 1500, channel })]),
    });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: number }[] };
    await control(shared.sb).approvePayout({ id: data[0]!.id });
    const attempt = await eventually(async () => {
      const p = await control(shared.sb).getPayout({ id: data[0]!.id });
      return p.notifications.find((n) => n.url === channel)?.attempts[0];
    });
    expect(attempt!.response_status).toBe(403);
    expect(attempt!.response_body).toMatch(/sent by a sandbox/);
    expect((await control(shared.sb).getClock()).paused).toBe(false);
  });
});

describe('where deliveries may go', () => {
  it('refuses link-local targets for every delivery with LINK_LOCAL, sending nothing', async () => {
    const sb = await startSandbox();
    try {
      await control(sb).updateMerchant({ public_key: DEMO.public_key, body: { success_url: 'http://169.254.169.254/latest/meta-data/' } });
      const f = paymentFields(17);
      expect((await postPayment(sb.url, f)).status).toBe(200);
      const [op] = (await control(sb).listOperations({ query: { trans_id: f.trans_id } })).items;
      await control(sb).confirmOperation({ id: op!.id });
      const attempt = await eventually(async () => (await control(sb).getOperation({ id: op!.id })).notifications[0]?.attempts[0]);
      expect(attempt!.error).toMatch(/^LINK_LOCAL: 169\.254\.169\.254 is a link-local address/);
      expect(attempt!.response_status).toBeNull();
    } finally {
      await sb.stop();
    }
  });

  it('a pool for callbacks of a shared sandbox refuses loopback and private addresses with PRIVATE_TARGET', async () => {
    const rx = await startReceiver();
    const agent = createDeliveryAgent(2000, 1, () => [], true);
    try {
      for (const url of [`${rx.url}/cb`, `http://[::1]:${new URL(rx.url).port}/cb`, 'http://10.0.0.1/cb', 'http://[fe80::1]/cb']) {
        const r = await sendOnce(agent, { url, headers: {}, body: '{}', controller: new AbortController() }, 2000, () => Date.now());
        expect(r.error, url).toMatch(url.includes('fe80') ? /^LINK_LOCAL/ : /^PRIVATE_TARGET/);
      }
      expect(rx.received).toEqual([]);
    } finally {
      await agent.destroy();
      await rx.close();
    }
  });
});

describe('payout callbacks on a shared sandbox', () => {
  const shared = sandboxOnLan({ controlToken: TOKEN });
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    rx = await startReceiver();
    await control(shared.sb).updateMerchant({ public_key: DEMO.public_key, body: { payout_url: `${rx.url}/payouts` } });
  });
  afterAll(async () => {
    await rx.close();
  });

  const payoutFromLan = async (channel: string) => {
    const r = await shared.fromLan('/api/transactions/', {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO.payout_token}`, 'content-type': 'application/json' },
      body: JSON.stringify([payoutItem({ amount: 1500, channel })]),
    });
    expect(r.status).toBe(201);
    return ((await r.json()) as { data: { id: number; warnings: string[] }[] }).data[0]!;
  };

  it('a loopback channel gets a warning and no payload, unless the merchant allows private callbacks', async () => {
    const item = await payoutFromLan(`${rx.url}/internal-admin/delete-everything`);
    expect(item.warnings.join(' ')).toMatch(/loopback or private address.*allow_private_callbacks/);
    await control(shared.sb).approvePayout({ id: item.id });
    // The merchant's own payout URL (set by the operator) is told; the channel address gets nothing.
    await rx.until(() => rx.at('/payouts').length > 0);
    await deliveriesIdle(shared.sb);
    expect(rx.at('/internal-admin/delete-everything')).toEqual([]);

    await control(shared.sb).updateMerchant({ public_key: DEMO.public_key, body: { allow_private_callbacks: true } });
    const allowed = await payoutFromLan(`${rx.url}/otp`);
    expect(allowed.warnings).toEqual([]);
    await control(shared.sb).approvePayout({ id: allowed.id });
    await rx.until(() => rx.at('/otp').length > 0);
    expect(rx.at('/otp')[0]!.headers['x-pasarela-sandbox-sender']).toMatch(/^[0-9a-f]{16}$/);
  });
});
