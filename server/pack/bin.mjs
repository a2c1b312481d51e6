#!/usr/bin/env node
// `pasarela-sandbox serve [flags]`: the headless sandbox, with the flags, ready line and behaviour
// of `npm run serve`. Installed from the npm package it runs the prebuilt bundle (dist/pkg/cli.mjs,
// made by `npm pack`); in a repository checkout it runs the same launcher as `npm run serve`.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const usage = `usage: pasarela-sandbox serve [--port N] [--host H] [--data DIR|:memory:] [--seed FILE] [--control-token T]
       pasarela-sandbox serve --help    describes every flag`;

const [command, ...flags] = process.argv.slice(2);
if (command !== 'serve') {
  const asked = command === undefined || command === '--help' || command === '-h' || command === 'help';
  (asked ? process.stdout : process.stderr).write(`${asked ? '' : `unknown command: ${command}\n`}${usage}\n`);
  process.exit(asked && command !== undefined ? 0 : 2);
}
// The CLI reads its flags from argv after the script path, as `npm run serve` passes them.
process.argv = [process.argv[0], process.argv[1], ...flags];

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const launcher = join(root, 'server', 'serve.mjs');
await import(pathToFileURL(existsSync(launcher) ? launcher : join(root, 'dist', 'pkg', 'cli.mjs')).href);
