/**
 * The Skirmish turn flow (solitaire-gaming-rules III "Initiative" and "Actions", IV
 * "Random Enemy Action"):
 * - each round both armies roll a d20, ties rolled again; the higher acts first, with one
 *   unit, then the other army with one unit, and so on until every unit has acted (an
 *   army with none left lets the other finish);
 * - the enemies act the Arch Foe first, then the unit closest to the heroes, then the
 *   next closest; the player picks which hero acts (`activate`);
 * - a unit takes a Move Unit and one other action (move again, attack, heal...) in either
 *   order; a stunned unit takes none that round;
 * - with the Random Enemy Action option a d20 after initiative says how many enemies act:
 *   18-20 all, "then" a defeated one returns at the enemy start (once every enemy has
 *   acted this round, and it does not act until the next); 9-17 all; 3-8 half (rounded
 *   up); 1-2 one, chosen at random; those left out sit the round out, and the log says so;
 * - Ambush (VI): in the first round no initiative is rolled: every ambusher acts, then every
 *   target;
 * - Spawning (VI): "when a Spawner army turn begins" is the moment its first activation of
 *   the round comes up (or would, when it has no figure on the field yet): the spawn die is
 *   rolled then, round 1 included, and the new figure may act that same round.
 * Every enemy activation leaves a line in the log: what it did, or why it did nothing.
 * The round's progress is plain data in `state.flow`.
 */
import { chebyshevDistance, isFacing, pointKey, type Point } from '../../grid';
import { sizeOf } from '../../footprint';
import { isInside } from '../../map';
import { emit, rollDie, runActivation, settle, type Context } from '../../systems/context';
import { closedDoorAt, doorsWithinReach, openDoor } from '../../systems/doors';
import { reachableSquares, walkUnit } from '../../systems/movement';
import { setStatus } from '../../systems/sight';
import { actingHero, beginHeroCommand, beginTurn, takeBackMove } from '../../systems/turns';
import type { Command, GameState, RuleRef, Side, Unit } from '../../types';
import type { ModuleCommand, RoundIntent } from '../module';
import { findUnit, livingUnits, opposingSide } from '../../world';
import { figuresOf } from './fortress';
import { roomNear } from './room';
import {
  canSkirmishAttack,
  COMBAT,
  endActivationOnGround,
  isStunned,
  resolveSkirmishAttack,
  whySkirmishAttackFails,
} from './combat';
import {
  activateSkirmishEnemy as activateEnemy,
  skirmishEnemyOrder as enemyActivationOrder,
} from './solo';
import { takeObject, whyCannotPickUp } from './objective';
import { healFailsWhy, tryHeal } from './heal';
import { fallBackSquare, type GoalAreas } from './goals';
import {
  ambushOf,
  checkRoundEnd,
  spawnIfDue,
  spawnerOf,
  startScenario,
  SCENARIO,
} from './scenarios';
import { walkToward } from '../../systems/pursuit';
import { turnToward } from '../../systems/cover';
import { holdsBack, rollTactic } from './tactics';
import {
  enemyActionTableOdds,
  pickTheOneActing,
  RANDOM_ACTION_RULE as RANDOM_ACTION,
  rollEnemyAction,
} from '../../solo/random-action';
import { skirmishOptions, skirmishWeapons, traitsOf } from './types';
import { distanceTo, squareOf } from './versions';

/** The round's progress: who won initiative, who has acted, how many enemies may act. */
export interface SkirmishFlow {
  first: Side;
  /** The side whose unit acts next. */
  next: Side;
  /** Units that have taken their activation this round. */
  acted: string[];
  /** How many enemies act this round (Random Enemy Action); null: all. */
  enemyBudget: number | null;
  /** The armies that have made their morale checks (once, when each fell below half). */
  moraleChecked?: Side[];
  /** Each army's goal area and its own side (goals.ts), set at set-up. */
  areas?: GoalAreas;
  /** The round the Spawning army last rolled its spawn die in (VI Spawning). */
  spawnRound?: number;
  /** A Random Enemy Action of 18-20: a fallen enemy returns once the enemies have acted. */
  returnDue?: boolean;
}

export function flowOf(state: GameState): SkirmishFlow {
  return state.flow as unknown as SkirmishFlow;
}

