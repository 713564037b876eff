/**
 * Issue 31's figures beside an older commit's, measured in the same run: the harness
 * (tools/bench-engine-figures.ts and the bench's own tools/lib files) is bundled twice with
 * esbuild, once with this tree's src/ and once with the older commit's src/ (read with
 * `git archive` into tools/.bundled/, no worktree made), and the two bundles are run as
 * child processes in turn, base first, so both see the same machine and the same load.
 * Each figure is the median of the runs of its side.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { TOOL_BUNDLE } from '../bundle-options.mjs';
import { REPO_ROOT } from './bench-boards';
import { median, sig, type Row } from './bench-stats';
import type { ModuleFigures } from './engine-figures';

/** The commit issue 31 started from: its figures are the ones every change is held against. */
export const ISSUE_31_BASE = '115ec06';

const FIGURES: readonly (keyof ModuleFigures)[] = [
  'gamesPerSecond',
  'enemyTurnWarmMs',
  'enemyTurnColdMs',
  'intentP90Ms',
  'intentMedianMs',
  'meanRounds',
];

/** One figure now and at the base commit, and now / base. */
export interface ComparedFigure {
  now: number;
  base: number;
  nowOverBase: number;
}

export interface CompareResult {
  base: string;
  runsEach: number;
  method: string;
  modules: Record<string, Record<string, ComparedFigure>>;
  error?: string;
}

/**
 * Resolves the harness's imports of this tree's src/ to `srcRoot` instead (the base
 * commit's copy); everything else (the harness, the boards, the maps read) stays this
 * tree's. A file the base does not have is taken from this tree.
 */
function srcFrom(srcRoot: string): Plugin {
  const ownSrc = join(REPO_ROOT, 'src');
  return {
    name: 'src-from',
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, async (args) => {
        if (!args.importer.startsWith(join(REPO_ROOT, 'tools'))) return undefined;
        const wanted = resolve(args.resolveDir, args.path);
        if (!wanted.startsWith(ownSrc + '/')) return undefined;
        const there = await b.resolve(`./${relative(ownSrc, wanted)}`, {
          resolveDir: srcRoot,
          kind: args.kind,
        });
        return there.errors.length > 0 ? undefined : { path: there.path };
      });
    },
  };
}

/** Bundles the tool `entry` (under tools/) to `outfile`, with `srcRoot`'s src/ when given. */
export async function bundleWithSrc(
  entry: string,
  outfile: string,
  srcRoot: string | null,
): Promise<void> {
  await build({
    entryPoints: [join(REPO_ROOT, 'tools', entry)],
    outfile,
    ...TOOL_BUNDLE,
    plugins: srcRoot ? [srcFrom(srcRoot)] : [],
  });
}

/** The base commit's src/, read out of git into `dir` (replaced if there); an error or null. */
export function extractSrc(commit: string, dir: string): string | null {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const archive = spawnSync('git', ['-C', REPO_ROOT, 'archive', '--format=tar', commit, 'src'], {
    maxBuffer: 512 * 1024 * 1024,
  });
  if (archive.status !== 0) return `git archive ${commit} failed: ${archive.stderr}`;
  const untar = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
  if (untar.status !== 0) return `tar failed: ${untar.stderr}`;
  return null;
}

function runChild(file: string, quick: boolean): Record<string, ModuleFigures> {
  const run = spawnSync(process.execPath, [file, ...(quick ? ['--quick'] : [])], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`${file} failed: ${run.stderr.slice(-2000)}`);
  const last = run.stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(last) as Record<string, ModuleFigures>;
}

/**
 * Every module's engine figures now and at `base`, `runs` runs each, alternating (base,
 * now, base, now...). `log` tells which run is going.
 */
