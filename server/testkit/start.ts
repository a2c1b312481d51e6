import type { CreateMerchant } from '../contract/merchants.js';
import { createSandbox, type SandboxOptions } from '../sandbox.js';
import { controlClient, type ControlClient } from '../contract/client.js';
import { DEMO_KEYS, merchantClient, type MerchantClient, type MerchantKeys } from './merchant.js';
import { runGoLiveCheck, type CheckOptions } from './check.js';
import { spawnSandbox } from './spawn.js';
import type { CheckReport } from '../contract/checks.js';

export interface StartOptions {
  /** Run the sandbox CLI as a child process instead of inside the test process. */
  spawn?: boolean;
  /** Data directory; default `:memory:` (nothing on disk). A directory you give is yours to remove. */
  data?: string;
  /** Merchants created at start (keys not given are generated) and again after every `reset()`. */
  merchants?: CreateMerchant[];
  /** Address to bind; default 127.0.0.1. The port is always a free one. */
  host?: string;
  /** Server log lines (default: dropped). */
  log?: (line: string) => void;
  /** Spawned: how long to wait for the ready line (default 30 s); working directory of the child. */
  readyTimeoutMs?: number;
  cwd?: string;
  /** In-process only: more factory options (delivery timeouts, HTTP limits…). */
  sandbox?: Omit<SandboxOptions, 'data' | 'host' | 'port' | 'log'>;
}

export interface TestSandbox {
  /** `http://HOST:PORT`: the merchant API, the checkout pages and the control API. */
  url: string;
  /** Typed client of every control route. */
  control: ControlClient;
  /** The demo merchant, signing like a real client. */
  merchant: MerchantClient;
  /** The merchants of `options.merchants`, in order, with their keys. */
  merchants: MerchantClient[];
  /** A merchant client for other keys (e.g. one made with `control.createMerchant`). */
  merchantFor(keys: MerchantKeys): MerchantClient;
  /** The child's pid when spawned. */
  pid: number | undefined;
  /**
   * The go-live check against your handler (`successUrl` and the others are set on the merchant
   * first); the same options as `pasarela-sandbox check`.
   */
  runCheck(options: CheckOptions): Promise<CheckReport>;
  /** Back to a fresh sandbox (demo merchant and `options.merchants` only, clock at real time). */
  reset(): Promise<void>;
  /** Stops the sandbox; safe to call more than once. */
  stop(): Promise<void>;
}

const running = new Set<TestSandbox>();

/** Stops every sandbox this process started and has not stopped (a global teardown's safety net). */
export async function stopAllSandboxes(): Promise<void> {
  await Promise.all([...running].map((s) => s.stop()));
}

async function launch(options: StartOptions): Promise<{ url: string; pid: number | undefined; stop: () => Promise<void> }> {
  const data = options.data ?? ':memory:';
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  if (options.spawn) {
    const child = await spawnSandbox(['--port', '0', '--host', host, '--data', data], {
      cwd: options.cwd,
      readyTimeoutMs: options.readyTimeoutMs,
      onLine: log,
    });
    return { url: child.url, pid: child.pid, stop: () => child.stop() };
  }
  const sb = createSandbox({ consoleDir: null, ...options.sandbox, data, host, port: 0, log });
  try {
    const url = await sb.start();
    return { url, pid: undefined, stop: () => sb.stop() };
  } catch (err) {
    await sb.stop();
    throw err;
  }
}

/**
 * Starts a sandbox on a free port (in this process through the same factory as the CLI, or the CLI
 * itself with `{ spawn: true }`), on `:memory:` data unless told otherwise. Stop it in `afterAll`.
 */
export async function startSandbox(options: StartOptions = {}): Promise<TestSandbox> {
  const { url, pid, stop: stopServer } = await launch(options);
  const control = controlClient(url);
  const seeded: MerchantKeys[] = [];
  let stopping: Promise<void> | null = null;

  const stop = () =>
    (stopping ??= (async () => {
      running.delete(sandbox);
      await stopServer();
    })());

  const seed = async () => {
    const specs = options.merchants ?? [];
    for (const [i, spec] of specs.entries()) {
      // After a reset the same keys come back, so merchant clients made earlier keep working.
      const before = seeded[i];
      const keys = before ? { public_key: before.public_key, secret_key: before.secret_key, payout_token: before.payout_token } : {};
      const m = await control.createMerchant({ body: { ...spec, ...keys } });
      seeded[i] = { public_key: m.public_key, secret_key: m.secret_key, payout_token: m.payout_token, mid_id: m.mid_id };
    }
  };

  const sandbox: TestSandbox = {
    url,
    control,
    merchant: merchantClient(url, DEMO_KEYS),
    merchants: [],
    merchantFor: (keys) => merchantClient(url, keys),
    pid,
    runCheck: (o) => runGoLiveCheck(control, o),
    async reset() {
      await control.resetSandbox();
      await seed();
    },
    stop,
  };
  running.add(sandbox);
  try {
    await seed();
  } catch (err) {
    await stop();
    throw err;
  }
  sandbox.merchants = seeded.map((k) => merchantClient(url, k));
  return sandbox;
}
