import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startWithPortChoice } from '../../electron/start-sandbox.js';
import type { Sandbox } from '../../server/sandbox.js';

const HOST = '127.0.0.1';
const blockers: Server[] = [];
const started: Sandbox[] = [];

function occupy(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, HOST, () => {
      blockers.push(s);
      const a = s.address();
      resolve(typeof a === 'object' && a ? a.port : -1);
    });
  });
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.stop()));
  await Promise.all(blockers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

const quiet = { log: () => {}, consoleDir: null };

describe('desktop start with a taken port', () => {
  it('a free port starts at once, without asking', async () => {
    const asked: number[] = [];
    const sb = await startWithPortChoice({
      data: ':memory:',
      host: HOST,
      port: 0,
      sandbox: quiet,
      askToUseNext: async (p) => (asked.push(p), true),
    });
    started.push(sb!);
    expect(asked).toEqual([]);
    expect((await fetch(`${sb!.url}/health`)).status).toBe(200);
  });

  it('a taken port offers the next free one and, when accepted, serves there', async () => {
    const taken = await occupy();
    const offers: [number, number][] = [];
    const sb = await startWithPortChoice({
      data: ':memory:',
      host: HOST,
      port: taken,
      sandbox: quiet,
      askToUseNext: async (port, next) => (offers.push([port, next]), true),
    });
    started.push(sb!);
    expect(offers[0]?.[0]).toBe(taken);
    expect(sb!.url).toBe(`http://${HOST}:${offers.at(-1)![1]}`);
    expect((await fetch(`${sb!.url}/health`)).status).toBe(200);
  });

  it('declining the next port starts nothing', async () => {
    const taken = await occupy();
    const sb = await startWithPortChoice({ data: ':memory:', host: HOST, port: taken, sandbox: quiet, askToUseNext: async () => false });
    expect(sb).toBeNull();
  });
});
