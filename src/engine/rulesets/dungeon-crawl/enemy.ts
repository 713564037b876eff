/**
 * The Dungeon Crawl's enemies (solo-miniatures-dungeon-crawl §4 "Move Order" and the
 * scenario's "To Play"): the enemy side acts first each round, strongest first (the Arch
 * Foe, then by rank: dragon, trolls, goblins). Each enemy acts by its status:
 * - Patrolling: a d8 on the patrol table (forward, half forward then turn, stand, turn).
 * - Alerted: pick the nearest hero (ties by die), move to stay in the range of its
 *   primary weapon (best chance to hit, then most damage), then attack.
 * - Retreating is resolved at once when morale fails (see combat.retreat).
 * Each activation is a sequence of actions; the kernel runs the after-action checks
 * after each one (runActivation).
 */
import { chebyshevDistance, FACING_NAMES, isSamePoint, rotateFacing } from '../../grid';
import { terrainAt } from '../../map';
import type { GameState, Unit } from '../../types';
import { applyWound } from '../../systems/wounds';
import { findUnit, livingUnits } from '../../world';
import { emit, rollDie, runActivation, type Context } from '../../systems/context';
import { openDoor } from '../../systems/doors';
import { walkStraightAhead } from '../../systems/movement';
import {
  chooseNearestHero,
  doorWorthOpening,
  kept,
  moveIntoRange,
  walkToward,
  wouldHoldFrom,
  type Placed,
} from '../../systems/pursuit';
import { isFaithful, SOLO } from './versions';
import {
  activationLeaves,
  alertedIntent,
  patrolIntent,
  withOrder,
  type EnemyIntent,
} from '../../systems/intent';
import { canAttack, resolveAttack } from './combat';
import { crawlWeapons, type CrawlWeapon } from './types';
import { canUseSeveralWeaponsPerTurn, rankWeapons } from './units';

/** Enemies in the order they act: higher rank first (the Arch Foe above all), then list order. */
export function enemyActionOrder(state: GameState): Placed[] {
  // livingUnits keeps list order and the sort is stable: equal ranks stay in list order.
  return livingUnits(state, 'enemies').sort((a, b) => actingRank(b) - actingRank(a));
}

function actingRank(enemy: Unit): number {
  return (enemy.ai?.archFoe ? 100 : 0) + (enemy.ai?.rank ?? 0);
}

/** Runs the whole enemy side's turn. Stops early when the game ends. */
export function runEnemyPhase(ctx: Context): void {
  for (const enemy of enemyActionOrder(ctx.state)) {
    if (ctx.state.outcome) return;
    if (!enemy.position || !enemy.ai) continue;
    emit(ctx, { type: 'turn-started', unit: enemy.id, text: '' });
    runActivation(ctx, activate(ctx, enemy));
    emit(ctx, { type: 'turn-ended', unit: enemy.id, text: '' });
  }
}

/** One enemy's activation, by its status; yields after each action. */
export function* activate(ctx: Context, enemy: Placed): Generator<void> {
  const mark = ctx.events.length;
  const status = enemy.ai?.status;
  if (enemy.carrying && isFaithful(ctx.state)) yield* carryHome(ctx, enemy);
  else if (status === 'patrolling') patrol(ctx, enemy);
  else if (status === 'alerted' || status === 'retreating') yield* actAlerted(ctx, enemy);
  // 'prepared' enemies hold their ground until alerted.
  // Ending its turn on dangerous ground it did not walk onto, it rolls (after the checks
  // for its action); anywhere else nothing happens then, and no step is taken.
  if (
    isFaithful(ctx.state) &&
    !enteredThisTurn(ctx, enemy, mark) &&
    isOnDangerousGround(ctx.state, enemy)
  ) {
    yield;
    endTurnOnDangerousGround(ctx, enemy);
  }
}

function isOnDangerousGround(state: GameState, unit: Unit): boolean {
  const at = unit.position;
  return at !== null && terrainAt(state.map, at.x, at.y) === 'dangerous';
}

/** Whether `unit` walked onto the square it stands on since event `mark`. */
function enteredThisTurn(ctx: Context, unit: Unit, mark: number): boolean {
  const at = unit.position;
  if (!at) return false;
  for (let i = ctx.events.length - 1; i >= mark; i--) {
    const e = ctx.events[i];
    if (e.type === 'moved' && e.unit === unit.id) return isSamePoint(e.to, at);
  }
  return false;
}

/**
 * An enemy that has picked up the relic heads for its own side with it (solo rules §5:
 * the object "can be picked up by other heroes or enemies"; carrying it, it cannot
 * attack). Its side is where it started.
 */
