/**
 * The Duel: a tiny rule module used only by tests, the proof that a rule set plugs into
 * the kernel through the registry without a kernel change. Two figures duel under a
 * different die and flow than the Dungeon Crawl:
 * - each round both sides roll a d12 for initiative (ties rolled again); the winner
 *   activates first, then the other: alternating single activations;
 * - an activation is a move of up to 3 squares and one action: strike (a d12, 7 or more
 *   wounds; +2 when the striker took aim last turn) or aim (its own command and event);
 * - stepping away from the foe's reach draws a strike at once (a reaction in the other
 *   side's turn, through the kernel's per-step hook);
 * - each duellist takes 3 wounds; the hero wins by felling the rival.
 * With the option `solo` ('alerted' or 'prepared') the rival is the solo layer's enemy
 * (src/engine/solo/), run by the Duel's own mechanics (DUEL_SOLO, DUEL_MORALE): it carries
 * a sling too (d12, 5+, 2 to 6 squares), patrols by the d20 table while prepared, and
 * checks morale by the Duel's own test (a d12 of 6 or less holds).
 * It imports only the engine (no vitest), so the sim and the soak can load it with
 * `--module test/modules/duel.ts`.
 */
import { makeBoard } from '../../src/engine/ascii-board';
import { chebyshevDistance, type Point } from '../../src/engine/grid';
import type {
  CommandSpec,
  ModuleCommand,
  RuleModule,
  SetupInput,
} from '../../src/engine/rulesets/module';
import { registerRuleModule } from '../../src/engine/rulesets/registry';
import {
  allEnemiesOptions,
  legalMoves,
  moveActing,
  stepCloser,
  TEST_MODULE_BASICS,
} from './shared';
import { newGameState, mapWithDoors, objectiveFor } from '../../src/engine/setup';
import { emit, rollDie, runActivation, type Context } from '../../src/engine/systems/context';
import { coverFor } from '../../src/engine/systems/cover';
import { chooseNearestHero, moveIntoRange, wouldHoldFrom } from '../../src/engine/systems/pursuit';
import { beginTurn } from '../../src/engine/systems/turns';
import { checkVictory } from '../../src/engine/systems/victory';
import { applyWound } from '../../src/engine/systems/wounds';
import { chanceOf, formatChance } from '../../src/engine/resolution';
import type { Command, GameState, ModuleOptions, Unit, Weapon } from '../../src/engine/types';
import { findUnit, livingUnits } from '../../src/engine/world';
import { activateEnemy } from '../../src/engine/solo/enemy';
import type { SoloMechanics, SoloMorale } from '../../src/engine/solo/mechanics';
import { checkMorale } from '../../src/engine/solo/morale';

declare module '../../src/engine/types' {
  interface CommandTypes {
    aim: { unit: string };
  }
  interface EventTypes {
    aimed: { unit: string; bonus: number };
    initiative: { heroes: number; enemies: number; first: 'heroes' | 'enemies' };
  }
  interface UnitComponents {
    /** The Duel's aim: the bonus the unit's next strike gets. */
    aim?: { bonus: number };
  }
}

export const DUEL_ID = 'duel';
const DIE = 12;
const NEED = 7;
const AIM_BONUS = 2;

const BLADE: Weapon = {
  id: 'blade',
  name: 'Blade',
  reach: 'melee',
  minRange: 1,
  maxRange: 1,
  effect: 'slash',
};

/** The rival's second weapon when the solo layer runs it: a better chance, from afar. */
const SLING: Weapon = {
  id: 'sling',
  name: 'Sling',
  reach: 'ranged',
  minRange: 2,
  maxRange: 6,
  effect: 'arrow',
};
const SLING_NEED = 5;
/** The Duel's morale test: a d12 of this or less holds. */
const MORALE_HOLDS_UP_TO = 6;

/** The duel's own board: D the duellist (hero), R the rival. */
export const DUEL_LETTERS: RuleModule['asciiLetters'] = {
  D: { kind: 'hero', unit: 'duellist' },
  R: { kind: 'enemy', unit: 'rival', archFoe: true },
};

export const DUEL_BOARD = makeBoard(
  `
  ##########
  #D.......#
  #...##...#
  #........#
  #.......R#
  ##########
  `,
  { id: 'duel-yard', name: 'The Duelling Yard', letters: DUEL_LETTERS },
);

function normaliseDuelOptions(raw: Readonly<Record<string, unknown>> | undefined): ModuleOptions {
  const options = allEnemiesOptions(raw, 40);
  const solo = raw?.solo;
  // Absent unless asked for: the plain duel's games stay as they were.
  return solo === 'alerted' || solo === 'prepared' ? { ...options, solo } : options;
}

