// Type declarations of the npm package's `pasarela-sandbox/testkit`, generated at pack time from the
// sources: dts-bundle-generator rolls everything the testkit's public API names (the control
// client's routes with their schemas, the merchant client, the receiver…) into one
// dist/pkg/testkit.d.ts. zod is bundled into testkit.mjs, not installed beside it, so the zod
// declarations those types name travel with it (dist/pkg/types/zod) and the bundle imports them
// by relative path; node:http comes from the consumer's @types/node like any Node project's.
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';

const require = createRequire(import.meta.url);

/** Which file of the package declares what: the bundle beside its .mjs, zod's declarations below it. */
export const TYPES = { entry: 'server/testkit/index.ts', out: 'dist/pkg/testkit.d.ts', zod: 'dist/pkg/types/zod' };

/** Copies zod's ESM declarations (not its sources) keeping their layout, so their relative imports still resolve. */
function copyDeclarations(from, to) {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const src = join(from, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'src' && entry.name !== 'node_modules') copyDeclarations(src, join(to, entry.name));
    } else if (entry.name.endsWith('.d.ts') || entry.name === 'LICENSE') {
      mkdirSync(to, { recursive: true });
      copyFileSync(src, join(to, entry.name));
    }
  }
}

/** `'zod'` and `'zod/sub/path'` specifiers (in `from '…'` and `import('…')`) made relative to the vendored copy. */
export function pointZodAt(text, fromDir, zodDir) {
  const base = relative(fromDir, zodDir).split('\\').join('/');
  const prefix = base.startsWith('.') ? base : `./${base}`;
  return text.replace(/(['"])zod(\/[\w/-]+)?\1/g, (_m, q, sub) => `${q}${prefix}${sub ?? ''}/index.js${q}`);
}

/** Writes dist/pkg/testkit.d.ts and the zod declarations it needs; answers the .d.ts path. */
export async function buildPackageTypes(root) {
  const { generateDtsBundle } = require('dts-bundle-generator');
  const [text] = generateDtsBundle(
    [{ filePath: join(root, TYPES.entry), output: { noBanner: true, exportReferencedTypes: false }, libraries: {} }],
    { preferredConfigPath: join(root, 'server', 'pack', 'tsconfig.types.json') },
  );
  const out = join(root, TYPES.out);
  const zodDir = join(root, TYPES.zod);
  rmSync(zodDir, { recursive: true, force: true });
  copyDeclarations(dirname(require.resolve('zod/package.json')), zodDir);
  const bundled = pointZodAt(text, dirname(out), zodDir);
  if (/(['"])zod(\/[^'"]*)?\1/.test(bundled)) throw new Error('testkit.d.ts still imports zod by name');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, bundled);
  return out;
}
