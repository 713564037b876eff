/**
 * Engine benchmarks through the public API (applyCommand), warm, on fixed seeds:
 * - enemy turn: the time of the one command that makes the whole enemy side act;
 * - whole games: each registered module's scenarios, games per second with the hero
 *   autopilot, headless.
 */
import {
  applyCommand,
  chooseHeroCommand,
  IntentWork,
  cloneState,
  createGame,
  heroesInOrder,
  commandKey,
  legalCommands,
  type BattleMap,
  type Command,
  type GameState,
  type ScenarioOptions,
} from '../../src/engine/index';
import { playAutoGame } from '../../src/engine/simulate';
import { INTENT_SLICE_MS } from '../../src/view/intent-overlay';
import { nextToPonder, PONDER_MAX } from '../../src/view/intent-ahead';

export { INTENT_SLICE_MS };
import { median, percentile } from './bench-stats';

export const FRAME_MS = 1000 / 60;

/**
 * The clock every figure here is taken with, in ms: wall time by default; the compare
 * section (tools/lib/engine-figures.ts) sets `cpuClock` instead, since on a shared machine
 * under load wall time measures the other processes as much as the engine.
 */
export const benchClock: { now: () => number } = { now: () => performance.now() };

/** This process's CPU time (user + system) in ms. */
export function cpuClock(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

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

/**
 * The rules version the engine figures play under (`npm run bench -- --rules-version N`);
 * the module's current one when unset. Version 1 of the Dungeon Crawl plays as the engine
 * did before the rule modules, for comparing like with like.
 */
export const benchRules: { version: number | undefined } = { version: undefined };

/**
 * A new game of the bench scenario on `map` (the bench's rules version), before its start;
 * under `ruleModule` when named, else the default module.
 */
function createBenchGame(
  map: BattleMap,
  seed: number,
  options: Partial<ScenarioOptions> = {},
  ruleModule?: string,
): GameState {
  const created = createGame({
    scenarioId: 'bench',
    map,
    seed,
    options,
    ruleModule,
    rulesVersion: ruleModule ? undefined : benchRules.version,
  });
  if (!created.ok) throw new Error(created.error);
  return created.state;
}

function started(
  map: BattleMap,
  seed: number,
  options: Partial<ScenarioOptions> = {},
): { before: GameState; after: GameState } {
  const before = createBenchGame(map, seed, options);
  const r = applyCommand(before, { type: 'start' });
  if (!r.ok) throw new Error(r.error);
  return { before, after: r.state };
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

/** The alerted-turn inputs of `alertedEnemyTurn`, one per seed that starts with the heroes to move. */
function alertedInputs(map: BattleMap, seeds: readonly number[]): [GameState, Command][] {
  const inputs: [GameState, Command][] = [];
  for (const seed of seeds) {
    let state = cloneState(started(map, seed).after);
    if (state.phase !== 'heroes') continue;
    for (const u of state.units)
      if (u.ai && (u.ai.status === 'patrolling' || u.ai.status === 'prepared'))
        u.ai.status = 'alerted';
    state.heroesHaveMoved = true;
    const heroes = heroesInOrder(state);
    for (const h of heroes.slice(0, -1)) state = mustApply(state, { type: 'end-turn', unit: h.id });
    inputs.push([state, { type: 'end-turn', unit: heroes[heroes.length - 1].id }]);
  }
  return inputs;
}

/**
 * Times `applyCommand` on each input in turn, `rounds` times round, after `warmRounds`
 * untimed rounds (so the figure is for warm, optimised code). `prepare` may give each
 * timed run its own copy of the input.
 */
function timeRounds(
  inputs: readonly [GameState, Command][],
  rounds: number,
  warmRounds: number,
  prepare: (state: GameState) => GameState = (s) => s,
): number[] {
  for (let r = 0; r < warmRounds; r++) for (const [s, c] of inputs) applyCommand(prepare(s), c);
  const out: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const [s, c] of inputs) {
      const input = prepare(s);
      const t0 = benchClock.now();
      applyCommand(input, c);
      out.push(benchClock.now() - t0);
    }
  }
  return out;
}

/**
 * The same game state on a new copy of its map: every cache the engine keeps per map
 * (square tables, sight, walking fields) starts empty, as on a freshly loaded map.
 */
