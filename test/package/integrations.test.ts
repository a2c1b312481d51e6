import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeInputSchema } from '../../server/mcp/tools.js';
import { controlRoutes, startSandbox, type TestSandbox } from 'pasarela-sandbox/testkit';
import { packAndInstall, type Packed } from './packed.js';

// What TypeScript developers and agent users get from the npm package, checked on the packed
// tarball installed into an empty folder: the testkit's declarations (a consumer project
// type-checks, a wrong call fails tsc), the MCP server driven by the SDK's own client over stdio,
// and the docs' node:test example run as printed.
const run = promisify(execFile);
let pkg: Packed;
const examples = join(import.meta.dirname, '..', 'testkit', 'examples');

beforeAll(() => {
  pkg = packAndInstall();
}, 400_000);
afterAll(() => pkg?.remove());

describe('the packed package', () => {
  it('carries the testkit declarations (with zod’s beside them) and the MCP bundle, named by the exports map', () => {
    const listing = execFileSync('tar', ['-tzf', pkg.tarball], { encoding: 'utf8' }).split('\n');
    expect(listing).toEqual(
      expect.arrayContaining(['package/dist/pkg/testkit.d.ts', 'package/dist/pkg/types/zod/index.d.ts', 'package/dist/pkg/mcp.mjs']),
    );
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', pkg.tarball, 'package/package.json'], { encoding: 'utf8' })) as {
      exports: Record<string, unknown>;
      dependencies: Record<string, string>;
    };
    expect(manifest.exports['./testkit']).toEqual({ types: './dist/pkg/testkit.d.ts', import: './dist/pkg/testkit.mjs' });
    expect(Object.keys(manifest.dependencies)).toEqual(['better-sqlite3']);
    const help = execFileSync('npx', ['--no', 'pasarela-sandbox', 'mcp', '--help'], { cwd: pkg.app, env: pkg.env, encoding: 'utf8' });
    expect(help).toContain('--start');
    expect(execFileSync('npx', ['--no', 'pasarela-sandbox', 'help'], { cwd: pkg.app, env: pkg.env, encoding: 'utf8' })).toMatch(
      /^ {2}mcp /m,
    );
  });

  it('type-checks a TypeScript project against it (the docs’ suites included); wrong calls fail tsc', async () => {
    const { app, root } = pkg;
    // The consumer's own dev dependencies: @types/node and vitest (for the docs' vitest suites).
    mkdirSync(join(app, 'node_modules', '@types'), { recursive: true });
    symlinkSync(join(root, 'node_modules', '@types', 'node'), join(app, 'node_modules', '@types', 'node'), 'dir');
    symlinkSync(join(root, 'node_modules', 'vitest'), join(app, 'node_modules', 'vitest'), 'dir');
    mkdirSync(join(app, 'src'));
    for (const f of ['payments.vitest.ts', 'payouts.vitest.ts', 'payments.node-test.mjs'])
      copyFileSync(join(examples, f), join(app, 'src', f));
    writeFileSync(
      join(app, 'src', 'typed.ts'),
      [
        "import { startSandbox, SandboxApiError, type ControlClient } from 'pasarela-sandbox/testkit';",
        'const sandbox = await startSandbox();',
        'const op = await sandbox.control.getOperation({ id: 1 });',
        'const status: string = op.status;',
        'const clock = await sandbox.control.advanceClock({ body: { minutes: 60 } });',
        'const now: string = clock.now;',
        'type Ops = Awaited<ReturnType<ControlClient["listOperations"]>>;',
        'const first: Ops["items"][number] | undefined = (await sandbox.control.listOperations()).items[0];',
        "const payment = await sandbox.merchant.createPayment({ channel: '17' }, { encoding: 'json' });",
        "if (payment.kind === 'checkout') console.log(payment.checkout_url.length);",
        'console.log(status, now, first, new SandboxApiError(400, "X", "m") instanceof Error);',
      ].join('\n'),
    );
    writeFileSync(
      join(app, 'src', 'wrong.ts'),
      [
        "import { startSandbox } from 'pasarela-sandbox/testkit';",
        'const sandbox = await startSandbox();',
        'await sandbox.control.confirmOperation({});',
        "await sandbox.control.advanceClock({ body: { minutes: 'sixty' } });",
        'await sandbox.control.confirmPayment({ id: 1 });',
        'const s: number = (await sandbox.control.getOperation({ id: 1 })).status;',
        "await sandbox.merchant.createPayment({ channel: '17' }, { encoding: 'xml' });",
        'console.log(s);',
      ].join('\n'),
    );
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          noEmit: true,
          allowJs: true,
          checkJs: true,
          types: ['node'],
          skipLibCheck: false,
        },
        include: ['src'],
      }),
    );
    writeFileSync(join(app, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    const r = await run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', app], { cwd: app }).then(
      () => ({ code: 0, out: '' }),
      (err: { code: number; stdout: string }) => ({ code: err.code, out: err.stdout }),
    );
    expect(r.code).not.toBe(0);
    const errors = r.out.split('\n').filter((l) => /error TS\d+/.test(l));
    // Every error is in wrong.ts, and each of its five wrong lines (3 to 7) has one.
    expect(errors.filter((l) => !l.startsWith('src/wrong.ts('))).toEqual([]);
    const lines = new Set(errors.map((l) => Number(/^src\/wrong\.ts\((\d+),/.exec(l)![1])));
    expect([...lines].sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7]);
  }, 240_000);

  it('runs the docs’ node:test example as printed, with node --test', async () => {
    copyFileSync(join(examples, 'payments.node-test.mjs'), join(pkg.app, 'payments.test.mjs'));
    const r = await run(process.execPath, ['--test', '--test-reporter=tap', 'payments.test.mjs'], { cwd: pkg.app, timeout: 150_000 }).catch(
      (err: { stdout: string; stderr: string }) => err,
    );
    expect(r.stdout + r.stderr).toMatch(/# pass 2\b/);
    expect(r.stdout).toMatch(/# fail 0\b/);
  }, 180_000);
});

