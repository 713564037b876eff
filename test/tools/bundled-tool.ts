/**
 * The command-line tools' tests run each tool as its own process (exit code, stdout and
 * stderr are the contract), but through tsx every run costs 1-2 s of start-up. So a test
 * file bundles a tool once with esbuild (as tools/run-bundled.mjs does for the benchmark)
 * (tools/run-bundled.mjs --bundle-only) and spawns plain node on that bundle: the same code, started in a fraction of the time.
 *
 * The bundle goes to tools/.bundled/ (two levels below the repository, like the tool, so its
 * paths relative to `import.meta.url` still hold), named after this vitest run and process;
 * test/global-setup.ts removes the run's bundles when the run ends.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The prefix of this vitest run's bundles in tools/.bundled/ (see test/global-setup.ts). */
export function bundlePrefix(run = process.env.ARCHFOE_TEST_RUN ?? 'solo'): string {
  return `test-${run}-`;
}

/**
 * The node arguments that run `tool` with `args`: the tool bundled once for this process, or,
 * when `args` load a rule module from a TypeScript file (`--module`), the tool through tsx
 * (that file imports the engine's modules, which must be the tool's own, not a bundle's copy).
 */
export function toolArgs(tool: string, args: readonly string[]): string[] {
  if (args.some((a) => a === '--module' || a.startsWith('--module=')))
    return ['--import', 'tsx', tool, ...args];
  const name = basename(tool).replace(/\.ts$/, '');
  const outfile = join(ROOT, 'tools', '.bundled', `${bundlePrefix()}${process.pid}-${name}.mjs`);
  if (!existsSync(outfile)) {
    execFileSync(process.execPath, ['tools/run-bundled.mjs', '--bundle-only', outfile, tool], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return ['--enable-source-maps', outfile, ...args];
}
