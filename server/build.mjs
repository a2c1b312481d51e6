// Builds what the sandbox runs from: the server bundle(s) with esbuild and the console with Vite.
// Used by `npm run serve` (server/serve.mjs, only when something is stale) and by `npm pack`
// (server/pack/prepack.mjs). Plain JS: it runs before anything is compiled. Needs the dev dependencies.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire, SourceMap } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

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
 * `npm run serve` in the repository: server/cli.ts as one file. Native better-sqlite3 and pdfkit
 * (which loads on the first voucher, from node_modules) stay outside it.
 */
export async function buildServeBundle(root, outfile) {
  const esbuild = await import(pathToFileURL(require.resolve('esbuild')).href);
  const out = await esbuild.build({
    ...common,
    entryPoints: [join(root, 'server', 'cli.ts')],
    outfile,
    external: ['better-sqlite3', 'pdfkit'],
    // A linked map (cli.bundle.mjs.map) without the sources' text: serve.mjs maps stack frames
    // through it (mapBundleStacks), so a trace names server/**/*.ts and its line, not a bundle column.
    sourcemap: 'linked',
    sourcesContent: false,
  });
  writeOutputs(out.outputFiles);
}

/**
 * Stack frames inside `bundle` name the .ts file and line they came from, through the bundle's
 * linked map. Lazy on purpose: Node's own --enable-source-maps parses the 1.6 MB map at every
 * start (measured ~+200 ms of a cold start); here it is read the first time a stack is printed.
 */
export function mapBundleStacks(bundle) {
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
 * The test kit spawns cli.mjs with parent-watch.mjs preloaded, so both are entries of their own;
 * mcp.mjs is `pasarela-sandbox mcp` (server/mcp/cli.ts), check.mjs `pasarela-sandbox check` (server/check-cli.ts).
 */
export const PACKAGE_ENTRIES = [
  { name: 'cli', entry: 'server/cli.ts' },
  { name: 'receive', entry: 'server/receive-cli.ts' },
  { name: 'testkit', entry: 'server/testkit/index.ts', export: './testkit' },
  { name: 'parent-watch', entry: 'server/testkit/parent-watch.ts' },
  { name: 'mcp', entry: 'server/mcp/cli.ts' },
  { name: 'check', entry: 'server/check-cli.ts' },
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
    const built = statSync(bundle).mtimeMs;
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
 * The built console against what it is built from (renderer/, the contract it imports, the Vite
 * config, the lockfile): 'fresh', 'missing', 'stale', or 'no-sources' (an installed package, which
 * ships the console built). mtimes, like the server bundle: a pull that changes a source makes it
 * newer than the build.
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
