/**
 * Vitest's global set-up: names this run, so the browser tests' harness builds the game once
 * per `vitest run` (the first test file to ask builds it; the others wait and copy it; see
 * buildGame in test/browser/harness.ts), and removes that build, and the tools the command-line
 * tests bundled (test/tools/bundled-tool.ts), when the run ends.
 */
import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundlePrefix } from './tools/bundled-tool';

const BUNDLED = resolve(dirname(fileURLToPath(import.meta.url)), '../tools/.bundled');

export default function setup(): () => void {
  const run = `${process.pid}-${Date.now()}`;
  process.env.ARCHFOE_TEST_RUN = run;
  return () => {
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