/** How the solo layer runs the rival, when it does ('alerted' or 'prepared' at the start). */
function soloOf(state: Pick<GameState, 'options'>): 'alerted' | 'prepared' | null {
  const solo = state.options.solo;
  return solo === 'alerted' || solo === 'prepared' ? solo : null;
}

function makeDuellist(
  id: string,
  side: Unit['side'],
  at: Point,
  solo: 'alerted' | 'prepared' | null = null,
): Unit {
  const unit: Unit = {
    id,
    name: side === 'heroes' ? 'Duellist' : 'Rival',
    kind: side === 'heroes' ? 'duellist' : 'rival',
    side,
    position: { x: at.x, y: at.y },
    facing: side === 'heroes' ? 2 : 6,
    wounds: 0,
    maxWounds: 3,
    move: 3,
    weapons: [{ ...BLADE }],
    stats: { kills: 0, woundsTaken: 0, woundsDealt: 0, attacks: 0, hits: 0 },
  };
  if (side === 'enemies') {
    unit.ai = { status: solo ?? 'alerted', archFoe: true, rank: 1, morale: false, home: { ...at } };
    if (solo) unit.weapons.push({ ...SLING });
  }
  return unit;
}

function setupDuel(input: SetupInput) {
  const { map, doors } = mapWithDoors(input.map);
  const hero = map.objects.find((o) => o.kind === 'hero');
  const rival = map.objects.find((o) => o.kind === 'enemy');
  if (!hero || !rival)
    return { ok: false as const, error: 'A duel needs a hero and an enemy square.' };
  const options = normaliseDuelOptions(input.options);
  const units = [
    makeDuellist('duellist', 'heroes', hero),
    makeDuellist('rival', 'enemies', rival, soloOf({ options })),
  ];
  return {
    ok: true as const,
    state: newGameState({
      scenarioId: input.scenarioId,
      ruleModule: DUEL_ID,
      options,
      map,
      doors,
      units,
      objective: objectiveFor(map, options, units),
      seed: input.seed,
    }),
  };
}

function strikeResolution(unit: Unit) {
  return { kind: 'threshold' as const, die: DIE, need: NEED, modifier: unit.aim?.bonus ?? 0 };
}

function canStrike(state: GameState, unit: Unit, target: Unit): boolean {
  if (!unit.position || !target.position || unit.side === target.side) return false;
  if (chebyshevDistance(unit.position, target.position) !== 1) return false;
  return coverFor(state, unit, target) !== 'blocked';
}

function strike(ctx: Context, unit: Unit, target: Unit, weapon: Weapon = BLADE): void {
  const need = weapon.id === SLING.id ? SLING_NEED : NEED;
  const bonus = unit.aim?.bonus ?? 0;
  unit.aim = undefined;
  unit.stats.attacks += 1;
  const roll = rollDie(ctx, {
    sides: DIE,
    purpose: 'attack',
    unit: unit.id,
    need: need - bonus,
    describe: (v) =>
      `${unit.name} strikes: d${DIE} = ${v}${bonus ? ` +${bonus} aimed` : ''}, needs ${need}`,
  });
  const hit = roll + bonus >= need;
  emit(ctx, {
    type: 'attacked',
    unit: unit.id,
    target: target.id,
    weapon: weapon.id,
    effect: weapon.effect,
    roll,
    need: need - bonus,
    hit,
    text: '',
  });
  if (hit) {
    unit.stats.hits += 1;
    applyWound(ctx, target, unit.id, 1);
  }
}

/** Opportunity strike: a foe the walker steps away from strikes at it (d12, 7+). */
function strikeAtTheRetreat(ctx: Context, unit: Unit, from: Point, to: Point): boolean {
  for (const foe of livingUnits(ctx.state)) {
    if (foe.side === unit.side) continue;
    if (chebyshevDistance(foe.position, from) !== 1 || chebyshevDistance(foe.position, to) === 1)
      continue;
    const roll = rollDie(ctx, {
      sides: DIE,
      purpose: 'opportunity',
      unit: foe.id,
      need: NEED,
      describe: (v) => `${foe.name} strikes at the retreating ${unit.name}: d${DIE} = ${v}`,
    });
    if (roll >= NEED) applyWound(ctx, unit, foe.id, 1);
    if (!unit.position) return false;
  }
  return true;
}

