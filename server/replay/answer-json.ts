import { COMPARED_MEMBERS } from '../contract/replays.js';
import { cutJson } from './json-worker.js';

/**
 * An answer's JSON, read once for everything a replay reads of it (drift, the kept error code,
 * outcomes, ids to map): not JSON, or its value and error code. A recorded answer larger than
 * INLINE_BYTES is parsed off the event loop, and of more than COMPARED_MEMBERS members only the first
 * come back (`cut`: how many it holds, and the paths of the objects and arrays kept in part).
 */
export type AnswerJson =
  { json: false } | { json: true; value: unknown; code: string | null; cut?: { members: number; partial: (string | null)[][] } };

/** Recorded answers up to this size are parsed in place (a few milliseconds at most). */
const INLINE_BYTES = 64 * 1024;

/** `error.code` of a JSON error answer. */
export function errorCodeIn(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const error = (v as { error?: unknown }).error;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : null;
}

const looksJson = (t: string) => t.startsWith('{') || t.startsWith('[');

/** An answer's JSON, parsed in place: for the sandbox's own answers, and recorded ones of up to INLINE_BYTES. */
export function answerJsonNow(text: string | null): AnswerJson {
  const t = text?.trim() ?? '';
  if (!looksJson(t)) return { json: false };
  try {
    const value = JSON.parse(t) as unknown;
    return { json: true, value, code: errorCodeIn(value) };
  } catch {
    return { json: false };
  }
}

/** A recorded answer's JSON; a large one is parsed by the worker and cut to COMPARED_MEMBERS members. */
export async function answerJson(text: string | null): Promise<AnswerJson> {
  const t = text?.trim() ?? '';
  if (t.length <= INLINE_BYTES || !looksJson(t)) return answerJsonNow(t);
  const r = await cutJson(t, COMPARED_MEMBERS);
  if (!r.json) return r;
  return { json: true, value: r.value, code: r.code, ...(r.partial.length ? { cut: { members: r.members, partial: r.partial } } : {}) };
}

/** The JSON value of an answer read so (undefined when it is not JSON). */
export const jsonValue = (a: AnswerJson): unknown => (a.json ? a.value : undefined);
