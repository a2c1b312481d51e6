// `npm pack` (postpack): the repository's package.json back in place (see server/pack/prepack.mjs).
import { existsSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const backup = join(root, 'dist', 'package.json.repo');
if (existsSync(backup)) renameSync(backup, join(root, 'package.json'));
