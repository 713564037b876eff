/**
 * The solo layer's enemy (solitaire-gaming-rules III "Enemy Actions"), for any module that
 * hands it its opponent with a SoloMechanics (mechanics.ts):
 * - Prepared: unaware; with the patrol option it rolls the d20 Patrolling table (1-6 stays,
 *   7-11 moves forward as far as it can, 12-14 turns left, 15-17 right, 18-20 about);
 * - Alerted: faces the closest hero in sight; keeps the range of its primary weapon (best
 *   chance to hit a hero this turn, then most damage, then a die: primaryWeapon), in cover
 *   if it shoots and can stay in range, and a shooter keeps out of melee; attacks if it
 *   can; a healer heals the Arch Foe first, then the nearest wounded ally, and attacks
 *   only when it can heal no one; unable to attack, it takes a wild shot if it has one,
 * *   else heads for the scenario's goal or moves again; when the module says a goal comes
 *   first (a race, an object to seize: goalBeforeFight, racesWhenUnaware) the whole turn
 *   goes to the goal;
 * - Retreating: one move toward where the Arch Foe started, facing away from the nearest
 *   hero, no other action; alerted again on its following turn.
 * Each activation is a generator: the kernel settles after every action.
 */
import { baseAt, baseGap, footprint, sizeOf } from '../footprint';
import { chebyshevDistance, facingToward, isSamePoint, rotateFacing, type Point } from '../grid';
import { findReachable, type PathingGrid } from '../pathing';
import { emit, rollDie, type Context } from '../systems/context';
import { openDoor } from '../systems/doors';
import { buildPathingGrid, walkStraightAhead, walkUnit } from '../systems/movement';
import {
  chooseNearestHero,
  doorWorthOpening,
  walkToward,
  wouldHoldFrom,
  type Placed,
} from '../systems/pursuit';
import { standingCover } from '../systems/cover';
import { setStatus } from '../systems/sight';
import type { GameState, Unit, Weapon } from '../types';
import { livingUnits } from '../world';
import {
  activationLeaves,
  alertedIntent,
  patrolIntent,
  withOrder,
  type EnemyIntent,
} from '../systems/intent';
import { holdsBack, seeksObjectiveFirst, targetByTactic } from './tactics';
import { isRankedBefore, SOLO_RULES, type SoloMechanics } from './mechanics';

const AI = (section: string) => SOLO_RULES(`III ${section}`);

/** Enemies in the order they act: the Arch Foe, then the closest to the heroes (III). */
export function enemyActivationOrder(m: SoloMechanics, state: GameState): Placed[] {
  const heroes = livingUnits(state, 'heroes');
  const near = (u: Placed): number =>
    heroes.reduce((d, h) => Math.min(d, m.distanceTo(state, u.position, h)), Infinity);
  const index = new Map(state.units.map((u, i) => [u.id, i]));
  return figuresOf(state, 'enemies')
    .filter((u) => u.offField !== 'reserve')
    .sort((a, b) => {
      const fa = a.ai?.archFoe ? 0 : 1;
      const fb = b.ai?.archFoe ? 0 : 1;
      return fa - fb || near(a) - near(b) || index.get(a.id)! - index.get(b.id)!;
    });
}

/** The figures of a side on the field: a building (a structure) is no figure. */
export function figuresOf(state: GameState, side: Unit['side']): Placed[] {
  return livingUnits(state, side).filter((u) => !u.structure);
}

/** One enemy's activation, by its status, then the module's end of it (dangerous ground). */
export function* activateEnemy(m: SoloMechanics, ctx: Context, enemy: Placed): Generator<void> {
  yield* actByStatus(m, ctx, enemy);
  yield* m.endActivation(ctx, enemy);
}

function* actByStatus(m: SoloMechanics, ctx: Context, enemy: Placed): Generator<void> {
  const status = enemy.ai?.status;
  if (status === 'retreating') {
    yield* retreatMove(m, ctx, enemy);
    return;
  }
  if (status === 'prepared' || status === 'patrolling') {
    if (m.racesWhenUnaware(ctx.state, enemy)) yield* makeForGoal(m, ctx, enemy);
    else if (m.patrols(ctx.state)) patrol(m, ctx, enemy);
    return;
  }
  if (status === 'alerted') yield* actAlerted(m, ctx, enemy);
}

