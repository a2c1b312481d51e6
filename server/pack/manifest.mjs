// The package.json that goes into the npm tarball: the repository's own, minus what only the
// repository needs. Installed with `npm install --omit=dev`, the package must bring only what the
// prebuilt bundle cannot contain: better-sqlite3 (native). Express, zod, pdfkit and the rest are
// inside dist/pkg, and Electron (an optional dependency here) must not be fetched at all.
import { PACKAGE_ENTRIES } from '../build.mjs';

/** Runtime dependencies the bundles leave outside (see `external` in server/build.mjs). */
export const RUNTIME_DEPENDENCIES = ['better-sqlite3'];

/** Fails when PACKAGE_ENTRIES and package.json `exports` disagree (an entry built but not importable, or the reverse). */
export function checkExports(pkg) {
  const exportsMap = pkg.exports ?? {};
  for (const e of PACKAGE_ENTRIES.filter((x) => x.export)) {
    const want = `./dist/pkg/${e.name}.mjs`;
    const got =
      typeof exportsMap[e.export] === 'string' ? exportsMap[e.export] : (exportsMap[e.export]?.import ?? exportsMap[e.export]?.default);
    if (got !== want)
      throw new Error(
        `package.json exports["${e.export}"] must be "${want}" (server/build.mjs PACKAGE_ENTRIES builds it); found ${JSON.stringify(got)}`,
      );
  }
  for (const [key, target] of Object.entries(exportsMap)) {
    const file = typeof target === 'string' ? target : (target?.import ?? target?.default);
    const m = /^\.\/dist\/pkg\/([\w-]+)\.mjs$/.exec(file ?? '');
    if (m && !PACKAGE_ENTRIES.some((e) => e.name === m[1]))
      throw new Error(`package.json exports["${key}"] points at ${file}, which no PACKAGE_ENTRIES entry builds`);
  }
}

export function leanManifest(pkg) {
  checkExports(pkg);
  const dependencies = {};
  for (const name of RUNTIME_DEPENDENCIES) {
    if (!pkg.dependencies?.[name])
      throw new Error(`${name} is no longer a dependency: update RUNTIME_DEPENDENCIES in server/pack/manifest.mjs`);
    dependencies[name] = pkg.dependencies[name];
  }
  const keep = ['name', 'version', 'description', 'license', 'repository', 'keywords', 'type', 'engines', 'bin', 'exports', 'files'];
  return { ...Object.fromEntries(keep.filter((k) => pkg[k] !== undefined).map((k) => [k, pkg[k]])), dependencies };
}
