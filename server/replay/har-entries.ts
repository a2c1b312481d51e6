import type { HarEntry, ReplayKind } from '../contract/replays.js';
import { CHANNEL_IDS, creationAddress } from '../contract/common.js';
import { classifyCall } from '../contract/calls.js';
import { isServiceCall } from '../contract/call-kinds.js';

/** A recorded request body, decoded: the bytes as sent, or fields to build a form from (`postData.params`). */
export type RecordedBody =
  | { kind: 'none' }
  | { kind: 'bytes'; bytes: Buffer; contentType: string }
  | { kind: 'params'; params: { name: string; value: string }[]; contentType: string };

/** One HAR entry read for replay: what it is, where it goes in this sandbox, and production's answer. */
export interface ReadEntry {
  index: number;
  method: string;
  /** Path and query as recorded (for the report). */
  path: string;
  kind: ReplayKind;
  /** The sandbox path it is sent to (never the recorded one: only the service's own paths are ever sent). */
  target?: string;
  query: URLSearchParams;
  headers: Map<string, string>;
  body: RecordedBody;
  skip?: string;
  production: { status: number; body: string | null; truncated?: boolean };
}

/**
 * Which of the service's calls a recorded request is, and the sandbox path it goes to (the path its
 * route describes, with a payout id kept); the service's prefixes are read by `classifyCall`.
 */
export function classifyPath(method: string, rawPath: string): { kind: ReplayKind; target?: string } {
  // A browser's preflight is named for the call it precedes, so the report says what was skipped.
  const call =
    method.toUpperCase() === 'OPTIONS' ? (classifyCall('POST', rawPath) ?? classifyCall('GET', rawPath)) : classifyCall(method, rawPath);
  if (!call || !isServiceCall(call.kind)) return { kind: 'other' };
  if (call.creationPath) return { kind: 'creation', target: creationAddress(call.creationPath) };
  const route = call.route?.path ?? call.path;
  const id = call.path.split('/').filter(Boolean).pop() ?? '';
  return { kind: call.kind, target: route.replace(':id', id) };
}

const header = (headers: Map<string, string>, name: string) => headers.get(name) ?? '';

/** The recorded body: `postData.text` (decoded when marked base64), else its `params`. */
function bodyOf(e: HarEntry, headers: Map<string, string>): RecordedBody | { truncated: string } {
  const post = e.request.postData;
  if (!post) return { kind: 'none' };
  const contentType = header(headers, 'content-type') || post.mimeType || '';
  if (post.text !== undefined) {
    const base64 = (post.encoding ?? (post as { _encoding?: unknown })._encoding) === 'base64';
    const bytes = base64 ? Buffer.from(post.text, 'base64') : Buffer.from(post.text, 'utf8');
    const size = e.request.bodySize;
    // bodySize is what went on the wire; a shorter text was cut by the exporter and would be judged as sent.
    if (typeof size === 'number' && size > bytes.length && !/gzip|deflate|br/i.test(header(headers, 'content-encoding')))
      return { truncated: `the request body is truncated in the HAR (${bytes.length} of ${size} bytes)` };
    if (bytes.length > 0 || !post.params?.length) return { kind: 'bytes', bytes, contentType };
  }
  if (post.params?.length) {
    const files = post.params.filter((p) => p.value === undefined && p.fileName !== undefined);
    return {
      kind: 'params',
      params: post.params.filter((p) => !files.includes(p)).map((p) => ({ name: p.name, value: p.value ?? '' })),
      contentType,
    };
  }
  return { kind: 'none' };
}

/** Production's answer: the body text (decoded when base64), marked truncated when shorter than its recorded size. */
function productionOf(e: HarEntry): ReadEntry['production'] {
  const c = e.response.content;
  if (c?.text === undefined) return { status: e.response.status, body: null };
  const bytes = c.encoding === 'base64' ? Buffer.from(c.text, 'base64') : Buffer.from(c.text, 'utf8');
  const truncated = typeof c.size === 'number' && c.size > bytes.length;
  return { status: e.response.status, body: bytes.toString('utf8'), ...(truncated ? { truncated } : {}) };
}

/** A creation's channel from its recorded body, when it is readable without parsing the whole form. */
function channelOf(body: RecordedBody): string | undefined {
  if (body.kind === 'params') return body.params.find((p) => p.name === 'channel')?.value;
  if (body.kind !== 'bytes') return undefined;
  const text = body.bytes.toString('utf8');
  if (/json/i.test(body.contentType)) {
    try {
      const v = (JSON.parse(text) as Record<string, unknown>).channel;
      return v === undefined ? undefined : String(v);
    } catch {
      return undefined;
    }
  }
  if (/x-www-form-urlencoded/i.test(body.contentType)) return new URLSearchParams(text).get('channel') ?? undefined;
  return /name="channel"\r?\n\r?\n([^\r\n]*)/.exec(text)?.[1];
}

/** Reads one HAR entry: its kind, target, body and production's answer, or why it is not replayed. */
export function readEntry(e: HarEntry, index: number): ReadEntry {
  const method = e.request.method.toUpperCase();
  const headers = new Map((e.request.headers ?? []).map((h) => [h.name.toLowerCase(), h.value ?? '']));
  const production = productionOf(e);
  let url: URL;
  try {
    url = new URL(e.request.url);
  } catch {
    return {
      index,
      method,
      path: e.request.url,
      kind: 'other',
      query: new URLSearchParams(),
      headers,
      body: { kind: 'none' },
      production,
      skip: `not an absolute URL: ${e.request.url.slice(0, 200)}`,
    };
  }
  const path = url.pathname + url.search;
  const base = { index, method, path, query: url.searchParams, headers, production };
  const { kind, target } = classifyPath(method, url.pathname);
  const skipped = (reason: string, k: ReplayKind = kind): ReadEntry => ({ ...base, kind: k, body: { kind: 'none' }, skip: reason });
  if (!/^https?:$/.test(url.protocol)) return skipped(`not an HTTP request (${url.protocol})`, 'other');
  if (!target) return skipped(`not a call to the payment service (${url.host}${url.pathname})`);
  if (method === 'OPTIONS') return skipped("a CORS preflight: the browser's own request, not the merchant's");
  const body = bodyOf(e, headers);
  if ('truncated' in body) return skipped(body.truncated);
  if (kind === 'creation' && production.status >= 200 && production.status < 300) {
    const channel = channelOf(body);
    if (channel !== undefined && /^\d+$/.test(channel) && !(CHANNEL_IDS as readonly number[]).includes(Number(channel)))
      return skipped(`channel ${channel} is not one the sandbox has (production accepted it); the sandbox has ${CHANNEL_IDS.join(', ')}`);
  }
  return { ...base, kind, target, body };
}
