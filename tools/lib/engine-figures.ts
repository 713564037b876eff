/**
 * Issue 31's engine figures for each registered rule module, in one process: whole
 * autopilot games per second (the module's first scenario on its own board, seeds 1..N),
 * the whole enemy turn on the 64x64 bench board with 15 alerted enemies, warm and on a
 * freshly loaded map (cold), and the intent overlay's 90th percentile in real games on the
 * same board; all in this process's CPU time. Run by tools/bench-engine-figures.ts, once against this tree's engine and
 * once against an older commit's (tools/lib/bench-compare.ts), through the same harness.
 */
import { allScenarios, type BattleMap } from '../../src/engine/index';
import { loadBenchBoard } from './bench-boards';
import {
  alertedEnemyTurn,
  benchClock,
  cpuClock,
  gamesPerSecond,
  intentOverlay,
  skirmishAlertedRound,
  type EnemyTurnResult,
} from './bench-engine';
import { loadBundledMap } from './maps';

/** One module's figures (null where the module has no such situation). */
export interface ModuleFigures {
  scenario: string;
  gamesPerSecond: number;
  meanRounds: number;
  /** The whole enemy side's turn: Dungeon Crawl, the last hero's end of turn; Skirmish, a
   * round of alternating activations (its enemy side acts one figure at a time). */
  enemyTurnWarmMs: number;
  enemyTurnColdMs: number;
  intentP90Ms: number;
  intentMedianMs: number;
}

export interface EngineFiguresOptions {
  quick: boolean;
  /** Whole games only (the other figures NaN): for comparing one change's effect on them. */
  gamesOnly?: boolean;
}

/** The figures of every module, by module id. */
export function measureEngineFigures(options: EngineFiguresOptions): Record<string, ModuleFigures> {
  const { quick } = options;
  // CPU time: the machine is shared, and wall time there counts other processes' turns too.
  benchClock.now = cpuClock;
  const big = loadBenchBoard(64);
  const seeds = quick ? [1, 2] : [1, 2, 3, 4, 5, 6];
  const rounds = quick ? 3 : 10;
  const out: Record<string, ModuleFigures> = {};
  const seen = new Set<string>();
  for (const scenario of allScenarios()) {
    // The module's first scenario stands for it (the bench's games section has them all).
    if (seen.has(scenario.ruleModule)) continue;
    seen.add(scenario.ruleModule);
    const map: BattleMap = scenario.map ?? loadBundledMap(scenario.mapId);
    const games = gamesPerSecond(
      map,
      scenario.id,
      quick ? 20 : 40,
      quick ? 1 : 3,
      scenario.defaults,
      scenario.ruleModule,
    );
    const turn = (caches: 'warm' | 'cold'): EnemyTurnResult | { medianMs: number } =>
      options.gamesOnly
        ? { medianMs: NaN }
        : scenario.ruleModule === 'skirmish'
          ? skirmishAlertedRound(big, seeds, Math.max(2, Math.round(rounds / 4)), 15, caches)
          : alertedEnemyTurn(big, seeds, rounds, caches);
    const intent = options.gamesOnly
      ? { fullP90Ms: NaN, fullMedianMs: NaN }
      : intentOverlay(big, quick ? [1] : [1, 2], quick ? 1 : 2, 'games', 100, scenario.ruleModule);
    out[scenario.ruleModule] = {
      scenario: scenario.id,
      gamesPerSecond: games.gamesPerSecond,
      meanRounds: games.meanRounds,
      enemyTurnWarmMs: turn('warm').medianMs,
      enemyTurnColdMs: turn('cold').medianMs,
      intentP90Ms: intent.fullP90Ms,
      intentMedianMs: intent.fullMedianMs,
    };
  }
  return out;
}