function* carryHome(ctx: Context, enemy: Placed): Generator<void> {
  const home = enemy.ai?.home;
  if (!home || isSamePoint(home, enemy.position)) return;
  emit(ctx, {
    type: 'decision',
    unit: enemy.id,
    text: `${enemy.name} carries the relic toward its own side.`,
    rule: SOLO('5 Winning: the object may be picked up by enemies'),
  });
  walkToward(ctx, enemy, home, 'carrying the relic home');
  yield;
}

// ------------------------------------------------------------------ patrolling

export const PATROL_TEXT: Record<number, string> = {
  1: 'full move forward',
  2: 'full move forward',
  3: 'half move, then turn',
  4: 'stands still',
  5: 'stands still',
  6: 'turns 90° clockwise',
  7: 'turns about',
  8: 'turns 90° counter-clockwise',
};

const TURN_TEXT: Record<number, string> = {
  4: 'no turn',
  5: 'no turn',
  6: 'turns 90° clockwise',
  7: 'turns about',
  8: 'turns 90° counter-clockwise',
};

/** The patrol d8 table (solo rules, section 4). */
export function patrol(ctx: Context, enemy: Placed): void {
  const value = rollDie(ctx, {
    sides: 8,
    purpose: 'patrol',
    unit: enemy.id,
    need: null,
    describe: (v) => `${enemy.name} patrol d8 = ${v}: ${PATROL_TEXT[v]}`,
    rule: SOLO('4 Move Order: patrolling, roll 1d8'),
  });
  if (value <= 2) {
    walkStraightAhead(ctx, enemy, enemy.move, 'patrolling');
  } else if (value === 3) {
    walkStraightAhead(ctx, enemy, Math.ceil(enemy.move / 2), 'patrolling');
    let turn = 0;
    do {
      turn = rollDie(ctx, {
        sides: 8,
        purpose: 'patrol-turn',
        unit: enemy.id,
        need: 4,
        rerolledBelow: 4,
        describe: (v) =>
          v <= 3
            ? `${enemy.name} turn d8 = ${v}: re-roll (3 or less)`
            : `${enemy.name} turn d8 = ${v}: ${TURN_TEXT[v]}`,
        rule: SOLO('4 Move Order: patrolling, a 3 turns after half a move'),
      });
    } while (turn <= 3);
    turnBy(ctx, enemy, turn);
  } else {
    turnBy(ctx, enemy, value);
  }
}

function turnBy(ctx: Context, enemy: Placed, value: number): void {
  const steps = value === 6 ? 2 : value === 7 ? 4 : value === 8 ? -2 : 0;
  if (steps === 0) return;
  const from = enemy.facing;
  enemy.facing = rotateFacing(enemy.facing, steps);
  emit(ctx, {
    type: 'faced',
    unit: enemy.id,
    from,
    to: enemy.facing,
    reason: 'patrol',
    text: `${enemy.name} turns to face ${FACING_NAMES[enemy.facing]}.`,
  });
}

// ------------------------------------------------------------------ alerted

/** The alerted behaviour: close to the primary weapon's range of the target, then attack. */
function* actAlerted(ctx: Context, enemy: Placed): Generator<void> {
  const target = chooseNearestHero(ctx, enemy);
  if (!target) return;
  const weapons = rankWeapons(crawlWeapons(enemy));
  const primary = weapons[0];
  // (isWellPlaced and canAttack read the figures' squares, sides and sizes, the weapons
  // and whether the enemy carries the relic: a look-ahead keeps their answers per board.)
  const carrying = enemy.carrying ?? '';
  if (
    primary &&
    !kept(ctx, `well-placed|${enemy.id}|${target.id}|${primary.id}|${carrying}`, () =>
      isWellPlaced(ctx.state, enemy, target, primary),
    )
  ) {
    if (weapons.length > 1) {
      emit(ctx, {
        type: 'decision',
        unit: enemy.id,
        text: `${enemy.name} seeks the range of its ${primary.name}: ${whyPrimary(primary, weapons[1])}.`,
        rule: SOLO('4 Move Order: alerted enemies keep the range of their primary weapon'),
      });
    }
    const door = doorWorthOpening(ctx.state, enemy, target);
    if (door) openDoor(ctx, enemy, door);
    else {
      const verb =
        primary.reach === 'ranged' ? `keeps ${primary.name.toLowerCase()} range on` : 'closes on';
      moveIntoRange(
        ctx,
        enemy,
        target,
        (square) =>
          wouldHoldFrom(enemy, square, () => canAttack(ctx.state, enemy, target, primary)),
        verb,
        // canAttack reads the figures' squares, sides and sizes, the weapon and whether
        // the enemy carries the relic.
        `${primary.id}|${enemy.carrying ?? ''}`,
      );
    }
    yield;
  }
  if (enemy.position && !ctx.state.outcome) yield* attackAsAble(ctx, enemy, target);
}

