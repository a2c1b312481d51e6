import fc from 'fast-check';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { startSandbox } from '../helpers/sandbox.js';

export type Running = Awaited<ReturnType<typeof startSandbox>>;

/** Strings that broke real servers: empty, huge, NUL, emoji, injection, traversal, numeric edge cases. */
export const NASTY_STRINGS = [
  '',
  ' ',
  'x'.repeat(70_000),
  '\u0000',
  '😀'.repeat(500),
  "' OR 1=1 --",
  '"; DROP TABLE operations; --',
  '1; DELETE FROM merchants',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%E0%A4%A',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9'.repeat(400),
  '__proto__',
  'constructor',
  '\uD800',
] as const;

export const nastyString = fc.constantFrom(...NASTY_STRINGS);
export const anyString = fc.oneof(nastyString, fc.string({ maxLength: 40, unit: 'binary' }), fc.string({ maxLength: 20 }));

/** Any JSON value, including wrong types for every field and deep nesting. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  anyString,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.1 + 0.2),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(nest(200)),
);

function nest(depth: number): unknown {
  let v: unknown = 'deep';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

/** The top-level keys a zod object schema names (others get no key hints). */
export function schemaKeys(schema: z.ZodType | undefined): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

/** An object of the schema's keys with some dropped, each set to a random (usually wrong) value, plus strays. */
export const objectOf = (keys: string[]): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .tuple(
      fc.subarray(keys.length ? keys : ['x']),
      fc.array(anyJson, { minLength: keys.length || 1, maxLength: keys.length || 1 }),
      fc.option(fc.dictionary(anyString, anyJson, { maxKeys: 3 }), { nil: undefined }),
    )
    .map(([ks, vs, extra]) => ({ ...(extra ?? {}), ...Object.fromEntries(ks.map((k, i) => [k, vs[i]])) }));

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zz',
  'multipart/form-data',
  '',
  'garbage',
] as const;

/** Raw bodies a JSON route can be sent: valid JSON, truncated JSON, invalid UTF-8, binary noise, nothing. */
export const rawBody = (keys: string[]): fc.Arbitrary<Buffer> =>
  fc.oneof(
    objectOf(keys).map((o) => Buffer.from(JSON.stringify(o))),
    anyJson.map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
    objectOf(keys).map((o) => Buffer.from(JSON.stringify(o).slice(0, -1))),
    objectOf(keys).map((o) =>
      Buffer.concat([
        Buffer.from('{"' + (keys[0] ?? 'x') + '":"'),
        Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
        Buffer.from('"}'),
        Buffer.from(JSON.stringify(o)),
      ]),
    ),
    fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
    fc.constant(Buffer.alloc(0)),
    fc.constant(Buffer.from('['.repeat(20_000) + ']'.repeat(20_000))),
  );

/** One fuzzed HTTP request. */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface Answer {
  status: number;
  type: string;
  text: string;
}

export async function send(base: string, r: FuzzRequest): Promise<Answer> {
  const res = await fetch(base + r.path, {
    method: r.method,
    headers: r.headers,
    body: r.body && r.method !== 'GET' ? new Uint8Array(r.body) : undefined,
    redirect: 'manual',
  });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type') ?? '', text };
}

/** Never a 5xx; every JSON error has the documented `{"error":{"code","message"}}` shape. */
export function expectDocumented(r: Answer, what: string, opts: { htmlErrors?: boolean } = {}): void {
  expect(r.status, `${what} -> ${r.status} ${r.text.slice(0, 300)}`).toBeLessThan(500);
  if (r.status < 400) return;
  // Shopper-facing checkout pages answer their errors as HTML message pages.
  if (opts.htmlErrors && r.type.startsWith('text/html')) return;
  expect(r.type, `${what} -> ${r.status} ${r.text.slice(0, 300)}`).toMatch(/^application\/json/);
  const body = JSON.parse(r.text) as unknown;
  expect(body, what).toMatchObject({ error: { code: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) } });
}

export const fingerprint = (sb: Running): string => {
  // Batched request-log rows are not state; flush first so nothing is pending behind the snapshot.
  sb.ctx.store.requests.flush();
  return sb.ctx.store.diagnostics.fingerprint().digest;
};

/** Express path with every `:param` filled in. */
export const fillPath = (path: string, value: string): string => path.replace(/:[a-z_]+/g, () => pathSegment(value));

/** Values starting with `%` go raw, so malformed escapes (`%E0%A4%A`) reach the router; lone surrogates become U+FFFD. */
function pathSegment(value: string): string {
  if (value.startsWith('%')) return value;
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

/** Path parameter values: real ids, random ones, injection strings, malformed escapes (sent raw). */
export const paramValue = fc.oneof(
  fc.nat({ max: 20 }).map(String),
  fc.integer().map(String),
  anyString.map((s) => s.slice(0, 300)),
);

/** A query string from the schema's keys: dropped, wrong, duplicated or malformed values. */
export const queryOf = (keys: string[]): fc.Arbitrary<string> =>
  fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(...(keys.length ? keys : ['q'])),
          anyString.map((s) => s.slice(0, 50)),
        ),
        anyString.map((s) => s.slice(0, 500)),
      ),
      { maxLength: 6 },
    )
    .chain((pairs) =>
      fc.oneof(
        fc.constant(new URLSearchParams(pairs).toString()),
        // Raw, possibly malformed percent escapes that a browser would never send.
        fc.constant(pairs.map(([k, v]) => `${k}=${v.replace(/[#&?\s\u0000-\u001f\u007f-\uffff]/g, '%25')}`).join('&')),
      ),
    );

/** Per-endpoint fuzz case counter, printed once per file for the README. */
export function caseCounter() {
  const counts = new Map<string, number>();
  return {
    hit(key: string) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
    },
    report(title: string) {
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      const lines = [...counts.entries()].map(([k, n]) => `  ${k}: ${n}`);
      console.log(`${title}: ${total} cases over ${counts.size} endpoints\n${lines.join('\n')}`);
    },
  };
}
