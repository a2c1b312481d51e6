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

/**
 * The notification delivery worker (delivery/dispatcher.ts) as the rest of the sandbox sees it.
 * Declared here, not imported, so the context depends on no layer above it; the outbox (deep inside
 * the state machine, holding only `ctx`) wakes it through `ctx.delivery`.
 */
export interface DeliveryWorker {
  /** Wakes the worker for a row written (or a retry fired) in the current transaction; runs after it commits. */
  kickAfterCommit(id: number, created?: { operation_id: number | null; payout_id: number | null }): void;
  /** One attempt now, outside the queue (a person is waiting for it); `claim` keeps the worker off the row meanwhile. */
  deliverNow(id: number, claim?: boolean): Promise<void>;
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
  delivery: DeliveryWorker;
  /** `http://HOST:PORT`, known once listening. */
  baseUrl(): string;
  version: string;
  /** Registers work to do when the sandbox is reset (drop in-memory queues, re-arm timers). */
  onReset(fn: () => void): void;
  /** Registers work to do as soon as the server stops accepting (end long-lived streams). */
  onClosing(fn: () => void): void;
  /** Registers work to do on shutdown, after HTTP closed and before SQLite closes (stop workers, flush). */
  onStop(fn: () => void | Promise<void>): void;
}
