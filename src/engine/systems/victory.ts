/**
 * Winning and losing (solo rules, section 5). The heroes lose when all are down; they
 * win by the scenario's condition: the Arch Foe slain (Dungeon Crawl), every enemy,
 * only the Minion Teams, holding a spot, defeating a number of enemies in 1d6+4 turns,
 * or carrying an object home.
 */
import { isSamePoint } from '../grid';
import type { BattleMap } from '../map';
import type { OptionSpec, ScenarioMark } from '../rulesets/module';
import type { GameState, Side, VictoryKind, VictoryOptions } from '../types';
import { isArchFoe, livingUnits } from '../world';
import { emit, type Context } from './context';

/** Ends the game with `winner` the victor (a game already over keeps its outcome). */
export function endGame(ctx: Context, winner: Side, reason: string): void {
  finishGame(ctx, winner, reason);
}

/**
 * Ends the game in a draw: neither side won (a game already over keeps its outcome). The
 * outcome's `winner` is null and the 'game-over' event says "Draw." before `reason`.
 */
export function endInDraw(ctx: Context, reason: string): void {
  finishGame(ctx, null, reason);
}

function finishGame(ctx: Context, winner: Side | null, reason: string): void {
  if (ctx.state.outcome) return;
  ctx.state.outcome = { winner, reason };
  ctx.state.phase = 'over';
  ctx.state.turn = null;
  emit(ctx, {
    type: 'game-over',
    winner,
    reason,
    text: `${outcomeTitle(winner)}${winner === 'heroes' ? '!' : '.'} ${reason}`,
  });
}

/** The one word an outcome is called by: "Victory" (the heroes won), "Defeat" or "Draw". */
export function outcomeTitle(winner: Side | null): 'Victory' | 'Defeat' | 'Draw' {
  return winner === 'heroes' ? 'Victory' : winner === 'enemies' ? 'Defeat' : 'Draw';
}

/** Checks the conditions that can be met at any moment. */
export function checkVictory(ctx: Context): void {
  const state = ctx.state;
  if (state.outcome) return;
  // One pass over the figures (this runs after every action).
  let heroes = 0;
  let enemies = 0;
  let hadArchFoe = false;
  let archFoeStands = false;
  let minions = 0;
  for (const u of state.units) {
    const archFoe = isArchFoe(u);
    hadArchFoe ||= archFoe;
    if (!u.position) continue;
    if (u.side === 'heroes') heroes++;
    else {
      enemies++;
      if (archFoe) archFoeStands = true;
      else minions++;
    }
  }
  if (heroes === 0) {
    endGame(ctx, 'enemies', 'Every hero has fallen.');
    return;
  }
  switch (state.options.victory) {
    case 'arch-foe':
      if (hadArchFoe ? !archFoeStands : enemies === 0) {
        endGame(ctx, 'heroes', hadArchFoe ? 'The Arch Foe is slain.' : 'Every enemy is defeated.');
      }
      return;
    case 'all-enemies':
      if (enemies === 0) endGame(ctx, 'heroes', 'Every enemy is defeated.');
      return;
    case 'minions':
      if (minions === 0) endGame(ctx, 'heroes', 'Every Minion Team is defeated.');
      return;
    case 'defeat-count':
      if (state.objective.enemiesDefeated >= state.options.defeatCount) {
        endGame(ctx, 'heroes', `${state.options.defeatCount} enemies defeated in time.`);
      }
      return;
    case 'carry-object': {
      const carrier = state.objective.object?.carrier;
      const hero = carrier ? state.units.find((u) => u.id === carrier) : undefined;
      if (
        hero?.side === 'heroes' &&
        hero.position &&
        state.objective.home.some((p) => isSamePoint(p, hero.position!))
      ) {
        endGame(ctx, 'heroes', `The ${hero.name} brings the relic home.`);
      }
      return;
    }
    case 'hold':
      return;
  }
}

