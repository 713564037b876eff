import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    setupFiles: ['test/setup-rules.ts'],
    globalSetup: ['test/global-setup.ts'],
    // At least two unit test files at a time, even on a 2-core machine (vitest's default is
    // the cores less one, so one file at a time there). The browser project below runs after
    // the unit group, not beside it (bench/test-time.md). ARCHFOE_TEST_WORKERS overrides it.
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
        // One browser test file at a time: two Chromiums rendering in software on two cores
        // starved each other, and clicks landed while a screen was still being rebuilt (waits
        // of 20 s ran out in clean-clone runs). Vitest runs such a project after the unit
        // tests, not beside them. Its files share one worker (isolate: false), so playwright,
        // the harness and the rule modules are imported once, not once per file, and one
        // Chromium is launched (test/browser/harness.ts), each file in a fresh context of it.
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          // ARCHFOE_BROWSER_WORKERS=2 runs two browser files at a time (two workers, a Chromium
          // each). On this machine at load 25-32 it took 11-25% off the wall, but the slowest
          // files then ran past their limits (bench/test-time.md): to try on an idle machine.
          fileParallelism: Number(process.env.ARCHFOE_BROWSER_WORKERS) > 1,
          isolate: false,
          maxWorkers: Number(process.env.ARCHFOE_BROWSER_WORKERS) || 1,
          // A project with a worker count of its own needs a group of its own (vitest).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
