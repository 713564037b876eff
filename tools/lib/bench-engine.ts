/**
 * Engine benchmarks through the public API (applyCommand), warm, on fixed seeds:
 * - enemy turn: the time of the one command that makes the whole enemy side act;
 * - whole games: Dungeon Crawl games per second with the hero autopilot, headless.
 */
import {
  applyCommand,
  chooseHeroCommand,
  cloneState,
  createGame,
  heroesInOrder,
  type BattleMap,
  type Command,
  type GameState,
  type ScenarioOptions,
} from '../../src/engine/index';
import { playAutoGame } from '../../src/engine/simulate';
import { median, percentile } from './bench-stats';

export const FRAME_MS = 1000 / 60;

export interface EnemyTurnResult {
  board: string;
  enemies: number;
  heroes: number;
  situation: string;
  /** How the figure was taken. */
  how: string;
  samples: number;
  medianMs: number;
  p95Ms: number;
  worstMs: number;
  /** medianMs / one 60 Hz frame (16.7 ms). */
  frameShare: number;
}

function started(
  map: BattleMap,
  seed: number,
  options: Partial<ScenarioOptions> = {},
): { before: GameState; after: GameState } {
  const created = createGame({ scenarioId: 'bench', map, seed, options });
  if (!created.ok) throw new Error(created.error);
  const r = applyCommand(created.state, { type: 'start' });
  if (!r.ok) throw new Error(r.error);
  return { before: created.state, after: r.state };
}

function mustApply(state: GameState, command: Command): GameState {
  const r = applyCommand(state, command);
  if (!r.ok) throw new Error(`bench command rejected: ${r.error}`);
  return r.state;
}

function summarise(
  board: BattleMap,
  situation: string,
  how: string,
  samples: number[],
  state: GameState,
): EnemyTurnResult {
  const m = median(samples);
  return {
    board: board.id,
    enemies: state.units.filter((u) => u.side === 'enemies' && u.position).length,
    heroes: state.units.filter((u) => u.side === 'heroes' && u.position).length,
    situation,
    how,
    samples: samples.length,
    medianMs: m,
    p95Ms: percentile(samples, 95),
    worstMs: Math.max(...samples),
    frameShare: m / FRAME_MS,
  };
}

/** Repeats `fn` (pure: same input each time) until `reps` runs or `budgetMs`, after a warm-up. */
function repeat(fn: () => void, reps: number, budgetMs: number): number[] {
  fn();
  const out: number[] = [];
  let spent = 0;
  while (out.length < reps && (out.length < 2 || spent < budgetMs)) {
    const t0 = performance.now();
    fn();
    const dt = performance.now() - t0;
    out.push(dt);
    spent += dt;
  }
  return out;
}

/**
 * The first enemy turn of a game: the `start` command (lair roll, then every enemy
 * patrolling by the d8 table). One sample per seed and repetition.
 */
export function firstEnemyTurn(
  map: BattleMap,
  seeds: readonly number[],
  reps: number,
  budgetMs: number,
): EnemyTurnResult {
  const samples: number[] = [];
  let last: GameState | null = null;
  for (const seed of seeds) {
    const { before, after } = started(map, seed);
    last = after;
    samples.push(
      ...repeat(() => applyCommand(before, { type: 'start' }), reps, budgetMs / seeds.length),
    );
  }
  return summarise(
    map,
    'first turn, all patrolling',
    '`start` command (lair d6 + every enemy on the d8 patrol table)',
    samples,
    last!,
  );
}

/**
 * An alerted enemy turn: after the start, every enemy is made alerted (as after the Arch
 * Foe's alarm) and the heroes stand where they are; the last hero's `end-turn` then runs
 * awareness, the end of the round and the whole enemy phase (targets, paths, moves, attacks).
 */
export function alertedEnemyTurn(
  map: BattleMap,
  seeds: readonly number[],
  reps: number,
  budgetMs: number,
): EnemyTurnResult {
  const samples: number[] = [];
  let last: GameState | null = null;
  for (const seed of seeds) {
    let state = cloneState(started(map, seed).after);
    if (state.phase !== 'heroes') continue;
    for (const u of state.units)
      if (u.ai && (u.ai.status === 'patrolling' || u.ai.status === 'prepared'))
        u.ai.status = 'alerted';
    state.heroesHaveMoved = true;
    const heroes = heroesInOrder(state);
    for (const h of heroes.slice(0, -1)) state = mustApply(state, { type: 'end-turn', unit: h.id });
    const lastHero = heroes[heroes.length - 1];
    const input = state;
    last = input;
    samples.push(
      ...repeat(
        () => applyCommand(input, { type: 'end-turn', unit: lastHero.id }),
        reps,
        budgetMs / seeds.length,
      ),
    );
  }
  return summarise(
    map,
    'every enemy alerted',
    'last hero `end-turn` -> awareness, end of round, whole enemy phase',
    samples,
    last!,
  );
}

/**
 * Enemy turns as they happen in real autopilot games: every command that runs an enemy
 * phase (`start` and each round's last `end-turn`), timed alone on a replay.
 */
export function enemyTurnsInGames(
  map: BattleMap,
  seeds: readonly number[],
  reps = 3,
): EnemyTurnResult {
  const samples: number[] = [];
  let last: GameState | null = null;
  for (const seed of seeds) {
    const config = { scenarioId: 'bench', map, seed };
    const created = createGame(config);
    if (!created.ok) throw new Error(created.error);
    let state = created.state;
    last = created.state;
    while (state.phase !== 'over') {
      const command = chooseHeroCommand(state);
      if (!command) break;
      const r = applyCommand(state, command);
      if (!r.ok) throw new Error(r.error);
      const ranEnemies = r.events.some((e) => e.type === 'phase-started' && e.side === 'enemies');
      if (ranEnemies) {
        const input = state;
        const times = repeat(() => applyCommand(input, command), reps, Infinity);
        samples.push(median(times));
      }
      state = r.state;
    }
  }
  // Unit counts are those at the start of a game.
  return summarise(
    map,
    'real games (autopilot heroes)',
    'each command that runs an enemy phase, median of 3 replays',
    samples,
    last!,
  );
}

export interface GamesResult {
  board: string;
  games: number;
  runs: number;
  gamesPerSecond: number;
  meanCommands: number;
  meanRounds: number;
  medianRunMs: number;
}

/** Whole autopilot games per second: `runs` timed batches of `games` seeded games, median. */
export function gamesPerSecond(
  map: BattleMap,
  scenarioId: string,
  games: number,
  runs: number,
  options?: Partial<ScenarioOptions>,
): GamesResult {
  let commands = 0;
  let rounds = 0;
  const batch = (count: boolean): void => {
    for (let seed = 1; seed <= games; seed++) {
      const g = playAutoGame({ scenarioId, map, seed, options });
      if (count) {
        commands += g.commands.length;
        rounds += g.state.round;
      }
    }
  };
  batch(true); // warm-up, and the per-game figures
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    batch(false);
    times.push(performance.now() - t0);
  }
  const m = median(times);
  return {
    board: map.id,
    games,
    runs,
    gamesPerSecond: games / (m / 1000),
    meanCommands: commands / games,
    meanRounds: rounds / games,
    medianRunMs: m,
  };
}