// ------------------------------------------------------------------ prepared

/**
 * Whether `enemy` can attack one of `foes` this turn (not by a wild shot): from where it
 * stands or from a square its Move Unit reaches, with any of its weapons.
 */
function canAttackThisTurn(
  m: SoloMechanics,
  state: GameState,
  enemy: Placed,
  foes: readonly Unit[] = livingUnits(state, 'heroes'),
): boolean {
  if (foes.length === 0) return false;
  const squares = [enemy.position, ...reachableEnds(m, state, enemy)];
  return m.weaponsOf(enemy).some((w) => bestChanceFrom(m, state, enemy, w, foes, squares) > 0);
}

/**
 * The foe whose fall serves the module's goal (m.priorityTarget: a Transport's carrier of
 * the object), when `enemy` can strike it this turn; else null.
 */
function priorityTargetThisTurn(m: SoloMechanics, state: GameState, enemy: Placed): Placed | null {
  const foe = m.priorityTarget?.(state, enemy);
  if (!foe?.position) return null;
  return canAttackThisTurn(m, state, enemy, [foe]) ? (foe as Placed) : null;
}

/**
 * A turn spent on the race (an enemy unaware, or alerted with no hero to strike this
 * turn): its Move Unit toward its nearest goal and its other action, picking up the object
 * when it stands by it (mayTakeObjective), else a second move toward the goal. Its status was
 * decided when its turn began (III "Enemy Actions"): an unaware one that notices a hero on
 * the way deals with it from its next turn.
 */
function* makeForGoal(m: SoloMechanics, ctx: Context, enemy: Placed): Generator<void> {
  const state = ctx.state;
  for (let action = 0; action < 2; action++) {
    if (!enemy.position || state.outcome) return;
    if (m.mayTakeObjective(state, enemy)) {
      // The pick-up is its other action; its Move Unit, before or after, heads home.
      m.takeObjective(ctx, enemy);
      yield;
      continue;
    }
    const goal = m.turnGoalLocation(state, enemy);
    if (!goal || isSamePoint(goal, enemy.position)) return;
    const before = enemy.position;
    walkToward(ctx, enemy, goal, 'making for the goal');
    yield;
    if (enemy.position && isSamePoint(before, enemy.position)) return;
  }
}

/** The d20 Patrolling table (III): the highest face of each row, what it does. */
export const PATROL_TABLE: readonly { upTo: number; text: string; turn: -2 | 0 | 2 | 4 | null }[] =
  [
    { upTo: 6, text: 'stays in place', turn: 0 },
    { upTo: 11, text: 'moves forward', turn: null },
    { upTo: 14, text: 'turns left', turn: -2 },
    { upTo: 17, text: 'turns right', turn: 2 },
    { upTo: 20, text: 'turns about', turn: 4 },
  ];

function patrolRow(face: number): (typeof PATROL_TABLE)[number] {
  return PATROL_TABLE.find((r) => face <= r.upTo) ?? PATROL_TABLE[PATROL_TABLE.length - 1];
}

/** The d20 Patrolling table (III). */
export function patrol(m: SoloMechanics, ctx: Context, enemy: Placed): void {
  const v = rollDie(ctx, {
    sides: 20,
    purpose: 'patrol',
    unit: enemy.id,
    need: null,
    describe: (x) => `${enemy.name} patrol d20 = ${x}: ${patrolRow(x).text}`,
    rule: AI('Patrolling: 1d20'),
  });
  const row = patrolRow(v);
  if (row.turn === 0) return;
  if (row.turn === null) {
    walkStraightAhead(ctx, enemy, enemy.move, 'patrolling');
    return;
  }
  const from = enemy.facing;
  enemy.facing = rotateFacing(enemy.facing, row.turn);
  emit(ctx, {
    type: 'faced',
    unit: enemy.id,
    from,
    to: enemy.facing,
    reason: 'patrol',
    text: `${enemy.name} turns.`,
  });
}

/**
 * What an enemy will do on its next activation, with the odds (the intent overlay): its own
 * activation run on copies of the board for every roll that decides it.
 */
export function soloEnemyIntent(
  m: SoloMechanics,
  state: GameState,
  enemy: Unit,
): EnemyIntent | null {
  // Worked out as if it acted first; the intent names those acting before it (III).
  return withOrder(intentAlone(m, state, enemy), enemyActivationOrder(m, state));
}