/** Checks the conditions counted in whole rounds; runs when the heroes' phase ends. */
export function checkEndOfRound(ctx: Context): void {
  const state = ctx.state;
  if (state.outcome) return;
  if (state.options.victory === 'hold') {
    const holding = livingUnits(state, 'heroes').some((h) =>
      state.objective.goal.some((p) => isSamePoint(p, h.position)),
    );
    state.objective.heldRounds = holding ? state.objective.heldRounds + 1 : 0;
    if (holding) {
      emit(ctx, {
        type: 'objective',
        what: 'held',
        unit: null,
        at: null,
        text: `The heroes hold the spot (${state.objective.heldRounds} of ${state.options.holdTurns} turns).`,
      });
    }
    if (state.objective.heldRounds >= state.options.holdTurns) {
      endGame(ctx, 'heroes', `The heroes held the spot for ${state.options.holdTurns} turns.`);
      return;
    }
  }
  if (state.options.victory === 'defeat-count' && state.objective.turnLimit !== null) {
    if (state.round >= state.objective.turnLimit) {
      endGame(
        ctx,
        'enemies',
        `Time ran out: ${state.objective.enemiesDefeated} of ${state.options.defeatCount} enemies defeated.`,
      );
      return;
    }
  }
  if (state.round >= state.options.maxRounds) {
    endGame(ctx, 'enemies', `The heroes did not prevail within ${state.options.maxRounds} rounds.`);
  }
}

// ------------------------------------------------------------------ victory options

/** The solo rules' victory conditions (seed 001 §5 "Winning"), in the order offered. */
export const VICTORY_KINDS: readonly VictoryKind[] = [
  'arch-foe',
  'all-enemies',
  'minions',
  'hold',
  'defeat-count',
  'carry-object',
];

export const VICTORY_NAMES: Readonly<Record<VictoryKind, string>> = {
  'arch-foe': 'Slay the Arch Foe',
  'all-enemies': 'Defeat every enemy',
  minions: 'Defeat the minions',
  hold: 'Hold the goal',
  'defeat-count': 'Defeat a number of foes',
  'carry-object': 'Carry the relic home',
};

export function isVictoryKind(value: unknown): value is VictoryKind {
  return typeof value === 'string' && (VICTORY_KINDS as readonly string[]).includes(value);
}

/** The victory condition in plain words. */
export function describeVictory(options: VictoryOptions): string {
  switch (options.victory) {
    case 'arch-foe':
      return 'Slay the Arch Foe. You lose if every hero falls.';
    case 'all-enemies':
      return 'Defeat the Arch Foe and every one of its minions.';
    case 'minions':
      return 'Defeat every Minion Team; the Arch Foe may live.';
    case 'hold':
      return `Reach the marked spot in the enemy half and keep a hero on it for ${options.holdTurns} turn${options.holdTurns === 1 ? '' : 's'}.`;
    case 'defeat-count':
      return `Defeat ${options.defeatCount} enemies before time runs out (1d6+4 turns, rolled at the start).`;
    case 'carry-object':
      return 'Find the relic, pick it up and carry it back to where you started. Its bearer cannot attack.';
  }
}

/** The victory condition and its progress, in a few words (the battle's goal line). */
export function describeObjectiveProgress(state: GameState): string {
  const o = state.options;
  const obj = state.objective;
  switch (o.victory) {
    case 'arch-foe':
      return 'Goal: slay the Arch Foe';
    case 'all-enemies':
      return 'Goal: defeat every enemy';
    case 'minions':
      return 'Goal: defeat every minion';
    case 'hold':
      return `Goal: hold the marked spot (${obj.heldRounds} of ${o.holdTurns} turns)`;
    case 'defeat-count':
      return `Goal: defeat ${o.defeatCount} (${obj.enemiesDefeated} so far)${obj.turnLimit ? ` by round ${obj.turnLimit}` : ''}`;
    case 'carry-object':
      if (!obj.object?.carrier) return 'Goal: find the relic and bring it back';
      return state.units.find((u) => u.id === obj.object?.carrier)?.side === 'enemies'
        ? 'Goal: take the relic back and bring it home'
        : 'Goal: carry the relic home';
  }
}

