// What the menu's data items do to the embedded sandbox, without Electron (unit-tested on a real
// sandbox): export is an online SQLite backup of the live database, reset is the server's own reset().
import { resolve } from 'node:path';
import type { Sandbox } from '../server/sandbox.js';

/** Suggested name of an export, e.g. pasarela-sandbox-2026-11-22-1530.db (local time of the machine). */
export function exportFileName(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `pasarela-sandbox-${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}.db`;
}

/**
 * Copies the sandbox database to `file` with SQLite's backup API, which gives a consistent snapshot
 * while the server keeps running (copying sandbox.db by hand could catch a half-checkpointed WAL),
 * with the request log's rows in it: a sandbox that opens the copy as its database takes them back.
 */
export async function exportSandboxData(sandbox: Sandbox, file: string): Promise<void> {
  const { config, ctx } = sandbox;
  if (config.data !== ':memory:' && resolve(file) === resolve(config.data, 'sandbox.db')) {
    throw new Error('choose another file: this is the live database of the sandbox');
  }
  await ctx.store.backup(file);
}

/** Back to a fresh sandbox: the same reset() that POST /sandbox/v1/reset runs. */
export function resetSandboxData(sandbox: Sandbox): void {
  sandbox.reset();
}