function aim(ctx: Context, unit: Unit): void {
  unit.aim = { bonus: AIM_BONUS };
  emit(ctx, { type: 'aimed', unit: unit.id, bonus: AIM_BONUS, text: `${unit.name} takes aim.` });
}

/** Rolls initiative for a new round and starts the first activation. */
function beginRound(ctx: Context): void {
  const state = ctx.state;
  state.round += 1;
  emit(ctx, { type: 'round-started', round: state.round, text: `Round ${state.round}.` });
  let heroes = 0;
  let enemies = 0;
  do {
    heroes = rollDie(ctx, {
      sides: DIE,
      purpose: 'initiative',
      unit: null,
      need: null,
      describe: (v) => `Heroes' initiative d12 = ${v}`,
    });
    enemies = rollDie(ctx, {
      sides: DIE,
      purpose: 'initiative',
      unit: null,
      need: null,
      describe: (v) => `Enemies' initiative d12 = ${v}`,
    });
  } while (heroes === enemies);
  const first = heroes > enemies ? 'heroes' : 'enemies';
  emit(ctx, { type: 'initiative', heroes, enemies, first, text: `The ${first} act first.` });
  // The solo layer's morale checks (DUEL_MORALE) are once a battle: they outlast the round.
  const checked = (state.flow as { moraleChecked?: Unit['side'][] } | undefined)?.moraleChecked;
  state.flow = {
    first,
    heroesDone: false,
    enemiesDone: false,
    ...(checked ? { moraleChecked: checked } : {}),
  };
  nextActivation(ctx);
}

/** Runs whichever side has not activated yet this round (the enemy at once), or a new round. */
function nextActivation(ctx: Context): void {
  const state = ctx.state;
  if (state.outcome) return;
  const flow = state.flow as { first: string; heroesDone: boolean; enemiesDone: boolean };
  const order = flow.first === 'heroes' ? ['heroes', 'enemies'] : ['enemies', 'heroes'];
  const side = order.find((s) => !(s === 'heroes' ? flow.heroesDone : flow.enemiesDone));
  if (!side) {
    if (state.round >= state.options.maxRounds) {
      checkVictory(ctx);
      if (!state.outcome) {
        state.outcome = { winner: 'enemies', reason: 'The duel drags on past its time.' };
        state.phase = 'over';
        state.turn = null;
        emit(ctx, {
          type: 'game-over',
          winner: 'enemies',
          reason: state.outcome.reason,
          text: 'Defeat.',
        });
      }
      return;
    }
    return beginRound(ctx);
  }
  if (side === 'enemies') {
    state.phase = 'enemies';
    state.turn = null;
    const rival = livingUnits(state, 'enemies')[0];
    if (rival) runActivation(ctx, activateRival(ctx, rival));
    state.flow = { ...flow, enemiesDone: true };
    return nextActivation(ctx);
  }
  state.phase = 'heroes';
  const hero = livingUnits(state, 'heroes')[0];
  if (hero) beginTurn(ctx, hero);
}

function* activateRival(ctx: Context, rival: Unit & { position: Point }): Generator<void> {
  if (soloOf(ctx.state)) {
    yield* activateEnemy(DUEL_SOLO, ctx, rival);
    return;
  }
  const target = chooseNearestHero(ctx, rival);
  if (!target) return;
  if (!canStrike(ctx.state, rival, target)) {
    moveIntoRange(
      ctx,
      rival,
      target,
      (sq) => wouldHoldFrom(rival, sq, () => canStrike(ctx.state, rival, target)),
      'closes on',
    );
    yield;
  }
  if (canStrike(ctx.state, rival, target)) strike(ctx, rival, target);
  else aim(ctx, rival);
}

/** One attack as the Duel judges it: the d12 face it needs, or why it may not be made. */
interface DuelAttack {
  why: string | null;
  need: number;
}

function assessDuelAttack(state: GameState, unit: Unit, target: Unit, weapon: Weapon): DuelAttack {
  const need = (weapon.id === SLING.id ? SLING_NEED : NEED) - (unit.aim?.bonus ?? 0);
  if (!unit.position || !target.position || unit.side === target.side)
    return { why: 'No foe there.', need };
  const d = chebyshevDistance(unit.position, target.position);
  if (d < weapon.minRange || (weapon.maxRange !== null && d > weapon.maxRange))
    return { why: `Out of the ${weapon.name}\u2019s range.`, need };
  if (coverFor(state, unit, target) === 'blocked') return { why: 'No line to the foe.', need };
  return { why: null, need };
}

const d12Chance = (need: number): number => Math.min(1, Math.max(0, (DIE - need + 1) / DIE));