function setFlow(state: GameState, flow: SkirmishFlow): void {
  state.flow = { ...flow, acted: [...flow.acted] } as unknown as GameState['flow'];
}

const INITIATIVE = COMBAT('III Initiative: a d20 for each army, ties rerolled');

/** Applies one checked command; an error sentence or null. */
export function applySkirmishCommand(ctx: Context, command: ModuleCommand): string | null {
  if (command.type === 'start') return startBattle(ctx);
  const unit = beginHeroCommand(ctx, command);
  if (typeof unit !== 'object' || unit === null) return unit;
  const state = ctx.state;
  if (command.type === 'activate') return activateHero(ctx, unit);
  if (unit.id !== state.turn?.unitId) return `It is not ${unit.name}\u2019s turn.`;
  switch (command.type) {
    case 'move':
      return moveHero(ctx, unit, command.to);
    case 'attack':
      return heroAttack(ctx, unit, command.target, command.weapon);
    case 'heal':
      return heroHeal(ctx, unit, command.target);
    case 'open-door':
      return heroOpenDoor(ctx, unit, command.at);
    case 'undo-move':
      return takeBackMove(ctx, unit);
    case 'pick-up':
      return pickUp(ctx, unit);
    case 'end-turn':
      return endHeroActivation(ctx, unit);
    default:
      return `The Skirmish has no "${command.type}" command.`;
  }
}

// ------------------------------------------------------------------ rounds

function startBattle(ctx: Context): string | null {
  const state = ctx.state;
  if (state.phase !== 'setup') return 'The battle has already begun.';
  emit(ctx, {
    type: 'game-started',
    seed: state.dice.seed,
    text: `The battle begins (seed ${state.dice.seed}).`,
  });
  startScenario(ctx);
  if (skirmishOptions(state).tactics) giveTactics(ctx);
  beginRound(ctx);
  return null;
}

/** Combat tactics (IV): the enemy's leaders and every hero (for the autopilot) roll theirs. */
function giveTactics(ctx: Context): void {
  for (const unit of ctx.state.units) {
    if (!unit.position || !unit.skirmish) continue;
    if (unit.side === 'enemies' && !unit.skirmish.leader) continue;
    unit.skirmish.tactic = rollTactic(ctx, unit);
  }
}

/** A new round: initiative, the Random Enemy Action, then the first activation. */
export function beginRound(ctx: Context): void {
  const state = ctx.state;
  state.round += 1;
  emit(ctx, { type: 'round-started', round: state.round, text: `Round ${state.round}.` });
  const ambusher = ambushOf(state);
  if (ambusher && state.round === 1) {
    // VI Ambush: "All Ambusher figures take a single turn before any Target figures": the
    // first round's order is the ambush's, so no initiative is rolled for it.
    emit(ctx, {
      type: 'decision',
      unit: '',
      text: `No initiative this round: the ${ambusher}, lying in ambush, all act before any of the ${opposingSide(ambusher)}.`,
      rule: SCENARIO('Ambush'),
    });
    const flow = flowOf(state);
    setFlow(state, { ...flow, first: ambusher, next: ambusher, acted: [], enemyBudget: null });
    if (skirmishOptions(state).randomEnemyAction) rollRandomEnemyAction(ctx);
    continueRound(ctx);
    return;
  }
  let heroes = 0;
  let enemies = 0;
  do {
    heroes = rollDie(ctx, {
      sides: 20,
      purpose: 'initiative',
      unit: null,
      need: null,
      describe: (v) => `Initiative d20: heroes ${v}`,
      rule: INITIATIVE,
    });
    enemies = rollDie(ctx, {
      sides: 20,
      purpose: 'initiative',
      unit: null,
      need: null,
      describe: (v) =>
        `Initiative d20: enemies ${v}${v === heroes ? ' — a tie, rolled again' : ''}`,
      rule: INITIATIVE,
    });
  } while (heroes === enemies);
  const first: Side = heroes > enemies ? 'heroes' : 'enemies';
  emit(ctx, {
    type: 'initiative',
    heroes,
    enemies,
    first,
    text: `Initiative: heroes ${heroes}, enemies ${enemies} \u2014 the ${first} act first.`,
    rule: INITIATIVE,
  });
  setFlow(state, { ...flowOf(state), first, next: first, acted: [], enemyBudget: null });
  if (skirmishOptions(state).randomEnemyAction) rollRandomEnemyAction(ctx);
  continueRound(ctx);
}

