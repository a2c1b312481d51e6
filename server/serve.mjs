#!/usr/bin/env node
// Launcher of `npm run serve`. Runs the CLI as one bundled file (dist/node/server/cli.bundle.mjs):
// loading ~200 separate modules was most of a cold start (measured: 430–460 ms to load the tsc
// output vs ~270 ms for the bundle; tsx's on-the-fly transform ~800 ms). The bundle is rebuilt with
// esbuild when any source it is made from is newer (a fast mtime walk, no file read), with a linked
// source map; when esbuild is missing or the build fails, serve says why on stderr and tsx runs
// server/cli.ts so errors show as usual.
// The console (dist/renderer) is built the same way: when it is missing or older than its sources
// (a fresh clone, a pull), before the server starts, saying so on stderr.
// Prints nothing on stdout itself: the ready line (`sandbox listening on …`) that clients wait for must stay the first line there.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildConsole, buildFailureLine, buildServeBundle, consoleState, mapBundleStacks, serveBundleIsFresh } from './build.mjs';
import { superviseChild } from './lifeline.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'dist', 'node', 'server', 'cli.bundle.mjs');

async function runBundle() {
  // Stack traces through the bundle's linked map name server/**/*.ts files and lines (read lazily).
  mapBundleStacks(bundle);
  // Same process: argv keeps the user's flags after the script path, as parseArgs expects.
  process.argv = [process.argv[0], bundle, ...process.argv.slice(2)];
  await import(pathToFileURL(bundle).href);
}

async function runTsx() {
  // Loaded here only: node:child_process costs ~10 ms of every bundled start that never uses it.
  const { spawn } = await import('node:child_process');
  // The CLI in a child with tsx's loader registered before the entry is read (`node --import`, not
  // the tsx CLI, whose own child would stand between this launcher and the sandbox and force-kill it
  // when it is slow to acknowledge a signal); signals are passed on so SIGINT/SIGTERM/SIGHUP still
  // stop the sandbox cleanly, and the exit code is the CLI's own.
  const child = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), join(root, 'server', 'cli.ts'), ...process.argv.slice(2)],
    {
      stdio: 'inherit',
    },
  );
  superviseChild(child);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/** A missing or stale console is rebuilt; when that cannot be done the sandbox still starts, and says why. */
async function freshConsole() {
  const state = consoleState(root);
  if (state === 'fresh' || state === 'no-sources') return;
  process.stderr.write(`console: ${state === 'missing' ? 'not built yet' : 'older than its sources'}; building it (vite build)…\n`);
  try {
    await buildConsole(root);
  } catch (err) {
    process.stderr.write(
      `console: ${err.message}; ` +
        `${state === 'missing' ? 'it is not served (GET / answers 404)' : 'serving the OLD console'}. ` +
        'Run "npm run build:console" to see why.\n',
    );
  }
}

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  // Usage needs no console.
} else await freshConsole();
if (process.env.SANDBOX_SERVE_TSX === '1') await runTsx();
else {
  let ready = false;
  try {
    if (!serveBundleIsFresh(root, bundle)) await buildServeBundle(root, bundle);
    ready = true;
  } catch (err) {
    // No esbuild, or a source that does not compile: say so (stderr; stdout keeps only the ready
    // line), then tsx runs the sources and shows the error in full.
    process.stderr.write(`serve: the server bundle did not build (${buildFailureLine(err)}); running with tsx\n`);
  }
  if (ready) await runBundle();
  else await runTsx();
}