function intentAlone(m: SoloMechanics, state: GameState, enemy: Unit): EnemyIntent | null {
  if (!enemy.position || !enemy.ai || enemy.side !== 'enemies' || enemy.offField) return null;
  const status = enemy.ai.status;
  const idle = m.idleWhy(state, enemy);
  if (idle) return { unit: enemy.id, kind: 'holds', text: idle };
  const unaware = status === 'prepared' || status === 'patrolling';
  // In a race an unaware enemy makes for its goal (racesWhenUnaware): where it ends, no strike.
  const racing = unaware && m.racesWhenUnaware(state, enemy);
  const patrolling = unaware && !racing;
  if (patrolling && !m.patrols(state))
    return { unit: enemy.id, kind: 'holds', text: 'waits, prepared, until it notices a hero' };
  const tree = activationLeaves(state, enemy.id, (ctx, e) => activateEnemy(m, ctx, e));
  if (!tree) return { unit: enemy.id, kind: 'holds', text: 'too many ways to tell' };
  if (patrolling)
    return patrolIntent(enemy, tree, 20, (rolls) => {
      const roll = rolls.find((r) => r.purpose === 'patrol');
      return roll ? patrolRow(roll.value).text : PATROL_TABLE[0].text;
    });
  return alertedIntent(state, enemy, tree);
}

// ------------------------------------------------------------------ retreating

/** One move toward where the Arch Foe started, facing away from the nearest hero. */
function* retreatMove(m: SoloMechanics, ctx: Context, enemy: Placed): Generator<void> {
  const state = ctx.state;
  const archFoe = state.units.find((u) => u.ai?.archFoe);
  const rally = archFoe?.ai?.home ?? enemy.ai!.home;
  walkToward(ctx, enemy, rally, 'retreating');
  yield;
  if (!enemy.position) return;
  const heroes = livingUnits(state, 'heroes');
  const nearest = heroes.sort(
    (a, b) => m.distanceTo(state, enemy.position, a) - m.distanceTo(state, enemy.position, b),
  )[0];
  if (nearest) {
    const away = facingToward(
      m.squareOf(state, enemy.position, nearest),
      enemy.position,
      enemy.facing,
    );
    if (away !== enemy.facing) {
      const from = enemy.facing;
      enemy.facing = away;
      emit(ctx, {
        type: 'faced',
        unit: enemy.id,
        from,
        to: away,
        reason: 'retreating',
        text: `${enemy.name} turns away from the ${nearest.name}.`,
      });
    }
  }
  // "It returns to the alerted status on its following turn."
  setStatus(ctx, enemy, 'alerted', 'regroups for its next turn');
}

// ------------------------------------------------------------------ alerted

/**
 * The primary weapon (III "Primary Weapon"): "1. The weapon that has the best chance at
 * hitting ... 1 or more heroes; if more than 1 option: 2. The weapon that can do the most
 * damage; if more than 1 option: 3. A random weapon".
 * - A weapon's chance is its attack roll's, as the module's preview counts it (assessAttack:
 *   range, cover, advantage), at its best against the heroes it could hit THIS turn. An
 *   enemy takes a move and another action (III "Actions"), so it may attack from where it
 *   stands or from any square its Move Unit reaches: a weapon's chance is the best over
 *   those squares. A wild shot does not count: it is a last resort, not a weapon's chance.
 * - A shooter (a figure with a ranged weapon) keeps out of melee: its blow weapons count
 *   only against a hero already in their reach where it stands, so it never walks up to
 *   a foe to use its knife.
 * - When no weapon can hit anyone this turn, each is ranked by the chance it would have
 *   once in range (clearChance), so an archer still takes its bow and goes to bow range.
 * - "The most damage": the module's damageRank.
 */
