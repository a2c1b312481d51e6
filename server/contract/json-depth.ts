/** Deepest nesting of arrays and objects any JSON the sandbox reads may have (the creation body reader's limit too). */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether `value`'s arrays and objects nest deeper than `max`. Walked with a stack of its own, so no
 * depth of input can exhaust the call stack; call it before any schema, message or log line walks
 * the value recursively (`JSON.stringify` of a deep value throws a RangeError).
 */
export function nestsDeeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}