/** The odds of the next Random Enemy Action roll, from its table (null when the option is off). */
export function enemyActionOdds(state: GameState): RoundIntent | null {
  if (!skirmishOptions(state).randomEnemyAction) return null;
  return enemyActionTableOdds();
}

/** The Random Enemy Action (IV, the solo layer's roll): how many enemies act this round. */
function rollRandomEnemyAction(ctx: Context): void {
  const state = ctx.state;
  const enemies = figuresOf(state, 'enemies').filter((u) => u.offField !== 'reserve').length;
  const { roll, row, acting, returnDue } = rollEnemyAction(ctx, enemies);
  const flow = flowOf(state);
  setFlow(state, {
    ...flow,
    enemyBudget: row.acting === 'all' ? null : acting,
    ...(returnDue ? { returnDue: true } : {}),
  });
  emit(ctx, {
    type: 'enemy-action',
    roll,
    acting: row.acting === 'all' ? figuresOf(state, 'enemies').length : acting,
    text: '',
    rule: RANDOM_ACTION,
  });
  if (row.acting === 'one' && enemies > 1) {
    const order = enemyActivationOrder(state);
    const chosen = pickTheOneActing(ctx, order);
    // The others sit the round out; the chosen one is the round's only actor.
    setFlow(state, { ...flowOf(state), enemyBudget: null });
    sitOut(
      ctx,
      order.filter((u) => u.id !== chosen.id),
    );
  }
}

/**
 * Enemies the Random Enemy Action leaves out this round: each is done for the round, and
 * the log says why it does nothing.
 */
function sitOut(ctx: Context, enemies: readonly Unit[]): void {
  for (const enemy of enemies) {
    markActed(ctx.state, enemy);
    emit(ctx, {
      type: 'decision',
      unit: enemy.id,
      text: `${enemy.name} sits out this round (Random Enemy Action).`,
      rule: RANDOM_ACTION,
    });
  }
}

/**
 * On 18-20, once the enemies have acted, a defeated enemy returns at the enemy start (the
 * first fallen, by list order): "Then, choose 1 defeated figure if possible and place it in
 * the enemy starting area". It has not acted this round, and does not: it acts from the next.
 */
function returnFallenEnemy(ctx: Context): void {
  const state = ctx.state;
  // The return is settled (the key goes: the round's data stays as it was without one).
  const { returnDue: _settled, ...flow } = flowOf(state);
  setFlow(state, flow);
  const fallen = state.units.find(
    (u) => u.side === 'enemies' && !u.position && u.ai && !u.offField,
  );
  if (!fallen || !fallen.ai) return;
  const at = roomNear(state, fallen.ai.home, sizeOf(fallen));
  if (!at) return;
  fallen.position = at;
  fallen.wounds = 0;
  state.objective.enemiesDefeated -= 1;
  markActed(state, fallen);
  emit(ctx, {
    type: 'placed',
    unit: fallen.id,
    at,
    text: `${fallen.name} returns to the battle at the enemy start; it acts from the next round.`,
    rule: RANDOM_ACTION,
  });
  setStatus(ctx, fallen, 'alerted', 'returns to the battle');
}

/** The heroes who may still act this round. */
export function readyHeroes(state: GameState): (Unit & { position: Point })[] {
  const acted = new Set(flowOf(state).acted);
  return figuresOf(state, 'heroes').filter((u) => !acted.has(u.id) && u.offField !== 'reserve');
}

/** The enemies who have not acted this round, in their order (the round's budget aside). */
function enemiesToAct(state: GameState): (Unit & { position: Point })[] {
  const acted = new Set(flowOf(state).acted);
  return enemyActivationOrder(state).filter((u) => !acted.has(u.id));
}

/** Whether the Random Enemy Action's count of enemies acting this round is used up. */
function isEnemyBudgetSpent(state: GameState): boolean {
  const flow = flowOf(state);
  if (flow.enemyBudget === null) return false;
  const acted = new Set(flow.acted);
  const done = state.units.filter((u) => u.side === 'enemies' && acted.has(u.id)).length;
  return done >= flow.enemyBudget;
}

