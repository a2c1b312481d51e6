import { randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * The header a replay's own calls carry, so the HTTP edge knows them: it logs them within the
 * replay's share of the request log, and creates their payout items with callbacks held back unless
 * the operator asked for them. A per-process secret makes it unforgeable by a merchant's client.
 */
export const REPLAY_HEADER = 'x-sandbox-replay';
const SECRET = randomBytes(16).toString('hex');

/** What a replayed call carries: the replay, and whether payout callbacks go to recorded addresses. */
export interface ReplayMark {
  id: number;
  sendPayoutCallbacks: boolean;
}

export const replayHeaderValue = (m: ReplayMark) => `${m.id};${m.sendPayoutCallbacks ? 'send' : 'hold'};${SECRET}`;

/** The replay a request belongs to, when it carries this process's mark; null for any other request. */
export function readReplayMark(value: string | string[] | undefined): ReplayMark | null {
  if (typeof value !== 'string') return null;
  const [id, callbacks, secret] = value.split(';');
  if (!secret || secret.length !== SECRET.length || !timingSafeEqual(Buffer.from(secret), Buffer.from(SECRET))) return null;
  if (!/^\d+$/.test(id ?? '')) return null;
  return { id: Number(id), sendPayoutCallbacks: callbacks === 'send' };
}
