import type { ReplaySent } from '../contract/replays.js';
import type { SandboxContext } from '../context.js';
import { creationSignature, notifySignature, querySignature } from '../domain/signature.js';
import type { MerchantRecord } from '../store/merchants.js';
import { rewriteBody, rewriteQuery, type OutgoingBody, type Rewrite } from './body-fields.js';
import type { ReadEntry } from './har-entries.js';
import { SENT_BY, SENT_BY_HEADER } from '../delivery/sent-by.js';

/** What the sandbox was sent for one entry and what it answered (kept for the scenario recorder). */
export type SentEntry = ReplaySent;

// Loaded with the first replay, as the delivery worker does (server/delivery/send.ts): in the npm
// package's split bundle the dynamic import of this CommonJS module yields its exports under `default`.
let undiciModule: Promise<typeof import('undici')> | null = null;
const undici = () =>
  (undiciModule ??= import('undici').then((m) => (typeof m.Pool === 'function' ? m : (m as unknown as { default: typeof m }).default)));

/** A multipart body as bytes with its boundary, so one connection pool sends every kind of body. */
async function multipartBytes(form: FormData): Promise<{ bytes: Buffer; contentType: string }> {
  const r = new Response(form);
  return { bytes: Buffer.from(await r.arrayBuffer()), contentType: r.headers.get('content-type') ?? 'multipart/form-data' };
}

const jsonOf = (text: string | null): unknown => {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};
const field = (v: unknown, key: string): unknown =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>)[key] : undefined;

/**
 * Sends a merchant's recorded calls to this sandbox's own merchant API, one at a time, as that
 * merchant: creations, queries and notifies re-signed with its secret; payout calls with its login
 * and token. Production's ids, tokens and cursors seen in earlier answers are mapped to the
 * sandbox's, so a later call that names them names the replayed ones.
 */