/**
 * The Duel's mechanics for the solo layer: a d12 to hit (7+ with the blade, 5+ with the
 * sling, +2 aimed), one wound a hit, distance by squares, no scenario goals, no healers.
 */
export const DUEL_SOLO: SoloMechanics<Weapon, DuelAttack> = {
  weaponsOf: (unit) => unit.weapons,
  assessAttack: assessDuelAttack,
  attackFailsWhy: (attack) => attack.why,
  isBlindAttack: () => false,
  hitChance: (attack) => (attack.why ? 0 : d12Chance(attack.need)),
  // The rival never aims under the layer; an aim it had would still count.
  ceilingChance: (unit, weapon) =>
    d12Chance((weapon.id === SLING.id ? SLING_NEED : NEED) - (unit.aim?.bonus ?? 0)),
  clearChance: (unit, weapon) => d12Chance(weapon.id === SLING.id ? SLING_NEED : NEED),
  // Every hit is one wound: the blade and the sling do the same damage.
  damageRank: () => 1,
  attack: (ctx, attacker, target, weapon) => strike(ctx, attacker, target, weapon),
  isShowy: () => false,
  areaStruck: () => null,
  distanceTo: (_state, from, unit) =>
    unit.position ? chebyshevDistance(from, unit.position) : Infinity,
  squareOf: (_state, _from, unit) => unit.position,
  measuresToBase: () => false,
  tacticOf: () => null,
  pointsOf: () => 0,
  lastTargetOf: () => null,
  patrols: (state) => soloOf(state) === 'prepared',
  idleWhy: () => null,
  objectiveFor: () => null,
  goalLocation: () => null,
  turnGoalLocation: () => null,
  racesWhenUnaware: () => false,
  goalBeforeFight: () => false,
  mayTakeObjective: () => false,
  takeObjective: () => undefined,
  holdsPost: () => false,
  healFailsWhy: () => 'The Duel has no healers.',
  heal: () => undefined,
  *endActivation() {},
};

/** The Duel's morale for the solo layer: a d12 of 6 or less holds; each side checks once. */
export const DUEL_MORALE: SoloMorale = {
  checks: (state) => soloOf(state) !== null && state.flow !== undefined,
  checked: (state) => (state.flow as { moraleChecked?: Unit['side'][] }).moraleChecked ?? [],
  markChecked: (state, side) => {
    const flow = state.flow as { moraleChecked?: Unit['side'][] };
    state.flow = { ...flow, moraleChecked: [...(flow.moraleChecked ?? []), side] };
  },
  test: (ctx, unit) =>
    rollDie(ctx, {
      sides: DIE,
      purpose: 'morale',
      unit: unit.id,
      need: null,
      describe: (v) => `${unit.name} morale d${DIE} = ${v}: holds on ${MORALE_HOLDS_UP_TO} or less`,
    }) <= MORALE_HOLDS_UP_TO,
  heroFails: () => undefined,
};

function applyDuel(ctx: Context, command: ModuleCommand): string | null {
  const state = ctx.state;
  if (command.type === 'start') {
    if (state.phase !== 'setup') return 'The duel has already begun.';
    emit(ctx, { type: 'game-started', seed: state.dice.seed, text: 'The duel begins.' });
    beginRound(ctx);
    return null;
  }
  if (state.phase !== 'heroes' || !state.turn) return 'It is not your turn.';
  const unit = findUnit(state, command.unit);
  if (!unit || !unit.position) return `There is no duellist "${command.unit}".`;
  if (unit.id !== state.turn.unitId) return `It is not ${unit.name}\u2019s turn.`;
  const turn = state.turn;
  switch (command.type) {
    case 'move':
      return moveActing(ctx, unit, turn, command.to, 'moved or acted');
    case 'attack': {
      const target = findUnit(state, command.target);
      if (turn.acted) return `${unit.name} has already acted.`;
      if (!target || !canStrike(state, unit, target)) return 'No foe within reach of the blade.';
      turn.acted = true;
      strike(ctx, unit, target);
      return null;
    }
    case 'aim':
      if (turn.acted) return `${unit.name} has already acted.`;
      if (unit.aim) return `${unit.name} is already aiming.`;
      turn.acted = true;
      aim(ctx, unit);
      return null;
    case 'end-turn': {
      emit(ctx, { type: 'turn-ended', unit: unit.id, text: '' });
      const flow = state.flow as { first: string; heroesDone: boolean; enemiesDone: boolean };
      state.flow = { ...flow, heroesDone: true };
      state.turn = null;
      nextActivation(ctx);
      return null;
    }
    default:
      return `The duel has no "${command.type}" command.`;
  }
}