/** The enemies who may still act this round, in their order, within the round's budget. */
function readyEnemies(state: GameState): (Unit & { position: Point })[] {
  return isEnemyBudgetSpent(state) ? [] : enemiesToAct(state);
}

/**
 * Whether the Spawning army's turn begins now and its spawn die is due (VI Spawning: "Each
 * round, when a Spawner army turn begins, roll the die, if the army has figures that have
 * still not been in the game"): not rolled yet this round, figures still waiting, and its
 * activation next (or the other army done for the round).
 */
function isSpawnDue(state: GameState): boolean {
  const spawner = spawnerOf(state);
  if (!spawner) return false;
  const flow = flowOf(state);
  if (flow.spawnRound === state.round) return false;
  if (!state.units.some((u) => u.side === spawner && u.offField === 'reserve')) return false;
  const others = spawner === 'heroes' ? readyEnemies(state) : readyHeroes(state);
  return flow.next === spawner || others.length === 0;
}

function markActed(state: GameState, unit: Unit): void {
  const flow = flowOf(state);
  setFlow(state, { ...flow, acted: [...flow.acted, unit.id] });
}

/**
 * Activations go on: the enemies' run at once, one at a time, until it is a hero's turn
 * (the player's next command) or the round ends (and the next begins).
 */
export function continueRound(ctx: Context): void {
  const state = ctx.state;
  for (;;) {
    if (state.outcome) return;
    if (isSpawnDue(state)) {
      setFlow(state, { ...flowOf(state), spawnRound: state.round });
      spawnIfDue(ctx);
      settle(ctx);
      continue;
    }
    if (isEnemyBudgetSpent(state) && enemiesToAct(state).length > 0) {
      sitOut(ctx, enemiesToAct(state));
      continue;
    }
    if (flowOf(state).returnDue && readyEnemies(state).length === 0) {
      returnFallenEnemy(ctx);
      settle(ctx);
      continue;
    }
    const flow = flowOf(state);
    const heroes = readyHeroes(state);
    const enemies = readyEnemies(state);
    if (heroes.length === 0 && enemies.length === 0) {
      state.heroesHaveMoved = true;
      state.turn = null;
      settle(ctx);
      checkRoundEnd(ctx);
      if (state.outcome) return;
      beginRound(ctx);
      return;
    }
    // Ambush (VI): "All Ambusher figures take a single turn before any Target figures."
    const ambusher = ambushOf(state);
    const ambushTurn =
      ambusher !== null &&
      state.round === 1 &&
      (ambusher === 'enemies' ? enemies : heroes).length > 0;
    const side: Side = ambushTurn
      ? ambusher
      : flow.next === 'heroes'
        ? heroes.length > 0
          ? 'heroes'
          : 'enemies'
        : enemies.length > 0
          ? 'enemies'
          : 'heroes';
    if (side === 'enemies') {
      const enemy = enemies[0];
      markActed(state, enemy);
      setFlow(state, { ...flowOf(state), next: 'heroes' });
      state.phase = 'enemies';
      state.turn = null;
      emit(ctx, { type: 'turn-started', unit: enemy.id, text: '' });
      const before = ctx.events.length;
      if (isStunned(state, enemy)) {
        emit(ctx, {
          type: 'decision',
          unit: enemy.id,
          text: `${enemy.name} is stunned and does nothing.`,
        });
        endActivationOnGround(ctx, enemy);
      } else runActivation(ctx, activateEnemy(ctx, enemy));
      if (!ctx.events.slice(before).some((e) => e.text && 'unit' in e && e.unit === enemy.id))
        emit(ctx, { type: 'decision', unit: enemy.id, ...whyEnemyIdles(enemy) });
      emit(ctx, { type: 'turn-ended', unit: enemy.id, text: '' });
      continue;
    }
    // A stunned hero loses its activation; a hero whose nerve failed falls back.
    const hero = heroes.find((h) => !isStunned(state, h) && !traitsOf(h).retreating);
    if (!hero) {
      const h = heroes[0];
      markActed(state, h);
      setFlow(state, { ...flowOf(state), next: 'enemies' });
      if (traitsOf(h).retreating) runActivation(ctx, fallBack(ctx, h));
      else
        emit(ctx, { type: 'decision', unit: h.id, text: `${h.name} is stunned and does nothing.` });
      endActivationOnGround(ctx, h);
      continue;
    }
    state.phase = 'heroes';
    beginTurn(ctx, hero);
    return;
  }
}