export function primaryWeapon(m: SoloMechanics, ctx: Context, enemy: Placed): Weapon | null {
  const state = ctx.state;
  const weapons = m.weaponsOf(enemy);
  const heroes = livingUnits(state, 'heroes');
  const shooter = weapons.some(isRanged);
  const fromHere = (w: Weapon): number =>
    bestChanceFrom(m, state, enemy, w, heroes, [enemy.position]);
  const candidates = shooter ? weapons.filter((w) => isRanged(w) || fromHere(w) > 0) : weapons;
  if (candidates.length <= 1) return candidates[0] ?? null;
  let squares: Point[] | null = null;
  const thisTurn = (w: Weapon): number => {
    if (shooter && !isRanged(w)) return fromHere(w);
    squares ??= [enemy.position, ...reachableEnds(m, state, enemy)];
    return bestChanceFrom(m, state, enemy, w, heroes, squares);
  };
  // The ceilings first: a weapon that cannot beat the best found needs no search.
  const byCeiling = [...candidates].sort(
    (a, b) => m.ceilingChance(enemy, b) - m.ceilingChance(enemy, a),
  );
  const chance = new Map<Weapon, number>();
  let best = 0;
  for (const w of byCeiling) {
    if (m.ceilingChance(enemy, w) < best) chance.set(w, 0);
    else chance.set(w, thisTurn(w));
    best = Math.max(best, chance.get(w)!);
  }
  const chanceOf = (w: Weapon): number => (best > 0 ? chance.get(w)! : m.clearChance(enemy, w));
  const ranked = [...candidates].sort(
    (a, b) => chanceOf(b) - chanceOf(a) || m.damageRank(b) - m.damageRank(a),
  );
  const tied = ranked.filter(
    (w) => chanceOf(w) === chanceOf(ranked[0]) && m.damageRank(w) === m.damageRank(ranked[0]),
  );
  if (tied.length === 1) return tied[0];
  const v = rollDie(ctx, {
    sides: tied.length,
    purpose: 'weapon-tie',
    unit: enemy.id,
    need: null,
    describe: (x) =>
      `${enemy.name} d${tied.length} = ${x}: of equal weapons it takes the ${tied[x - 1].name}`,
    rule: AI('Primary Weapon: a random weapon'),
  });
  return tied[v - 1];
}

/** The best chance `weapon` hits one of `heroes` from one of `squares` (0: none), wild shots aside. */
function bestChanceFrom(
  m: SoloMechanics,
  state: GameState,
  enemy: Placed,
  weapon: Weapon,
  heroes: readonly Unit[],
  squares: readonly Point[],
): number {
  const ceiling = m.ceilingChance(enemy, weapon);
  let best = 0;
  for (const square of squares) {
    wouldHoldFrom(enemy, square, () => {
      for (const hero of heroes) {
        const odds = m.assessAttack(state, enemy, hero, weapon);
        if (!m.isBlindAttack(odds)) best = Math.max(best, m.hitChance(odds));
      }
      return true;
    });
    if (best >= ceiling) break;
  }
  return best;
}

/** The squares `enemy` can end its move on this turn. */
function reachableEnds(m: SoloMechanics, state: GameState, enemy: Placed): Point[] {
  return [
    ...findReachable(buildPathingGrid(state, enemy), enemy.position, enemy.move).values(),
  ].map((r) => r.path[r.path.length - 1]);
}

/** Ranged weapons only; an archer's knife is not its primary. */
function isRanged(w: Weapon): boolean {
  return w.reach === 'ranged';
}

/**
 * Whether `enemy` can attack `target` with `weapon` otherwise than by a wild shot: what
 * the enemy moves and chooses by (a wild shot is its last resort, actAlerted).
 */
function canStrike(
  m: SoloMechanics,
  state: GameState,
  enemy: Unit,
  target: Unit,
  weapon: Weapon,
): boolean {
  const odds = m.assessAttack(state, enemy, target, weapon);
  return m.attackFailsWhy(odds) === null && !m.isBlindAttack(odds);
}

/** Whether a hero stands next to `square` (a shooter keeps out of melee). */
function isNextToHero(state: GameState, enemy: Placed, square: Point): boolean {
  return wouldHoldFrom(enemy, square, () =>
    livingUnits(state, 'heroes').some((h) => baseGap(enemy, h) === 1),
  );
}

/** `grid` with the squares next to a hero closed for stopping: a shooter's way keeps out of melee. */
function keepingOutOfMelee(state: GameState, enemy: Placed, grid: PathingGrid): PathingGrid {
  // A search asks of a square many times: each is worked out once.
  const nextToHero = new Map<number, boolean>();
  const isNear = (x: number, y: number): boolean => {
    const key = y * grid.width + x;
    let near = nextToHero.get(key);
    if (near === undefined) nextToHero.set(key, (near = isNextToHero(state, enemy, { x, y })));
    return near;
  };
  return {
    width: grid.width,
    height: grid.height,
    enterCost: (x, y) => grid.enterCost(x, y),
    canStopAt: (x, y) => grid.canStopAt(x, y) && !isNear(x, y),
    isCorner: (x, y) => grid.isCorner(x, y),
  };
}

