import type { z } from 'zod';

const isContainer = (v: unknown): v is Record<string, unknown> | unknown[] => typeof v === 'object' && v !== null;

/** A copy of `value` with the value at `path` replaced (objects and arrays copied along the way). */
function replaceAt(value: unknown, path: readonly PropertyKey[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  if (!isContainer(value)) return value;
  const [head, ...rest] = path;
  const key = typeof head === 'symbol' ? String(head) : head!;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...value };
  (copy as Record<string, unknown>)[key as string] = replaceAt((value as Record<string, unknown>)[key as string], rest, replacement);
  return copy;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let v = value;
  for (const key of path) v = isContainer(v) ? (v as Record<string, unknown>)[key as string] : undefined;
  return v;
}

/**
 * Agents send numbers and booleans where the API reads strings (`{"channel": 17}`). The merchant API
 * reads a JSON number as the string it prints as; a tool does the same wherever `schema` asks for a
 * string and gets a number or a boolean. Anything else is left for the sandbox to refuse in its words.
 */
export function asApiReadsIt(schema: z.ZodType, input: unknown): unknown {
  let value = input;
  // A few rounds: a union or a refinement may report a path only once an earlier one is fixed.
  for (let round = 0; round < 4; round++) {
    const result = schema.safeParse(value);
    if (result.success) return value;
    let changed = false;
    for (const issue of result.error.issues) {
      if (issue.code !== 'invalid_type' || issue.expected !== 'string') continue;
      const at = valueAt(value, issue.path);
      if (typeof at !== 'number' && typeof at !== 'boolean') continue;
      value = replaceAt(value, issue.path, String(at));
      changed = true;
    }
    if (!changed) return value;
  }
  return value;
}