/**
 * Why an enemy's activation left nothing to see: unaware of the heroes (Prepared, not
 * patrolling), a tactic that holds it back, or nothing to attack or reach.
 */
function whyEnemyIdles(enemy: Unit): { text: string; rule?: RuleRef } {
  const status = enemy.ai?.status;
  if (status === 'prepared' || status === 'patrolling')
    return {
      text: `${enemy.name} waits, unaware of you.`,
      rule: COMBAT('III Prepared: the enemy is not aware of the heroes'),
    };
  if (holdsBack(enemy))
    return {
      text: `${enemy.name} holds back (${traitsOf(enemy).tactic}) with no foe in reach.`,
      rule: COMBAT('IV Combat Tactics'),
    };
  return { text: `${enemy.name} holds its ground: no foe to strike or reach.` };
}

/**
 * A hero that failed its morale (VIII): its activation is spent moving toward its own side
 * (its home area), facing away from the nearest foe, with no other action; then it is
 * steady again.
 */
function* fallBack(ctx: Context, hero: Unit & { position: Point }): Generator<void> {
  const state = ctx.state;
  traitsOf(hero).retreating = false;
  emit(ctx, {
    type: 'decision',
    unit: hero.id,
    text: `${hero.name} has lost its nerve and falls back.`,
    rule: COMBAT('VIII Morale: a failed check retreats'),
  });
  const home = fallBackSquare(state, hero);
  if (home) walkToward(ctx, hero, home, 'falling back');
  yield;
  // It may have fallen on the way (dangerous ground) or left the field.
  if (!hero.position) return;
  const at = hero.position;
  const foe = livingUnits(state, 'enemies').sort(
    (a, b) => distanceTo(state, at, a) - distanceTo(state, at, b),
  )[0];
  if (!foe) return;
  const threat = squareOf(state, at, foe);
  turnToward(ctx, hero, { x: 2 * at.x - threat.x, y: 2 * at.y - threat.y }, 'turning away');
}

// ------------------------------------------------------------------ hero actions

/** The player picks another hero to act, before this one has done anything. */
function activateHero(ctx: Context, unit: Unit): string | null {
  const state = ctx.state;
  const turn = state.turn!;
  if (unit.side !== 'heroes') return `${unit.name} is not yours.`;
  if (unit.id === turn.unitId) return `${unit.name} is already acting.`;
  if (turn.moved || turn.acted) return 'This hero has begun its actions; end its turn first.';
  if (!readyHeroes(state).some((h) => h.id === unit.id))
    return `${unit.name} has already acted this round.`;
  if (isStunned(state, unit)) return `${unit.name} is stunned this round.`;
  beginTurn(ctx, unit);
  return null;
}

/** A move: the Move Unit, or, once that is spent, the other action as a second move. */
function moveHero(ctx: Context, hero: Unit, to: Point): string | null {
  const state = ctx.state;
  const turn = state.turn!;
  if (turn.moved && turn.acted) return `${hero.name} has no action left to move with.`;
  if (!isInside(state.map, to)) return `Square (${to.x}, ${to.y}) is off the board.`;
  const route = reachableSquares(state, hero).get(pointKey(to));
  if (!route) return `${hero.name} cannot reach (${to.x}, ${to.y}) this move.`;
  turn.before = { position: hero.position!, facing: hero.facing };
  if (turn.moved) turn.acted = true;
  else turn.moved = true;
  walkUnit(ctx, hero, route.path, '');
  state.heroesHaveMoved = true;
  return null;
}

function heroOpenDoor(ctx: Context, hero: Unit, at: Point): string | null {
  const turn = ctx.state.turn!;
  if (turn.moved && turn.acted) return `${hero.name} has no action left to open a door with.`;
  const door = closedDoorAt(ctx.state, at);
  if (!door) return `There is no closed door at (${at.x}, ${at.y}).`;
  if (!doorsWithinReach(ctx.state, hero).includes(door))
    return `${hero.name} must stand beside the door (not at a corner) to open it.`;
  if (turn.moved) turn.acted = true;
  else turn.moved = true;
  ctx.state.heroesHaveMoved = true;
  openDoor(ctx, hero, door);
  return null;
}