function onFreshMap(state: GameState): GameState {
  return { ...state, map: { ...state.map } };
}

/**
 * The first enemy turn of a game: the `start` command (lair roll, then every enemy
 * patrolling by the d8 table). One sample per seed and round.
 */
export function firstEnemyTurn(
  map: BattleMap,
  seeds: readonly number[],
  rounds: number,
): EnemyTurnResult {
  const inputs = seeds.map((seed): [GameState, Command] => [
    started(map, seed).before,
    { type: 'start' },
  ]);
  return summarise(
    map,
    'first turn, all patrolling',
    '`start` command (lair d6 + every enemy on the d8 patrol table), warm',
    timeRounds(inputs, rounds, 3),
    started(map, seeds[0]).after,
  );
}

/**
 * An alerted enemy turn: after the start, every enemy is made alerted (as after the Arch
 * Foe's alarm) and the heroes stand where they are; the last hero's `end-turn` then runs
 * awareness, the end of the round and the whole enemy phase (targets, paths, moves,
 * attacks). `caches`: 'warm' repeats each input on the same map, so the engine's per-map
 * caches are as after the first turn; 'cold' gives every run a fresh copy of the map, so
 * all of them start empty (the worst case: the first turn on a newly loaded map).
 */
export function alertedEnemyTurn(
  map: BattleMap,
  seeds: readonly number[],
  rounds: number,
  caches: 'warm' | 'cold' = 'warm',
): EnemyTurnResult {
  const inputs = alertedInputs(map, seeds);
  const samples = timeRounds(inputs, rounds, 3, caches === 'cold' ? onFreshMap : undefined);
  return summarise(
    map,
    caches === 'cold' ? 'every enemy alerted, cold caches' : 'every enemy alerted',
    `last hero \`end-turn\` -> awareness, end of round, whole enemy phase; ${caches === 'cold' ? 'each run on a fresh copy of the map (no per-map caches)' : 'warm'}`,
    samples,
    inputs[0][0],
  );
}

/**
 * Enemy turns as they happen in real autopilot games: every command that runs an enemy
 * phase (`start` and each round's last `end-turn`), timed once, as the game applied it
 * (the heroes having just moved, so caches hold what a real game's would). One untimed
 * game first warms the code.
 */