/** An MCP client of `npx pasarela-sandbox mcp …` in the installed package, over stdio. */
async function mcpClient(args: string[]): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: 'npx',
    args: ['--no', 'pasarela-sandbox', 'mcp', ...args],
    cwd: pkg.app,
    env: pkg.env as Record<string, string>,
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (c: Buffer) => (err += String(c)));
  const client = new Client({ name: 'sandbox-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => err };
}

type ToolAnswer = { isError?: boolean; structuredContent?: Record<string, unknown>; content: { type: string; text: string }[] };
const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as ToolAnswer;

describe('pasarela-sandbox mcp', () => {
  it('--start: one tool per control route with the route’s input schema, the merchant tools, and the console on stderr', async () => {
    const { client, stderr } = await mcpClient(['--start']);
    try {
      const { tools } = await client.listTools();
      const routes = controlRoutes();
      expect(tools.map((t) => t.name).sort()).toEqual([...routes.keys(), 'createPayment', 'createPayouts', 'checkIntegration'].sort());
      for (const [name, spec] of routes) expect(tools.find((t) => t.name === name)!.inputSchema).toEqual(routeInputSchema(spec));
      // The go-live check is a control route like the others: described, it is a tool too.
      if (routes.has('runCheck')) expect(tools.map((t) => t.name)).toContain('runCheck');

      const console = /sandbox console: (http:\/\/127\.0\.0\.1:\d+)\//.exec(stderr());
      expect(console, stderr()).not.toBeNull();
      expect(await (await fetch(console![1] + '/')).text()).toContain('<div id="root">');

      const payment = await call(client, 'createPayment', { fields: { channel: '17', amount: '50000' } });
      expect(payment.isError).toBeFalsy();
      expect(payment.structuredContent).toMatchObject({ kind: 'checkout', operation_id: expect.any(Number) });
      const id = payment.structuredContent!.operation_id as number;
      expect((await call(client, 'confirmOperation', { id })).structuredContent).toMatchObject({ id, status: 'confirmed' });
      const listed = await call(client, 'listOperations', { query: { status: 'confirmed' } });
      expect(JSON.parse(listed.content[0]!.text)).toMatchObject({ items: [{ id }] });

      const batch = await call(client, 'createPayouts', { items: [{ amount: 1000 }, { amount: 1001 }] });
      expect((batch.structuredContent as { data: unknown[] }).data).toHaveLength(2);
    } finally {
      await client.close();
    }
  }, 120_000);

  it('answers a sandbox error as a tool error with its code and message, and keeps serving', async () => {
    const { client } = await mcpClient(['--start']);
    try {
      const missing = await call(client, 'confirmOperation', { id: 999999 });
      expect(missing.isError).toBe(true);
      expect(missing.structuredContent).toMatchObject({ error: { code: 'NOT_FOUND', message: 'no operation 999999', status: 404 } });
      const invalid = await call(client, 'advanceClock', { body: { minutes: 'sixty' } });
      expect(invalid).toMatchObject({ isError: true, structuredContent: { error: { code: 'VALIDATION_ERROR' } } });
      // A number is read as the text it prints as (as the merchant API reads JSON); a list is no field value.
      const badInput = await call(client, 'createPayment', { fields: { channel: [17] } });
      expect(badInput).toMatchObject({ isError: true, structuredContent: { error: { code: 'INVALID_TOOL_INPUT' } } });
      const refused = await call(client, 'createPayment', { fields: { signature: '0'.repeat(64) } });
      expect(refused).toMatchObject({ isError: true, structuredContent: { error: { code: 'INVALID_SIGNATURE' } } });
      await expect(client.callTool({ name: 'noSuchTool', arguments: {} })).rejects.toThrow(/unknown tool noSuchTool/);
      expect((await call(client, 'getClock')).structuredContent).toHaveProperty('now');
    } finally {
      await client.close();
    }
  }, 120_000);

  it('--url drives a running sandbox', async () => {
    const sandbox: TestSandbox = await startSandbox();
    const { client } = await mcpClient(['--url', sandbox.url]);
    try {
      const payment = await sandbox.merchant.createPayment({ channel: '38' });
      const { items } = await sandbox.control.listOperations({ query: { trans_id: payment.trans_id } });
      const answer = await call(client, 'rejectOperation', {
        id: items[0]!.id,
        body: { rejection_code: 'R01', rejection_message: 'sin fondos' },
      });
      expect(answer.isError).toBeFalsy();
      expect((await sandbox.control.getOperation({ id: items[0]!.id })).status).toBe('rejected');
    } finally {
      await client.close();
      await sandbox.stop();
    }
  }, 120_000);
});

/**
 * The commands docs/mcp.md gives agent clients: JSON `mcpServers`/`servers` blocks, the TOML block and `claude mcp add … -- cmd`
 * (other shell blocks install the package).
 */
function documentedCommands(): string[][] {
  const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'mcp.md'), 'utf8');
  const commands: string[][] = [];
  for (const [, lang, body] of doc.matchAll(/^```(json|toml|sh)\n([\s\S]*?)^```$/gm)) {
    if (lang === 'json') {
      const config = JSON.parse(body!) as Record<string, Record<string, { command: string; args: string[] }>>;
      for (const server of Object.values(config.mcpServers ?? config.servers ?? {})) commands.push([server.command, ...server.args]);
    } else if (lang === 'toml') {
      const command = /^command = "([^"]+)"$/m.exec(body!)![1]!;
      commands.push([command, ...(JSON.parse(/^args = (\[.*\])$/m.exec(body!)![1]!) as string[])]);
    } else if (body!.includes(' -- ')) commands.push(body!.trim().split(' -- ')[1]!.split(' '));
  }
  return commands;
}

