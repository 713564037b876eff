/**
 * Vitest's global set-up: names this run, so the browser tests' harness builds the game once
 * per `vitest run` (the first test file to ask builds it; the others wait and copy it; see
 * buildGame in test/browser/harness.ts), and removes that build when the run ends.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const run = `${process.pid}-${Date.now()}`;
  process.env.ARCHFOE_TEST_RUN = run;
  return () => {
    for (const suffix of ['', '.lock'])
      rmSync(join(tmpdir(), `archfoe-dist-run-${run}${suffix}`), { recursive: true, force: true });
  };
}
