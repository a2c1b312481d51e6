import { Worker } from 'node:worker_threads';

/**
 * The store's threads (the request log's writer, the WAL checkpointer) each run a module of their
 * own, found beside this one in each form the server runs in: a `.ts` source (through tsx: tests and
 * the tsx CLIs), `.js` from tsc (the desktop app), an `.mjs` bundle (`npm run serve`, the package),
 * whose builds make each module an entry of its own (THREAD_ENTRIES, server/build.mjs).
 */

/** Words a thread whose module cannot load sets to 1 and then notifies, so its starter never waits for it. */
export interface LoadFailure {
  shared: SharedArrayBuffer;
  set: readonly number[];
  notify: readonly number[];
}

/** Loads the module; when it cannot, says so through the failure words and exits with 1. */
const BOOT_SOURCE = `
const { workerData } = require('node:worker_threads');
const { module, tsx, failure } = workerData.boot;
const load = tsx ? import(tsx).then((t) => t.tsImport(module, module)) : import(module);
load.catch(() => {
  const words = new Int32Array(failure.shared);
  for (const i of failure.set) Atomics.store(words, i, 1);
  for (const i of failure.notify) Atomics.notify(words, i);
  process.exit(1);
});
`;

function threadModule(name: string): { module: string; tsx?: string } {
  const here = import.meta.url;
  const ext = /\.(ts|mjs|js)$/.exec(here)?.[1] ?? 'js';
  const module = new URL(`./${name}.${ext}`, here).href;
  return ext === 'ts' ? { module, tsx: import.meta.resolve('tsx/esm/api') } : { module };
}

/**
 * Starts the thread module `name` with `data` as its workerData. The thread never keeps a finished
 * process alive (tests, CLI exit): its starter ends it. Throws when no thread can be started.
 */
export function startThread(name: string, data: object, failure: LoadFailure): Worker {
  const worker = new Worker(BOOT_SOURCE, { eval: true, workerData: { ...data, boot: { ...threadModule(name), failure } } });
  worker.unref();
  return worker;
}
