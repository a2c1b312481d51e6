import { isUtf8 } from 'node:buffer';
import type { EntryNote, HarEntry, ReplayKind, ReplaySkip, SkipCode } from '../contract/replays.js';
import { isLegacyChannel } from '../contract/protocol.js';
import { CHANNEL_IDS, creationAddress } from '../contract/common.js';
import { classifyCall } from '../contract/calls.js';
import { isServiceCall } from '../contract/call-kinds.js';
import { mediaType } from '../body/fields.js';
import { readFormBody } from '../body/read-body.js';

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
  /** When the exporter says the request started (ms), when it does. */
  startedAt: number | null;
  /** The sandbox path it is sent to (never the recorded one: only the service's own paths are ever sent). */
  target?: string;
  query: URLSearchParams;
  headers: Map<string, string>;
  body: RecordedBody;
  skip?: ReplaySkip;
  /** How the body's bytes were recovered, when not as plain UTF-8 text. */
  notes: EntryNote[];
  production: { status: number; body: string | null; truncated?: boolean };
}

/** Why an entry is skipped, in English for API readers and the Markdown report (the console words the code). */
export function skipText(skip: ReplaySkip): string {
  const p = skip.params;
  const texts: Record<SkipCode, string> = {
    not_absolute_url: `not an absolute URL: ${p.url}`,
    not_http: `not an HTTP request (${p.protocol})`,
    not_service: `not a call to the payment service (${p.where})`,
    checkout_page: "the service's own checkout page (the shopper's browser loads it; the merchant's code does not call it)",
    preflight: "a CORS preflight: the browser's own request, not the merchant's",
    never_completed:
      p.status === 0
        ? 'production never answered it (status 0: the connection failed or was cut)'
        : 'the browser never completed it (status -1: blocked, cancelled or still pending when exported)',
    truncated_body: `the request body is truncated in the HAR (${p.kept} of ${p.size} bytes)`,
    invalid_base64: 'the request body is marked base64 but is not valid base64, so its bytes are unknown',
    unknown_channel: `channel ${p.channel} is not one the sandbox has (production accepted it); the sandbox has ${p.channels}`,
    reset: 'the sandbox was reset during the replay',
    no_answer: `the sandbox did not answer: ${p.message}`,
  };
  return texts[skip.code];
}

/**
 * Which of the service's calls a recorded request is, and the sandbox path it goes to (the path its
 * route describes, with a payout id kept); the service's prefixes are read by `classifyCall`.
 */
export function classifyPath(method: string, rawPath: string): { kind: ReplayKind | 'checkout_page'; target?: string } {
  // A browser's preflight is named for the call it precedes, so the report says what was skipped.
  const call =
    method.toUpperCase() === 'OPTIONS' ? (classifyCall('POST', rawPath) ?? classifyCall('GET', rawPath)) : classifyCall(method, rawPath);
  if (call?.kind === 'checkout_page') return { kind: 'checkout_page' };
  // The service serves its checkout pages under its prefix too; the classifier keeps them to the sandbox's own path.
  if (!call && classifyCall(method, rawPath.replace(/^\/justpay(\.cert)?(?=\/)/i, ''))?.kind === 'checkout_page')
    return { kind: 'checkout_page' };
  if (!call || !isServiceCall(call.kind)) return { kind: 'other' };
  if (call.creationPath) return { kind: 'creation', target: creationAddress(call.creationPath) };
  const route = call.route?.path ?? call.path;
  const id = call.path.split('/').filter(Boolean).pop() ?? '';
  return { kind: call.kind, target: route.replace(':id', id) };
}

const BASE64 = /^[A-Za-z0-9+/\-_]*={0,2}$/;
/** Charsets whose text is one byte per character (what Node calls latin1). */
const ONE_BYTE = new Set(['iso-8859-1', 'latin1', 'l1', 'iso_8859-1', 'windows-1252', 'cp1252', 'us-ascii', 'ascii']);

/**
 * A text that is evidently UTF-8 bytes shown one character per byte ("JosÃ© PeÃ±a"): every character
 * fits a byte, some are past ASCII, and those bytes are valid UTF-8 (a real Latin-1 "José" is not).
 */
export function latin1ViewOfUtf8(text: string): Buffer | null {
  let high = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0xff) return null;
    if (c >= 0x80) high = true;
  }
  if (!high) return null;
  const bytes = Buffer.from(text, 'latin1');
  return isUtf8(bytes) ? bytes : null;
}

