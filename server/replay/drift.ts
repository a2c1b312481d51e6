import type { DriftItem } from '../contract/replays.js';

/*
 * Drift (contract §12): where production's recorded answer and the sandbox's differ in what a
 * merchant's code depends on: status, error code, which JSON keys exist at each path, and the
 * checkout address's shape. Values that differ by nature (ids, tokens, times, hosts) are never
 * compared; that is why only keys, codes and shapes are.
 */

export interface Answer {
  status: number;
  body: string | null;
  truncated?: boolean;
}

type Shape = { kind: 'object'; keys: Map<string, Shape> } | { kind: 'array'; item: Shape | null } | { kind: 'value' } | { kind: 'null' };

const MAX_DEPTH = 20;

/** The key structure of a JSON value; array items merge into one shape (`[*]`). */
function shapeOf(v: unknown, depth = 0): Shape {
  if (v === null) return { kind: 'null' };
  if (depth > MAX_DEPTH) return { kind: 'value' };
  if (Array.isArray(v)) return { kind: 'array', item: v.reduce<Shape | null>((acc, x) => merge(acc, shapeOf(x, depth + 1)), null) };
  if (typeof v === 'object') return { kind: 'object', keys: new Map(Object.entries(v).map(([k, x]) => [k, shapeOf(x, depth + 1)])) };
  return { kind: 'value' };
}

function merge(a: Shape | null, b: Shape): Shape {
  if (!a || a.kind === 'null') return b;
  if (b.kind === 'null') return a;
  if (a.kind === 'object' && b.kind === 'object') {
    const keys = new Map(a.keys);
    for (const [k, s] of b.keys) keys.set(k, keys.has(k) ? merge(keys.get(k)!, s) : s);
    return { kind: 'object', keys };
  }
  if (a.kind === 'array' && b.kind === 'array') return { kind: 'array', item: b.item ? merge(a.item, b.item) : a.item };
  return a;
}

const kindWord = (s: Shape) => (s.kind === 'object' ? 'an object' : s.kind === 'array' ? 'an array' : 'a plain value');
const keyPath = (path: string, key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`);

/** Key-set differences between two shapes. A null on either side says nothing about keys (a value not set yet). */
function compareShapes(p: Shape, s: Shape, path: string, out: DriftItem[]): void {
  if (p.kind === 'null' || s.kind === 'null') return;
  const structured = (x: Shape) => x.kind === 'object' || x.kind === 'array';
  if (p.kind !== s.kind) {
    if (structured(p) || structured(s))
      out.push({
        path,
        production: p.kind,
        sandbox: s.kind,
        note: `production's ${path} is ${kindWord(p)} where the sandbox's is ${kindWord(s)}`,
      });
    return;
  }
  if (p.kind === 'array' && s.kind === 'array') {
    // An empty list on either side has no items to compare.
    if (p.item && s.item) compareShapes(p.item, s.item, `${path}[*]`, out);
    return;
  }
  if (p.kind === 'object' && s.kind === 'object') {
    for (const [k, ps] of p.keys) {
      const ss = s.keys.get(k);
      const at = keyPath(path, k);
      if (!ss)
        out.push({ path: at, production: 'present', sandbox: 'absent', note: `production's answer has ${at}; the sandbox's has not` });
      else compareShapes(ps, ss, at, out);
    }
    for (const k of s.keys.keys()) {
      if (p.keys.has(k)) continue;
      const at = keyPath(path, k);
      out.push({ path: at, production: 'absent', sandbox: 'present', note: `the sandbox's answer has ${at}; production's has not` });
    }
  }
}

const parseJson = (text: string): { ok: true; value: unknown } | { ok: false } => {
  const t = text.trim();
  if (!t.startsWith('{') && !t.startsWith('[')) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(t) };
  } catch {
    return { ok: false };
  }
};

/** `error.code` of a JSON error answer. */
export function errorCodeOf(body: string | null): string | null {
  if (body === null) return null;
  const j = parseJson(body);
  if (!j.ok || typeof j.value !== 'object' || j.value === null) return null;
  const code = (j.value as { error?: { code?: unknown } }).error?.code;
  return typeof code === 'string' ? code : null;
}

/** A checkout address's shape: its path (the real service's /justpay base left out) and its query parameter names. */
function addressShape(text: string): string | null {
  const t = text.trim();
  if (!/^https?:\/\/\S+$/i.test(t)) return null;
  try {
    const u = new URL(t);
    const names = [...new Set(u.searchParams.keys())].sort();
    return `${u.pathname.replace(/^\/justpay(?=\/)/i, '')}?${names.join('&')}`;
  } catch {
    return null;
  }
}

const what = (a: Answer) => {
  const code = errorCodeOf(a.body);
  return a.status === 0 ? 'no answer' : `${a.status}${code ? ` ${code}` : ''}`;
};

type BodyForm = { form: 'json'; value: unknown } | { form: 'address'; shape: string } | { form: 'text' } | { form: 'empty' };
function formOf(body: string): BodyForm {
  if (body.trim() === '') return { form: 'empty' };
  const j = parseJson(body);
  if (j.ok) return { form: 'json', value: j.value };
  const shape = addressShape(body);
  return shape ? { form: 'address', shape } : { form: 'text' };
}
const formWord: Record<BodyForm['form'], string> = { json: 'JSON', address: 'a checkout address', text: 'text', empty: 'nothing' };

/** Every difference between production's answer and the sandbox's; [] when they agree. */
export function driftOf(production: Answer, sandbox: Answer): DriftItem[] {
  const out: DriftItem[] = [];
  if (production.status !== sandbox.status) {
    const note =
      production.status === 0
        ? `production gave no answer (the connection failed) where the sandbox answers ${what(sandbox)}`
        : `production answered ${what(production)} where the sandbox answers ${what(sandbox)}`;
    out.push({ path: 'status', production: production.status, sandbox: sandbox.status, note });
  }
  // Without the whole recorded body only the status can be compared.
  if (production.body === null || production.truncated || sandbox.body === null || production.status === 0) return out;
  const p = formOf(production.body);
  const s = formOf(sandbox.body);
  if (p.form === 'json' && s.form === 'json') {
    const pc = errorCodeOf(production.body);
    const sc = errorCodeOf(sandbox.body);
    if ((pc !== null || sc !== null) && pc !== sc)
      out.push({
        path: 'body.error.code',
        production: pc,
        sandbox: sc,
        note:
          pc && sc
            ? `production's error code is ${pc} where the sandbox's is ${sc}`
            : pc
              ? `production refused with ${pc}; the sandbox did not refuse`
              : `the sandbox refused with ${sc}; production did not refuse`,
      });
    compareShapes(shapeOf(p.value), shapeOf(s.value), 'body', out);
  } else if (p.form === 'address' && s.form === 'address') {
    if (p.shape !== s.shape)
      out.push({
        path: 'body',
        production: p.shape,
        sandbox: s.shape,
        note: `production's checkout address has the shape ${p.shape} where the sandbox's has ${s.shape}`,
      });
  } else if (p.form !== s.form && [p.form, s.form].some((f) => f === 'json' || f === 'address')) {
    out.push({
      path: 'body',
      production: p.form,
      sandbox: s.form,
      note: `production answered ${formWord[p.form]} where the sandbox answers ${formWord[s.form]}`,
    });
  }
  return out;
}