export function createEntrySender(ctx: SandboxContext, merchant: MerchantRecord, replayId: number) {
  // One keep-alive connection: entries go one after another, and fetch's per-request cost was most of a replay's time.
  const pool = undici().then((u) => new u.Pool(ctx.baseUrl(), { connections: 1, pipelining: 1 }));
  const tokens = new Map<string, string>();
  const payoutIds = new Map<string, string>();
  const cursors = new Map<string, string>();

  const signCreation: Rewrite = (f) => {
    const ch: Record<string, string> = {};
    if (f.public_key) ch.public_key = merchant.public_key;
    if (f.signature) ch.signature = creationSignature({ ...f, ...ch }, merchant.secret_key);
    return ch;
  };
  const signNotify: Rewrite = (f) => {
    const ch: Record<string, string> = {};
    if (f.public_key) ch.public_key = merchant.public_key;
    if (f.signature)
      ch.signature = notifySignature({ public_key: ch.public_key ?? f.public_key ?? '', trans_id: f.trans_id ?? '' }, merchant.secret_key);
    return ch;
  };
  const signQuery: Rewrite = (f) => {
    const ch: Record<string, string> = {};
    if (f.public_key) ch.public_key = merchant.public_key;
    if (f.mid_id) ch.mid_id = String(merchant.id);
    const v = { ...f, ...ch };
    if (f.signature)
      ch.signature = querySignature(
        { public_key: v.public_key ?? '', time: v.time ?? '', mid_id: v.mid_id ?? '', trans_id: v.trans_id ?? '' },
        merchant.secret_key,
      );
    return ch;
  };
  const login: Rewrite = (f) => {
    const ch: Record<string, string> = {};
    if (f.username && merchant.payout_username) ch.username = merchant.payout_username;
    if (f.password && merchant.payout_password) ch.password = merchant.payout_password;
    return ch;
  };
  const rewrites: Partial<Record<ReadEntry['kind'], Rewrite>> = {
    creation: signCreation,
    manual_notify: signNotify,
    payout_login: login,
  };

  /** `<scheme> <token>` with production's token replaced: a login token by the replayed login's, any other by the static one. */
  function authorization(recorded: string | undefined, productionStatus: number): { header?: string; used: SentEntry['authorization'] } {
    // Chrome's default HAR export leaves Authorization out; production accepting the call shows there was one.
    if (!recorded?.trim())
      return productionStatus >= 200 && productionStatus < 300
        ? { header: `Bearer ${merchant.payout_token}`, used: 'valid' }
        : { used: 'missing' };
    const [scheme, token] = recorded.trim().split(/\s+/, 2);
    if (!token) return { header: recorded, used: 'wrong' };
    return { header: `${scheme} ${tokens.get(token) ?? merchant.payout_token}`, used: 'valid' };
  }

  function targetOf(e: ReadEntry): string {
    let target = e.target!;
    if (e.kind === 'payout_get') {
      const id = target.slice(target.lastIndexOf('/') + 1);
      target = `/api/transactions/${payoutIds.get(id) ?? id}`;
    }
    const recorded = e.path.includes('?') ? e.path.slice(e.path.indexOf('?') + 1) : '';
    if (!recorded) return target;
    const query =
      e.kind === 'operation_query'
        ? rewriteQuery(recorded, signQuery)
        : rewriteQuery(recorded, (f): Record<string, string> =>
            f.cursor && cursors.has(f.cursor) ? { cursor: cursors.get(f.cursor)! } : {},
          );
    return `${target}?${query}`;
  }

  /** Learns the production → sandbox mapping of the values this answer issues. */
  function learn(e: ReadEntry, status: number, body: string): void {
    if (status < 200 || status >= 300 || e.production.status < 200 || e.production.status >= 300) return;
    const p = jsonOf(e.production.body);
    const s = jsonOf(body);
    if (e.kind === 'payout_login') {
      const [pt, st] = [field(p, 'token'), field(s, 'token')];
      if (typeof pt === 'string' && typeof st === 'string') tokens.set(pt, st);
    } else if (e.kind === 'payout_batch' || e.kind === 'payout_list') {
      const [pi, si] = [field(p, e.kind === 'payout_batch' ? 'data' : 'items'), field(s, e.kind === 'payout_batch' ? 'data' : 'items')];
      if (Array.isArray(pi) && Array.isArray(si))
        pi.forEach(
          (x, i) =>
            field(x, 'id') !== undefined &&
            field(si[i], 'id') !== undefined &&
            payoutIds.set(String(field(x, 'id')), String(field(si[i], 'id'))),
        );
      const [pc, sc] = [field(p, 'next_cursor'), field(s, 'next_cursor')];
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
    const id = field(jsonOf(body), 'operation_id');
    return typeof id === 'number' ? id : null;
  }

  /** Sends one entry; answers what was sent and the sandbox's answer. */
  async function send(e: ReadEntry): Promise<SentEntry> {
    const seen: { fields: Record<string, string> | null } = { fields: null };
    const rewrite = rewrites[e.kind];
    const capture: Rewrite | null = rewrite
      ? (f) => {
          const ch = rewrite(f);
          seen.fields = { ...f, ...ch };
          return ch;
        }
      : null;
    const out: OutgoingBody = e.method === 'GET' || e.method === 'HEAD' ? null : await rewriteBody(e.body, capture);
    const path = targetOf(e);
    const headers: Record<string, string> = {
      'user-agent': `PasarelaSandbox-Replay/${ctx.version}`,
      'x-sandbox-replay': String(replayId),
      [SENT_BY_HEADER]: SENT_BY,
    };
    const auth =
      e.kind.startsWith('payout_') && e.kind !== 'payout_login' ? authorization(e.headers.get('authorization'), e.production.status) : null;
    if (auth?.header) headers.authorization = auth.header;
    const bytes = out && 'form' in out ? await multipartBytes(out.form) : out;
    if (bytes?.contentType) headers['content-type'] = bytes.contentType;
    const res = await (await pool).request({ method: e.method as 'GET', path, headers, body: bytes?.bytes });
    const text = await res.body.text();
    const status = res.statusCode;
    learn(e, status, text);
    const bodyText = out && 'bytes' in out ? out.bytes.toString() : null;
    return {
      index: e.index,
      kind: e.kind,
      method: e.method,
      path,
      content_type: out ? ('form' in out ? 'multipart/form-data' : out.contentType) : null,
      fields: seen.fields,
      body: seen.fields ? null : bodyText,
      authorization: auth?.used ?? 'valid',
      status,
      response_body: text,
      operation_id: operationOf(e, status, text),
    };
  }
  /** Closes the connection once the replay is done. */
  const close = async () => (await pool).close();
  return { send, close };
}
