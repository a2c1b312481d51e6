// electron/main.ts run end-to-end on Node with a stand-in for Electron's API (fixtures/fake-electron.cjs),
// since no Electron binary can be installed here: the real sandbox, real ports, real files.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const fake = join(import.meta.dirname, 'fixtures', 'fake-electron.cjs');

interface FakeEvent {
  event: string;
  [k: string]: unknown;
}

let appData: string;
const children: ReturnType<typeof spawn>[] = [];
const blockers: Server[] = [];
beforeEach(() => {
  appData = mkdtempSync(join(tmpdir(), 'desktop-main-'));
});
afterEach(async () => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  await Promise.all(blockers.splice(0).map((s) => new Promise((r) => s.close(r))));
  rmSync(appData, { recursive: true, force: true });
});

function runMain(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--require', fake, '--import', 'tsx', join(root, 'electron', 'main.ts'), ...args], {
    cwd: root,
    env: { ...process.env, FAKE_APPDATA: appData, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  const events: FakeEvent[] = [];
  let stderr = '';
  const waiters: { pred: (e: FakeEvent) => boolean; resolve: (e: FakeEvent) => void }[] = [];
  let buf = '';
  child.stdout!.on('data', (c: Buffer) => {
    buf += String(c);
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      if (!line.startsWith('FAKE ')) continue;
      const e = JSON.parse(line.slice(5)) as FakeEvent;
      events.push(e);
      for (const w of waiters.filter((x) => x.pred(e))) w.resolve(e);
    }
  });
  child.stderr!.on('data', (c: Buffer) => (stderr += String(c)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    events,
    exited,
    stderr: () => stderr,
    send: (cmd: string) => child.stdin!.write(cmd + '\n'),
    waitFor: (name: string) =>
      new Promise<FakeEvent>((resolve, reject) => {
        const seen = events.find((e) => e.event === name);
        if (seen) return resolve(seen);
        waiters.push({ pred: (e) => e.event === name, resolve });
        void exited.then(() => reject(new Error(`exited before "${name}"; stderr:\n${stderr}`)));
      }),
  };
}

const loadedUrl = async (m: ReturnType<typeof runMain>) => String((await m.waitFor('loadURL')).url).replace(/\/$/, '');

function occupy(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      blockers.push(s);
      const a = s.address();
      resolve(typeof a === 'object' && a ? a.port : -1);
    });
  });
}

describe('desktop main process', () => {
  it('starts the embedded sandbox and opens one locked-down window on its base URL', async () => {
    const m = runMain(['--port', '0', '--data', ':memory:']);
    const win = await m.waitFor('BrowserWindow');
    const url = await loadedUrl(m);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(win.options).toMatchObject({
      title: `Pasarela Sandbox — ${url}`,
      webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false },
    });
    expect((await fetch(`${url}/health`)).status).toBe(200);
    expect(m.events.map((e) => e.event)).toEqual(
      expect.arrayContaining(['permissionRequestHandler', 'permissionCheckHandler', 'windowOpenHandler']),
    );
    expect(m.events.find((e) => e.event === 'onHeadersReceived')?.filter).toEqual({ urls: [`${url}/*`] });
  });

  it('quit stops the sandbox (HTTP closed) before the app exits 0, and remembers the window', async () => {
    const m = runMain(['--port', '0', '--data', ':memory:']);
    const url = await loadedUrl(m);
    m.send('quit');
    expect(await m.exited).toBe(0);
    await expect(fetch(`${url}/health`)).rejects.toThrow();
    const state = JSON.parse(readFileSync(join(appData, 'Pasarela Sandbox', 'window-state.json'), 'utf8'));
    expect(state).toEqual({ x: 40, y: 30, width: 1111, height: 777, maximized: false });
  });

  it('closing the window quits the app cleanly', async () => {
    const m = runMain(['--port', '0', '--data', ':memory:']);
    await loadedUrl(m);
    m.send('close');
    expect(await m.exited).toBe(0);
  });

  it('keeps its data in userData by default', async () => {
    const m = runMain(['--port', '0']);
    await loadedUrl(m);
    m.send('quit');
    expect(await m.exited).toBe(0);
    expect(existsSync(join(appData, 'Pasarela Sandbox', 'sandbox-data', 'sandbox.db'))).toBe(true);
  });

  it('a taken port offers the next free port in a dialog and serves there when accepted', async () => {
    const taken = await occupy();
    const m = runMain(['--port', String(taken), '--data', ':memory:'], { FAKE_DIALOG_RESPONSE: '0' });
    const box = await m.waitFor('messageBox');
    expect(box.message).toBe(`Port ${taken} is already in use`);
    const url = await loadedUrl(m);
    expect(Number(new URL(url).port)).toBeGreaterThan(taken);
    expect((await fetch(`${url}/health`)).status).toBe(200);
  });

  it('a taken port and "Quit" in the dialog exit without opening a window', async () => {
    const taken = await occupy();
    const m = runMain(['--port', String(taken), '--data', ':memory:'], { FAKE_DIALOG_RESPONSE: '1' });
    expect(await m.exited).toBe(0);
    expect(m.events.some((e) => e.event === 'BrowserWindow')).toBe(false);
  });

  it('a second instance quits at once, without starting a sandbox', async () => {
    const m = runMain(['--port', '0', '--data', ':memory:'], { FAKE_LOCK: 'taken' });
    expect(await m.exited).toBe(0);
    expect(m.events.map((e) => e.event)).toEqual(['setName', 'quit']);
  });

  it('a bad --port is shown in an error box and exits 1', async () => {
    const m = runMain(['--port', 'x']);
    const box = await m.waitFor('errorBox');
    expect(box.content).toMatch(/^--port must be a whole number/);
    expect(await m.exited).toBe(1);
  });
});
