/**
 * Vitest's global set-up: names this run, so the browser tests' harness builds the game once
 * per `vitest run` (the first test file to ask builds it; the others wait and copy it; see
 * buildGame in test/browser/harness.ts), and removes that build, and the tools the command-line
 * tests bundled (test/tools/bundled-tool.ts), when the run ends.
 *
 * When browser test files are in the run, it also launches one headless Chromium as a browser
 * server for the pages of several sizes that launchBrowser() opens (test/browser/harness.ts),
 * and closes it when the run ends. Each file's own page is in its worker's Chromium instead,
 * driven through its pipe: through this server every call is relayed by vitest's main process
 * (bench/test-time.md).
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM, CHROMIUM_ARGS } from '../src/devtools/chromium';
import { bundlePrefix } from './tools/bundled-tool';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's address (test/browser/harness.ts connects to it), or ''. */
    chromiumEndpoint: string;
  }
}

const BUNDLED = resolve(dirname(fileURLToPath(import.meta.url)), '../tools/.bundled');

/** The flags every browser test's Chromium runs with. */
export const TEST_CHROMIUM_ARGS: readonly string[] = [...CHROMIUM_ARGS, '--disable-quic'];

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Vitest calls this once for the root project and once for each project with files in the
  // run: the first call names the run and the others keep that name.
  const ownRun = !process.env.ARCHFOE_TEST_RUN;
  if (ownRun) process.env.ARCHFOE_TEST_RUN = `${process.pid}-${Date.now()}`;
  const run = process.env.ARCHFOE_TEST_RUN!;
  // A missing Chromium is reported by each browser file (requireChromium in the harness).
  const server =
    project.name === 'browser' && existsSync(CHROMIUM)
      ? await chromium.launchServer({
          executablePath: CHROMIUM,
          headless: true,
          args: [...TEST_CHROMIUM_ARGS],
        })
      : undefined;
  project.provide('chromiumEndpoint', server?.wsEndpoint() ?? '');
  return async () => {
    await server?.close();
    if (!ownRun) return;
    for (const suffix of ['', '.lock'])
      rmSync(join(tmpdir(), `archfoe-dist-run-${run}${suffix}`), { recursive: true, force: true });
    let bundled: string[] = [];
    try {
      bundled = readdirSync(BUNDLED);
    } catch {
      // No tool was bundled.
    }
    for (const f of bundled)
      if (f.startsWith(bundlePrefix(run))) rmSync(join(BUNDLED, f), { force: true });
  };
}
