import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, control, DEMO, startSandbox } from '../helpers/sandbox.js';

type Sb = Awaited<ReturnType<typeof startSandbox>>;
const SUCCESS_PROBES = ['success_acknowledged', 'answers_fast', 'duplicate_acknowledged', 'forged_signature_refused'];

/** Endpoints that misbehave in the ways merchants' servers do: hang, reset, redirect, answer garbage. */
async function hostile(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.url === '/hang') return;
    if (req.url === '/reset') return void req.socket.destroy();
    if (req.url === '/redirect') {
      res.writeHead(302, { location: 'https://shop.example/elsewhere' });
      return void res.end();
    }
    // Garbage: not HTTP at all.
    req.socket.end('NOT HTTP\r\n\r\n\x00\x01garbage');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('go-live check against endpoints that misbehave', () => {
  let sb: Sb;
  let h: Awaited<ReturnType<typeof hostile>>;
  beforeAll(async () => {
    sb = await startSandbox({ delivery: { timeoutMs: 500 } });
    h = await hostile();
  });
  afterAll(async () => {
    await sb.stop();
    h.server.closeAllConnections();
    await new Promise<void>((resolve) => h.server.close(() => resolve()));
  });

  it.each(['hang', 'reset', 'redirect', 'garbage'])('%s: a report with fail verdicts, never an error', async (kind) => {
    await control(sb).updateMerchant({ public_key: DEMO.public_key, body: { success_url: `${h.url}/${kind}` } });
    const r = await answer(sb, 'runCheck', { body: { only: SUCCESS_PROBES } });
    expect(r.status).toBe(201);
    const v = Object.fromEntries(r.data.checks.map((c) => [c.id, c]));
    expect(v.success_acknowledged!.verdict).toBe('fail');
    expect(v.duplicate_acknowledged!.verdict).toBe('fail');
    // Not acknowledged without an HTTP answer proves nothing about signature checks.
    expect(v.forged_signature_refused!.verdict).toBe(kind === 'redirect' ? 'pass' : 'skipped');
    expect(v.answers_fast!.verdict).toBe(kind === 'hang' ? 'fail' : 'skipped');
    if (kind === 'redirect') expect(v.success_acknowledged!.evidence).toMatch(/HTTP 302/);
  });
});
