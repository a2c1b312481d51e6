import { SandboxError } from '../contract/errors.js';
import { MAX_JSON_DEPTH } from '../contract/json-depth.js';
import { MAX_PIECE_MEMBERS, MAX_REPLAY_ENTRIES } from '../contract/replays.js';
import { splitBody } from './json-worker.js';
import { slices } from './slices.js';

/** A replay body as read: every member but the archive's entries, which stay one JSON text each until replayed. */
export interface ReplayBody {
  /** The body, its `har` without entries (a `har` sent as JSON text parsed), its notifications parsed. */
  body: unknown;
  /** Each entry of `har.log.entries` as JSON text; null when the body has no such list. */
  entries: string[] | null;
  /** `har` was text that does not parse as JSON. */
  harUnparsable: boolean;
}

/** Notifications a replay takes, as many as entries. */
const MAX_NOTIFICATIONS = MAX_REPLAY_ENTRIES;

const tooLarge = (what: string) =>
  new SandboxError(
    'HAR_TOO_LARGE',
    `${what} holds more than ${MAX_PIECE_MEMBERS} JSON members (keys and items); a replay takes at most that many per entry, ` +
      'per notification and for the rest of the body',
  );

/**
 * Reads a replay request's JSON body without holding the event loop: a worker thread parses it and
 * splits it (json-worker.ts); here the pieces are taken one at a time.
 */
export async function readReplayBody(raw: Buffer): Promise<ReplayBody> {
  if (raw.length === 0) return { body: {}, entries: null, harUnparsable: false };
  const split = await splitBody(raw, Math.max(MAX_REPLAY_ENTRIES, MAX_NOTIFICATIONS), MAX_PIECE_MEMBERS);
  if ('invalid' in split) throw new SandboxError('INVALID_JSON', `the JSON body cannot be parsed: ${split.invalid}`);
  if ('deep' in split) throw new SandboxError('INVALID_JSON', `the JSON body nests deeper than ${MAX_JSON_DEPTH} levels`);
  if ('tooMany' in split) {
    const { what, count } = split.tooMany;
    if (what === 'entries')
      throw new SandboxError(
        'HAR_TOO_LARGE',
        `the HAR has ${count} entries; a replay takes at most ${MAX_REPLAY_ENTRIES}: split it (by time or by page) and replay the parts`,
      );
    throw new SandboxError('VALIDATION_ERROR', `invalid body: notifications: at most ${MAX_NOTIFICATIONS} (got ${count})`);
  }
  if ('tooBig' in split) {
    const { what, index } = split.tooBig;
    throw tooLarge(
      what === 'body'
        ? 'the body (besides the entries and the notifications)'
        : `${what === 'entries' ? 'har.log.entries' : what}[${index}]`,
    );
  }
  const body = JSON.parse(split.head) as unknown;
  if (split.notifications !== null && typeof body === 'object' && body !== null) {
    const breathe = slices();
    const list: unknown[] = [];
    for (const text of split.notifications) {
      list.push(JSON.parse(text));
      await breathe();
    }
    (body as { notifications?: unknown }).notifications = list;
  }
  return { body, entries: split.entries, harUnparsable: split.harText === 'unparsable' };
}
