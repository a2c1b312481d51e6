import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayment } from '../helpers/payments.js';
import { answer, control, startSandbox } from '../helpers/sandbox.js';
import { PROBE_CHECK_IDS } from '../../server/contract/checks.js';
import { startReceiveCommand } from '../helpers/spawn.js';

describe('pasarela-sandbox receive', () => {
  let sb: Awaited<ReturnType<typeof startSandbox>>;
  let rx: ReturnType<typeof startReceiveCommand>;
  let url: string;
  beforeAll(async () => {
    sb = await startSandbox();
    rx = startReceiveCommand(['--port', '0']);
    url = /^receiver listening on (http:\/\/\S+)$/.exec(await rx.line(/^receiver listening on /))![1]!;
  });
  afterAll(async () => {
    rx.proc.kill('SIGTERM');
    await rx.exited;
    await sb.stop();
  });

  it('prints a confirmed payment notification as delivered, with its signature checked against the demo secret', async () => {
    expect((await answer(sb, 'updateMerchant', { public_key: 'pk_sandbox_demo', body: { success_url: `${url}/success` } })).status).toBe(
      200,
    );
    const p = await createPayment(sb.url, 17);
    const [op] = (await control(sb).listOperations({ query: { trans_id: p.fields.trans_id } })).items;
    expect((await answer(sb, 'confirmOperation', { id: op!.id })).status).toBe(200);
    const printed = await rx.line(new RegExp(`trans_ID=${p.fields.trans_id}\\b`));
    expect(printed).toMatch(/POST \/success {2}payment notification: .* channel=17 amount=\d+\.\d\d COP; signature ok$/);
  });

  it('refuses a notification whose signature does not match the secret it was given, saying why', async () => {
    const other = startReceiveCommand(['--port', '0', '--secret', 'sk_not_the_demo_secret']);
    try {
      const otherUrl = /(http:\/\/\S+)$/.exec(await other.line(/^receiver listening on /))![1]!;
      const res = await fetch(`${otherUrl}/success`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'trans_ID=T-1&channel=17&amount=1.00&currency=COP&time=2026-01-01%2000%3A00%3A00&signature=00',
      });
      expect(res.status).toBe(400);
      expect(await other.line(/trans_ID=T-1/)).toMatch(/REFUSED \(400\): the signature does not match SHA-256 of time channel amount/);
    } finally {
      other.proc.kill('SIGTERM');
      expect(await other.exited).toBe(0);
    }
  });

  it('refuses GET with 405 and Allow: POST', async () => {
    const res = await fetch(`${url}/success?trans_ID=T-2`);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await rx.line(/GET \/success\?trans_ID=T-2/)).toMatch(/refused \(405\): notifications are sent with POST$/);
  });

  it('acknowledges a resent notification again without processing it twice', async () => {
    const p = await createPayment(sb.url, 17);
    const [op] = (await control(sb).listOperations({ query: { trans_id: p.fields.trans_id } })).items;
    await answer(sb, 'confirmOperation', { id: op!.id });
    await rx.line(new RegExp(`trans_ID=${p.fields.trans_id}\\b.*signature ok$`));
    const [n] = (await control(sb).listNotifications({ query: { operation_id: op!.id } })).items;
    expect((await answer(sb, 'resendNotification', { id: n!.id })).status).toBeLessThan(300);
    expect(await rx.line(new RegExp(`trans_ID=${p.fields.trans_id}\\b.*already processed, acknowledged again$`))).toContain('signature ok');
  });

  // The go-live check's probes judge a notification handler; its passive checks judge the shop's own
  // calls (creations, queries), which a receiver does not make.
  it('passes every probe of the go-live check: none warns or fails', async () => {
    const urls = { success_url: `${url}/success`, rejection_url: `${url}/rejection`, payout_url: `${url}/payout` };
    expect((await answer(sb, 'updateMerchant', { public_key: 'pk_sandbox_demo', body: urls })).status).toBe(200);
    const r = await answer(sb, 'runCheck', { body: { merchant: 'pk_sandbox_demo', only: [...PROBE_CHECK_IDS] } });
    expect(r.status).toBe(201);
    const report = r.data as { checks: { id: string; verdict: string; evidence: string }[] };
    expect(report.checks.map((c) => `${c.id}: ${c.verdict}${c.verdict === 'pass' ? '' : ` — ${c.evidence}`}`).sort()).toEqual(
      PROBE_CHECK_IDS.map((id) => `${id}: pass`).sort(),
    );
  }, 60_000);

  it('refuses a bad flag with its usage and exit code 2', async () => {
    const bad = startReceiveCommand(['--status', '99']);
    expect(await bad.exited).toBe(2);
    expect(bad.stderr()).toMatch(/--status must be an HTTP status/);
  });
});
