import { STORED_BODY_BYTES, type ReplayAnswer } from '../contract/replays.js';
import { maskSecrets } from '../contract/secret-masking.js';
import { errorCodeOf } from './drift.js';
import type { AnswerJson } from './answer-json.js';
import type { SentEntry } from './send.js';

/*
 * What a kept report stores of bodies: secrets masked as the request log masks them (a replayed login
 * answers a live token), and at most STORED_BODY_BYTES of each, so an archive's size does not become
 * the report's. Drift is read from the whole bodies before they are kept.
 */

/** The first `bytes` bytes of a text, whole characters only. */
export function clip(text: string, bytes = STORED_BODY_BYTES): { text: string; clipped: boolean } {
  if (text.length <= bytes / 4 || Buffer.byteLength(text) <= bytes) return { text, clipped: false };
  // Cut on a character boundary: back off over UTF-8 continuation bytes (10xxxxxx). The first
  // `bytes + 1` characters hold at least the bytes kept and the one after them.
  const all = Buffer.from(text.slice(0, bytes + 1));
  let end = bytes;
  while (end > 0 && (all[end]! & 0xc0) === 0x80) end--;
  return { text: all.subarray(0, end).toString('utf8'), clipped: true };
}

/** The secrets of a body masked, then the body clipped (masking reads only what can be kept, and a secret cut there is masked too). */
function maskedClip(body: string): { text: string; clipped: boolean } {
  const read = clip(body, 4 * STORED_BODY_BYTES);
  const kept = clip(maskSecrets(read.text));
  return { text: kept.text, clipped: read.clipped || kept.clipped };
}

/** An answer as a report keeps it: its error code, its body masked and clipped. */
export function keptAnswer(a: { status: number; body: string | null; truncated?: boolean; json?: AnswerJson }): ReplayAnswer {
  const code = a.json ? (a.json.json ? a.json.code : null) : errorCodeOf(a.body);
  if (a.body === null) return { status: a.status, body: null, code, ...(a.truncated ? { truncated: true } : {}) };
  const kept = maskedClip(a.body);
  return {
    status: a.status,
    body: kept.text,
    code,
    ...(a.truncated ? { truncated: true } : {}),
    ...(kept.clipped ? { clipped: true } : {}),
  };
}

/** A path with its query's secrets (signature, token…) masked. */
export const keptPath = (path: string) => maskSecrets(path);

/** What was sent, as kept for the scenario recorder: answers clipped and masked, a login's credentials left out. */
export function keptSent({ notes: _notes, ...s }: SentEntry) {
  return {
    ...s,
    path: keptPath(s.path),
    fields: s.kind === 'payout_login' ? null : s.fields,
    body: s.body === null ? null : clip(s.body, 64 * 1024).text,
    // A batch's answer names the items the scenario refers to; it is bounded by the batch size.
    response_body: clip(maskSecrets(s.response_body), s.kind === 'payout_batch' ? 1024 * 1024 : undefined).text,
  };
}
