import { setImmediate as nextTurn } from 'node:timers/promises';

/** The longest a replay holds the event loop before letting other requests in. */
const SLICE_MS = 8;

/**
 * A pause for long loops: call it between steps; once the loop has held the event loop for a slice,
 * it waits one turn, so other requests (`/health`, the console) are answered in between.
 */
export function slices(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await nextTurn();
    since = performance.now();
  };
}

/**
 * JSON text of a list, an item at a time with `breathe` between: a report of thousands of entries is
 * megabytes, and one `JSON.stringify` of it would hold the event loop.
 */
export async function listJson(list: readonly unknown[], breathe: () => Promise<void>): Promise<string> {
  const parts: string[] = [];
  for (const x of list) {
    parts.push(JSON.stringify(x));
    await breathe();
  }
  return `[${parts.join(',')}]`;
}