function* actAlerted(m: SoloMechanics, ctx: Context, enemy: Placed): Generator<void> {
  const state = ctx.state;
  // Healers first: the Arch Foe, then the nearest wounded ally.
  if (enemy.heal && enemy.heal.usesLeft > 0) {
    const patient = patientFor(m, state, enemy);
    if (patient) {
      const ok = yield* healPatient(m, ctx, enemy, patient);
      if (ok) return;
    }
  }
  // The module's goal first: the object in reach to seize, or a race in which it can
  // strike no one this turn (III "Goal Locations": "an enemy unable to make an attack on
  // its turn will instead move toward the nearest goal").
  const reachesThisTurn = (at: Point): boolean =>
    reachableEnds(m, state, enemy).some((p) => chebyshevDistance(p, at) <= 1);
  if (m.goalBeforeFight(state, enemy, () => canAttackThisTurn(m, state, enemy), reachesThisTurn)) {
    yield* makeForGoal(m, ctx, enemy);
    return;
  }
  const chosen =
    priorityTargetThisTurn(m, state, enemy) ??
    targetByTactic(m, ctx, enemy) ??
    chooseNearestHero(ctx, enemy);
  if (!chosen) return;
  const tactic = m.tacticOf(enemy);
  const weapon = tacticalWeapon(m, enemy) ?? primaryWeapon(m, ctx, enemy);
  if (!weapon) return;
  // A shooter takes up its blade only for a hero already next to it: that one it fights.
  const bladeOnly =
    !isRanged(weapon) &&
    m.weaponsOf(enemy).some(isRanged) &&
    !canStrike(m, state, enemy, chosen, weapon);
  const target = bladeOnly
    ? (livingUnits(state, 'heroes').find((h) => canStrike(m, state, enemy, h, weapon)) ?? chosen)
    : chosen;
  // Curious and Opportunistic: to the objective before the fight.
  if (seeksObjectiveFirst(m, state, enemy)) {
    const goal = m.objectiveFor(state, enemy)!;
    if (chebyshevDistance(goal, enemy.position) > 1) {
      walkToward(ctx, enemy, goal, 'making for the objective first');
      yield;
    }
  }
  // Quick: strike from where it stands, then move away.
  if (tactic === 'quick' && canStrike(m, state, enemy, target, weapon)) {
    m.attack(ctx, enemy, target, weapon);
    yield;
    if (enemy.position && !state.outcome) {
      stepAway(m, ctx, enemy, target);
      yield;
    }
    return;
  }
  let moved = false;
  if (holdsBack(m, enemy) || m.holdsPost(state, enemy, target)) {
    // Cautious and Negotiating hold their ground, and so does a fortress's defender while
    // its foe is far from the building: they fight only what is in reach.
    moved = true;
  } else if (!canStrike(m, state, enemy, target, weapon)) {
    const door = doorWorthOpening(state, enemy, target, m.measuresToBase(state));
    if (door) openDoor(ctx, enemy, door);
    else moveToStrike(m, ctx, enemy, target, weapon);
    moved = true;
    yield;
  } else if (tactic === 'selective' && isRanged(weapon)) {
    // In range: a Selective shooter backs off to the farthest square still in range.
    moved = keepDistance(m, ctx, enemy, target, weapon);
    if (moved) yield;
  } else if (isRanged(weapon) || tactic === 'pragmatic') {
    // In range already: a shooter (or a Pragmatic fighter) steps into cover when it stays in range.
    moved = takeCover(m, ctx, enemy, target, weapon);
    if (moved) yield;
  }
  if (!enemy.position || state.outcome) return;
  // The other action: attack with the primary if it can, else with any weapon that can.
  const usable = [weapon, ...m.weaponsOf(enemy).filter((w) => w.id !== weapon.id)];
  const foes = [target, ...livingUnits(state, 'heroes').filter((h) => h.id !== target.id)];
  // Negotiating: only a foe standing next to it.
  const mayFight = (h: Unit): boolean =>
    tactic !== 'negotiating' || m.distanceTo(state, enemy.position, h) === 1;
  for (const w of usable) {
    const victim = foes.find((h) => canStrike(m, state, enemy, h, w) && mayFight(h));
    if (victim) {
      m.attack(ctx, enemy, victim, w);
      yield;
      return;
    }
  }
  // No attack: pick up the objective within reach; else a wild shot at a hero out of
  // sight, if it has one (miniatures-los-cover: through woods or a hedge, 20+): a poor
  // chance, but an attack, and III sends only an enemy "unable to make an attack" to the
  // goal, and enemies "do not attempt actions which do not have an immediate benefit"
  // (a second move); else go toward the scenario's goal, or move again toward the target.
  if (m.mayTakeObjective(state, enemy)) {
    m.takeObjective(ctx, enemy);
    yield;
    return;
  }
  for (const w of usable) {
    const victim = foes.find(
      (h) => m.attackFailsWhy(m.assessAttack(state, enemy, h, w)) === null && mayFight(h),
    );
    if (victim) {
      emit(ctx, {
        type: 'decision',
        unit: enemy.id,
        text: `${enemy.name} sees no foe to strike and shoots blind at the ${victim.name}.`,
        rule: { book: 'LOS & cover', section: 'Wild attack: shooting through the wall' },
      });
      m.attack(ctx, enemy, victim, w);
      yield;
      return;
    }
  }
  if (holdsBack(m, enemy)) return;
  const goal = m.goalLocation(state, enemy);
  if (!goal && m.holdsPost(state, enemy, target)) return;
  if (goal) {
    walkToward(ctx, enemy, goal, 'making for the goal');
    yield;
    return;
  }
  if (moved || !canStrike(m, state, enemy, target, weapon)) {
    moveToStrike(m, ctx, enemy, target, weapon);
    yield;
  }
}

