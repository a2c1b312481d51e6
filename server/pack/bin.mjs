#!/usr/bin/env node
// `pasarela-sandbox <command> [flags]`. Installed from the npm package it runs the prebuilt bundles
// (dist/pkg/*.mjs, made by `npm pack`); in a repository checkout it runs the sources, `serve` through
// the same launcher as `npm run serve`.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Each command: its one-line description, its bundle in the package, and its source in a checkout. */
const commands = {
  serve: {
    about: 'the headless sandbox: [--port N] [--host H] [--data DIR|:memory:] [--seed FILE] [--control-token T]',
    bundle: 'cli.mjs',
    checkout: join(root, 'server', 'serve.mjs'),
  },
  receive: {
    about: 'a merchant endpoint that prints each notification and checks its signature: [--port N] [--secret S]',
    bundle: 'receive.mjs',
    checkout: join(root, 'server', 'receive-cli.ts'),
  },
  check: {
    about: 'the go-live check as a CI gate: --success-url URL [--rejection-url URL] [--payout-url URL] [--report FILE.md]',
    bundle: 'check.mjs',
    checkout: join(root, 'server', 'check-cli.ts'),
  },
  mcp: {
    about: 'its tools for coding agents over MCP (stdio): [--url URL [--control-token T] | --start [--port N]]',
    bundle: 'mcp.mjs',
    checkout: join(root, 'server', 'mcp', 'cli.ts'),
  },
};

const usage = [
  'usage: pasarela-sandbox <command> [flags]',
  ...Object.entries(commands).map(([name, c]) => `  ${name.padEnd(8)} ${c.about}`),
  '  pasarela-sandbox <command> --help    describes every flag',
].join('\n');

const [name, ...flags] = process.argv.slice(2);
const command = Object.hasOwn(commands, name ?? '') ? commands[name] : undefined;
if (!command) {
  const asked = name === undefined || name === '--help' || name === '-h' || name === 'help';
  (asked ? process.stdout : process.stderr).write(`${asked ? '' : `unknown command: ${name}\n`}${usage}\n`);
  process.exit(asked && name !== undefined ? 0 : 2);
}
// The command reads its flags from argv after the script path, as `npm run` passes them.
process.argv = [process.argv[0], process.argv[1], ...flags];

const bundle = join(root, 'dist', 'pkg', command.bundle);
if (!existsSync(command.checkout)) await import(pathToFileURL(bundle).href);
else if (command.checkout.endsWith('.ts')) {
  // A checkout has tsx (a dev dependency) to run TypeScript sources in this process.
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(command.checkout).href);
} else await import(pathToFileURL(command.checkout).href);
