#!/usr/bin/env node
// Launcher of `npm run serve`. Runs the CLI as one bundled file (dist/node/server/cli.bundle.mjs):
// loading ~200 separate modules was most of a cold start (measured: 430–460 ms to load the tsc
// output vs ~270 ms for the bundle; tsx's on-the-fly transform ~800 ms). The bundle is rebuilt with
// esbuild when any source it is made from is newer (a fast mtime walk, no file read); when esbuild is
// missing or the build fails, tsx runs server/cli.ts so errors show as usual.
// Prints nothing itself: the contract's ready line must stay the first line on stdout.
import { mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'dist', 'node', 'server', 'cli.bundle.mjs');
const require = createRequire(import.meta.url);

/** Newest mtime (ms) of the .ts/.json files under dir. */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (/\.(ts|json)$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** True when the bundle exists and nothing it is built from (sources, imported JSON, packages) is newer. */
function bundleIsFresh() {
  try {
    const built = statSync(bundle).mtimeMs;
    const lock = statSync(join(root, 'package-lock.json'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
    return built >= lock && built >= newestSource(join(root, 'server')) && built >= newestSource(join(root, 'resources', 'payouts'));
  } catch {
    return false;
  }
}

/**
 * Escapes every character above U+00FF (an em dash in a page template, say) as \uXXXX, which
 * means the same in strings, templates and regular expressions. One such character made V8 keep
 * the whole multi-megabyte source as two-byte text: 7 MB of resident memory instead of 2.6.
 */
const latin1Only = (code) => code.replace(/[^\x00-\xff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Bundles server/cli.ts; the file appears atomically (another start may be reading it). */
async function buildBundle() {
  const esbuild = await import(pathToFileURL(require.resolve('esbuild')).href);
  const out = await esbuild.build({
    entryPoints: [join(root, 'server', 'cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    // Without comments and whitespace the file is ~25% smaller and parses sooner; names are kept,
    // so stack traces stay readable.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    // Native code, and pdfkit which reads its font files next to itself.
    external: ['better-sqlite3', 'pdfkit'],
    banner: { js: "import { createRequire as __sbxRequire } from 'node:module'; const require = __sbxRequire(import.meta.url);" },
  });
  mkdirSync(dirname(bundle), { recursive: true });
  const tmp = `${bundle}.${process.pid}.tmp`;
  writeFileSync(tmp, latin1Only(out.outputFiles[0].text));
  renameSync(tmp, bundle);
}

async function runBundle() {
  // Same process: argv keeps the user's flags after the script path, as parseArgs expects.
  process.argv = [process.argv[0], bundle, ...process.argv.slice(2)];
  await import(pathToFileURL(bundle).href);
}

async function runTsx() {
  // Loaded here only: node:child_process costs ~10 ms of every bundled start that never uses it.
  const { spawn } = await import('node:child_process');
  // tsx in a child (its loader must be registered before the entry is read); signals are passed on
  // so SIGINT/SIGTERM still stop the sandbox cleanly, and the exit code is the CLI's own.
  const child = spawn(process.execPath, [require.resolve('tsx/cli'), join(root, 'server', 'cli.ts'), ...process.argv.slice(2)], { stdio: 'inherit' });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.env.SANDBOX_SERVE_TSX === '1') await runTsx();
else {
  let ready = false;
  try {
    if (!bundleIsFresh()) await buildBundle();
    ready = true;
  } catch {
    // no esbuild, or a source that does not compile: tsx shows the error
  }
  if (ready) await runBundle();
  else await runTsx();
}
