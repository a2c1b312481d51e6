import Database from 'better-sqlite3';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/store/db.js';
import { migrations } from '../../server/store/migrations/index.js';
import { eventually } from '../helpers/receiver.js';
import { answer, control, startSandbox } from '../helpers/sandbox.js';

// A desktop user's data dir, written by the first release line (fixtures/release-1/README.md says how).
const fixture = join(import.meta.dirname, 'fixtures', 'release-1', 'sandbox.db');
const work = mkdtempSync(join(tmpdir(), 'sbx-upgrade-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a data dir of the first release line opens with this one', () => {
  it('keeps every row and setting, fires the pending retry, and takes the README’s Authorization: Token', async () => {
    const dir = join(work, 'data');
    const old = new Database(fixture, { readonly: true });
    expect(old.pragma('user_version', { simple: true })).toBe(3);
    old.close();
    copyInto(dir);
    const sb = await startSandbox({ data: dir });
    try {
      expect(sb.ctx.store.diagnostics.pragma('user_version')).toBe(migrations.length);
      const merchants = (await control(sb).listMerchants()).items;
      expect(merchants.map((m) => m.public_key)).toEqual(['pk_sandbox_demo', 'pk_release_one']);
      expect(merchants[1]!.secret_key).toBe('sk_release_one');
      const ops = (await control(sb).listOperations()).items;
      expect(ops.map((o) => o.trans_id).sort()).toEqual(['rel1-confirmed', 'rel1-pending']);
      const settings = await control(sb).getSettings();
      expect(settings).toMatchObject({ retry_schedule_minutes: [2, 10, 30], payout_auth_scheme: null });

      const byToken = await fetch(`${sb.url}/api/transactions/?credit_note=REL1-CN-1`, {
        headers: { authorization: 'Token tk_sandbox_demo' },
      });
      expect(byToken.status).toBe(200);
      expect(((await byToken.json()) as { items: { order_id: string }[] }).items.map((i) => i.order_id)).toEqual(['REL1-1']);

      // The confirmation's notification failed once before the upgrade; its retry still fires.
      const attempts = () => sb.ctx.store.notifications.get(1)!.attempt_count;
      expect(attempts()).toBeGreaterThanOrEqual(1);
      expect((await answer(sb, 'advanceClock', { body: { minutes: 15 } })).status).toBe(200);
      await eventually(async () => attempts() >= 2, 20_000);

      // Its stored expiry timer gave way to the operation's own expires_at: the pending one still expires.
      expect(sb.ctx.store.timers.countByKind()['operation.expire']).toBeUndefined();
      expect((await answer(sb, 'advanceClock', { body: { minutes: 60 * 24 * 60 } })).status).toBe(200);
      const after = (await control(sb).listOperations()).items;
      expect(after.find((o) => o.trans_id === 'rel1-pending')!.status).toBe('expired');
    } finally {
      await sb.stop();
    }
  });

  it('a "Bearer" chosen under a later release stays chosen', () => {
    const db = new Database(':memory:');
    migrate(db, migrations.slice(0, 6));
    const chosen = JSON.stringify({ payout_auth_scheme: 'Bearer', payout_token_ttl_minutes: 60 });
    db.prepare("INSERT INTO settings (key, value) VALUES ('sandbox', ?)").run(chosen);
    migrate(db);
    expect(db.prepare<[], { value: string }>("SELECT value FROM settings WHERE key = 'sandbox'").get()!.value).toBe(chosen);
    db.close();
  });

  it('a settings change saves only what was set, so a later change of a default reaches it', async () => {
    const sb = await startSandbox();
    try {
      expect((await answer(sb, 'updateSettings', { body: { retries_enabled: false } })).status).toBe(200);
      expect((await answer(sb, 'updateSettings', { body: { payout_processing_delay_minutes: 2 } })).status).toBe(200);
      expect(sb.ctx.store.settings.get('sandbox', {})).toEqual({ retries_enabled: false, payout_processing_delay_minutes: 2 });
      expect(await control(sb).getSettings()).toMatchObject({ retries_enabled: false, payout_auth_scheme: null });
    } finally {
      await sb.stop();
    }
  });
});

function copyInto(dir: string): void {
  mkdirSync(dir, { mode: 0o700 });
  copyFileSync(fixture, join(dir, 'sandbox.db'));
}
