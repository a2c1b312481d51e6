import type { EntryNote, ReplaySent } from '../contract/replays.js';
import { ownField } from '../contract/common.js';
import type { SandboxContext } from '../context.js';
import { loadUndici } from '../undici.js';
import { expiredLoginToken } from '../domain/payouts/auth.js';
import { notifySignature, querySignature } from '../domain/signature.js';
import { signatureAsSpelled } from '../domain/protocol/legacy-checks.js';
import type { MerchantRecord } from '../store/merchants.js';
import { rewriteBody, rewriteQuery, type OutgoingBody, type Rewrite } from './body-fields.js';
import { answerJsonNow, jsonValue } from './answer-json.js';
import type { ReadEntry } from './har-entries.js';
import { REPLAY_HEADER, replayHeaderValue } from './replay-marker.js';
import { SENT_BY, SENT_BY_HEADER } from '../delivery/sent-by.js';

/** What the sandbox was sent for one entry and what it answered (kept for the scenario recorder). */
export type SentEntry = ReplaySent & { notes: EntryNote[] };

/** Refusals for a credential: reproduced with the credential spoiled the same way, never repaired. */
const CREDENTIAL_REFUSALS = new Set(['INVALID_SIGNATURE', 'INVALID_MERCHANT', 'UNAUTHORIZED', 'INVALID_CREDENTIALS', 'TOKEN_EXPIRED']);

/** A multipart body as bytes with its boundary, so one connection pool sends every kind of body. */
async function multipartBytes(form: FormData): Promise<{ bytes: Buffer; contentType: string }> {
  const r = new Response(form);
  return { bytes: Buffer.from(await r.arrayBuffer()), contentType: r.headers.get('content-type') ?? 'multipart/form-data' };
}

const jsonOf = (text: string): unknown => jsonValue(answerJsonNow(text));

/** A value that is not `right`: production's own (wrong here too), changed if it happens to be right. */
const spoiled = (recorded: string, right: string) => (recorded.toLowerCase() === right.toLowerCase() ? `0${right.slice(1)}` : recorded);

/**
 * Sends a merchant's recorded calls to this sandbox's own merchant API, one at a time, as that
 * merchant: creations, queries and notifies re-signed with its secret; payout calls with its login
 * and token. A call production refused for its credentials is sent with them spoiled the same way.
 * Production's ids, tokens and cursors seen in earlier answers are mapped to the sandbox's, so a
 * later call that names them names the replayed ones.
 */