/** Why `primary` ranks above `next` (best chance to hit, then most damage). */
function whyPrimary(primary: CrawlWeapon, next: CrawlWeapon): string {
  if (primary.hitOn !== next.hitOn)
    return `it wounds on ${primary.hitOn}+, the ${next.name} on ${next.hitOn}+`;
  return primary.wounds !== next.wounds
    ? `it deals ${primary.wounds} wounds, the ${next.name} ${next.wounds}`
    : `it is the first of equal weapons`;
}

/**
 * A unit that ends its turn on dangerous ground it did not enter this turn rolls for it
 * (solitaire-gaming-rules, "Dangerous Terrain": a die "when a figure moves into or ends
 * its turn in dangerous terrain"; one roll a turn for the same square).
 */
export function endTurnOnDangerousGround(ctx: Context, unit: Unit): void {
  const at = unit.position;
  if (!at || !isOnDangerousGround(ctx.state, unit)) return;
  const wounds = ctx.rules.dangerousGround(ctx, unit, at, 'ends its turn on');
  if (wounds > 0) applyWound(ctx, unit, null, wounds);
}

/**
 * In range of its primary weapon on the target; or, for the dragon that strikes with
 * each weapon in one turn, able to use the primary on another hero while its other
 * weapon reaches the target (it has no reason to give up a double attack).
 */
function isWellPlaced(
  state: GameState,
  enemy: Placed,
  target: Placed,
  primary: CrawlWeapon,
): boolean {
  if (canAttack(state, enemy, target, primary)) return true;
  if (!canUseSeveralWeaponsPerTurn(enemy.kind)) return false;
  const others = livingUnits(state, 'heroes').filter((h) => h.id !== target.id);
  const primaryElsewhere = others.some((h) => canAttack(state, enemy, h, primary));
  const secondaryOnTarget = crawlWeapons(enemy).some(
    (w) => w.id !== primary.id && canAttack(state, enemy, target, w),
  );
  return primaryElsewhere && secondaryOnTarget;
}

/**
 * Attacks with the best usable weapon, the target first, else the nearest hero it can
 * hit. The dragon may use each weapon once, each on a different hero.
 */
function* attackAsAble(ctx: Context, enemy: Placed, target: Placed): Generator<void> {
  const weapons = rankWeapons(crawlWeapons(enemy));
  const several = canUseSeveralWeaponsPerTurn(enemy.kind);
  const struck = new Set<string>();
  for (const weapon of weapons) {
    if (!enemy.position || ctx.state.outcome) return;
    if (enemy.ai?.status !== 'alerted') return;
    const choose = (): string | null => {
      const heroes = livingUnits(ctx.state, 'heroes')
        .filter((h) => !struck.has(h.id))
        .sort((a, b) => {
          if (a.id === target.id) return -1;
          if (b.id === target.id) return 1;
          return (
            chebyshevDistance(enemy.position, a.position) -
            chebyshevDistance(enemy.position, b.position)
          );
        });
      return heroes.find((h) => canAttack(ctx.state, enemy, h, weapon))?.id ?? null;
    };
    const victimId = kept(
      ctx,
      `victim|${enemy.id}|${target.id}|${weapon.id}|${enemy.carrying ?? ''}|${struck.size === 0 ? '' : [...struck].join(',')}`,
      choose,
    );
    const victim = victimId === null ? undefined : findUnit(ctx.state, victimId);
    if (!victim) continue;
    struck.add(victim.id);
    resolveAttack(ctx, enemy, victim, weapon);
    yield;
    if (!several) return;
  }
}

// ------------------------------------------------------------------ intent

/**
 * What an enemy will do on its next activation, with the odds (the intent overlay): its own
 * activation run on copies of the board for every roll of the d8 table that matters.
 */
export function crawlEnemyIntent(state: GameState, enemy: Unit): EnemyIntent | null {
  // Worked out as if it acted first; the intent names those acting before it (4 Move Order).
  return withOrder(intentAlone(state, enemy), enemyActionOrder(state));
}

function intentAlone(state: GameState, enemy: Unit): EnemyIntent | null {
  if (!enemy.position || !enemy.ai || enemy.side !== 'enemies') return null;
  const status = enemy.ai.status;
  if (status === 'prepared' && !enemy.carrying)
    return { unit: enemy.id, kind: 'holds', text: 'holds its ground until it notices a hero' };
  const tree = activationLeaves(state, enemy.id, activate);
  if (!tree) return { unit: enemy.id, kind: 'holds', text: 'too many ways to tell' };
  if (status === 'patrolling' && !(enemy.carrying && isFaithful(state)))
    return patrolIntent(enemy, tree, 8, (rolls) => {
      const row = rolls.find((r) => r.purpose === 'patrol');
      return row ? PATROL_TEXT[row.value] : 'stands still';
    });
  return alertedIntent(state, enemy, tree);
}
