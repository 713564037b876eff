/**
 * The committed benchmark dungeons (test/fixtures/bench/dungeon-{32,64,128}.txt), read from
 * disk as boards, for the benchmark, the soak and the golden-game tests. The generator that
 * wrote them once stays in tools/lib/bench-boards.ts.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import '../engine/rulesets';
import { makeBoard } from '../engine/ascii-board';
import type { BattleMap } from '../engine/map';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const BENCH_FIXTURES = join(REPO_ROOT, 'test/fixtures/bench');

/** Reads the raw text of a committed fixture in test/fixtures/bench/. */
export function readBenchFixture(file: string): string {
  return readFileSync(join(BENCH_FIXTURES, file), 'utf8');
}

/** The committed benchmark dungeons: 32x32, 64x64 and 128x128. */
export const BENCH_SIZES = [32, 64, 128] as const;
export type BenchSize = (typeof BENCH_SIZES)[number];

export function benchBoardFile(size: number): string {
  return `dungeon-${size}.txt`;
}

/** Loads a committed benchmark dungeon as a BattleMap (units and lairs included). */
export function loadBenchBoard(size: number): BattleMap {
  const text = readBenchFixture(benchBoardFile(size));
  // Lines starting with ';' are comments (the generator's header).
  const ascii = text
    .split('\n')
    .filter((l) => !l.startsWith(';'))
    .join('\n');
  return makeBoard(ascii, {
    id: `bench-${size}`,
    name: `Bench dungeon ${size}x${size}`,
    heroFacing: 0,
    enemyFacing: 4,
    properties: { victory: 'arch-foe', ruleModule: 'dungeon-crawl' },
  });
}
