import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['test/setup-rules.ts'],
    globalSetup: ['test/global-setup.ts'],
    // At least two test files at a time, even on a 2-core machine (vitest's default is the
    // cores less one, so one file at a time there): a browser test spends much of its time
    // waiting for Chromium, and the CPU-bound engine and tool tests fill those gaps.
    // ARCHFOE_TEST_WORKERS overrides it.
    maxWorkers: Number(process.env.ARCHFOE_TEST_WORKERS) || Math.max(2, availableParallelism() - 1),
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
