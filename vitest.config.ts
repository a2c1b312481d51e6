import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Browser and spawned-process tests share 2 cores; keep parallelism modest.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