describe('docs/mcp.md', () => {
  it('gives configuration lines whose commands start the MCP server from the installed package', async () => {
    const commands = documentedCommands();
    expect(commands.length).toBeGreaterThanOrEqual(4);
    const distinct = [...new Map(commands.map((c) => [c.join(' '), c])).values()];
    for (const [command, ...args] of distinct) {
      expect(command).toBe('npx');
      const transport = new StdioClientTransport({
        command: command!,
        args,
        cwd: pkg.app,
        env: pkg.env as Record<string, string>,
        stderr: 'pipe',
      });
      const client = new Client({ name: 'docs-check', version: '1.0.0' });
      await client.connect(transport);
      try {
        expect((await client.listTools()).tools.map((t) => t.name)).toEqual(expect.arrayContaining(['confirmOperation', 'createPayment']));
      } finally {
        await client.close();
      }
    }
  }, 180_000);

  it('names in its tool table only tools the sandbox has', () => {
    const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'mcp.md'), 'utf8');
    const table = doc.slice(doc.indexOf('| area | tools |'), doc.indexOf('The table is for reading'));
    const named = [...table.matchAll(/`([a-z][A-Za-z]+)`/g)].map((m) => m[1]!);
    const known = new Set([...controlRoutes().keys(), 'createPayment', 'createPayouts', 'checkIntegration', 'runCheck']);
    expect(named.filter((n) => !known.has(n))).toEqual([]);
  });
});