function heroAttack(ctx: Context, hero: Unit, targetId: string, weaponId: string): string | null {
  const state = ctx.state;
  const turn = state.turn!;
  if (turn.acted) return `${hero.name} has already taken its other action.`;
  const target = findUnit(state, targetId);
  if (!target) return `There is no unit "${targetId}".`;
  const weapon = skirmishWeapons(hero).find((w) => w.id === weaponId);
  if (!weapon) return `${hero.name} has no weapon "${weaponId}".`;
  const why = whySkirmishAttackFails(state, hero, target, weapon);
  if (why) return why;
  turn.acted = true;
  resolveSkirmishAttack(ctx, hero, target, weapon);
  return null;
}

function heroHeal(ctx: Context, hero: Unit, targetId: string): string | null {
  const turn = ctx.state.turn!;
  if (turn.acted) return `${hero.name} has already taken its other action.`;
  const target = findUnit(ctx.state, targetId);
  if (!target) return `There is no unit "${targetId}".`;
  const why = healFailsWhy(ctx.state, hero, target);
  if (why) return why;
  turn.acted = true;
  tryHeal(ctx, hero, target);
  return null;
}

/**
 * Transport (VI): "The object can be picked up by a figure as an action": the other
 * action, standing on it or next to it.
 */
function pickUp(ctx: Context, unit: Unit): string | null {
  const turn = ctx.state.turn!;
  if (turn.acted) return `${unit.name} has already taken its other action.`;
  const why = whyCannotPickUp(ctx.state, unit);
  if (why) return why;
  turn.acted = true;
  takeObject(ctx, unit);
  return null;
}

function endHeroActivation(ctx: Context, hero: Unit): string | null {
  const state = ctx.state;
  // V Dangerous Terrain: a die for ending the turn there; a hero it fells has had its turn
  // ended by the after-action checks.
  endActivationOnGround(ctx, hero);
  if (!hero.position || state.outcome) return null;
  emit(ctx, { type: 'turn-ended', unit: hero.id, text: '' });
  markActed(state, hero);
  setFlow(state, { ...flowOf(state), next: 'enemies' });
  state.turn = null;
  continueRound(ctx);
  return null;
}

// ------------------------------------------------------------------ legal commands

export function legalSkirmishCommands(state: GameState): Command[] {
  if (state.phase === 'setup') return [{ type: 'start' }];
  const acting = actingHero(state);
  if (!acting) return [];
  const { hero, turn } = acting;
  const out: Command[] = [];
  if (!turn.moved && !turn.acted) {
    for (const other of readyHeroes(state))
      if (other.id !== hero.id && !isStunned(state, other))
        out.push({ type: 'activate', unit: other.id });
  }
  if (!(turn.moved && turn.acted)) {
    for (const [, route] of reachableSquares(state, hero))
      out.push({ type: 'move', unit: hero.id, to: route.path[route.path.length - 1] });
    for (const door of doorsWithinReach(state, hero))
      out.push({ type: 'open-door', unit: hero.id, at: { x: door.x, y: door.y } });
  }
  if (!turn.acted) {
    for (const weapon of skirmishWeapons(hero))
      for (const foe of livingUnits(state, 'enemies'))
        if (canSkirmishAttack(state, hero, foe, weapon))
          out.push({ type: 'attack', unit: hero.id, target: foe.id, weapon: weapon.id });
    if (hero.heal)
      for (const friend of livingUnits(state, 'heroes'))
        if (!healFailsWhy(state, hero, friend))
          out.push({ type: 'heal', unit: hero.id, target: friend.id });
    if (!whyCannotPickUp(state, hero)) out.push({ type: 'pick-up', unit: hero.id });
  }
  if (turn.moved && turn.canUndo && !turn.acted) out.push({ type: 'undo-move', unit: hero.id });
  for (let f = 0; f < 8; f++)
    if (f !== hero.facing && isFacing(f)) out.push({ type: 'face', unit: hero.id, facing: f });
  out.push({ type: 'end-turn', unit: hero.id });
  return out;
}

export { chebyshevDistance };