/** The weapon a tactic insists on: Reckless its melee weapon, Dramatic its showiest. */
function tacticalWeapon(m: SoloMechanics, enemy: Placed): Weapon | null {
  const tactic = m.tacticOf(enemy);
  const weapons = m.weaponsOf(enemy);
  if (tactic === 'reckless') return weapons.find((w) => w.reach === 'melee') ?? null;
  if (tactic === 'dramatic') return weapons.find((w) => m.isShowy(w)) ?? null;
  return null;
}

/** Selective: to the reachable square farthest from the target that still has it in range. */
function keepDistance(
  m: SoloMechanics,
  ctx: Context,
  enemy: Placed,
  target: Placed,
  weapon: Weapon,
): boolean {
  const state = ctx.state;
  const grid = buildPathingGrid(state, enemy);
  let best: { path: Point[]; d: number } | null = null;
  for (const r of findReachable(grid, enemy.position, enemy.move).values()) {
    const to = r.path[r.path.length - 1];
    if (!wouldHoldFrom(enemy, to, () => canStrike(m, state, enemy, target, weapon))) continue;
    const d = m.distanceTo(state, to, target);
    if (!best || d > best.d) best = { path: r.path, d };
  }
  if (!best || best.d <= m.distanceTo(state, enemy.position, target)) return false;
  walkUnit(ctx, enemy, best.path, `keeping its distance from the ${target.name}`);
  return true;
}

/** Quick's run after the hit: the reachable square farthest from the foe. */
function stepAway(m: SoloMechanics, ctx: Context, enemy: Placed, foe: Unit): void {
  if (!foe.position) return;
  const state = ctx.state;
  const grid = buildPathingGrid(state, enemy);
  let best: { path: Point[]; d: number } | null = null;
  for (const r of findReachable(grid, enemy.position, enemy.move).values()) {
    const to = r.path[r.path.length - 1];
    const d = m.distanceTo(state, to, foe);
    if (!best || d > best.d) best = { path: r.path, d };
  }
  if (best && best.d > m.distanceTo(state, enemy.position, foe))
    walkUnit(ctx, enemy, best.path, `darting away from the ${foe.name}`);
}

/**
 * Moves to the cheapest reachable square from which `weapon` strikes the target (the
 * Selective: the farthest such square). A shooter prefers one in cover from the target
 * (III "Cover") and, before that, one next to no hero (it keeps out of melee); so does a
 * Pragmatic fighter prefer cover. Out of reach, the shortest way toward the target, a
 * shooter stopping short of the heroes.
 */