export function enemyTurnsInGames(map: BattleMap, seeds: readonly number[]): EnemyTurnResult {
  const samples: number[] = [];
  let first: GameState | null = null;
  for (const [k, seed] of [seeds[0], ...seeds].entries()) {
    let state = createBenchGame(map, seed);
    first ??= state;
    while (state.phase !== 'over') {
      const command = chooseHeroCommand(state);
      if (!command) break;
      const t0 = benchClock.now();
      const r = applyCommand(state, command);
      const dt = benchClock.now() - t0;
      if (!r.ok) throw new Error(r.error);
      const ranEnemies = r.events.some((e) => e.type === 'phase-started' && e.side === 'enemies');
      if (ranEnemies && k > 0) samples.push(dt);
      state = r.state;
    }
  }
  // Unit counts are those at the start of a game.
  return summarise(
    map,
    'real games (autopilot heroes)',
    'each command that runs an enemy phase, timed once as played (after one warm-up game)',
    samples,
    first!,
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
  ruleModule?: string,
): GamesResult {
  let commands = 0;
  let rounds = 0;
  const batch = (count: boolean): void => {
    for (let seed = 1; seed <= games; seed++) {
      const g = playAutoGame({
        scenarioId,
        map,
        seed,
        options,
        ruleModule,
        rulesVersion: benchRules.version,
      });
      if (count) {
        commands += g.commands.length;
        rounds += g.state.round;
      }
    }
  };
  batch(true); // warm-up, and the per-game figures
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = benchClock.now();
    batch(false);
    times.push(benchClock.now() - t0);
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

/**
 * The Skirmish's enemy turn: its armies alternate single activations, so an "enemy turn"
 * is every enemy activation of a round. After the start, every enemy is made alerted; the
 * heroes then only end their turns, and the whole round (each end-turn running the next
 * enemy's activation, then the new round's initiative) is timed as one sample. Armies of
 * `size` figures a side, mustered from the default lists.
 */
export function skirmishAlertedRound(
  map: BattleMap,
  seeds: readonly number[],
  rounds: number,
  size = 15,
  caches: 'warm' | 'cold' = 'warm',
): EnemyTurnResult {
  const muster = (kinds: string[]): string =>
    Array.from({ length: size }, (_, i) => kinds[i % kinds.length]).join(',');
  const inputs: GameState[] = [];
  for (const seed of seeds) {
    const created = createGame({
      scenarioId: 'bench',
      map,
      seed,
      ruleModule: 'skirmish',
      options: {
        heroes: muster(['captain', 'knight', 'archer', 'spearman', 'swordsman', 'healer']),
        enemies: muster(['warlord', 'ogre', 'swordsman', 'slinger', 'wolf', 'archer']),
        morale: false,
      },
    });
    if (!created.ok) throw new Error(created.error);
    const r = applyCommand(created.state, { type: 'start' });
    if (!r.ok) throw new Error(r.error);
    const state = cloneState(r.state);
    for (const u of state.units) if (u.ai && u.ai.status === 'prepared') u.ai.status = 'alerted';
    state.heroesHaveMoved = true;
    if (state.phase === 'heroes') inputs.push(state);
  }
  const playRound = (state: GameState): GameState => {
    let s = state;
    const round = s.round;
    while (s.phase === 'heroes' && s.round === round && s.turn)
      s = mustApply(s, { type: 'end-turn', unit: s.turn.unitId });
    return s;
  };
  // Cold: each round on a fresh copy of the map, as alertedEnemyTurn's (no per-map caches).
  const prepare = caches === 'cold' ? onFreshMap : (s: GameState) => s;
  for (let r = 0; r < 2; r++) for (const s of inputs) playRound(prepare(s));
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const s of inputs) {
      const input = prepare(s);
      const t0 = benchClock.now();
      playRound(input);
      samples.push(benchClock.now() - t0);
    }
  }
  return summarise(
    map,
    `Skirmish: a round of every enemy alerted${caches === 'cold' ? ', cold caches' : ''}`,
    `the heroes end each turn; every enemy activation of the round (alternating single activations, ${size} a side), ${caches === 'cold' ? 'each round on a fresh copy of the map' : 'warm'}`,
    samples,
    inputs[0],
  );
}

/** Where the intent overlay is measured: the first turn, every enemy alerted, or real games. */
export type IntentSituation = 'patrolling' | 'alerted' | 'games';

/**
 * Heroes'-turn states of each real game ('games'): every GAME_STATE_EVERY-th, up to
 * GAME_STATES, so they span a whole game (about 300 heroes' turns on the bench map: the
 * late fights, many monsters alerted, are the slowest).
 */
const GAME_STATE_EVERY = 25;
const GAME_STATES = 16;

/**
 * The heroes'-turn states the intent overlay is measured on: the first turn, every enemy
 * alerted, or states met in real autopilot games (monsters patrolling, noticing, fighting).
 */
export function intentStates(
  map: BattleMap,
  seeds: readonly number[],
  situation: IntentSituation,
  ruleModule?: string,
): GameState[] {
  if (situation === 'alerted') return alertedInputs(map, seeds).map(([s]) => s);
  if (situation === 'patrolling')
    return seeds.map((seed) => started(map, seed).after).filter((s) => s.phase === 'heroes');
  const out: GameState[] = [];
  for (const seed of seeds) {
    let state = createBenchGame(map, seed, {}, ruleModule);
    let heroesTurns = 0;
    const taken = out.length;
    while (state.phase !== 'over' && out.length - taken < GAME_STATES) {
      if (state.phase === 'heroes' && !state.outcome && heroesTurns++ % GAME_STATE_EVERY === 0)
        out.push(state);
      const command = chooseHeroCommand(state);
      if (!command) break;
      state = mustApply(state, command);
    }
  }
  return out;
}

/** The intent overlay's figures: the first frame after a command, and the whole of it. */
export interface IntentOverlayResult extends EnemyTurnResult {
  /** How the attack odds were found at the end (exact / Monte Carlo, runs). */
  method: string;
  /** Median ms of the whole overlay: every enemy's intent and the final attack odds. */
  fullMedianMs: number;
  /** The same over the overlays worked out before the measured ones (see WARM_OVERLAYS). */
  coldMedianMs: number;
  fullWorstMs: number;
  /** The quickest whole overlay of the samples (the figure a busy host moves least). */
  fullBestMs: number;
  /** The 90th percentile of the whole overlay. */
  fullP90Ms: number;
  /** How many samples' whole overlay took longer than one frame (FRAME_MS). */
  fullOverFrame: number;
  /** Median frames it takes with INTENT_SLICE_MS of work a frame after the first. */
  frames: number;
}