export async function compareWithBase(
  options: { base?: string; runs?: number; quick: boolean },
  log: (message: string) => void = () => {},
): Promise<CompareResult> {
  const base = options.base ?? ISSUE_31_BASE;
  const runs = options.runs ?? (options.quick ? 1 : 2);
  const dir = join(REPO_ROOT, 'tools', '.bundled', `base-${base}`);
  const result: CompareResult = {
    base,
    runsEach: runs,
    method: `the same harness bundled with this tree's src/ and with ${base}'s (git archive), run in turn as child processes, base first; median of ${runs} run(s) a side; timed in each child's CPU time (user + system), as the machine is shared`,
    modules: {},
  };
  const failed = extractSrc(base, dir);
  if (failed) return { ...result, error: failed };
  const nowFile = join(REPO_ROOT, 'tools', '.bundled', 'engine-figures-now.mjs');
  const baseFile = join(dir, '..', `engine-figures-${base}.mjs`);
  await bundleWithSrc('bench-engine-figures.ts', nowFile, null);
  await bundleWithSrc('bench-engine-figures.ts', baseFile, join(dir, 'src'));
  const taken: Record<'now' | 'base', Record<string, ModuleFigures>[]> = { now: [], base: [] };
  for (let r = 0; r < runs; r++) {
    for (const side of ['base', 'now'] as const) {
      log(`engine figures: ${side === 'base' ? base : 'this tree'}, run ${r + 1} of ${runs}...`);
      taken[side].push(runChild(side === 'base' ? baseFile : nowFile, options.quick));
    }
  }
  for (const module of Object.keys(taken.now[0])) {
    const figures: Record<string, ComparedFigure> = {};
    for (const name of FIGURES) {
      const of = (side: 'now' | 'base'): number =>
        median(taken[side].map((f) => Number(f[module]?.[name] ?? NaN)));
      const now = of('now');
      const was = of('base');
      figures[name] = { now, base: was, nowOverBase: now / was };
    }
    result.modules[module] = figures;
  }
  if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  return result;
}

/** The bench's table rows of a comparison: each figure now, with the base's beside it. */
export function compareRows(c: CompareResult): Row[] {
  if (c.error)
    return [
      {
        section: `Engine against ${c.base}`,
        name: 'not measured',
        value: NaN,
        unit: '',
        note: c.error,
      },
    ];
  const rows: Row[] = [];
  const labels: Record<string, [string, string, 'higher' | 'lower']> = {
    gamesPerSecond: ['whole games per second (autopilot, one core)', 'games/s', 'higher'],
    enemyTurnWarmMs: ['a whole enemy turn, 64x64, 15 alerted, warm', 'ms', 'lower'],
    enemyTurnColdMs: ['a whole enemy turn, 64x64, 15 alerted, fresh map', 'ms', 'lower'],
    intentP90Ms: ['intent overlay, real games, 90th percentile', 'ms', 'lower'],
  };
  for (const [module, figures] of Object.entries(c.modules)) {
    for (const [name, [label, unit, better]] of Object.entries(labels)) {
      const f = figures[name];
      rows.push({
        section: `Engine (issue 31): this tree beside ${c.base}, measured in the same run`,
        name: `${module}: ${label}`,
        value: f.now,
        unit,
        note: `${c.base}: ${sig(f.base)} ${unit}; now/base ${sig(f.nowOverBase, 3)}x; ${c.runsEach} run(s) a side`,
        key: `compare.${module}.${name}`,
        better,
      });
    }
  }
  return rows;
}

/**
 * The bench's compare section: the figures by module, each as { now, base, nowOverBase }
 * (the JSON's `compare.modules`), and the table's rows.
 */
export async function compareEngineSection(
  options: { quick: boolean; base?: string },
  log: (message: string) => void,
): Promise<{ report: CompareResult; rows: Row[] }> {
  const report = await compareWithBase(options, log).catch((e: unknown): CompareResult => ({
    base: options.base ?? ISSUE_31_BASE,
    runsEach: 0,
    method: '',
    modules: {},
    error: e instanceof Error ? e.message : String(e),
  }));
  return { report, rows: compareRows(report) };
}