/** The bytes of a recorded text body: in the charset its request named, the original bytes of a Latin-1 view, else UTF-8. */
function bytesOf(text: string, contentType: string, notes: EntryNote[]): Buffer {
  const { charset } = mediaType(contentType);
  if (charset !== null && ONE_BYTE.has(charset)) {
    notes.push({ code: 'charset', params: { charset } });
    return Buffer.from(text, 'latin1');
  }
  const view = charset === null || charset === 'utf-8' || charset === 'utf8' ? latin1ViewOfUtf8(text) : null;
  if (view) {
    notes.push({ code: 'latin1_view', params: { chars: text.length, bytes: view.length } });
    return view;
  }
  return Buffer.from(text, 'utf8');
}

const header = (headers: Map<string, string>, name: string) => headers.get(name) ?? '';

/** The recorded body: `postData.text` (decoded when marked base64), else its `params`. */
function bodyOf(e: HarEntry, headers: Map<string, string>, notes: EntryNote[]): RecordedBody | ReplaySkip {
  const post = e.request.postData;
  if (!post) return { kind: 'none' };
  const contentType = header(headers, 'content-type') || post.mimeType || '';
  if (post.text !== undefined) {
    const base64 = (post.encoding ?? (post as { _encoding?: unknown })._encoding) === 'base64';
    const compact = base64 ? post.text.replace(/\s+/g, '') : '';
    if (base64 && (!BASE64.test(compact) || compact.length % 4 === 1)) return { code: 'invalid_base64', params: {} };
    const bytes = base64 ? Buffer.from(compact, 'base64') : bytesOf(post.text, contentType, notes);
    const size = e.request.bodySize;
    // bodySize is what went on the wire; a shorter text was cut by the exporter and would be judged as sent.
    if (typeof size === 'number' && size > bytes.length && !/gzip|deflate|br/i.test(header(headers, 'content-encoding')))
      return { code: 'truncated_body', params: { kept: bytes.length, size } };
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

/** A creation's channel from its recorded body, read by the merchant API's own body reader. */
async function channelOf(body: RecordedBody): Promise<string | undefined> {
  if (body.kind === 'params') return body.params.find((p) => p.name === 'channel')?.value;
  if (body.kind !== 'bytes') return undefined;
  try {
    const read = await readFormBody(body.bytes, body.contentType, { nested: () => true });
    return read.fields.channel;
  } catch {
    return undefined;
  }
}

const startedAtOf = (e: HarEntry): number | null => {
  const t = e.startedDateTime ? Date.parse(e.startedDateTime) : NaN;
  return Number.isFinite(t) ? t : null;
};

/** Reads one HAR entry: its kind, target, body and production's answer, or why it is not replayed. */
export async function readEntry(e: HarEntry, index: number): Promise<ReadEntry> {
  const method = e.request.method.toUpperCase();
  const headers = new Map((e.request.headers ?? []).map((h) => [h.name.toLowerCase(), h.value ?? '']));
  const production = productionOf(e);
  const base0 = { index, method, headers, production, startedAt: startedAtOf(e), notes: [] as EntryNote[] };
  let url: URL;
  try {
    url = new URL(e.request.url);
  } catch {
    const skip: ReplaySkip = { code: 'not_absolute_url', params: { url: e.request.url.slice(0, 200) } };
    return { ...base0, path: e.request.url.slice(0, 2000), kind: 'other', query: new URLSearchParams(), body: { kind: 'none' }, skip };
  }
  const path = url.pathname + url.search;
  const base = { ...base0, path, query: url.searchParams };
  const classified = classifyPath(method, url.pathname);
  const kind: ReplayKind = classified.kind === 'checkout_page' ? 'other' : classified.kind;
  const skipped = (code: SkipCode, params: ReplaySkip['params'] = {}, k: ReplayKind = kind): ReadEntry => ({
    ...base,
    kind: k,
    body: { kind: 'none' },
    skip: { code, params },
  });
  if (!/^https?:$/.test(url.protocol)) return skipped('not_http', { protocol: url.protocol }, 'other');
  if (classified.kind === 'checkout_page') return skipped('checkout_page');
  if (!classified.target) return skipped('not_service', { where: `${url.host}${url.pathname}`.slice(0, 300) });
  if (method === 'OPTIONS') return skipped('preflight');
  if (production.status <= 0) return skipped('never_completed', { status: production.status });
  const body = bodyOf(e, headers, base.notes);
  if ('code' in body) return skipped(body.code, body.params);
  if (kind === 'creation' && production.status >= 200 && production.status < 300) {
    const channel = await channelOf(body);
    // The legacy channels 0–4 of the older request formats are served too (to merchants on the legacy protocol).
    const served = (n: number) => (CHANNEL_IDS as readonly number[]).includes(n) || isLegacyChannel(n);
    if (channel !== undefined && /^\d+$/.test(channel) && !served(Number(channel)))
      return skipped('unknown_channel', { channel, channels: CHANNEL_IDS.join(', ') });
  }
  return { ...base, kind, target: classified.target, body };
}