/**
 * The intent overlay (issue 14) after a command, on the heroes' turn, as the Battle screen
 * works it out (IntentWork; the view's 100 Monte Carlo samples for the badges), with Intent
 * on and the pointer on a monster: the first frame is the round's odds, the hovered
 * monster's intent and the attack odds' first estimate; the whole overlay adds every other
 * monster's intent and the final odds (spread over frames in the game). Each sample on a
 * fresh copy of the state (a new state after a command), each monster hovered in turn.
 * `ruleModule`: real games ('games') under that module instead of the default one.
 */
/**
 * Overlays worked out per state before the measured ones, as the first commands of a
 * battle (and the pondering while idle) do: the JIT's tiers and the map's kept sight
 * answers settle over about the first eight (measured: with four, the measured medians
 * moved by a third and more from run to run). They are timed too (coldMedianMs).
 */
export const WARM_OVERLAYS = 8;

export function intentOverlay(
  map: BattleMap,
  seeds: readonly number[],
  rounds: number,
  situation: IntentSituation,
  samples = 100,
  ruleModule?: string,
): IntentOverlayResult {
  const states = intentStates(map, seeds, situation, ruleModule);
  const methods = new Map<string, number>();
  const first: number[] = [];
  const full: number[] = [];
  const frames: number[] = [];
  const warming: number[] = [];
  const measure = (state: GameState, hovered: string, record: boolean): void => {
    const ids = state.units.filter((u) => u.side === 'enemies' && u.position).map((u) => u.id);
    const t0 = benchClock.now();
    const work = new IntentWork(state, { samples });
    work.intent(hovered);
    while (work.attackOdds().odds === null && work.step(ids, true));
    const t1 = benchClock.now();
    let n = 1;
    let sliceStart = benchClock.now();
    while (work.step(ids, true)) {
      if (benchClock.now() - sliceStart >= INTENT_SLICE_MS) {
        n++;
        sliceStart = benchClock.now();
      }
    }
    const t2 = benchClock.now();
    const odds = work.attackOdds().odds;
    if (!record) {
      warming.push(t2 - t0);
      return;
    }
    first.push(t1 - t0);
    full.push(t2 - t0);
    frames.push(n);
    const how = !odds
      ? 'none'
      : situation === 'games'
        ? odds.method
        : `${odds.method}, ${odds.runs} runs`;
    methods.set(how, (methods.get(how) ?? 0) + 1);
  };
  const hoverable = (s: GameState) =>
    s.units.filter((u) => u.side === 'enemies' && u.position).map((u) => u.id);
  // Warmed up first, a few overlays a state (one left the JIT's first tiers to the
  // measured ones, and their median moved by a third from run to run).
  for (let w = 0; w < WARM_OVERLAYS; w++)
    for (const s of states) measure(cloneState(s), hoverable(s)[w % hoverable(s).length], false);
  for (let r = 0; r < rounds; r++) {
    for (const s of states) {
      const ids = hoverable(s);
      measure(cloneState(s), ids[(r * 7) % ids.length], true);
    }
  }
  const sorted = [...full].sort((a, b) => a - b);
  // One way for all (the first turn, every enemy alerted), or how many samples took each.
  const method =
    methods.size === 1
      ? [...methods.keys()][0]
      : [...methods].map(([how, count]) => `${how} in ${count} of ${full.length}`).join('; ');
  return {
    ...summarise(
      map,
      situation === 'alerted'
        ? 'intent overlay, every enemy alerted'
        : situation === 'games'
          ? 'intent overlay, real games (autopilot heroes)'
          : 'intent overlay, first turn',
      `first frame: round odds + the hovered monster's intent + the attack odds' first estimate; whole: every monster's intent + attackOdds (${samples} Monte Carlo samples at most), warm, a fresh state each`,
      first,
      states[0],
    ),
    method,
    fullMedianMs: median(full),
    coldMedianMs: median(warming),
    fullWorstMs: sorted[sorted.length - 1],
    fullBestMs: sorted[0],
    fullP90Ms: percentile(full, 90),
    fullOverFrame: full.filter((ms) => ms > FRAME_MS).length,
    frames: median(frames),
  };
}

