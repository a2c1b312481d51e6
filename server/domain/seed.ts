import { readFileSync } from 'node:fs';
import { SeedListSchema, SeedObjectSchema } from '../contract/merchants.js';
import type { Store } from '../store/index.js';
import { texts } from '../texts.js';
import { createMerchant } from './merchants.js';

/** Line of a JSON path inside the text, best effort (for messages). */
function lineOf(text: string, path: (string | number)[]): number | null {
  let pos = 0;
  let depth = 0;
  const objectDepth = text.trimStart().startsWith('[') ? 1 : 2;
  const idx = path.find((p): p is number => typeof p === 'number');
  if (idx !== undefined) {
    // find the idx-th object at array depth 1
    let count = -1;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === '{') {
        depth++;
        if (depth === objectDepth) count++;
        if (count === idx) {
          pos = i;
          break;
        }
      } else if (c === '}') depth--;
    }
  }
  const key = path.findLast((p): p is string => typeof p === 'string' && p !== 'merchants');
  if (key) {
    const k = text.indexOf(`"${key}"`, pos);
    if (k >= 0) pos = k;
  }
  return text.slice(0, pos).split('\n').length;
}

/**
 * Imports merchants from a seed file, all or nothing: a bad file throws an Error whose message names
 * the field and line, and nothing is written.
 */
export function seedFromFile(store: Store, file: string, now: number): number {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(texts.seedInvalid(file, 'cannot read', (err as Error).message), { cause: err });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(texts.seedInvalid(file, 'not JSON', (err as Error).message), { cause: err });
  }
  // Two shapes; pick by the root so the error names the real field, not "invalid union".
  const parsed = Array.isArray(json) ? SeedListSchema.safeParse(json) : SeedObjectSchema.transform((o) => o.merchants).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const line = lineOf(text, issue.path as (string | number)[]);
    throw new Error(texts.seedInvalid(file, `${issue.path.join('.') || '(root)'} (line ${line})`, issue.message));
  }
  const list = parsed.data;
  store.tx(() => {
    for (const m of list) {
      if (m.public_key && store.merchants.byPublicKey(m.public_key)) continue; // already seeded earlier
      createMerchant(store, m, now);
    }
  });
  return list.length;
}
