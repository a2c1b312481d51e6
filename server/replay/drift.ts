import { isRecord, ownField } from '../contract/common.js';
import { MAX_DRIFT_ITEMS, type DriftItem, type DriftKind, type ReplayKind } from '../contract/replays.js';
import { answerJsonNow, type AnswerJson } from './answer-json.js';

/*
 * Drift: where production's recorded answer and the sandbox's differ in what a merchant's code
 * depends on: status, error code, the values it branches on (an operation's status, a payout's status
 * and transfer_status), which JSON keys exist at each path, and the checkout address's shape. Values
 * that differ by nature (ids, tokens, times, hosts) are never compared. One root cause is one item: a
 * refusal on one side is one item naming the keys the accepted answer has, not one per key.
 */

export interface Answer {
  status: number;
  body: string | null;
  truncated?: boolean;
  /** The body's JSON, when already read (a recorded answer's is read once, see answer-json.ts). */
  json?: AnswerJson;
}

type Shape = { kind: 'object'; keys: Map<string, Shape> } | { kind: 'array'; item: Shape | null } | { kind: 'value' } | { kind: 'null' };

const MAX_DEPTH = 20;

/** Collects items up to the cap and counts the rest. */
class Items {
  list: DriftItem[] = [];
  more = 0;
  add(kind: DriftKind, path: string, production: unknown, sandbox: unknown, note: string, keys?: string[]): void {
    if (this.list.length >= MAX_DRIFT_ITEMS) this.more++;
    else this.list.push({ kind, path, production, sandbox, ...(keys ? { keys } : {}), note });
  }
}

