import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportFileName, exportSandboxData, resetSandboxData } from '../../electron/data-actions.js';
import type { Sandbox } from '../../server/sandbox.js';
import { answer, api, control, startSandbox } from '../helpers/sandbox.js';

let dir: string;
let sb: Sandbox & { url: string };
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'desktop-data-'));
  sb = await startSandbox({ data: join(dir, 'sandbox-data') });
});
afterEach(async () => {
  await sb.stop();
  rmSync(dir, { recursive: true, force: true });
});

const newMerchant = () => answer(sb, 'createMerchant', { body: { name: 'Export Test' } });

/** Exports the sandbox as the database of a new data dir (`restored`), opens a sandbox on it, runs `check`, stops it. */
async function withExportOpened(check: (other: Sandbox & { url: string }) => Promise<void>): Promise<string> {
  const restored = join(dir, 'restored');
  mkdirSync(restored);
  await exportSandboxData(sb, join(restored, 'sandbox.db'));
  const other = await startSandbox({ data: restored });
  try {
    await check(other);
  } finally {
    await other.stop();
  }
  return restored;
}

describe('desktop data actions', () => {
  it('export writes a copy of the live database that a new sandbox opens with the same data', async () => {
    expect((await newMerchant()).status).toBe(201);
    await withExportOpened(async (other) => {
      const r = await control(other).listMerchants();
      expect(r.items.map((m) => m.name)).toContain('Export Test');
    });
  });

  it('export carries the request log: the sandbox that opens the copy lists the calls logged before it', async () => {
    expect((await newMerchant()).status).toBe(201);
    const restored = await withExportOpened(async (other) => {
      const r = await api<{ items: { method: string; path: string }[] }>(other.url, 'GET', '/sandbox/v1/requests');
      expect(r.body.items).toContainEqual(expect.objectContaining({ method: 'POST', path: '/sandbox/v1/merchants' }));
    });
    // The rows moved to the log's own file: the database no longer carries a copy.
    const db = new Database(join(restored, 'sandbox.db'), { readonly: true });
    try {
      expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'request_log'").all()).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('export refuses to overwrite the live database', async () => {
    await expect(exportSandboxData(sb, join(dir, 'sandbox-data', 'sandbox.db'))).rejects.toThrow(/live database/);
    expect((await api(sb.url, 'GET', '/health')).status).toBe(200);
  });

  it('the server keeps answering while and after it exports', async () => {
    const exporting = exportSandboxData(sb, join(dir, 'during.db'));
    expect((await answer(sb, 'listMerchants')).status).toBe(200);
    await exporting;
    expect((await newMerchant()).status).toBe(201);
  });

  it('reset is the server reset: only the demo merchant is left', async () => {
    await newMerchant();
    resetSandboxData(sb);
    const r = await api<{ items: { public_key: string }[] }>(sb.url, 'GET', '/sandbox/v1/merchants');
    expect(r.body.items.map((m) => m.public_key)).toEqual(['pk_sandbox_demo']);
  });

  it('the suggested export name carries the date and time', () => {
    expect(exportFileName(new Date(2026, 10, 22, 9, 5))).toBe('pasarela-sandbox-2026-11-22-0905.db');
  });
});