/** The intent overlay worked out ahead of a command (src/view/intent-ahead.ts). */
export interface IntentAheadResult {
  situation: string;
  /** Median ms to foresee the command (the engine's applyCommand on the state now: for the
   * last hero's end of turn, the monsters' whole phase). */
  foreseeMs: number;
  /** Median ms of the whole overlay of the foreseen state, worked while the pointer rests. */
  aheadMs: number;
  /** Median frames that work takes at INTENT_SLICE_MS a frame. */
  frames: number;
  /** Median ms of overlay work left once the click gives the foreseen state. */
  afterMs: number;
  samples: number;
}

/**
 * The Battle screen's work ahead with Intent on (intent-ahead.ts): with the pointer resting
 * on a square the acting hero can move to, the move is foreseen (applyCommand) and the whole
 * overlay of the state it gives is worked out a slice a frame; the click then gives that very
 * state (BattleSession.foresee), and what is left of the overlay's work is measured as the
 * screen's first frame asks for it (every monster's intent and the final odds, from the
 * kept work). Each monster is looked at once; a fresh copy of each state per sample.
 */
export function intentAhead(
  map: BattleMap,
  seeds: readonly number[],
  rounds: number,
  situation: 'patrolling' | 'alerted',
  samples = 100,
  what: 'click' | 'end-turn' = 'click',
): IntentAheadResult {
  const states = intentStates(map, seeds, situation);
  const foresee: number[] = [];
  const ahead: number[] = [];
  const frames: number[] = [];
  const after: number[] = [];
  const works = new WeakMap<GameState, IntentWork>();
  const workOf = (s: GameState): IntentWork => {
    let w = works.get(s);
    if (!w) works.set(s, (w = new IntentWork(s, { samples })));
    return w;
  };
  const enemiesOf = (s: GameState) =>
    s.units.filter((u) => u.side === 'enemies' && u.position).map((u) => u.id);
  /** The command foreseen: a move of the acting hero, or the last hero's end of turn. */
  const commandFrom = (state: GameState, pick: number): [GameState, Command] | null => {
    if (what === 'end-turn') {
      // The heroes before the last end their turns first (not measured): the last one's
      // end of turn is the monsters' phase.
      let now = state;
      for (let i = 0; i < 64 && now.turn; i++) {
        const unit = now.turn.unitId;
        const next = applyCommand(now, { type: 'end-turn', unit });
        if (!next.ok) return null;
        if (next.state.round !== now.round || next.state.phase !== 'heroes')
          return [now, { type: 'end-turn', unit }];
        now = next.state;
      }
      return null;
    }
    const acting = state.turn?.unitId;
    const moves = acting
      ? legalCommands(state).filter((c) => c.type === 'move' && c.unit === acting)
      : [];
    return moves.length > 0 ? [state, moves[pick % moves.length]] : null;
  };
  const measure = (from: GameState, pick: number, record: boolean): void => {
    const chosen = commandFrom(from, pick);
    if (!chosen) return;
    const [state, command] = chosen;
    const t0 = benchClock.now();
    const result = applyCommand(state, command);
    const t1 = benchClock.now();
    if (!result.ok) throw new Error(result.error);
    const next = result.state;
    if (next.phase !== 'heroes') return;
    const ids = enemiesOf(next);
    let n = 0;
    let sliceStart = benchClock.now();
    const work = workOf(next);
    while (work.step(ids, true)) {
      if (benchClock.now() - sliceStart >= INTENT_SLICE_MS) {
        n++;
        sliceStart = benchClock.now();
      }
    }
    const t2 = benchClock.now();
    // The click: the session hands back the foreseen state; the first frame's questions.
    const t3 = benchClock.now();
    const kept = workOf(next);
    for (const id of ids) kept.intent(id);
    const left = kept.done(ids, true) ? 0 : 1;
    const t4 = benchClock.now();
    if (left) throw new Error('the foreseen state lost its overlay work');
    if (!record) return;
    foresee.push(t1 - t0);
    ahead.push(t2 - t1);
    frames.push(n + 1);
    after.push(t4 - t3);
  };
  for (const s of states) measure(cloneState(s), 0, false);
  for (let r = 0; r < rounds; r++) for (const s of states) measure(cloneState(s), r * 7 + 3, true);
  return {
    situation: `${what === 'end-turn' ? "End turn (the monsters' phase)" : 'a move'} foreseen, ${situation === 'alerted' ? 'every enemy alerted' : 'first turn'}`,
    foreseeMs: median(foresee),
    aheadMs: median(ahead),
    frames: median(frames),
    afterMs: median(after),
    samples: foresee.length,
  };
}