function moveToStrike(
  m: SoloMechanics,
  ctx: Context,
  enemy: Placed,
  target: Placed,
  weapon: Weapon,
): void {
  const state = ctx.state;
  const grid = buildPathingGrid(state, enemy);
  const large = sizeOf(enemy) > 1;
  const selective = m.tacticOf(enemy) === 'selective';
  const shooter = isRanged(weapon);
  const seeksCover = shooter || m.tacticOf(enemy) === 'pragmatic';
  // A large figure charging plans as if its smaller allies were not there: they give way.
  const planGrid = large ? buildPathingGrid(withoutSmallerAllies(state, enemy), enemy) : grid;
  const reach = [...findReachable(planGrid, enemy.position, enemy.move).values()].sort((a, b) =>
    selective
      ? m.distanceTo(state, b.path[b.path.length - 1], target) -
          m.distanceTo(state, a.path[a.path.length - 1], target) || a.cost - b.cost
      : a.cost - b.cost,
  );
  let best: { route: (typeof reach)[number]; makeWay: GiveWay[]; rank: number[] } | null = null;
  for (const r of reach) {
    const square = r.path[r.path.length - 1];
    if (!wouldHoldFrom(enemy, square, () => canStrike(m, state, enemy, target, weapon))) continue;
    const makeWay = large ? giveWayPlan(m, state, enemy, square) : [];
    if (!makeWay) continue;
    const rank = [
      shooter && isNextToHero(state, enemy, square) ? 1 : 0,
      seeksCover && !isCoveredFrom(state, square, target.position) ? 1 : 0,
    ];
    if (!best || isRankedBefore(rank, best.rank)) best = { route: r, makeWay, rank };
    if (best.rank.every((x) => x === 0)) break;
  }
  if (best) {
    for (const step of best.makeWay) {
      emit(ctx, {
        type: 'decision',
        unit: step.ally.id,
        text: `${step.ally.name} steps aside for the charging ${enemy.name}.`,
        rule: AI('Special Actions: smaller enemies move out of a larger one\u2019s way'),
      });
      walkUnit(ctx, step.ally, step.path, `making way for the ${enemy.name}`);
    }
    walkUnit(
      ctx,
      enemy,
      best.route.path,
      `${shooter ? 'takes aim at' : 'closes on'} the ${target.name}`,
    );
    return;
  }
  const way = shooter ? keepingOutOfMelee(state, enemy, grid) : grid;
  walkTowardFigure(m, ctx, enemy, target, `advances on the ${target.name}`, way);
}

/** Walks toward `target`'s square that `squareOf` names (out of reach this turn). */
function walkTowardFigure(
  m: SoloMechanics,
  ctx: Context,
  unit: Placed,
  target: Placed,
  reason: string,
  grid: ReturnType<typeof buildPathingGrid>,
): void {
  walkToward(ctx, unit, m.squareOf(ctx.state, unit.position, target), reason, grid);
}

/** The board as a large figure plans its charge: its smaller allies out of the way. */
function withoutSmallerAllies(state: GameState, large: Unit): GameState {
  return {
    ...state,
    units: state.units.filter(
      (u) => u.id === large.id || u.side !== large.side || sizeOf(u) >= sizeOf(large),
    ),
  };
}

interface GiveWay {
  ally: Placed;
  path: Point[];
}

/**
 * "If a larger enemy is charging at the heroes, smaller enemies will move out of its
 * way" (III "Special Actions"): the smaller allies standing where the large figure's base
 * would end each take the cheapest walk (within their own move) to a square clear of that
 * base; null when one of them cannot, so the large figure must end elsewhere.
 */