export function createEntrySender(ctx: SandboxContext, merchant: MerchantRecord, mark: { id: number; sendPayoutCallbacks: boolean }) {
  // One keep-alive connection: entries go one after another, and fetch's per-request cost was most of a replay's time.
  const pool = loadUndici().then((u) => new u.Pool(ctx.baseUrl(), { connections: 1, pipelining: 1 }));
  const tokens = new Map<string, string>();
  const payoutIds = new Map<string, string>();
  const cursors = new Map<string, string>();
  const has = (f: Record<string, string>, k: string) => f[k] !== undefined && f[k] !== '';

  /** Re-signs (or, for a refusal, spoils) the public key and signature of a signed call. */
  const signed =
    (sign: (v: Record<string, string>) => string, refusal: string | null): Rewrite =>
    (f) => {
      const ch = new Map<string, string>();
      if (refusal === 'INVALID_MERCHANT') {
        if (has(f, 'public_key') && ctx.store.merchants.byPublicKey(f.public_key!)) ch.set('public_key', `${f.public_key}_unknown`);
        return ch;
      }
      if (has(f, 'public_key')) ch.set('public_key', merchant.public_key);
      if (f.mid_id !== undefined && refusal === null) ch.set('mid_id', String(merchant.id));
      const v = { ...f, ...Object.fromEntries(ch) };
      if (f.signature !== undefined) {
        const right = sign(v);
        ch.set('signature', refusal === 'INVALID_SIGNATURE' ? spoiled(f.signature, right) : right);
      }
      return ch;
    };
  const creation = (refusal: string | null) => signed((v) => signatureAsSpelled(v, merchant.secret_key), refusal);
  const notify = (refusal: string | null) =>
    signed((v) => notifySignature({ public_key: v.public_key ?? '', trans_id: v.trans_id ?? '' }, merchant.secret_key), refusal);
  const query = (refusal: string | null) =>
    signed(
      (v) =>
        querySignature(
          { public_key: v.public_key ?? '', time: v.time ?? '', mid_id: v.mid_id ?? '', trans_id: v.trans_id ?? '' },
          merchant.secret_key,
        ),
      refusal,
    );
  const login =
    (refusal: string | null): Rewrite =>
    (f) => {
      const ch = new Map<string, string>();
      if (has(f, 'username') && merchant.payout_username) ch.set('username', merchant.payout_username);
      if (has(f, 'password') && merchant.payout_password)
        ch.set('password', refusal === 'INVALID_CREDENTIALS' ? `${merchant.payout_password}_wrong` : merchant.payout_password);
      return ch;
    };

  /** `<scheme> <token>` with production's token replaced: a login token by the replayed login's, any other by the static one. */
  function authorization(recorded: string | undefined, productionStatus: number, refusal: string | null) {
    const used = (header: string | undefined, kind: SentEntry['authorization']) => ({ header, used: kind });
    const [scheme = 'Bearer', token] = (recorded ?? '').trim().split(/\s+/, 2);
    if (refusal === 'TOKEN_EXPIRED') return used(`${scheme} ${expiredLoginToken(ctx.store, ctx.clock.now(), merchant)}`, 'expired');
    if (refusal === 'UNAUTHORIZED') return recorded?.trim() ? used(recorded, 'wrong') : used(undefined, 'missing');
    // Chrome's default HAR export leaves Authorization out; production accepting the call shows there was one.
    if (!recorded?.trim())
      return productionStatus >= 200 && productionStatus < 300
        ? used(`Bearer ${merchant.payout_token}`, 'valid')
        : used(undefined, 'missing');
    if (!token) return used(recorded, 'wrong');
    return used(`${scheme} ${tokens.get(token) ?? merchant.payout_token}`, 'valid');
  }

  function targetOf(e: ReadEntry, refusal: string | null): { path: string; fields: Record<string, string> | null } {
    let target = e.target!;
    if (e.kind === 'payout_get') {
      const id = target.slice(target.lastIndexOf('/') + 1);
      target = `/api/transactions/${payoutIds.get(id) ?? id}`;
    }
    const recorded = e.path.includes('?') ? e.path.slice(e.path.indexOf('?') + 1) : '';
    if (!recorded) return { path: target, fields: null };
    if (e.kind === 'operation_query') {
      const q = rewriteQuery(recorded, query(refusal));
      return { path: `${target}?${q.query}`, fields: q.fields };
    }
    const q = rewriteQuery(recorded, (f) => {
      const c = f.cursor !== undefined ? cursors.get(f.cursor) : undefined;
      return new Map(c !== undefined ? [['cursor', c]] : []);
    });
    return { path: `${target}?${q.query}`, fields: null };
  }

  /** Learns the production → sandbox mapping of the values this answer issues. */
  function learn(e: ReadEntry, status: number, body: string): void {
    if (status < 200 || status >= 300 || e.production.status < 200 || e.production.status >= 300) return;
    const p = jsonValue(e.production.json);
    const s = jsonOf(body);
    if (e.kind === 'payout_login') {
      const [pt, st] = [ownField(p, 'token'), ownField(s, 'token')];
      if (typeof pt === 'string' && typeof st === 'string') tokens.set(pt, st);
    } else if (e.kind === 'payout_batch' || e.kind === 'payout_list') {
      const key = e.kind === 'payout_batch' ? 'data' : 'items';
      const [pi, si] = [ownField(p, key), ownField(s, key)];
      if (Array.isArray(pi) && Array.isArray(si))
        pi.forEach((x, i) => {
          const [from, to] = [ownField(x, 'id'), ownField(si[i], 'id')];
          if (from !== undefined && to !== undefined) payoutIds.set(String(from), String(to));
        });
      const [pc, sc] = [ownField(p, 'next_cursor'), ownField(s, 'next_cursor')];
      if (typeof pc === 'string' && typeof sc === 'string') cursors.set(pc, sc);
    }
  }

  /** The operation a creation or a notify made, from the sandbox's answer. */
  function operationOf(e: ReadEntry, status: number, body: string): number | null {
    if (status !== 200) return null;
    if (e.kind === 'creation') {
      const token = /[?&]tokenID=([^&\s]+)/.exec(body)?.[1];
      if (token) return ctx.store.operations.byToken(decodeURIComponent(token))?.id ?? null;
    }
    const id = ownField(jsonOf(body), 'operation_id');
    return typeof id === 'number' ? id : null;
  }

  /** Sends one entry; answers what was sent and the sandbox's answer. */
  async function send(e: ReadEntry): Promise<SentEntry> {
    const code = e.production.status >= 400 && e.production.json.json ? e.production.json.code : null;
    const refusal = code !== null && CREDENTIAL_REFUSALS.has(code) ? code : null;
    const rewrite: Partial<Record<ReadEntry['kind'], Rewrite>> = {
      creation: creation(refusal),
      manual_notify: notify(refusal),
      payout_login: login(refusal),
    };
    const body =
      e.method === 'GET' || e.method === 'HEAD' ? { out: null, fields: null } : await rewriteBody(e.body, rewrite[e.kind] ?? null);
    const out: OutgoingBody = body.out;
    const target = targetOf(e, refusal);
    const headers: Record<string, string> = {
      'user-agent': `PasarelaSandbox-Replay/${ctx.version}`,
      [REPLAY_HEADER]: replayHeaderValue(mark),
      [SENT_BY_HEADER]: SENT_BY,
    };
    const auth =
      e.kind.startsWith('payout_') && e.kind !== 'payout_login'
        ? authorization(e.headers.get('authorization'), e.production.status, refusal)
        : null;
    if (auth?.header) headers.authorization = auth.header;
    const bytes = out && 'form' in out ? await multipartBytes(out.form) : out;
    if (bytes?.contentType) headers['content-type'] = bytes.contentType;
    const res = await (await pool).request({ method: e.method as 'GET', path: target.path, headers, body: bytes?.bytes });
    const text = await res.body.text();
    const status = res.statusCode;
    learn(e, status, text);
    const fields = e.kind === 'operation_query' ? target.fields : rewrite[e.kind] ? body.fields : null;
    const notes: EntryNote[] = [...e.notes];
    if (refusal) notes.push({ code: 'refusal_reproduced', params: { code: refusal } });
    return {
      index: e.index,
      kind: e.kind,
      method: e.method,
      path: target.path,
      content_type: out ? ('form' in out ? 'multipart/form-data' : out.contentType) : null,
      fields: fields && { ...fields },
      body: fields ? null : out && 'bytes' in out ? out.bytes.toString('utf8') : null,
      authorization: auth?.used ?? 'valid',
      refusal,
      status,
      response_body: text,
      operation_id: operationOf(e, status, text),
      notes,
    };
  }
  /** Closes the connection once the replay is done. */
  const close = async () => (await pool).close();
  /** The sandbox's payout id for one production showed, when a replayed answer mapped it. */
  const payoutIdOf = (productionId: unknown) => {
    const id = payoutIds.get(String(productionId));
    return id === undefined ? null : Number(id);
  };
  return { send, close, payoutIdOf };
}
