import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WRITER_AUTOCHECKPOINT_PAGES } from '../../server/store/checkpointer.js';
import { createStore } from '../../server/store/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('WAL checkpoints off the event loop', () => {
  it('a worker copies committed pages into the database file long before the writer would checkpoint', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sbx-ckpt-'));
    dirs.push(dir);
    const store = createStore({ data: dir });
    try {
      expect(store.diagnostics.pragma('wal_autocheckpoint')).toBe(WRITER_AUTOCHECKPOINT_PAGES);
      const file = join(dir, 'sandbox.db');
      const before = statSync(file).size;
      // ~1 MB of settings rows: a few hundred pages, far below the writer's own threshold.
      store.tx(() => {
        for (let i = 0; i < 400; i++) store.settings.set(`bench.${i}`, 'x'.repeat(2500));
      });
      const deadline = Date.now() + 30_000;
      // A first checkpoint may copy only the schema's pages: wait for the rows' (or the deadline).
      while (statSync(file).size <= before + 500_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(statSync(file).size).toBeGreaterThan(before + 500_000);
    } finally {
      store.close();
    }
  });

  it('an in-memory store starts no worker and keeps SQLite defaults', () => {
    const store = createStore({ data: ':memory:' });
    try {
      expect(store.diagnostics.pragma('wal_autocheckpoint')).not.toBe(WRITER_AUTOCHECKPOINT_PAGES);
    } finally {
      store.close();
    }
  });
});
