import type { SandboxClock } from './clock/clock.js';
import type { Scheduler } from './clock/scheduler.js';
import type { EventBus } from './events.js';
import type { MerchantActivity } from './merchant-activity.js';
import type { Store } from './store/index.js';

/** Options of one sandbox instance. */
export interface SandboxConfig {
  /** `:memory:` or a data directory. */
  data: string;
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Largest accepted request body. */
  bodyLimitBytes: number;
  /** Shared team sandbox: other machines may use the console and control API with this token (null: loopback only). */
  controlToken: string | null;
  /** Extra browser origins allowed on the control API (e.g. the Vite dev server). */
  extraOrigins: string[];
  /** Directory of the built console, served at `/`; null serves none. */
  consoleDir: string | null;
  /** Request-log rows kept. */
  requestLogMaxRows: number;
  /** Request-log bytes kept (paths, headers, excerpts). */
  requestLogMaxBytes: number;
  /**
   * The sandbox sits behind a reverse proxy on this machine: a loopback peer's `Forwarded`,
   * `X-Forwarded-For`, `X-Real-IP` and `X-Forwarded-Proto` name the client and its scheme.
   */
  trustProxy: boolean;
  /** Where operational messages go (stderr by default). */
  log: (msg: string) => void;
}

/** One message to a merchant: what exactly it receives (delivery/wire.ts). */
export interface DeliveryMessage {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** POST (every notification); GET only for the go-live probe that tries a query string, body ignored. */
  method?: 'GET' | 'POST';
}

/** What one HTTP attempt produced (delivery/send.ts); `delivered` only when the merchant answered 200 or 203. */
export interface DeliveryAnswer {
  delivered: boolean;
  response_status: number | null;
  response_body: string | null;
  /** Transport failure or refusal, e.g. `SELF_TARGET: …` for an address of this sandbox (sent nowhere). */
  error: string | null;
  latency_ms: number;
  /** Cut by shutdown or reset: the outcome is unknown. */
  aborted: boolean;
}

/** A notification row just written, as the delivery queue files it (merchant and target host). */
export interface NewDelivery {
  merchant_id: number;
  url: string;
  operation_id: number | null;
  payout_id: number | null;
}

/**
 * The notification delivery worker (delivery/worker.ts) as the rest of the sandbox sees it.
 * Declared here, not imported, so the context depends on no layer above it; the outbox (deep inside
 * the state machine, holding only `ctx`) wakes it through `ctx.delivery`.
 */
export interface Delivery {
  /**
   * Wakes the worker for a row written (or a retry fired) in the current transaction; runs after it
   * commits. `created` is announced as new.
   */
  kickAfterCommit(id: number, created?: NewDelivery): void;
  /** One attempt now, outside the queue (a person is waiting for it); `claim` keeps the worker off the row meanwhile. */
  deliverNow(id: number, claim?: boolean): Promise<void>;
  /**
   * Sends one message to a merchant now and answers what came back; never throws. Every delivery
   * goes this way: an address of this sandbox itself is refused (`SELF_TARGET`), sent nowhere.
   */
  send(message: DeliveryMessage, timeoutMs?: number): Promise<DeliveryAnswer>;
  /** Queue length, attempts in flight and finished attempts not yet written. */
  stats(): { queued: number; in_flight: number; unwritten: number };
}

/** What every route and use case may depend on. Built once per sandbox by `createSandbox`. */
export interface SandboxContext {
  config: SandboxConfig;
  store: Store;
  clock: SandboxClock;
  scheduler: Scheduler;
  events: EventBus;
  /** When the last payment creation arrived: a delivery backlog gives way to merchants at work (merchant-activity.ts). */
  merchantActivity: MerchantActivity;
  delivery: Delivery;
  /** `http://HOST:PORT`, known once listening. */
  baseUrl(): string;
  /** The address and port the server listens on, once listening (deliveries never go there). */
  listenAddress(): { address: string; port: number } | null;
  version: string;
  /** Registers work to do when the sandbox is reset (drop in-memory queues, re-arm timers). */
  onReset(fn: () => void): void;
  /** Registers work to do as soon as the server stops accepting (end long-lived streams). */
  onClosing(fn: () => void): void;
  /** Registers work to do on shutdown, after HTTP closed and before SQLite closes (stop workers, flush). */
  onStop(fn: () => void | Promise<void>): void;
}