/** The key structure of a JSON value; array items merge into one shape (`[*]`). */
function shapeOf(v: unknown, depth = 0): Shape {
  if (v === null) return { kind: 'null' };
  if (depth > MAX_DEPTH) return { kind: 'value' };
  if (Array.isArray(v)) return { kind: 'array', item: v.reduce<Shape | null>((acc, x) => merge(acc, shapeOf(x, depth + 1)), null) };
  if (isRecord(v)) {
    const keys = new Map<string, Shape>();
    for (const k of Object.keys(v)) keys.set(k, shapeOf(v[k], depth + 1));
    return { kind: 'object', keys };
  }
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

/**
 * Key-set differences between two shapes. A null on either side says nothing about keys (a value not
 * set yet), nor does an object production's answer kept only in part (`inPart`) about the keys it lacks.
 */
function compareShapes(p: Shape, s: Shape, path: string, out: Items, inPart: (path: string) => boolean): void {
  if (p.kind === 'null' || s.kind === 'null') return;
  const structured = (x: Shape) => x.kind === 'object' || x.kind === 'array';
  if (p.kind !== s.kind) {
    if (structured(p) || structured(s))
      out.add('value_kind', path, p.kind, s.kind, `production's ${path} is ${kindWord(p)} where the sandbox's is ${kindWord(s)}`);
    return;
  }
  if (p.kind === 'array' && s.kind === 'array') {
    // An empty list on either side has no items to compare.
    if (p.item && s.item) compareShapes(p.item, s.item, `${path}[*]`, out, inPart);
    return;
  }
  if (p.kind === 'object' && s.kind === 'object') {
    for (const [k, ps] of p.keys) {
      const ss = s.keys.get(k);
      const at = keyPath(path, k);
      if (!ss) out.add('key_missing', at, 'present', 'absent', `production's answer has ${at}; the sandbox's has not`);
      else compareShapes(ps, ss, at, out, inPart);
    }
    if (inPart(path)) return;
    for (const k of s.keys.keys()) {
      if (p.keys.has(k)) continue;
      const at = keyPath(path, k);
      out.add('key_extra', at, 'absent', 'present', `the sandbox's answer has ${at}; production's has not`);
    }
  }
}

/** `error.code` of a JSON error answer. */
export const errorCodeOf = (body: string | null): string | null => {
  const j = answerJsonNow(body);
  return j.json ? j.code : null;
};

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

type BodyForm =
  { form: 'json'; value: unknown; code: string | null } | { form: 'address'; shape: string } | { form: 'text' } | { form: 'empty' };
function formOf(body: string, json: AnswerJson = answerJsonNow(body)): BodyForm {
  if (json.json) return { form: 'json', value: json.value, code: json.code };
  if (body.trim() === '') return { form: 'empty' };
  const shape = addressShape(body);
  return shape ? { form: 'address', shape } : { form: 'text' };
}
const formWord: Record<BodyForm['form'], string> = { json: 'JSON', address: 'a checkout address', text: 'text', empty: 'nothing' };

const what = (status: number, code: string | null) => (status === 0 ? 'no answer' : `${status}${code ? ` ${code}` : ''}`);

/** The top-level keys an accepted answer has (of its items, for a list), at most MAX_DRIFT_ITEMS named. */
function keysOf(b: BodyForm): string[] {
  if (b.form !== 'json') return [];
  const keys = new Set<string>();
  const from = Array.isArray(b.value) ? b.value : [b.value];
  for (const x of from) {
    if (!isRecord(x)) continue;
    for (const k in x) {
      keys.add(Array.isArray(b.value) ? `[*].${k}` : k);
      if (keys.size >= MAX_DRIFT_ITEMS) return [...keys];
    }
  }
  return [...keys];
}

/** The records whose values a merchant's code branches on, per kind of call: [path, record]. */
function recordsOf(kind: ReplayKind | undefined, v: unknown): [string, Record<string, unknown>][] {
  const list = (xs: unknown, path: string) =>
    Array.isArray(xs) ? xs.flatMap((x, i): [string, Record<string, unknown>][] => (isRecord(x) ? [[`${path}[${i}]`, x]] : [])) : [];
  if (kind === 'operation_query') return list(v, 'body');
  if (kind === 'payout_get') return isRecord(v) ? [['body', v]] : [];
  if (kind === 'payout_batch') return list(ownField(v, 'data'), 'body.data');
  if (kind === 'payout_list') return list(ownField(v, 'items'), 'body.items');
  return [];
}

const VALUE_KEYS: Partial<Record<ReplayKind, [string, DriftKind][]>> = {
  operation_query: [['status', 'operation_status']],
  payout_get: [
    ['status', 'payout_status'],
    ['transfer_status', 'transfer_status'],
  ],
};
VALUE_KEYS.payout_batch = VALUE_KEYS.payout_get;
VALUE_KEYS.payout_list = VALUE_KEYS.payout_get;

/** Whether production's answer at a path was kept only in part (a large answer cut to the members compared). */
function partOf(json: AnswerJson | undefined): (path: string) => boolean {
  const cut = json?.json ? json.cut : undefined;
  if (!cut) return () => false;
  const paths = new Set(
    cut.partial.map((segments) => segments.reduce<string>((at, k) => (k === null ? `${at}[*]` : keyPath(at, k)), 'body')),
  );
  // An array kept in part leaves its items' merged shape in part too.
  return (path) => paths.has(path) || (path.endsWith('[*]') && paths.has(path.slice(0, -3)));
}

/** Every difference between production's answer and the sandbox's (at most MAX_DRIFT_ITEMS, the rest counted). */
export function driftOf(production: Answer, sandbox: Answer, kind?: ReplayKind): { items: DriftItem[]; more: number } {
  const out = new Items();
  const p = production.body === null || production.truncated || production.status === 0 ? null : formOf(production.body, production.json);
  const s = sandbox.body === null ? null : formOf(sandbox.body, sandbox.json);
  const pc = p?.form === 'json' ? p.code : null;
  const sc = s?.form === 'json' ? s.code : null;
  if (production.status !== sandbox.status) {
    const note =
      production.status === 0
        ? `production gave no answer (the connection failed) where the sandbox answers ${what(sandbox.status, sc)}`
        : `production answered ${what(production.status, pc)} where the sandbox answers ${what(sandbox.status, sc)}`;
    out.add('status', 'status', production.status, sandbox.status, note);
  }
  // Without the whole recorded body only the status can be compared.
  if (!p || !s) return { items: out.list, more: out.more };
  if ((pc === null) !== (sc === null)) {
    const keys = keysOf(pc === null ? p : s);
    const named = keys.length ? `; the accepted answer has ${keys.join(', ')}` : '';
    out.add(
      'refusal',
      'body',
      pc ?? formWord[p.form],
      sc ?? formWord[s.form],
      pc
        ? `production refused with ${pc}; the sandbox did not refuse${named}`
        : `the sandbox refused with ${sc}; production did not refuse${named}`,
      keys,
    );
    return { items: out.list, more: out.more };
  }
  if (p.form === 'json' && s.form === 'json') {
    if (pc !== sc) out.add('error_code', 'body.error.code', pc, sc, `production's error code is ${pc} where the sandbox's is ${sc}`);
    const pr = recordsOf(kind, p.value);
    const sr = recordsOf(kind, s.value);
    for (let i = 0; i < Math.min(pr.length, sr.length); i++) {
      for (const [key, driftKind] of (kind && VALUE_KEYS[kind]) ?? []) {
        const [pv, sv] = [pr[i]![1][key], sr[i]![1][key]];
        if (pv === undefined || sv === undefined || pv === null || sv === null || String(pv) === String(sv)) continue;
        const at = `${pr[i]![0]}.${key}`;
        out.add(driftKind, at, pv, sv, `production's ${at} is ${JSON.stringify(pv)} where the sandbox's is ${JSON.stringify(sv)}`);
      }
    }
    compareShapes(shapeOf(p.value), shapeOf(s.value), 'body', out, partOf(production.json));
  } else if (p.form === 'address' && s.form === 'address') {
    if (p.shape !== s.shape)
      out.add(
        'address_shape',
        'body',
        p.shape,
        s.shape,
        `production's checkout address has the shape ${p.shape} where the sandbox's has ${s.shape}`,
      );
  } else if (p.form !== s.form && [p.form, s.form].some((f) => f === 'json' || f === 'address')) {
    out.add('body_form', 'body', p.form, s.form, `production answered ${formWord[p.form]} where the sandbox answers ${formWord[s.form]}`);
  }
  return { items: out.list, more: out.more };
}
