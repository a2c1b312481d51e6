import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { readPort, runCommand } from '../cli-flags.js';
import { createSandbox } from '../sandbox.js';
import { trimEnd } from '../contract/trim.js';
import { readVersion } from '../version.js';
import { createMcpServer } from './server.js';

/**
 * `pasarela-sandbox mcp`: the sandbox's tools over the Model Context Protocol on stdio, for coding
 * agents. stdout carries the protocol only; everything for people (the console address, the
 * sandbox's log, errors) goes to stderr.
 */
const usage = `usage: pasarela-sandbox mcp [--url URL [--control-token T] | --start [--port N]]
  --url URL          drive the sandbox running at URL (default http://127.0.0.1:4010)
  --control-token T  a shared sandbox's control token (also SANDBOX_CONTROL_TOKEN)
  --start            run an in-memory sandbox in this process; its console address goes to stderr
  --port N           with --start: the port (default 0, a free one)`;

const say = (line: string) => process.stderr.write(line + '\n');

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: process.argv.slice(2),
      options: {
        url: { type: 'string' },
        start: { type: 'boolean' },
        port: { type: 'string' },
        'control-token': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (err) {
    say(`${(err as Error).message}\n${usage}`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(usage + '\n');
    return 0;
  }
  if (args.start && args.url !== undefined) {
    say(`--url and --start exclude each other\n${usage}`);
    return 2;
  }
  const portFlag = readPort(args.port, 0);
  if ('error' in portFlag) {
    say(portFlag.error);
    return 2;
  }
  const { port } = portFlag;

  let stopSandbox = async () => {};
  let url: string;
  if (args.start) {
    const sandbox = createSandbox({ data: ':memory:', host: '127.0.0.1', port, log: say });
    try {
      url = await sandbox.start();
    } catch (err) {
      await sandbox.stop();
      say((err as Error).message);
      return 1;
    }
    stopSandbox = () => sandbox.stop();
    say(`sandbox console: ${url}/ (in-memory; it stops with this MCP server)`);
  } else {
    url = trimEnd(args.url ?? 'http://127.0.0.1:4010', '/');
    try {
      new URL(url);
    } catch {
      say(`--url must be an address like http://127.0.0.1:4010 (got ${url})`);
      return 2;
    }
  }
  const token = args['control-token'] ?? (process.env.SANDBOX_CONTROL_TOKEN || undefined);
  const server = createMcpServer({ url, headers: token ? { authorization: `Bearer ${token}` } : undefined });
  say(`pasarela-sandbox ${readVersion()} MCP server on stdio, driving ${url}`);

  await new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      if (!done) ((done = true), resolve());
    };
    // The client closing our stdin is the usual end; signals are the other.
    process.stdin.once('end', finish);
    process.stdin.once('close', finish);
    process.once('SIGINT', finish);
    process.once('SIGTERM', finish);
    server.onclose = finish;
    server.connect(new StdioServerTransport()).catch((err: Error) => {
      say(`MCP transport failed: ${err.message}`);
      finish();
    });
  });
  await server.close().catch(() => {});
  await stopSandbox();
  return 0;
}

runCommand(main);