/** The overlay pondered while idle (intent-ahead.ts nextToPonder). */
export interface IntentPonderResult {
  situation: string;
  /** Median commands pondered from a state (PONDER_MAX at most), and legal commands there. */
  pondered: number;
  legal: number;
  /** Median idle ms until every pondered command's overlay is worked out, at a slice a frame. */
  idleMs: number;
  /** Median ms of work for one pondered command (foreseen, then its whole overlay). */
  eachMs: number;
  /** Median ms of overlay work left once a pondered command is given (a quick click). */
  afterMs: number;
  samples: number;
}

/**
 * The Battle screen's pondering with Intent on (intent-ahead.ts): with the screen idle and
 * the pointer off the board, the acting hero's commands are foreseen one after another,
 * nearest the hero first, up to PONDER_MAX, and each one's whole overlay is worked out a
 * slice a frame. Measured: the idle time that takes (frames at 60 Hz), and the work left
 * when one of those commands is then given with no rest before it (a quick click or key).
 */
export function intentPondering(
  map: BattleMap,
  seeds: readonly number[],
  situation: 'patrolling' | 'alerted',
  samples = 100,
): IntentPonderResult {
  const states = intentStates(map, seeds, situation);
  const pondered: number[] = [];
  const legal: number[] = [];
  const idle: number[] = [];
  const each: number[] = [];
  const after: number[] = [];
  const measure = (state: GameState, record: boolean): void => {
    const acting = state.turn?.unitId;
    const around = state.units.find((u) => u.id === acting)?.position ?? null;
    const commands = legalCommands(state);
    const keys = new Set<string>();
    const foreseen: [Command, GameState][] = [];
    let frames = 0;
    for (let k = 0; ; k++) {
      const command = nextToPonder(state, commands, around, keys, k);
      if (!command) break;
      keys.add(commandKey(command));
      const t0 = benchClock.now();
      const result = applyCommand(state, command);
      if (!result.ok) throw new Error(result.error);
      const next = result.state;
      const work = new IntentWork(next, { samples });
      const ids = next.units.filter((u) => u.side === 'enemies' && u.position).map((u) => u.id);
      let n = 1;
      let sliceStart = benchClock.now();
      if (next.phase === 'heroes')
        while (work.step(ids, true)) {
          if (benchClock.now() - sliceStart >= INTENT_SLICE_MS) {
            n++;
            sliceStart = benchClock.now();
          }
        }
      if (record) each.push(benchClock.now() - t0);
      frames += n;
      foreseen.push([command, next]);
      works.set(next, work);
    }
    // A quick click on each pondered command: the first frame's questions, from the kept work.
    for (const [, next] of foreseen) {
      if (next.phase !== 'heroes') continue;
      const ids = next.units.filter((u) => u.side === 'enemies' && u.position).map((u) => u.id);
      const t0 = benchClock.now();
      const kept = works.get(next)!;
      for (const id of ids) kept.intent(id);
      const whole = kept.done(ids, true);
      const t1 = benchClock.now();
      if (!whole) throw new Error('a pondered state lost its overlay work');
      if (record) after.push(t1 - t0);
    }
    if (!record) return;
    pondered.push(foreseen.length);
    legal.push(commands.filter((c) => c.type !== 'end-turn').length);
    idle.push(frames * FRAME_MS);
  };
  const works = new WeakMap<GameState, IntentWork>();
  for (const s of states) measure(cloneState(s), false);
  for (const s of states) measure(cloneState(s), true);
  return {
    situation: situation === 'alerted' ? 'every enemy alerted' : 'first turn',
    pondered: median(pondered),
    legal: median(legal),
    idleMs: median(idle),
    eachMs: median(each),
    afterMs: median(after),
    samples: after.length,
  };
}