function legalDuel(state: GameState): Command[] {
  if (state.phase === 'setup') return [{ type: 'start' }];
  if (state.phase !== 'heroes' || !state.turn) return [];
  const hero = findUnit(state, state.turn.unitId);
  if (!hero?.position) return [];
  const out: Command[] = legalMoves(state, hero, state.turn);
  if (!state.turn.acted) {
    for (const foe of livingUnits(state, 'enemies'))
      if (canStrike(state, hero, foe))
        out.push({ type: 'attack', unit: hero.id, target: foe.id, weapon: BLADE.id });
    if (!hero.aim) out.push({ type: 'aim', unit: hero.id });
  }
  out.push({ type: 'end-turn', unit: hero.id });
  return out;
}

/** Strike when in reach; else step next to the rival if it can; aim when it cannot close. */
function autopilot(state: GameState): Command | null {
  const legal = legalDuel(state);
  if (state.phase === 'setup') return legal[0] ?? null;
  const attack = legal.find((c) => c.type === 'attack');
  if (attack) return attack;
  const hero = state.turn ? findUnit(state, state.turn.unitId) : undefined;
  const rival = livingUnits(state, 'enemies')[0];
  const closer = hero?.position && rival ? stepCloser(legal, hero.position, rival.position) : null;
  if (closer) return closer;
  return legal.find((c) => c.type === 'aim') ?? legal.find((c) => c.type === 'end-turn') ?? null;
}

const aimSpec: CommandSpec = { kind: 'action', validate: () => null };

export const duelModule: RuleModule = {
  id: DUEL_ID,
  name: 'The Duel (test module)',
  source: 'none: a test of the rule-module seam',
  rulesVersion: 1,
  rulesChanges: {},
  kinds: [
    {
      kind: 'duellist',
      name: 'Duellist',
      side: 'heroes',
      blurb: 'A blade and a steady eye.',
      art: { sprite: 'duellist', height: 32, letter: 'D', color: '#2c5d94' },
      size: 1,
    },
    {
      kind: 'rival',
      name: 'Rival',
      side: 'enemies',
      blurb: 'The other blade.',
      art: { sprite: 'rival', height: 32, letter: 'R', color: '#6b2a22' },
      size: 1,
    },
  ],
  components: ['aim'],
  defaultEnemyKind: 'rival',
  asciiLetters: DUEL_LETTERS,
  ...TEST_MODULE_BASICS,
  normaliseOptions: normaliseDuelOptions,
  scenarios: [
    {
      id: 'duel',
      name: 'The Duel',
      mapId: DUEL_BOARD.id,
      ruleModule: DUEL_ID,
      summary: 'Two blades in a yard.',
      defaults: normaliseDuelOptions(undefined),
      map: DUEL_BOARD,
    },
  ],
  addDefaultPlacement: (map) => ({
    ok: false,
    error: `The duel needs a drawn yard, not ${map.name}.`,
  }),
  setup: setupDuel,
  commands: { aim: aimSpec },
  apply: applyDuel,
  legalCommands: legalDuel,
  afterAction: (ctx) => {
    if (soloOf(ctx.state)) checkMorale(DUEL_MORALE, ctx);
    checkVictory(ctx);
  },
  afterStep: strikeAtTheRetreat,
  chooseHeroCommand: autopilot,
  previewAction: (state, command) => {
    if (command.type !== 'attack') return null;
    const unit = findUnit(state, command.unit);
    const target = findUnit(state, command.target);
    if (!unit || !target) return null;
    const resolution = strikeResolution(unit);
    const chance = chanceOf(resolution);
    const allowed = canStrike(state, unit, target);
    return {
      chance,
      resolution,
      cover: coverFor(state, unit, target),
      modifiers: unit.aim ? [{ label: 'Aimed', value: unit.aim.bonus }] : [],
      summary: `Blade: ${NEED}+ on a d${DIE}, ${formatChance(chance)}`,
      allowed,
      reason: allowed ? null : 'Not within reach of the blade.',
    };
  },
  describeUnit: (_state, unit) => [
    `Wounds left ${unit.maxWounds - unit.wounds} of ${unit.maxWounds}.`,
  ],
  describeWeapon: (w) => `${w.name}: ${NEED}+ on a d${DIE}.`,
  describeObjective: () => 'Goal: fell the rival',
};

/** Registers the duel (the sim and the soak call this when they load the file). */
export function registerDuel(): RuleModule {
  registerRuleModule(duelModule);
  return duelModule;
}

registerDuel();
