import type { Agent, buildConnector } from 'undici';
import type { DeliveryAnswer } from '../context.js';
import { isSelfTarget, resolveHost, SELF_TARGET, SelfTargetError, type ListenAddress } from './self-target.js';
import { SENT_BY, SENT_BY_HEADER } from './sent-by.js';
import { isInternal, isLinkLocal, LINK_LOCAL, PRIVATE_TARGET, TargetRefusedError } from './target-rules.js';

/** What one HTTP attempt produced (declared with the delivery port in context.ts). */
export type SendResult = DeliveryAnswer;

export interface SendInput {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Default POST; a GET carries no body. */
  method?: 'GET' | 'POST';
  controller: AbortController;
}

/** Characters of the merchant's answer kept on the attempt. */
export const RESPONSE_EXCERPT_CHARS = 2000;
/** Bytes read from an answer before the connection is cut instead of drained. */
const MAX_DRAIN_BYTES = 256 * 1024;

// undici is loaded with the first delivery, not at start: initialising it is a visible share of a cold start (bench/startup.ts).
let undiciModule: Promise<typeof import('undici')> | null = null;
// In the npm package's split bundle, the dynamic import of this CommonJS module yields its exports
// under `default` only ("Agent is not a constructor"): take them from there. test/package checks a
// delivery from the installed package.
const undici = () =>
  (undiciModule ??= import('undici').then((m) => (typeof m.Agent === 'function' ? m : (m as unknown as { default: typeof m }).default)));

/** A keep-alive connection pool for one sandbox's deliveries, created on first use. */
export interface DeliveryAgent {
  get(): Promise<Agent>;
  destroy(): Promise<void>;
}

/**
 * Connects to the address it checked: the host is resolved once, refused with SELF_TARGET when any of
 * its addresses is where this sandbox listens (so no delivery reaches its own console or control API,
 * whatever the URL's spelling), with LINK_LOCAL when one is link-local, and (`internalRefused`) with
 * PRIVATE_TARGET when one is loopback or private; the socket goes to that same address (no second
 * lookup a rebinding name could answer differently). TLS still names the URL's host.
 */
function selfGuarded(
  connect: buildConnector.connector,
  listening: () => readonly ListenAddress[],
  internalRefused: boolean,
): buildConnector.connector {
  return (opts, callback) => {
    const port = Number(opts.port) || (opts.protocol === 'https:' ? 443 : 80);
    resolveHost(opts.hostname).then(
      (addresses) => {
        const self = addresses.find((a) => isSelfTarget(a.address, port, listening()));
        if (self) return callback(new SelfTargetError(opts.hostname, self.address, port), null);
        const linkLocal = addresses.find((a) => isLinkLocal(a.address));
        if (linkLocal) return callback(new TargetRefusedError(LINK_LOCAL, opts.hostname, linkLocal.address), null);
        const internal = internalRefused ? addresses.find((a) => isInternal(a.address)) : undefined;
        if (internal) return callback(new TargetRefusedError(PRIVATE_TARGET, opts.hostname, internal.address), null);
        if (!addresses[0]) return callback(Object.assign(new Error(`no address for ${opts.hostname}`), { code: 'ENOTFOUND' }), null);
        connect({ ...opts, hostname: addresses[0].address }, callback);
      },
      (err: Error) => callback(err, null),
    );
  };
}

/**
 * `listening`: where this sandbox's server listens (read at each new connection). `internalRefused`:
 * this pool sends nothing to loopback or private addresses (payout callbacks on a shared sandbox).
 */
export function createDeliveryAgent(
  timeoutMs: number,
  connections: number,
  listening: () => readonly ListenAddress[],
  internalRefused = false,
): DeliveryAgent {
  let agent: Promise<Agent> | null = null;
  return {
    get: () =>
      (agent ??= undici().then(
        (u) =>
          new u.Agent({
            connections,
            pipelining: 1,
            keepAliveTimeout: 4_000,
            connect: selfGuarded(u.buildConnector({ timeout: timeoutMs }), listening, internalRefused),
            headersTimeout: timeoutMs,
            bodyTimeout: timeoutMs,
          }),
      )),
    destroy: async () => {
      if (agent) await (await agent).destroy();
    },
  };
}

