import type { Call } from '../contract/calls.js';
import type { Diagnosis } from '../contract/diagnosis.js';
import type { Migration } from '../contract/migration.js';
import type { NoteDetail } from '../contract/log-notes.js';
import type { WarningDetail } from '../contract/warnings.js';
import type { Response } from 'express';

declare module 'express-serve-static-core' {
  interface Locals {
    /** Set by the request log: the id an error answer names. */
    requestId?: string;
    /** Set by the request log: which call the request is (null: none the sandbox recognises). */
    call?: Call | null;
    /** The public key of the merchant the call names, set by the route that read it (kept on the log entry). */
    logMerchant?: string;
    /** What the answer's body was, for the request log's excerpt (set by `answer`). */
    answerBody?: string | Buffer;
    /** Notes the request log keeps with the entry, joined in order (a fired fault first, then the route's). */
    logNotes?: NoteDetail[];
    /** What the request was accepted with against the service's advice (a creation's warnings). */
    logWarnings?: WarningDetail[];
    /** How a refused creation signature was built, as far as the diagnosis found out. */
    logDiagnosis?: Diagnosis;
    /** What a refused older-dialect creation should become today (kept on the log entry). */
    logMigration?: Migration;
    /** The caller proved who it is (the control guard passed, a payout token matched): its refusals keep a full excerpt. */
    identified?: boolean;
  }
}

/**
 * Every answer the sandbox writes goes through here: the head and body in one `writeHead` + `end`,
 * and the body kept for the request log. Headers already set on `res` (Allow, Cache-Control…) go
 * out with them.
 */
export function answer(
  res: Response,
  status: number,
  contentType: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
): void {
  res.locals.answerBody = body;
  res.writeHead(status, {
    ...headers,
    'Content-Type': contentType.includes('charset') || Buffer.isBuffer(body) ? contentType : `${contentType}; charset=utf-8`,
    'Content-Length': typeof body === 'string' ? Buffer.byteLength(body) : body.length,
  });
  res.end(body);
}

/** A JSON answer, as `res.json` would send it. */
export const answerJson = (res: Response, status: number, value: unknown): void =>
  answer(res, status, 'application/json', JSON.stringify(value) ?? '');

/** Adds a note to the request log's entry of this request (its words are written from it). */
export function logNote(res: Response, note: NoteDetail): void {
  (res.locals.logNotes ??= []).push(note);
}
