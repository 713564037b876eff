/**
 * Behaviour check for speed work (issue 31): `node tools/run-bundled.mjs
 * tools/engine-fingerprints.ts [--base COMMIT] [--games N]` plays the same seeded autopilot
 * games of every rule module's scenarios (and the 64x64 bench board under each module)
 * with this tree's engine and with COMMIT's (default 115ec06, issue 31's start; its src/
 * read with git archive), and fails unless every game's fingerprint (a hash of its
 * commands and final state) is the same. `--print` only prints this tree's fingerprints.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { allScenarios, type BattleMap } from '../src/engine/index';
import { playAutoGame } from '../src/engine/simulate';
import { loadBenchBoard, REPO_ROOT } from './lib/bench-boards';
import { bundleWithSrc, extractSrc, ISSUE_31_BASE } from './lib/bench-compare';
import { loadBundledMap } from './lib/maps';

function fingerprints(games: number): string[] {
  const out: string[] = [];
  const big = loadBenchBoard(64);
  for (const scenario of allScenarios()) {
    const map: BattleMap = scenario.map ?? loadBundledMap(scenario.mapId);
    const boards: [BattleMap, number][] = [
      [map, games],
      [big, 1],
    ];
    for (const [board, count] of boards) {
      for (let seed = 1; seed <= count; seed++) {
        const config = {
          scenarioId: scenario.id,
          map: board,
          seed,
          options: scenario.defaults,
          ruleModule: scenario.ruleModule,
        };
        const game = playAutoGame(config);
        const hash = createHash('sha1')
          .update(JSON.stringify(game.commands))
          .update(JSON.stringify(game.state))
          .digest('hex')
          .slice(0, 12);
        out.push(
          `${scenario.id} on ${board.id}, seed ${seed}: ${game.commands.length} commands, ${hash}`,
        );
      }
    }
  }
  return out;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const games = Number(value('--games') ?? 12);
  if (argv.includes('--print')) {
    console.log(fingerprints(games).join('\n'));
    return;
  }
  const base = value('--base') ?? ISSUE_31_BASE;
  const dir = join(REPO_ROOT, 'tools', '.bundled', `fingerprints-src-${base}`);
  const failed = extractSrc(base, dir);
  if (failed) throw new Error(failed);
  // Two levels below the repository, as the tools' own paths expect (run-bundled.mjs).
  const files = {
    now: join(REPO_ROOT, 'tools', '.bundled', 'fingerprints-now.mjs'),
    base: join(REPO_ROOT, 'tools', '.bundled', `fingerprints-${base}.mjs`),
  };
  await bundleWithSrc('engine-fingerprints.ts', files.now, null);
  await bundleWithSrc('engine-fingerprints.ts', files.base, join(dir, 'src'));
  const run = (file: string): string[] => {
    const r = spawnSync(process.execPath, [file, '--print', '--games', String(games)], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (r.status !== 0) throw new Error(r.stderr);
    return r.stdout.trim().split('\n');
  };
  const now = run(files.now);
  const was = run(files.base);
  rmSync(dir, { recursive: true, force: true });
  const differ = now.filter((line, i) => line !== was[i]);
  for (const line of now) console.log(line);
  if (differ.length > 0 || now.length !== was.length) {
    console.error(`${differ.length} of ${now.length} games play differently from ${base}:`);
    for (const [i, line] of now.entries())
      if (line !== was[i]) console.error(`  now: ${line}\n  ${base}: ${was[i]}`);
    process.exit(1);
  }
  console.log(`All ${now.length} games play exactly as at ${base}.`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
