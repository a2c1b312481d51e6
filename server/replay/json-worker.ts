import { Worker } from 'node:worker_threads';
import { MAX_JSON_DEPTH } from '../contract/json-depth.js';

/*
 * The JSON work of a replay that would hold the event loop. On a busy machine `JSON.parse` of a
 * 16 MiB body takes about half a second, of a recorded answer with a million keys several seconds,
 * and any walk over such a value, or copying it back from a worker, as long again. So a worker thread
 * parses, and hands back only what the main thread can take in small steps: the body's entries and
 * notifications as one JSON text each, a large answer cut to a member budget. The worker's source is
 * plain JavaScript in a string, as the checkpointer's is: it runs the same from the sources, the
 * bundle and the compiled build.
 */
const SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const isRecord = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

// Members (object keys and array items) of a value, counted up to "limit", and whether it nests too deep.
function measure(value, limit) {
  let members = 0;
  const stack = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= workerData.maxDepth) return { members, deep: true };
    for (const k in v) {
      if (++members > limit) return { members, over: true };
      stack.push([v[k], depth + 1]);
    }
  }
  return { members };
}

// A replay body: its archive's entries and its notifications as one JSON text each, the rest as one more.
function split({ bytes, maxItems, pieceMembers }) {
  let body;
  try {
    body = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch (err) {
    return { invalid: err.message };
  }
  if (measure(body, Infinity).deep) return { deep: true };
  let harText = 'none';
  let entries = null;
  let notifications = null;
  if (isRecord(body)) {
    if (typeof body.har === 'string') {
      try {
        body.har = JSON.parse(body.har);
        harText = 'parsed';
        if (measure(body.har, Infinity).deep) return { deep: true };
      } catch {
        body.har = null;
        harText = 'unparsable';
      }
    }
    const har = body.har;
    if (isRecord(har)) {
      if ('info' in har && 'item' in har) har.item = [];
      if (isRecord(har.log) && Array.isArray(har.log.entries)) {
        entries = har.log.entries;
        har.log.entries = [];
      }
    }
    if (Array.isArray(body.notifications)) {
      notifications = body.notifications;
      body.notifications = [];
    }
  }
  for (const [what, list] of [['entries', entries], ['notifications', notifications]])
    if (list && list.length > maxItems) return { tooMany: { what, count: list.length } };
  const texts = (what, list) =>
    list.map((x, index) => {
      const m = measure(x, pieceMembers);
      if (m.over) throw { tooBig: { what, index } };
      return JSON.stringify(x);
    });
  try {
    if (measure(body, pieceMembers).over) return { tooBig: { what: 'body', index: null } };
    return {
      head: JSON.stringify(body),
      harText,
      entries: entries && texts('entries', entries),
      notifications: notifications && texts('notifications', notifications),
    };
  } catch (err) {
    if (err && err.tooBig) return err;
    throw err;
  }
}

// A JSON answer cut to "budget" members, taken depth first; the containers being filled when the budget
// ran out are the only partial ones, their paths given (a key, or null for "any item of an array").
function cut({ text, budget }) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return { json: false };
  }
  const error = isRecord(value) && isRecord(value.error) ? value.error.code : undefined;
  const code = typeof error === 'string' ? error : null;
  const total = measure(value, Infinity);
  if (total.deep) return { json: true, code, value: null, members: total.members, partial: [] };
  if (total.members <= budget) return { json: true, code, value, members: total.members, partial: [] };
  let left = budget;
  const path = [];
  const partial = [];
  const copy = (v) => {
    if (typeof v !== 'object' || v === null) return v;
    const out = Array.isArray(v) ? [] : {};
    for (const k in v) {
      if (left <= 0) {
        partial.push([...path]);
        return out;
      }
      left--;
      path.push(Array.isArray(v) ? null : k);
      const c = copy(v[k]);
      path.pop();
      if (Array.isArray(out)) out.push(c);
      else Object.defineProperty(out, k, { value: c, enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  return { json: true, code, value: copy(value), members: total.members, partial };
}

parentPort.on('message', ({ id, job, input }) => {
  try {
    parentPort.postMessage({ id, out: job === 'split' ? split(input) : cut(input) });
  } catch (err) {
    parentPort.postMessage({ id, failed: String((err && err.message) || err) });
  }
});
`;

/** What `splitBody` answers. */
export type SplitBody =
  | { invalid: string }
  | { deep: true }
  | { tooMany: { what: 'entries' | 'notifications'; count: number } }
  | { tooBig: { what: 'entries' | 'notifications' | 'body'; index: number | null } }
  | { head: string; harText: 'none' | 'parsed' | 'unparsable'; entries: string[] | null; notifications: string[] | null };

/** What `cutJson` answers: not JSON, or the value (whole, or cut to the budget) with production's error code. */
export type CutJson = { json: false } | { json: true; code: string | null; value: unknown; members: number; partial: (string | null)[][] };

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };
let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 0;

function failAll(err: Error): void {
  worker = null;
  for (const p of pending.values()) p.reject(err);
  pending.clear();
}

/** The one worker, started on first use; it never keeps a finished process alive. */
function theWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(SOURCE, { eval: true, workerData: { maxDepth: MAX_JSON_DEPTH } });
  w.unref();
  w.on('message', (m: { id: number; out?: unknown; failed?: string }) => {
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (m.failed !== undefined) p?.reject(new Error(m.failed));
    else p?.resolve(m.out);
  });
  w.on('error', (err) => failAll(err));
  w.on('exit', () => failAll(new Error('the JSON worker stopped')));
  worker = w;
  return w;
}

function run<T>(job: 'split' | 'cut', input: unknown): Promise<T> {
  const id = nextId++;
  const w = theWorker();
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    w.postMessage({ id, job, input });
  });
}

/**
 * Parses a replay body off the event loop: its archive's entries and its notifications come back as
 * one JSON text each (a string `har` is parsed too), the rest of the body as one more. Lists longer
 * than `maxItems` and pieces holding more than `pieceMembers` members are reported, not split.
 */
export const splitBody = (bytes: Buffer, maxItems: number, pieceMembers: number) =>
  run<SplitBody>('split', { bytes, maxItems, pieceMembers });

/** Parses a JSON text off the event loop; a value of more than `budget` members comes back cut to them. */
export const cutJson = (text: string, budget: number) => run<CutJson>('cut', { text, budget });
