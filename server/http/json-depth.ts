import { SandboxError } from '../contract/errors.js';

/** Deepest nesting of arrays and objects any JSON the sandbox reads may have (the creation reader's limit too). */
export const MAX_JSON_DEPTH = 32;

/**
 * `value` unchanged when its arrays and objects nest at most MAX_JSON_DEPTH deep; otherwise 400
 * INVALID_JSON. Walked with a stack of its own, so no depth of input can exhaust the call stack,
 * and checked before any schema, message or log line walks the value recursively.
 */
export function checkDepth<T>(value: T, what: string): T {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= MAX_JSON_DEPTH) throw new SandboxError('INVALID_JSON', `${what} nests deeper than ${MAX_JSON_DEPTH} levels`);
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return value;
}
