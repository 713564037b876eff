/**
 * Runs a TypeScript tool as one esbuild bundle, the way the game's code ships (Vite
 * bundles with esbuild/rollup), rather than through tsx, whose name-keeping wrappers
 * around every function add measurable time to closure-heavy code. For the benchmark.
 *
 *   node tools/run-bundled.mjs tools/bench.ts [args...]
 *   node tools/run-bundled.mjs --bundle-only OUTFILE tools/map-check.ts
 *
 * (--bundle-only writes the bundle to OUTFILE, which must also be two levels below the
 * repository, and runs nothing: the command-line tools' tests spawn it many times.)
 *
 * The bundle goes to tools/.bundled/ (two levels below the repository, like the tool's
 * own modules, so their paths relative to `import.meta.url` still hold); packages stay
 * external and load from node_modules.
 */
import { spawnSync } from 'node:child_process';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { TOOL_BUNDLE } from './bundle-options.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const only = argv[0] === '--bundle-only' ? resolve(argv[1] ?? '') : undefined;
const [entry, ...args] = only ? argv.slice(2) : argv;
if (!entry) {
  console.error('Usage: node tools/run-bundled.mjs [--bundle-only OUTFILE] <tool.ts> [args...]');
  process.exit(2);
}
const outfile =
  only ?? join(root, 'tools', '.bundled', `${basename(entry).replace(/\.ts$/, '')}.mjs`);
try {
  await build({
    entryPoints: [resolve(entry)],
    outfile,
    ...TOOL_BUNDLE,
    sourcemap: 'linked',
  });
} catch (error) {
  console.error(`Could not bundle ${entry}: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
if (only) process.exit(0);
const run = spawnSync(process.execPath, ['--enable-source-maps', outfile, ...args], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