function giveWayPlan(
  m: SoloMechanics,
  state: GameState,
  large: Placed,
  main: Point,
): GiveWay[] | null {
  const base = baseAt(main, sizeOf(large));
  const inBase = (p: Point): boolean => base.some((b) => b.x === p.x && b.y === p.y);
  const inWay = livingUnits(state, large.side).filter(
    (u) => u.id !== large.id && sizeOf(u) < sizeOf(large) && footprint(u).some(inBase),
  );
  const plan: GiveWay[] = [];
  const moved: { ally: Placed; from: Point }[] = [];
  try {
    for (const ally of inWay) {
      const routes = [...findReachable(buildPathingGrid(state, ally), ally.position, ally.move)]
        .map(([, r]) => r)
        .filter((r) => baseAt(r.path[r.path.length - 1], sizeOf(ally)).every((p) => !inBase(p)))
        .sort((a, b) => a.cost - b.cost);
      if (routes.length === 0) return null;
      plan.push({ ally, path: routes[0].path });
      // Planned as if it had moved, so the next one does not pick the same square.
      moved.push({ ally, from: ally.position });
      ally.position = routes[0].path[routes[0].path.length - 1];
    }
  } finally {
    for (const m of moved.reverse()) m.ally.position = m.from;
  }
  return plan;
}

/**
 * Whether a figure at `square` has cover (partial or full) from a shot from `from`: the
 * walls and sight-blocking squares, and the map's cover (the woods it stands in, the low
 * wall in front of it). Figures move, so they do not count.
 */
function isCoveredFrom(state: GameState, square: Point, from: Point): boolean {
  const cover = standingCover(state, from, square);
  return cover === 'partial' || cover === 'full';
}

/** "Enemies with a ranged primary weapon will try to get behind cover if they will still be in range." */
function takeCover(
  m: SoloMechanics,
  ctx: Context,
  enemy: Placed,
  target: Placed,
  weapon: Weapon,
): boolean {
  const state = ctx.state;
  if (isCoveredFrom(state, enemy.position, target.position)) return false;
  const grid = buildPathingGrid(state, enemy);
  const reach = [...findReachable(grid, enemy.position, enemy.move).values()].sort(
    (a, b) => a.cost - b.cost,
  );
  for (const r of reach) {
    const square = r.path[r.path.length - 1];
    if (!isCoveredFrom(state, square, target.position)) continue;
    // A shooter does not step into melee for cover.
    if (isRanged(weapon) && isNextToHero(state, enemy, square)) continue;
    if (!wouldHoldFrom(enemy, square, () => canStrike(m, state, enemy, target, weapon))) continue;
    emit(ctx, {
      type: 'decision',
      unit: enemy.id,
      text: `${enemy.name} takes cover and stays in range of the ${target.name}.`,
      rule: AI('Cover: ranged enemies get behind cover in range'),
    });
    walkUnit(ctx, enemy, r.path, 'taking cover');
    return true;
  }
  return false;
}

/** The ally a healer tends: the Arch Foe when wounded, else the nearest wounded ally (III). */
function patientFor(m: SoloMechanics, state: GameState, healer: Placed): Placed | null {
  const allies = livingUnits(state, 'enemies').filter((u) => u.id !== healer.id && u.wounds > 0);
  const archFoe = allies.find((u) => u.ai?.archFoe);
  if (archFoe) return archFoe;
  return (
    allies.sort(
      (a, b) => m.distanceTo(state, healer.position, a) - m.distanceTo(state, healer.position, b),
    )[0] ?? null
  );
}

/** Goes to the patient and heals it; false when it cannot reach it this turn to try. */
function* healPatient(
  m: SoloMechanics,
  ctx: Context,
  healer: Placed,
  patient: Placed,
): Generator<void, boolean> {
  const state = ctx.state;
  if (m.healFailsWhy(state, healer, patient)) {
    emit(ctx, {
      type: 'decision',
      unit: healer.id,
      text: `${healer.name} hurries to tend the ${patient.name}.`,
      rule: AI('Healers: the Arch Foe first, then the nearest wounded'),
    });
    const grid = buildPathingGrid(state, healer);
    const reach = [...findReachable(grid, healer.position, healer.move).values()].sort(
      (a, b) => a.cost - b.cost,
    );
    const spot = reach.find((r) =>
      wouldHoldFrom(
        healer,
        r.path[r.path.length - 1],
        () => !m.healFailsWhy(state, healer, patient),
      ),
    );
    if (spot) walkUnit(ctx, healer, spot.path, `going to the ${patient.name}`);
    else walkTowardFigure(m, ctx, healer, patient, `going to the ${patient.name}`, grid);
    yield;
  }
  if (!healer.position || m.healFailsWhy(state, healer, patient)) return false;
  m.heal(ctx, healer, patient);
  yield;
  return true;
}
