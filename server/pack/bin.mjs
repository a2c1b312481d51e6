#!/usr/bin/env node
// `pasarela-sandbox serve [flags]`: the headless sandbox, with the flags, ready line and behaviour
// of `npm run serve`. `pasarela-sandbox mcp [flags]`: its tools for coding agents over MCP (stdio).
// Installed from the npm package each runs its prebuilt bundle (dist/pkg/cli.mjs, dist/pkg/mcp.mjs,
// made by `npm pack`); in a repository checkout serve runs the same launcher as `npm run serve`,
// and mcp runs server/mcp/cli.ts through tsx.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const usage = `usage: pasarela-sandbox serve [--port N] [--host H] [--data DIR|:memory:] [--seed FILE] [--control-token T]
       pasarela-sandbox mcp [--url URL [--control-token T] | --start [--port N]]
       pasarela-sandbox serve --help    describes every flag (and so does mcp --help)`;

const [command, ...flags] = process.argv.slice(2);
if (command !== 'serve' && command !== 'mcp') {
  const asked = command === undefined || command === '--help' || command === '-h' || command === 'help';
  (asked ? process.stdout : process.stderr).write(`${asked ? '' : `unknown command: ${command}\n`}${usage}\n`);
  process.exit(asked && command !== undefined ? 0 : 2);
}
// Each CLI reads its flags from argv after the script path, as `npm run serve` passes them.
process.argv = [process.argv[0], process.argv[1], ...flags];

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const packaged = (name) => pathToFileURL(join(root, 'dist', 'pkg', `${name}.mjs`)).href;
if (command === 'serve') {
  const launcher = join(root, 'server', 'serve.mjs');
  await import(existsSync(launcher) ? pathToFileURL(launcher).href : packaged('cli'));
} else {
  const source = join(root, 'server', 'mcp', 'cli.ts');
  if (existsSync(source)) {
    const { register } = await import('tsx/esm/api');
    register();
    await import(pathToFileURL(source).href);
  } else await import(packaged('mcp'));
}
