import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['test/browser/**'],
        },
      },
      {
        // One browser test file at a time, beside the unit tests: two Chromiums rendering in
        // software on two cores starved each other, and clicks landed while a screen was
        // still being rebuilt (waits of 20 s ran out in clean-clone runs).
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          fileParallelism: false,
        },
      },
    ],
  },
});
