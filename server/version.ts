import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './paths.js';

export function readVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}
