import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The testkit examples import the package name merchants use; here it is the source.
  resolve: {
    alias: {
      'pasarela-sandbox/testkit': fileURLToPath(new URL('./server/testkit/index.ts', import.meta.url)),
      '@contract': fileURLToPath(new URL('./server/contract', import.meta.url)),
    },
  },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Generous: the suite must pass on a busy 2-core machine (waits for what must happen poll with
    // bounds of tens of seconds; nothing sleeps to prove that something did not happen).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Browser and spawned-process tests share 2 cores; keep parallelism modest.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
