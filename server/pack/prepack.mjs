// `npm pack` (prepack): builds the console, the package bundles and the testkit's declarations, then puts the lean manifest
// (server/pack/manifest.mjs) in place of package.json for the tarball; server/pack/postpack.mjs puts the
// repository's own back. The original waits in dist/package.json.repo, so a pack that died half way
// is repaired by the next pack (or by hand: mv dist/package.json.repo package.json).
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildConsole, buildPackageBundles, consoleState } from '../build.mjs';
import { leanManifest } from './manifest.mjs';
import { buildPackageTypes } from './types.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const manifest = join(root, 'package.json');
const backup = join(root, 'dist', 'package.json.repo');

if (existsSync(backup)) copyFileSync(backup, manifest);
const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
const lean = leanManifest(pkg);

const state = consoleState(root);
if (state !== 'fresh') {
  process.stderr.write(`prepack: console ${state}; building it\n`);
  await buildConsole(root);
}
await buildPackageBundles(root);
await buildPackageTypes(root);

copyFileSync(manifest, backup);
writeFileSync(manifest, JSON.stringify(lean, null, 2) + '\n');
