// Builds what the sandbox runs from: the server bundle(s) with esbuild and the console with Vite.
// Used by `npm run serve` (server/serve.mjs, only when something is stale) and by `npm pack`
// (server/pack/prepack.mjs). Plain JS: it runs before anything is compiled. Needs the dev dependencies.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire, SourceMap } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const require = createRequire(import.meta.url);

/**
 * Escapes every character above U+00FF (an em dash in a page template, say) as \uXXXX, which
 * means the same in strings, templates and regular expressions. One such character made V8 keep
 * the whole multi-megabyte source as two-byte text: 7 MB of resident memory instead of 2.6.
 */
const latin1Only = (code) => code.replace(/[^\x00-\xff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * pdfkit loads its standard fonts with a runtime `createRequire(import.meta.url)('#standard-fonts/…')`,
 * which a bundle cannot follow. Turned into plain `require` calls, esbuild resolves them through
 * pdfkit's own `imports` map and the font metrics travel inside the (lazily loaded) chunk.
 */
const pdfkitFontsInline = {
  name: 'pdfkit-fonts-inline',
  setup(build) {
    build.onLoad({ filter: /[\\/]pdfkit[\\/]js[\\/]pdfkit\.node\.mjs$/ }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      const source = await readFile(args.path, 'utf8');
      const contents = source.replace(/require\$1\('#standard-fonts\//g, "require('#standard-fonts/");
      if (contents === source)
        throw new Error('pdfkit changed how it loads its standard fonts: revisit pdfkitFontsInline in server/build.mjs');
      return { contents, loader: 'js' };
    });
  },
};

const common = {
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
  banner: { js: "import { createRequire as __sbxRequire } from 'node:module'; const require = __sbxRequire(import.meta.url);" },
};

/** Writes esbuild's output files; each appears atomically (another start may be reading it). */
function writeOutputs(outputFiles) {
  for (const f of outputFiles) {
    mkdirSync(dirname(f.path), { recursive: true });
    const tmp = `${f.path}.${process.pid}.tmp`;
    writeFileSync(tmp, latin1Only(f.text));
    renameSync(tmp, f.path);
  }
}

/**
 * Threads that load a module of their own, which a bundle ships beside itself under this name
 * (server/store/thread-module.ts looks for it beside the running code).
 */
const THREAD_ENTRIES = [
  { name: 'request-log-thread', entry: 'server/store/request-log-thread.ts' },
  { name: 'checkpoint-thread', entry: 'server/store/checkpoint-thread.ts' },
];

/**
 * `npm run serve` in the repository: server/cli.ts as one file, its threads' modules beside it.
 * Native better-sqlite3 and pdfkit (which loads on the first voucher, from node_modules) stay outside it.
 */
export async function buildServeBundle(root, outfile) {
  const esbuild = await import(pathToFileURL(require.resolve('esbuild')).href);
  const out = await esbuild.build({
    ...common,
    entryPoints: {
      [basename(outfile, '.mjs')]: join(root, 'server', 'cli.ts'),
      ...Object.fromEntries(THREAD_ENTRIES.map((e) => [e.name, join(root, e.entry)])),
    },
    outdir: dirname(outfile),
    outExtension: { '.js': '.mjs' },
    external: ['better-sqlite3', 'pdfkit'],
    // A linked map (cli.bundle.mjs.map) without the sources' text: serve.mjs maps stack frames
    // through it (mapBundleStacks), so a trace names server/**/*.ts and its line, not a bundle column.
    sourcemap: 'linked',
    sourcesContent: false,
  });
  writeOutputs(out.outputFiles);
}

/**
 * Decodes a source map's mappings into typed arrays, in a worker thread: parsing the bundle's map
 * holds a thread for a quarter of a second on a busy machine. Answers a lookup with SourceMap's
 * `findEntry` shape (`{}` where nothing maps), or null when the map cannot be read.
 */
const DECODE_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const B64 = new Int8Array(128).fill(-1);
[...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].forEach((c, i) => (B64[c.charCodeAt(0)] = i));
try {
  const map = JSON.parse(readFileSync(workerData, 'utf8'));
  const m = String(map.mappings);
  let size = 1;
  for (let i = 0; i < m.length; i++) if (m.charCodeAt(i) === 44 || m.charCodeAt(i) === 59) size++;
  // Per segment: generated column, source, original line, original column (source -1: maps nowhere).
  const seg = new Int32Array(size * 4);
  const lines = [0];
  let n = 0, col = 0, src = 0, line = 0, ocol = 0, field = 0, value = 0, shift = 0;
  const close = () => {
    if (field > 0) {
      seg.set(field >= 4 ? [col, src, line, ocol] : [col, -1, 0, 0], n * 4);
      n++;
    }
    field = 0;
  };
  for (let i = 0; i < m.length; i++) {
    const ch = m.charCodeAt(i);
    if (ch === 59 || ch === 44) {
      close();
      if (ch === 59) {
        col = 0;
        lines.push(n);
      }
      continue;
    }
    const d = B64[ch];
    value += (d & 31) * 2 ** shift;
    if (d & 32) {
      shift += 5;
      continue;
    }
    const v = value % 2 ? -(value - 1) / 2 : value / 2;
    value = 0;
    shift = 0;
    if (field === 0) col += v;
    else if (field === 1) src += v;
    else if (field === 2) line += v;
    else if (field === 3) ocol += v;
    field++;
  }
  close();
  lines.push(n);
  const out = { sources: map.sources, lines: Int32Array.from(lines), seg: seg.slice(0, n * 4) };
  parentPort.postMessage(out, [out.lines.buffer, out.seg.buffer]);
} catch {
  parentPort.postMessage(null);
}
`;

/**
 * A source map file decoded in a worker thread: resolves with a lookup of SourceMap's `findEntry`
 * shape, or null when the file cannot be read.
 */
export function decodeMapOffThread(file) {
  return new Promise((resolve) => {
    try {
      const worker = new Worker(DECODE_SOURCE, { eval: true, workerData: file });
      worker.unref();
      worker.once('message', (decoded) => {
        resolve(decoded && decodedMap(decoded));
        void worker.terminate();
      });
      worker.once('error', () => resolve(null));
    } catch {
      resolve(null);
    }
  });
}

/** A lookup over mappings decoded by DECODE_SOURCE: the last segment at or before the position. */
function decodedMap({ sources, lines, seg }) {
  return {
    findEntry(line, column) {
      const last = lines.length - 1;
      let lo = lines[Math.min(line, last)];
      let hi = lines[Math.min(line + 1, last)] - 1;
      // Before the line's first segment, the entry is the last one of an earlier line (as SourceMap finds it).
      let at = lo - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (seg[mid * 4] <= column) {
          at = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      if (at < 0 || seg[at * 4 + 1] < 0) return {};
      return { originalSource: sources[seg[at * 4 + 1]], originalLine: seg[at * 4 + 2], originalColumn: seg[at * 4 + 3] };
    },
  };
}

/**
 * Stack frames inside `bundle` name the .ts file and line they came from, through the bundle's
 * linked map. Not at start on purpose: Node's own --enable-source-maps parses the 1.6 MB map at every
 * start (measured ~+200 ms of a cold start). A worker decodes it a moment after start, so a stack
 * taken while serving (a stream destroyed with an error takes one) does not parse it on the event
 * loop; a stack before that parses it in place.
 */
export function mapBundleStacks(bundle, decodeAfterMs = 2000) {
  let map;
  const load = () => {
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${bundle}.map`, 'utf8')));
      } catch {
        map = null; // no map: frames stay as they are
      }
    }
    return map;
  };
  const timer = setTimeout(() => {
    if (map === undefined)
      void decodeMapOffThread(`${bundle}.map`).then((decoded) => {
        if (map === undefined && decoded) map = decoded;
      });
  }, decodeAfterMs);
  timer.unref();
  const names = new Set([bundle, pathToFileURL(bundle).href]);
  Error.prepareStackTrace = (err, frames) => {
    const lines = frames.map((f) => {
      const entry = names.has(f.getFileName() ?? '')
        ? load()?.findEntry((f.getLineNumber() ?? 1) - 1, (f.getColumnNumber() ?? 1) - 1)
        : undefined;
      if (!entry || !('originalSource' in entry)) return `    at ${f}`;
      const source = resolve(dirname(bundle), entry.originalSource.replace(/^file:\/\//, ''));
      const where = `${relative(process.cwd(), source) || source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
      const fn = f.getFunctionName();
      return fn ? `    at ${fn} (${where})` : `    at ${where}`;
    });
    let head;
    try {
      head = Error.prototype.toString.call(err);
    } catch {
      head = 'Error';
    }
    return [head, ...lines].join('\n');
  };
}

/**
 * One line saying why a bundle did not build: esbuild's first error with its file:line, or the
 * error's message (esbuild missing, a disk error).
 */
export function buildFailureLine(err) {
  const first = Array.isArray(err?.errors) ? err.errors[0] : undefined;
  if (first?.location) return `${first.location.file}:${first.location.line}: ${first.text}`;
  if (first?.text) return first.text;
  return String(err?.message ?? err).split('\n')[0];
}

/**
 * Entry points of the npm package (`npm pack`), built into dist/pkg/<name>.mjs. Everything but
 * better-sqlite3 (native) is inside, so the package's only runtime dependency is better-sqlite3.
 * `export` names the package.json `exports` key it is published under (server/pack/manifest.mjs reads it).
 * The test kit spawns cli.mjs, so it is an entry of its own; mcp.mjs is `pasarela-sandbox mcp`
 * (server/mcp/cli.ts), check.mjs `pasarela-sandbox check` (server/check-cli.ts).
 */
export const PACKAGE_ENTRIES = [
  { name: 'cli', entry: 'server/cli.ts' },
  { name: 'receive', entry: 'server/receive-cli.ts' },
  { name: 'testkit', entry: 'server/testkit/index.ts', export: './testkit' },
  { name: 'mcp', entry: 'server/mcp/cli.ts' },
  { name: 'check', entry: 'server/check-cli.ts' },
  ...THREAD_ENTRIES,
];

/**
 * Builds PACKAGE_ENTRIES into dist/pkg with code splitting: pdfkit and its fonts land in a chunk
 * that loads on the first voucher only, as in the repository's start.
 */
export async function buildPackageBundles(root) {
  const esbuild = await import(pathToFileURL(require.resolve('esbuild')).href);
  const outdir = join(root, 'dist', 'pkg');
  rmSync(outdir, { recursive: true, force: true });
  const out = await esbuild.build({
    ...common,
    entryPoints: Object.fromEntries(PACKAGE_ENTRIES.map((e) => [e.name, join(root, e.entry)])),
    outdir,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    external: ['better-sqlite3'],
    plugins: [pdfkitFontsInline],
  });
  writeOutputs(out.outputFiles);
  return outdir;
}

/** Newest mtime (ms) of the files under dir whose name matches re (a fast walk: no file is read). */
export function newestMtime(dir, re = /./) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path, re));
    else if (re.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const mtimeOf = (path) => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0;

/** True when the serve bundle exists and nothing it is built from (sources, imported JSON, packages) is newer. */
export function serveBundleIsFresh(root, bundle) {
  try {
    // The oldest of the bundle and its threads' modules (a build cut short between files, or one from
    // before the threads had modules, leaves one missing or older: statSync throws on a missing one).
    const built = Math.min(
      ...[bundle, ...THREAD_ENTRIES.map((e) => join(dirname(bundle), `${e.name}.mjs`))].map((f) => statSync(f).mtimeMs),
    );
    // A bundle from before source maps (no .map beside it) is rebuilt once.
    if (!existsSync(`${bundle}.map`)) return false;
    return (
      built >= mtimeOf(join(root, 'package-lock.json')) &&
      built >= newestMtime(join(root, 'server'), /\.(ts|mjs|json)$/) &&
      built >= newestMtime(join(root, 'resources', 'payouts'), /\.json$/)
    );
  } catch {
    return false;
  }
}

/**
 * The built console against what it is built from (renderer/, the server/contract modules it
 * imports, the Vite config, the lockfile): 'fresh', 'missing', 'stale', or 'no-sources' (an
 * installed package, which ships the console built). mtimes, like the server bundle: a pull that
 * changes a source makes it newer than the build.
 */
export function consoleState(root) {
  if (!existsSync(join(root, 'renderer', 'index.html'))) return 'no-sources';
  const built = mtimeOf(join(root, 'dist', 'renderer', 'index.html'));
  if (built === 0) return 'missing';
  const sources = Math.max(
    newestMtime(join(root, 'renderer')),
    newestMtime(join(root, 'server', 'contract'), /\.ts$/),
    mtimeOf(join(root, 'vite.config.ts')),
    mtimeOf(join(root, 'package-lock.json')),
  );
  return built >= sources ? 'fresh' : 'stale';
}

/**
 * Builds the console with Vite into a fresh folder, then swaps it in, so a sandbox or browser test
 * reading dist/renderer never sees it half-written (Vite empties its output folder first).
 */
export async function buildConsole(root) {
  const { spawnSync } = await import('node:child_process');
  const target = join(root, 'dist', 'renderer');
  const fresh = `${target}.${process.pid}.new`;
  const vite = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  // stdout goes to stderr: the sandbox's ready line must stay the first line on stdout.
  const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', fresh], { cwd: root, stdio: ['ignore', 2, 2] });
  if (r.status !== 0) {
    rmSync(fresh, { recursive: true, force: true });
    throw new Error(`the console build failed (vite exited ${r.status ?? r.signal})`);
  }
  const old = `${target}.${process.pid}.old`;
  if (existsSync(target)) renameSync(target, old);
  renameSync(fresh, target);
  rmSync(old, { recursive: true, force: true });
}