/** Human text of a transport failure: timeout, refused connection, DNS, reset. */
function describeError(err: unknown, timeoutMs: number): string {
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e?.code ?? e?.cause?.code;
  switch (code) {
    case SELF_TARGET:
    case LINK_LOCAL:
    case PRIVATE_TARGET:
      return e.message ?? code;
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `timeout: no connection within ${timeoutMs} ms`;
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return `timeout: no answer within ${timeoutMs} ms`;
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'connection closed by the receiver before it answered';
    case 'UND_ERR_INVALID_ARG':
    case 'ERR_INVALID_URL':
      return `invalid URL: ${e.message ?? ''}`.trim();
    default:
      return `${code ? code + ': ' : ''}${e?.message ?? String(err)}`;
  }
}

async function readExcerpt(body: AsyncIterable<Buffer> & { destroy(err?: Error): unknown }): Promise<string> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let total = 0;
  for await (const chunk of body) {
    total += chunk.length;
    // Four bytes per character is the most UTF-8 needs, so this many bytes always cover the excerpt.
    if (keptBytes < RESPONSE_EXCERPT_CHARS * 4) {
      kept.push(chunk);
      keptBytes += chunk.length;
    }
    if (total > MAX_DRAIN_BYTES) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(kept).toString('utf8').slice(0, RESPONSE_EXCERPT_CHARS);
}

/** Why a delivery's controller was aborted: shutdown/reset (outcome unknown) or its own deadline. */
export const STOPPED = 'stopped';

/**
 * One POST (or a probe's GET) to a merchant: never throws. A deadline covers connect, headers and body together, so a
 * receiver that trickles bytes cannot hold a delivery slot longer than `timeoutMs`. The caller owns
 * `controller` and aborts it with reason STOPPED on shutdown; such an attempt answers `aborted`.
 */
export async function sendOnce(agent: DeliveryAgent, input: SendInput, timeoutMs: number, realNow: () => number): Promise<SendResult> {
  const started = realNow();
  const { controller } = input;
  const timer = setTimeout(() => controller.abort('deadline'), timeoutMs);
  const done = (r: Omit<SendResult, 'latency_ms' | 'aborted'>): SendResult => ({
    ...r,
    aborted: controller.signal.reason === STOPPED,
    latency_ms: Math.round((realNow() - started) * 100) / 100,
  });
  const failure = (err: unknown, status: number | null) =>
    done({
      delivered: false,
      response_status: status,
      response_body: null,
      error: controller.signal.aborted
        ? controller.signal.reason === STOPPED
          ? 'aborted by shutdown'
          : `timeout: no complete answer within ${timeoutMs} ms`
        : describeError(err, timeoutMs),
    });
  try {
    const [{ request }, dispatcher] = await Promise.all([undici(), agent.get()]);
    const res = await request(input.url, {
      dispatcher,
      method: input.method ?? 'POST',
      // Marked as the sandbox's own: relayed back by a proxy, it never drives the control API.
      headers: { ...input.headers, [SENT_BY_HEADER]: SENT_BY },
      body: input.method === 'GET' ? null : input.body,
      signal: controller.signal,
    });
    let excerpt: string;
    try {
      const length = Number(res.headers['content-length']);
      // The usual short answer is read in one go; only unknown or large bodies are streamed and capped.
      excerpt = length <= MAX_DRAIN_BYTES ? (await res.body.text()).slice(0, RESPONSE_EXCERPT_CHARS) : await readExcerpt(res.body);
    } catch (err) {
      return failure(err, res.statusCode);
    }
    const delivered = res.statusCode === 200 || res.statusCode === 203;
    return done({
      delivered,
      response_status: res.statusCode,
      response_body: excerpt,
      error: delivered ? null : `HTTP ${res.statusCode}: only 200 or 203 count as delivered`,
    });
  } catch (err) {
    return failure(err, null);
  } finally {
    clearTimeout(timer);
  }
}