/**
 * What the shared victory conditions mark on the board (a module's `scenarioMarks`): the
 * spot the heroes must hold, and for carrying an object home the relic where it lies (none
 * while someone carries it: its bearer shows it) and the heroes' way home. Nothing for the
 * conditions with no place of their own.
 */
export function victoryMarks(state: GameState): ScenarioMark[] {
  const o = state.options;
  const obj = state.objective;
  if (o.victory === 'hold' && obj.goal.length > 0) {
    const turns = `${o.holdTurns} turn${o.holdTurns === 1 ? '' : 's'}`;
    return [
      { kind: 'goal', side: 'heroes', squares: obj.goal, label: `Hold this spot for ${turns}` },
    ];
  }
  if (o.victory !== 'carry-object') return [];
  const marks: ScenarioMark[] = [];
  if (obj.object?.at && !obj.object.carrier)
    marks.push({
      kind: 'object',
      side: null,
      squares: [obj.object.at],
      label: 'The relic: pick it up',
    });
  if (obj.home.length > 0)
    marks.push({
      kind: 'home',
      side: 'heroes',
      squares: obj.home,
      label: 'Bring the relic back here',
    });
  return marks;
}

/** The victory options a map sets in its properties (victory, holdTurns, defeatCount). */
export function victoryDefaultsFromMap(map: BattleMap): Partial<VictoryOptions> {
  const p = map.properties;
  const out: Partial<VictoryOptions> = {};
  if (isVictoryKind(p.victory)) out.victory = p.victory;
  if (typeof p.holdTurns === 'number')
    out.holdTurns = Math.max(1, Math.min(3, Math.trunc(p.holdTurns)));
  if (typeof p.defeatCount === 'number')
    out.defeatCount = Math.max(1, Math.min(50, Math.trunc(p.defeatCount)));
  return out;
}

/** The victory options from raw values over `defaults`, only sane values kept. */
export function normaliseVictoryOptions(
  raw: Readonly<Record<string, unknown>>,
  defaults: VictoryOptions,
): VictoryOptions {
  const number = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  return {
    victory: isVictoryKind(raw.victory) ? raw.victory : defaults.victory,
    holdTurns: number(raw.holdTurns)
      ? Math.max(1, Math.min(3, Math.trunc(raw.holdTurns)))
      : defaults.holdTurns,
    defeatCount: number(raw.defeatCount)
      ? Math.max(1, Math.trunc(raw.defeatCount))
      : defaults.defeatCount,
    maxRounds: number(raw.maxRounds)
      ? Math.max(1, Math.min(1000, Math.trunc(raw.maxRounds)))
      : defaults.maxRounds,
  };
}

/** The Setup screen's rows for the victory options, for the kinds a module offers. */
export function victoryOptionSpecs(kinds: readonly VictoryKind[]): OptionSpec[] {
  return [
    {
      id: 'victory',
      label: 'Victory',
      help: 'What the heroes must do. Maps may set their own; you can change it here.',
      kind: 'choice',
      default: kinds[0],
      choices: kinds.map((k) => ({ value: k, label: VICTORY_NAMES[k] })),
    },
    {
      id: 'holdTurns',
      label: 'Turns to hold',
      help: 'How many turns in a row a hero must end on the marked spot (1 to 3).',
      kind: 'number',
      default: 2,
      min: 1,
      max: 3,
      presets: [1, 2, 3],
      showWhen: { option: 'victory', equals: 'hold' },
    },
    {
      id: 'defeatCount',
      label: 'Enemies to defeat',
      help: 'How many enemies the heroes must defeat before the rolled turn limit (1d6+4).',
      kind: 'number',
      default: 6,
      min: 1,
      max: 50,
      presets: [3, 4, 6, 8, 10],
      showWhen: { option: 'victory', equals: 'defeat-count' },
    },
  ];
}
