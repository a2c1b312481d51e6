import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createSandboxClock } from './clock/clock.js';
import { carriedTimers } from './clock/carried-timers.js';
import { createScheduler } from './clock/scheduler.js';
import type { SandboxConfig, SandboxContext } from './context.js';
import { DeliveryWorker, type DeliveryOptions } from './delivery/worker.js';
import { seedDemoMerchant } from './domain/merchants.js';
import { seedFromFile } from './domain/seed.js';
import { timerHandlers } from './domain/timers.js';
import { createEventBus } from './events.js';
import { createMerchantActivity } from './merchant-activity.js';
import { createApp } from './http/app.js';
import { defaultConsoleDir } from './paths.js';
import { createStore } from './store/index.js';
import { texts } from './texts.js';
import { readVersion } from './version.js';
import { markWindowStart } from './domain/golive/window.js';

export interface SandboxOptions extends Partial<SandboxConfig> {
  /** JSON seed file of merchants, imported before the server starts. */
  seed?: string;
  /** Wall clock (tests); the sandbox clock adds its offset to it. */
  realNow?: () => number;
  /** Notification delivery knobs (tests, benchmark): timeout, concurrency. */
  delivery?: DeliveryOptions;
  /** HTTP server time limits in ms (tests shorten them); defaults: headers 10 s, request 30 s, keep-alive 5 s. */
  httpTimeouts?: { headersMs?: number; requestMs?: number; keepAliveMs?: number };
}

/** Raised when the port is taken; carries the one-line message for the CLI. */
export class PortInUseError extends Error {
  constructor(host: string, port: number) {
    super(texts.portInUse(host, port));
  }
}

const defaults = (): SandboxConfig => ({
  data: './.sandbox-data',
  host: '127.0.0.1',
  port: 4010,
  bodyLimitBytes: 1024 * 1024,
  controlToken: null,
  extraOrigins: [],
  consoleDir: defaultConsoleDir(),
  requestLogMaxRows: 20000,
  requestLogMaxBytes: 64 * 1024 * 1024,
  trustProxy: false,
  log: (msg) => process.stderr.write(msg + '\n'),
});

/**
 * The one factory of the sandbox, used by the CLI, the Electron main and every test.
 * Nothing listens until `start()`; `stop()` closes HTTP, finishes in-flight work and closes SQLite.
 */
export function createSandbox(options: SandboxOptions = {}) {
  const config: SandboxConfig = { ...defaults(), ...stripUndefined(options) };
  const store = createStore({
    data: config.data,
    requestLogMaxRows: config.requestLogMaxRows,
    requestLogMaxBytes: config.requestLogMaxBytes,
  });
  const clock = createSandboxClock(store.settings, options.realNow);
  // Timers fire only once started, by which time `ctx` below exists.
  const scheduler = createScheduler(
    store,
    clock,
    config.log,
    timerHandlers(() => ctx),
    carriedTimers(store),
  );
  const events = createEventBus();
  const resetHooks: (() => void)[] = [];
  const stopHooks: (() => void | Promise<void>)[] = [];
  const closingHooks: (() => void)[] = [];
  let baseUrl = '';
  let listenAddress: { address: string; port: number } | null = null;

  const base: Omit<SandboxContext, 'delivery'> = {
    config,
    store,
    clock,
    scheduler,
    events,
    merchantActivity: createMerchantActivity(clock.realNow),
    version: readVersion(),
    baseUrl: () => baseUrl,
    listenAddress: () => listenAddress,
    onReset: (fn) => void resetHooks.push(fn),
    onStop: (fn) => void stopHooks.push(fn),
    onClosing: (fn) => void closingHooks.push(fn),
  };

  // The worker is built from everything but itself, then joins the same object as `ctx.delivery`.
  const delivery = new DeliveryWorker(base, options.delivery);
  const ctx: SandboxContext = Object.assign(base, { delivery });

  try {
    store.tx(() => seedDemoMerchant(store, clock.now()));
    markWindowStart(store, clock.now(), true);
    if (options.seed) seedFromFile(store, options.seed, clock.now());
  } catch (err) {
    store.close();
    throw err;
  }

  function reset(): void {
    scheduler.interrupt();
    store.requests.flush();
    store.wipe();
    clock.reload();
    clock.reset();
    store.tx(() => seedDemoMerchant(store, clock.now()));
    markWindowStart(store, clock.now());
    for (const fn of resetHooks) fn();
    scheduler.rearm();
    events.emit('sandbox.reset', {});
  }

  const http = createApp(ctx, reset);
  let server: Server | null = null;
  const sockets = new Set<Socket>();

  return {
    ctx,
    config,
    /** `http://HOST:PORT` once started. */
    get url() {
      return baseUrl;
    },
    reset,
    async start(): Promise<string> {
      // A slow client cannot hold the server: bounded header and request times, checked every second
      // (Node's default check runs every 30 s, which would let a slow client stay far past the limit).
      const t = options.httpTimeouts ?? {};
      const srv = createServer({ connectionsCheckingInterval: 1000 }, http.listener);
      srv.headersTimeout = t.headersMs ?? 10_000;
      srv.requestTimeout = t.requestMs ?? 30_000;
      srv.keepAliveTimeout = t.keepAliveMs ?? 5_000;
      srv.on('connection', (s) => {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
      });
      await new Promise<void>((resolve, reject) => {
        srv.once('error', (err: NodeJS.ErrnoException) => {
          reject(err.code === 'EADDRINUSE' ? new PortInUseError(config.host, config.port) : err);
        });
        srv.listen(config.port, config.host, () => resolve());
      });
      server = srv;
      const addr = srv.address() as AddressInfo;
      const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
      baseUrl = `http://${host}:${addr.port}`;
      listenAddress = { address: addr.address, port: addr.port };
      scheduler.start();
      delivery.start();
      return baseUrl;
    },
    async stop(): Promise<void> {
      scheduler.stop();
      if (server) {
        const srv = server;
        server = null;
        const closed = new Promise<void>((resolve) => srv.close(() => resolve()));
        for (const fn of closingHooks) fn();
        srv.closeIdleConnections();
        // In-flight requests get a moment to finish; then remaining sockets are cut.
        const timer = setTimeout(() => {
          for (const s of sockets) s.destroy();
        }, 3000);
        await closed;
        clearTimeout(timer);
      }
      for (const fn of stopHooks) await fn();
      store.close();
    },
  };
}
export type Sandbox = ReturnType<typeof createSandbox>;

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
