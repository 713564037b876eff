/**
 * Memory figures, measured in a child process started with `node --expose-gc` so the heap
 * holds nothing else: heap used (process.memoryUsage().heapUsed) after two full gc() calls,
 * before and after creating N = 100 copies that stay referenced, divided by N.
 * - one battle state: a Dungeon Crawl state mid-game, deep-copied with its map
 *   (structuredClone), and as the engine copies it per command (cloneState: map shared);
 *   the same for the 64x64 benchmark board with 30 units;
 * - a 200-round command log: the commands of consecutive autopilot Dungeon Crawl games
 *   (seeds 1, 2, ...) up to the end of round 200 in total.
 */
import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from './bench-boards';
import {
  applyCommand,
  chooseHeroCommand,
  cloneState,
  createGame,
  type BattleMap,
  type Command,
  type GameState,
} from '../../src/engine/index';

export interface MemoryFigure {
  name: string;
  /** Bytes of heap per copy. */
  bytes: number;
  /** JSON text size in bytes, for comparison. */
  jsonBytes: number;
  detail: string;
}

export interface MemoryResult {
  method: string;
  copies: number;
  figures: MemoryFigure[];
  error?: string;
}

const COPIES = 100;

function heapPerCopy(make: () => unknown): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  const keep: unknown[] = new Array(COPIES);
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < COPIES; i++) keep[i] = make();
  gc();
  gc();
  const after = process.memoryUsage().heapUsed;
  if (keep.length !== COPIES) throw new Error('unreachable');
  return (after - before) / COPIES;
}

function midGame(map: BattleMap, seed: number, commands: number): GameState {
  const created = createGame({ scenarioId: 'bench', map, seed });
  if (!created.ok) throw new Error(created.error);
  let state = created.state;
  for (let i = 0; i < commands && state.phase !== 'over'; i++) {
    const c = chooseHeroCommand(state);
    if (!c) break;
    const r = applyCommand(state, c);
    if (!r.ok) throw new Error(r.error);
    state = r.state;
  }
  return state;
}

/** Commands of consecutive autopilot games until 200 rounds have been played in total. */
export function commandLog(map: BattleMap, rounds: number): { commands: Command[]; games: number } {
  const commands: Command[] = [];
  let total = 0;
  let games = 0;
  for (let seed = 1; total < rounds; seed++) {
    games++;
    const created = createGame({ scenarioId: 'bench', map, seed });
    if (!created.ok) throw new Error(created.error);
    let state = created.state;
    while (state.phase !== 'over') {
      const c = chooseHeroCommand(state)!;
      const r = applyCommand(state, c);
      if (!r.ok) throw new Error(r.error);
      state = r.state;
      if (total + state.round > rounds) return { commands, games };
      commands.push(c);
    }
    total += state.round;
  }
  return { commands, games };
}

/** Runs inside the --expose-gc child: prints the figures as JSON. */
export function memoryChild(dungeonCrawl: BattleMap, bench64: BattleMap): MemoryResult {
  const figures: MemoryFigure[] = [];
  const dc = midGame(dungeonCrawl, 7, 20);
  const big = midGame(bench64, 7, 20);
  const { map: _dcMap, ...dcNoMap } = dc;
  void _dcMap;
  figures.push({
    name: 'Dungeon Crawl state, with its map',
    bytes: heapPerCopy(() => structuredClone(dc)),
    jsonBytes: JSON.stringify(dc).length,
    detail: `8x10 board, ${dc.units.length} units, round ${dc.round}; structuredClone`,
  });
  figures.push({
    name: 'Dungeon Crawl state, map shared',
    bytes: heapPerCopy(() => cloneState(dc)),
    jsonBytes: JSON.stringify(dcNoMap).length,
    detail: 'cloneState, as applyCommand copies it each command',
  });
  const { map: _bigMap, ...bigNoMap } = big;
  void _bigMap;
  figures.push({
    name: '64x64 state (30 units), with its map',
    bytes: heapPerCopy(() => structuredClone(big)),
    jsonBytes: JSON.stringify(big).length,
    detail: `${big.units.length} units, round ${big.round}; structuredClone`,
  });
  figures.push({
    name: '64x64 state (30 units), map shared',
    bytes: heapPerCopy(() => cloneState(big)),
    jsonBytes: JSON.stringify(bigNoMap).length,
    detail: 'cloneState',
  });
  const log = commandLog(dungeonCrawl, 200);
  figures.push({
    name: '200-round command log',
    bytes: heapPerCopy(() => structuredClone(log.commands)),
    jsonBytes: JSON.stringify(log.commands).length,
    detail: `${log.commands.length} commands from ${log.games} consecutive Dungeon Crawl autopilot games`,
  });
  return {
    method: `node --expose-gc child process; heapUsed after gc() x2, before and after making ${COPIES} copies kept alive, divided by ${COPIES}`,
    copies: COPIES,
    figures,
  };
}

/** Starts the child (`tools/bench.ts --memory-child`) and reads its JSON. */
export function measureMemory(benchScript: string): MemoryResult {
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', benchScript, '--memory-child'],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
      timeout: 120_000,
    },
  );
  const line = child.stdout.split('\n').find((l) => l.startsWith('{'));
  if (child.status !== 0 || !line) {
    return {
      method: 'node --expose-gc child process',
      copies: COPIES,
      figures: [],
      error: `memory child failed (exit ${child.status}): ${(child.stderr || child.stdout).trim().split('\n').slice(-3).join(' ')}`,
    };
  }
  return JSON.parse(line) as MemoryResult;
}
