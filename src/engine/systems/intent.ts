/**
 * Enemy intent with odds: what the dice-run enemies are about to do, for the view. Nothing
 * here changes a game: every answer is worked out on private copies of the state with dice
 * of its own (the game's dice never move).
 *
 * - `enumerateRolls` runs a piece of the rules once for every sequence of die faces that
 *   matters (a depth-first walk of the dice tree), so a module's own patrol table, tie
 *   rolls and re-rolls give exact chances without being copied anywhere;
 * - `activationLeaves` runs one enemy's activation (the module's own generator) on a copy
 *   for every such sequence, up to its first attack, and says where it ends, how it faces
 *   and whom it strikes;
 * - `patrolIntent` and `alertedIntent` fold those leaves into what the view shows;
 * - `attackOdds` gives the chance that each hero is attacked in the enemies' next turn: an
 *   exact enumeration when the dice tree is small; else exact over the ways a few steered
 *   runs showed, where the runs meet again after each activation (ActivationReplay's
 *   exploring runs); else a seeded Monte Carlo of the turn; all through the real reducer on
 *   a copy.
 */
import { createDiceState, openDice, type DiceSource } from '../dice';
import { cloneState, cloneStateOnto, applyCommandInPlace } from '../game';
import { sizeOf } from '../footprint';
import { chebyshevDistance, type Facing, type Point } from '../grid';
import { terrainAt } from '../map';
import { formatChance } from '../resolution';
import { requireRules } from '../rulesets/registry';
import type { RoundIntent, RuleModule } from '../rulesets/module';
import type { EventOf, GameEvent, GameState, Unit } from '../types';
import { findUnit } from '../world';
import { LookAheadMemo, settle, type Context } from './context';
import { hasFogOfWar, heroesSee, heroesView } from './fog';
import { noticing } from './sight';
import { ActivationReplay, type WayCount } from './activation-replay';

// ------------------------------------------------------------------ the dice tree

/**
 * Dice of the intent's own, seeded, with the first rolls thrown away (the first outputs of
 * xoroshiro128+ after a 32-bit seed are much alike from one seed to the next under dice
 * version 1, which this stream keeps so the odds shown stay as they were).
 */
/** `dice` with the faces `first` given first, in order (a run played again up to a point). */
function facesFirst(first: readonly number[], dice: DiceSource): DiceSource {
  if (first.length === 0) return dice;
  let i = 0;
  return { roll: (sides, below) => (i < first.length ? first[i++] : dice.roll(sides, below)) };
}

function warmDice(seed: number): DiceSource {
  const dice = openDice(createDiceState(seed, 1));
  for (let i = 0; i < 64; i++) dice.roll(6);
  return dice;
}

export interface RollLeaf<T> {
  value: T;
  /** Chance of this leaf (renormalised when deep re-roll branches were cut). */
  chance: number;
}

export interface RollTree<T> {
  leaves: RollLeaf<T>[];
  /** The share of the probability cut off at `maxDepth` and handed to its siblings (0 when none). */
  cut: number;
}

export interface EnumerateLimits {
  /** Give up (null) after this many leaves. */
  maxLeaves: number;
  /**
   * Branches needing more rolls than this are cut (re-roll loops): a cut branch's chance
   * goes to the finished branches beside it, in proportion, which is exact for a re-roll
   * (the branches after a re-roll are the same as those beside it). The walk is tried cut
   * at 3 rolls, then one more each time while any branch is cut, up to this (a deeper
   * walk with too many leaves gives the shallower one). Re-roll loops the rules declare
   * (DiceSource.roll's `rerolledBelow`) are walked without cuts.
   */
  maxDepth: number;
}

/**
 * A run of the rules with the dice it was given: its result, and how many of its first
 * rolls decided that result (rolls after them are not branched on); all when absent.
 */
export interface RollRun<T> {
  value: T;
  decisive?: number;
}

function startsWith(path: readonly number[], prefix: readonly number[]): boolean {
  if (path.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (path[i] !== prefix[i]) return false;
  return true;
}

/**
 * Every outcome of `run` with its exact chance, by running it once for every sequence of
 * the faces of the rolls that decide it (`run` must be a pure function of the dice it is
 * given). Rolls past the ones fixed by the walk come from a seeded side stream, so a
 * re-roll loop always ends. Null when the tree has more than `limits.maxLeaves` leaves.
 */
export function enumerateRolls<T>(
  run: (dice: DiceSource) => RollRun<T>,
  limits: EnumerateLimits,
): RollTree<T> | null {
  return finish(enumerateRollSteps(run, limits));
}

/** Runs a piece of work given as steps to its end, at once. */
function finish<R>(steps: Generator<unknown, R>): R {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** enumerateRolls a step at a time: one run of `run` a step (for spreading it over frames). */
export function* enumerateRollSteps<T>(
  run: (dice: DiceSource) => RollRun<T>,
  limits: EnumerateLimits,
): Generator<void, RollTree<T> | null> {
  /** The last walk whose cut branches could be handed on (see EnumerateLimits.maxDepth). */
  let shallower: RollTree<T> | null = null;
  for (let depth = Math.min(3, limits.maxDepth); depth <= limits.maxDepth; depth++) {
    const tried = yield* enumerateToDepth(run, limits.maxLeaves, depth);
    if (tried === 'too-many') return shallower;
    if (tried === 'too-deep') continue;
    // A walk with cut branches is tried deeper, where more of them are counted rather
    // than handed on (exact only for a re-roll the rules did not declare: rerolledBelow).
    if (tried.cut > 0 && depth < limits.maxDepth) {
      shallower = tried;
      continue;
    }
    return tried;
  }
  return shallower;
}

/** One walk of the dice tree cut at `maxDepth` (see enumerateRolls), a run a step. */
function* enumerateToDepth<T>(
  run: (dice: DiceSource) => RollRun<T>,
  maxLeaves: number,
  maxDepth: number,
): Generator<void, RollTree<T> | 'too-many' | 'too-deep'> {
  const limits = { maxLeaves, maxDepth };
  const side = warmDice(0x1e7e);
  let prefix: number[] = [];
  /** The face each fixed position started on (the walk goes round the die from it). */
  let starts: number[] = [];
  const leaves: (RollLeaf<T> & { path: number[] })[] = [];
  const cuts: { path: number[]; chance: number }[] = [];
  let runs = 0;
  for (;;) {
    if (++runs > limits.maxLeaves * 4) return 'too-many';
    const faces: number[] = [];
    const sides: number[] = [];
    /** The lowest face that stands at each position (a re-rolled die's faces below it are not walked). */
    const lows: number[] = [];
    const dice: DiceSource = {
      roll(n: number, rerolledBelow?: number): number {
        const i = sides.length;
        const low =
          rerolledBelow !== undefined && rerolledBelow > 1 && rerolledBelow <= n
            ? rerolledBelow
            : 1;
        sides.push(n);
        lows.push(low);
        let v = i < prefix.length ? prefix[i] : side.roll(n);
        while (v < low) v = side.roll(n);
        faces.push(v);
        return v;
      },
    };
    const result = run(dice);
    yield;
    const k = Math.min(result.decisive ?? sides.length, sides.length);
    const depth = Math.min(k, limits.maxDepth);
    const nextStarts = starts.slice(0, depth);
    for (let i = nextStarts.length; i < depth; i++) nextStarts.push(faces[i]);
    let chance = 1;
    for (let i = 0; i < depth; i++) chance /= sides[i] - lows[i] + 1;
    if (k <= limits.maxDepth) {
      leaves.push({ value: result.value, chance, path: faces.slice(0, k) });
      if (leaves.length > limits.maxLeaves) return 'too-many';
    } else cuts.push({ path: faces.slice(0, depth), chance });
    // The next sequence: the last decisive position not yet back at its starting face.
    let i = depth - 1;
    while (i >= 0) {
      const next = faces[i] >= sides[i] ? lows[i] : faces[i] + 1;
      if (next !== nextStarts[i]) {
        prefix = [...faces.slice(0, i), next];
        starts = nextStarts.slice(0, i + 1);
        break;
      }
      i--;
    }
    if (i < 0) break;
  }
  // Each cut branch's chance goes to the finished leaves beside it (the same rolls before
  // it: the other faces of a re-rolled die). Where there are none, or more than 2%
  // would be handed on, the enumeration is not to be trusted: null.
  let cut = 0;
  for (const c of cuts) {
    cut += c.chance;
    const kin = leaves.filter((l) => startsWith(l.path, c.path.slice(0, -1)));
    const mass = kin.reduce((sum, l) => sum + l.chance, 0);
    if (mass <= 0) return 'too-deep';
    const scale = (mass + c.chance) / mass;
    for (const l of kin) l.chance *= scale;
  }
  if (cut > 0.02) return 'too-deep';
  return { leaves: leaves.map((l) => ({ value: l.value, chance: l.chance })), cut };
}

// ------------------------------------------------------------------ one enemy's activation

/** Where one run of an enemy's activation leads (up to its first attack). */
export interface ActivationLeaf {
  at: Point | null;
  facing: Facing;
  /** The decisive rolls, in order (the patrol row, a tie...). */
  rolls: EventOf<'roll'>[];
  /** Its first attack: whom, with what, from where, and the board just before it. */
  attack: { target: string; weapon: string; from: Point; before: GameState } | null;
}

/** The module's activation of one enemy: a generator yielding after each action. */
export type Activation = (ctx: Context, enemy: Unit & { position: Point }) => Iterator<unknown>;

const ENEMY_LIMITS: EnumerateLimits = { maxLeaves: 400, maxDepth: 8 };

/**
 * What the look-aheads from a state share while an IntentWork works on it: the memo (its
 * intents and its attack odds: each enemy's way toward a hero from its square, worked out
 * for its intent, serves the runs of the turn where the figures near it stand alike), and
 * the copy the last intent's last leaf left, which the next intent's first leaf takes
 * over (see activationLeaves).
 */
const shared = new WeakMap<GameState, { memo: LookAheadMemo; spare: GameState | null }>();

/** The memo for a look-ahead from `state`: the one shared on it, else a new one of its own. */
function lookAheadMemoOf(state: GameState): LookAheadMemo {
  return shared.get(state)?.memo ?? new LookAheadMemo();
}

/**
 * Runs `activation` for `enemyId` on copies of `state` for every sequence of dice that
 * decides where it goes and whom it strikes first (the rolls of the strike itself and
 * after are not branched on). Null when there are too many sequences to enumerate.
 */
export function activationLeaves(
  state: GameState,
  enemyId: string,
  activation: Activation,
  rules: RuleModule = requireRules(state),
): RollTree<ActivationLeaf> | null {
  /**
   * Runs the activation on a fresh copy with `dice`, step by step with the after-action
   * checks, until the step `stopAt` (the board just before it is returned) or its first
   * strike.
   */
  const sharing = shared.get(state);
  const memo = sharing?.memo ?? new LookAheadMemo();
  // The copy a leaf's first run left, which nothing reads after: the next leaf takes over
  // the figures it left as they were (cloneStateOnto) instead of copying them again (the
  // first leaf, the last intent's last copy on this state, while an IntentWork shares it).
  let spare: GameState | null = sharing?.spare ?? null;
  if (sharing) sharing.spare = null;
  const run = (dice: DiceSource, stopAt: number) => {
    let rolled = 0;
    const faces: number[] = [];
    const counting: DiceSource = {
      roll(n, below) {
        rolled++;
        const v = dice.roll(n, below);
        faces.push(v);
        return v;
      },
    };
    const draft = spare ? cloneStateOnto(state, spare) : cloneState(state);
    spare = null;
    const ctx: Context = { state: draft, dice: counting, events: [], rules, memo };
    const enemy = findUnit(draft, enemyId) as (Unit & { position: Point }) | undefined;
    let strike: { step: number; rolls: number; events: number; hit: EventOf<'attacked'> } | null =
      null;
    if (enemy?.position) {
      const steps = activation(ctx, enemy);
      for (let k = 0; k < stopAt; k++) {
        const rollsBefore = rolled;
        const eventsBefore = ctx.events.length;
        const step = steps.next();
        const hit = ctx.events
          .slice(eventsBefore)
          .find((e): e is EventOf<'attacked'> => e.type === 'attacked' && e.unit === enemyId);
        if (hit) {
          strike = { step: k, rolls: rollsBefore, events: eventsBefore, hit };
          break;
        }
        settle(ctx);
        if (step.done || draft.outcome) break;
      }
    }
    return { draft, ctx, enemy, rolled, faces, strike };
  };
  const tree = enumerateRolls<ActivationLeaf>((dice) => {
    const first = run(dice, Infinity);
    // Only its figures' squares and rolls are read after this leaf (a square is replaced
    // on a move, never changed in place): its copy is the next leaf's to take over.
    spare = first.draft;
    const { enemy, strike } = first;
    if (!enemy) return { value: { at: null, facing: 0, rolls: [], attack: null }, decisive: 0 };
    const decisive = strike ? strike.rolls : first.rolled;
    const rolls = first.ctx.events
      .slice(0, strike ? strike.events : first.ctx.events.length)
      .filter((e): e is EventOf<'roll'> => e.type === 'roll');
    if (!strike)
      return { value: { at: enemy.position, facing: enemy.facing, rolls, attack: null }, decisive };
    // The board just before the strike: the same rolls again, stopping before its step
    // (a copy per step only where there is a strike).
    const again = run(facesFirst(first.faces.slice(0, strike.rolls), dice), strike.step);
    const self = findUnit(again.draft, enemyId)!;
    const at = self.position ?? enemy.position;
    return {
      value: {
        at,
        facing: self.facing,
        rolls,
        attack: {
          target: strike.hit.target,
          weapon: strike.hit.weapon,
          from: at,
          before: again.draft,
        },
      },
      decisive,
    };
  }, ENEMY_LIMITS);
  if (sharing) sharing.spare = spare;
  return tree;
}

// ------------------------------------------------------------------ what the view shows

/** One place an outcome leaves the enemy, with its chance. */
export interface IntentEnd {
  at: Point;
  facing: Facing;
  chance: number;
}

/** One row of a patrol table: what it says, its chance, where it leaves the enemy. */
export interface PatrolOutcome {
  label: string;
  chance: number;
  ends: IntentEnd[];
}

/** An alerted enemy's likely first strike. */
export interface StrikeIntent {
  target: string;
  targetName: string;
  weapon: string;
  /** Chance it strikes this hero first. */
  chance: number;
  /** Chance that strike wounds (the module's attack preview from where it will stand). */
  woundChance: number;
  from: Point;
}

export type EnemyIntent = (
  | {
      unit: string;
      kind: 'patrol';
      /** The table's die (8, 20...). */
      die: number;
      outcomes: PatrolOutcome[];
    }
  | {
      unit: string;
      kind: 'alerted';
      /** Every square it may end on (before its strike), most likely first. */
      squares: IntentEnd[];
      /** Every hero it may strike first, most likely first; empty: no strike in reach. */
      strikes: StrikeIntent[];
      /** Chance it strikes no one. */
      noStrike: number;
      /** Where a tie or a roll decides, in words ("equidistant: A or B, 50% each", names from the state). */
      note: string | null;
    }
  | { unit: string; kind: 'holds'; text: string }
) & {
  /**
   * The enemies that act before it in the phase, by the module's own order (ids). The
   * intent is worked out as if it acted first: their moves may change it.
   */
  actsAfter?: string[];
  /**
   * True when the as-if-first answer is the answer in the real order, exactly (it acts
   * first, or nothing those before it may do can change its activation: actsAsIfFirst).
   * False: the real order may change it (or whether it acts at all); its odds in that order
   * come from the runs of the whole turn (AttackOdds.enemies). Absent: not asked.
   */
  exactInOrder?: boolean;
};

/**
 * An intent with the enemies acting before it in `order` (the module's order), and, when
 * the module says, whether it holds in that order as worked out (`exactInOrder`, see
 * actsAsIfFirst; left out, as before: the view words the order alone).
 */
export function withOrder(
  intent: EnemyIntent | null,
  order: readonly Unit[],
  exactInOrder?: boolean,
): EnemyIntent | null {
  if (!intent) return null;
  const { actsAfter: _had, ...alone } = intent;
  const at = order.findIndex((u) => u.id === intent.unit);
  const before = at > 0 ? order.slice(0, at).map((u) => u.id) : [];
  const known = exactInOrder === undefined ? {} : { exactInOrder };
  return { ...alone, ...(before.length > 0 ? { actsAfter: before } : {}), ...known };
}

// ------------------------------------------------------------------ the real acting order

/** The longest reach in squares of a unit's weapons (Infinity: any distance; 0: none). */
function weaponReach(rules: RuleModule, unit: Unit): number {
  let reach = 0;
  for (const w of rules.rankWeapons(unit)) reach = Math.max(reach, w.maxRange ?? Infinity);
  return reach;
}

/** Chebyshev distance from `p` to the rectangle [x0..x1] x [y0..y1] (0 inside). */
function distanceToBox(p: Point, x0: number, y0: number, x1: number, y1: number): number {
  const dx = p.x < x0 ? x0 - p.x : p.x > x1 ? p.x - x1 : 0;
  const dy = p.y < y0 ? y0 - p.y : p.y > y1 ? p.y - y1 : 0;
  return Math.max(dx, dy);
}

/**
 * Whether `enemy`'s activation is sure to go as if it acted first, whatever the enemies in
 * `before` (those acting before it, in the module's order) do first: a conservative test
 * (false whenever in doubt). What an activation depends on, and how each is kept out:
 * - the squares it may walk, look ahead on or stop on (occupancy): every square an earlier
 *   enemy may reach or touch this turn (two moves, its base, one beyond: a door beside it)
 *   lies farther from it than its own look-ahead (a patrol's straight walk; an alerted
 *   enemy's search, up to eight moves or 16 squares, and a second move);
 * - the heroes' places and health (whom it goes for, where it stands to strike): no hero
 *   within an earlier enemy's reach plus either's longest weapon, so no blow is struck
 *   between them (and no hero's reaction to a walk); no hero standing on dangerous ground
 *   (a roll at its end of turn);
 * - the doors (walking distances are counted with doors as they stand): no closed door
 *   within an earlier enemy's reach; no dangerous ground there either (a wound or a fall
 *   could move the morale checks);
 * - its own awareness: where figures block sight, no earlier enemy's reach meets the lines
 *   from it to any hero; while it is unaware, no Arch Foe but itself (its alarm could wake it);
 * - anything carried (a relic heading home could end the game).
 * Unaware and seeing a hero now, it wakes before it acts (the heroes' end of phase): false,
 * even acting first. Under fog of war an earlier enemy out of the heroes' sight makes it false, so that the
 * answer never depends on where a hidden monster stands. The module adds its own terms
 * (whether the enemy acts in this stretch at all, scenario goals...).
 */
export function actsAsIfFirst(
  state: GameState,
  enemy: Unit,
  before: readonly Unit[],
  rules: RuleModule = requireRules(state),
): boolean {
  const at = enemy.position;
  if (!at || !enemy.ai) return false;
  const heroes = state.units.filter((u) => u.side === 'heroes' && u.position && !u.offField);
  // Unaware: prepared, or on its rounds (neither alerted nor retreating nor down).
  const unaware = !['alerted', 'retreating', 'defeated'].includes(enemy.ai.status);
  // Unaware, it wakes at the end of the heroes' phase if it sees a hero now (awareness is
  // first checked once the heroes have moved). Asked last: the other terms are cheaper.
  const staysUnseen = (): boolean => {
    if (!unaware) return true;
    const notices = noticing(state);
    return !heroes.some((h) => notices(enemy, h));
  };
  // A hero ending its turn on dangerous ground rolls for it (a wound or a fall first).
  const map = state.map;
  if (heroes.some((h) => terrainAt(map, h.position!.x, h.position!.y) === 'dangerous'))
    return false;
  const others = before.filter((u) => u.id !== enemy.id && u.position);
  if (others.length === 0) return staysUnseen();
  if (hasFogOfWar(state) && others.some((u) => !heroesSee(state, u.id))) return false;
  // An Arch Foe that wakes raises the alarm (an awake one has already woken the rest).
  if (unaware && state.units.some((u) => u.id !== enemy.id && u.position && u.ai?.archFoe))
    return false;
  const size = sizeOf(enemy);
  const move = Math.max(1, enemy.move);
  const lookAhead =
    (unaware ? move : Math.max(2 * move, Math.min(8 * move, Math.max(16, 3 * move)))) + size + 1;
  const figuresBlock =
    rules.figuresBlockSight(state) || state.units.some((u) => u.position && u.structure);
  const closedDoors = state.doors.filter((d) => !d.open);
  let heroReach: number[] | null = null;
  for (const e of others) {
    const p = e.position!;
    if (e.carrying) return false;
    const zone = 2 * Math.max(1, e.move) + sizeOf(e) + 1;
    if (chebyshevDistance(p, at) <= zone + lookAhead) return false;
    const reach = weaponReach(rules, e);
    heroReach ??= heroes.map((h) => weaponReach(rules, h));
    for (const [i, h] of heroes.entries()) {
      const strike = Math.max(reach, heroReach[i]) + sizeOf(h);
      if (chebyshevDistance(p, h.position!) <= zone + strike) return false;
      if (figuresBlock) {
        const q = h.position!;
        const x0 = Math.min(at.x, q.x) - 1;
        const y0 = Math.min(at.y, q.y) - 1;
        const x1 = Math.max(at.x + size - 1, q.x + sizeOf(h) - 1) + 1;
        const y1 = Math.max(at.y + size - 1, q.y + sizeOf(h) - 1) + 1;
        if (distanceToBox(p, x0, y0, x1, y1) <= zone) return false;
      }
    }
    if (closedDoors.some((d) => chebyshevDistance(p, d) <= zone)) return false;
    for (let y = Math.max(0, p.y - zone); y <= Math.min(map.height - 1, p.y + zone); y++)
      for (let x = Math.max(0, p.x - zone); x <= Math.min(map.width - 1, p.x + zone); x++)
        if (terrainAt(map, x, y) === 'dangerous') return false;
  }
  return staysUnseen();
}

/** The chance of an event as the game writes every chance (formatChance: "13%", "<1%"). */
export const percent = formatChance;

function addEnd(ends: IntentEnd[], at: Point | null, facing: Facing, chance: number): void {
  if (!at) return;
  const same = ends.find((e) => e.at.x === at.x && e.at.y === at.y && e.facing === facing);
  if (same) same.chance += chance;
  else ends.push({ at: { ...at }, facing, chance });
}

/**
 * The outcomes of an enemy on patrol, one per row of its table: `label` names the row of a
 * leaf from its decisive rolls (the module reads its own table).
 */
export function patrolIntent(
  enemy: Unit,
  tree: RollTree<ActivationLeaf>,
  die: number,
  label: (rolls: EventOf<'roll'>[]) => string,
): EnemyIntent {
  const rows = new Map<string, PatrolOutcome>();
  for (const { value, chance } of tree.leaves) {
    const key = label(value.rolls);
    let row = rows.get(key);
    if (!row) {
      row = { label: key, chance: 0, ends: [] };
      rows.set(key, row);
    }
    row.chance += chance;
    addEnd(row.ends, value.at, value.facing, chance);
  }
  const outcomes = [...rows.values()];
  for (const o of outcomes) o.ends.sort((a, b) => b.chance - a.chance);
  return { unit: enemy.id, kind: 'patrol', die, outcomes };
}

/** An alerted enemy: where it most likely stands, whom it most likely strikes, how likely a wound. */
export function alertedIntent(
  state: GameState,
  enemy: Unit,
  tree: RollTree<ActivationLeaf>,
  rules: RuleModule = requireRules(state),
): EnemyIntent {
  const squares: IntentEnd[] = [];
  const strikes: StrikeIntent[] = [];
  let noStrike = 0;
  let decidedByRoll = false;
  for (const { value, chance } of tree.leaves) {
    addEnd(squares, value.attack?.from ?? value.at, value.facing, chance);
    if (value.rolls.length > 0) decidedByRoll = true;
    const a = value.attack;
    if (!a) {
      noStrike += chance;
      continue;
    }
    const same = strikes.find((s) => s.target === a.target && s.weapon === a.weapon);
    const preview = rules.previewAction(a.before, {
      type: 'attack',
      unit: enemy.id,
      target: a.target,
      weapon: a.weapon,
    });
    const wound = preview?.chance ?? 0;
    if (same) {
      same.woundChance = (same.woundChance * same.chance + wound * chance) / (same.chance + chance);
      same.chance += chance;
    } else {
      strikes.push({
        target: a.target,
        targetName: findUnit(state, a.target)?.name ?? a.target,
        weapon: a.weapon,
        chance,
        woundChance: wound,
        from: { ...a.from },
      });
    }
  }
  squares.sort((a, b) => b.chance - a.chance);
  // Most likely first; equal chances in the order of the state's units (the module's order).
  const order = new Map(state.units.map((u, i) => [u.id, i]));
  strikes.sort(
    (a, b) =>
      b.chance - a.chance ||
      (order.get(a.target) ?? 0) - (order.get(b.target) ?? 0) ||
      a.weapon.localeCompare(b.weapon),
  );
  return {
    unit: enemy.id,
    kind: 'alerted',
    squares,
    strikes,
    noStrike,
    note: decidedByRoll ? rollNote(strikes, squares, noStrike) : null,
  };
}

/** Says where a roll decides: between heroes, or between squares. */
function rollNote(strikes: StrikeIntent[], squares: IntentEnd[], noStrike: number): string | null {
  const targets = new Map<string, number>();
  for (const s of strikes) targets.set(s.targetName, (targets.get(s.targetName) ?? 0) + s.chance);
  if (targets.size > 1 || (targets.size === 1 && noStrike > 0.0005)) {
    const chances = [...targets.values()];
    const even =
      chances.every((c) => Math.abs(c - chances[0]) < 0.0005 * chances[0]) && noStrike < 0.0005;
    const names = [...targets.keys()];
    if (even) return `equidistant: ${names.join(' or ')}, ${percent(chances[0])} each`;
    const parts = [...targets].map(([n, c]) => `${n} ${percent(c)}`);
    if (noStrike > 0.0005) parts.push(`no strike ${percent(noStrike)}`);
    return `a roll decides: ${parts.join(', ')}`;
  }
  if (squares.length > 1)
    return `a roll decides where it goes: ${squares.length} squares, the likeliest ${percent(squares[0].chance)}`;
  return null;
}

// ------------------------------------------------------------------ the enemies' next turn

/**
 * The enemies' next turn, if the heroes stopped now: the acting hero and those after it
 * end their turns (through the real reducer, with `dice`), until every enemy has had its
 * turn or a new round starts after one has. The events of that stretch, and the state
 * after it (a copy: `state` is never changed).
 */
export function runEnemyTurnAhead(
  state: GameState,
  dice: DiceSource,
): { events: GameEvent[]; state: GameState } {
  return new TurnAhead(state).run(dice);
}

/**
 * runEnemyTurnAhead for many runs from one state, each with the dice it is given: the same
 * answers, with the heroes' ends of turn that roll no die run only once, and activations
 * met again on the same board with the same faces played back (see TurnAhead and
 * ActivationReplay).
 */
export function enemyTurnsAhead(state: GameState): {
  (dice: DiceSource): { events: GameEvent[]; state: GameState };
  /** A run's events alone, read off the replay where it knows the whole run (attackOdds' way). */
  events(dice: DiceSource): GameEvent[];
  /** The activations played back between the runs (for tests and the bench). */
  readonly replay: ActivationReplay;
} {
  const ahead = new TurnAhead(state);
  return Object.assign((dice: DiceSource) => ahead.run(dice), {
    events: (dice: DiceSource) => ahead.runEvents(dice).events,
    replay: ahead.replay,
  });
}

/** Thrown by endingBeforeEnemiesAct's dice: the stretch rolled a die, so nothing is sure. */
const ROLLED = Symbol('rolled');
const endings = new WeakMap<GameState, string | null>();

/**
 * Why the game is sure to end in the coming stretch before any enemy acts (the heroes
 * ending their turns end it at the round's end: time runs out, a spot is held...), in the
 * words of its own end; null when an enemy may act first, or when a die is rolled before
 * the end (then the runs of the whole turn tell). Worked out once per state, on a copy.
 */
export function endingBeforeEnemiesAct(state: GameState): string | null {
  const known = endings.get(state);
  if (known !== undefined) return known;
  let ending: string | null = null;
  if (state.phase === 'heroes' && state.turn && !state.outcome) {
    const enemies = new Set(state.units.filter((u) => u.side === 'enemies').map((u) => u.id));
    const now = cloneState(state);
    const dice: DiceSource = {
      roll() {
        throw ROLLED;
      },
    };
    try {
      for (let commands = 0; commands < 64 && now.turn && !now.outcome; commands++) {
        const r = applyCommandInPlace(now, { type: 'end-turn', unit: now.turn.unitId }, { dice });
        if (!r.ok) break;
        const acts = r.events.findIndex((e) => e.type === 'turn-started' && enemies.has(e.unit));
        const over = r.events.findIndex((e) => e.type === 'game-over');
        if (over >= 0 && (acts < 0 || over < acts)) {
          ending = (r.events[over] as EventOf<'game-over'>).reason;
          break;
        }
        if (acts >= 0 || r.events.some((e) => e.type === 'round-started')) break;
      }
    } catch (error) {
      if (error !== ROLLED) throw error;
    }
  }
  endings.set(state, ending);
  return ending;
}

/** Where a run of the enemies' next turn has got to. */
interface TurnAheadAt {
  /** A private copy, changed in place command by command. */
  now: GameState;
  events: GameEvent[];
  acted: Set<string>;
  commands: number;
  done: boolean;
}

/**
 * runEnemyTurnAhead for many runs from one state: the commands at its start that roll no
 * die (heroes ending their turns before the enemies act) come out the same in every run,
 * so they are run once and each run starts after them, with the same dice as before.
 * Every run after the first is followed by the replay (ActivationReplay), which plays back the
 * activations an earlier run met in the same place with the same faces.
 */
class TurnAhead {
  private readonly enemies: Set<string>;
  private prefix: TurnAheadAt | null = null;
  /** What the runs may share (the same figures throughout; see Context.memo). */
  private readonly memo: LookAheadMemo;
  /** The activations the runs after the first play back (see ActivationReplay). */
  readonly replay = new ActivationReplay();
  /** The state the last events-only run left, which nothing reads any more (see runEvents). */
  private spare: GameState | null = null;

  constructor(private readonly state: GameState) {
    this.memo = lookAheadMemoOf(state);
    this.enemies = new Set(
      state.units.filter((u) => u.side === 'enemies' && u.position).map((u) => u.id),
    );
  }

  run(dice: DiceSource): { events: GameEvent[]; state: GameState } {
    if (!this.prefix) {
      const at = this.firstRun(dice);
      while (!at.done) this.step(at, dice);
      return { events: at.events, state: at.now };
    }
    // Every later run starts from the prefix, where the replay's trie starts.
    return this.runFrom(copyAt(this.prefix), dice);
  }

  private runFrom(
    at: TurnAheadAt,
    dice: DiceSource,
    exploring = false,
  ): { events: GameEvent[]; state: GameState } {
    const followed = exploring ? this.replay.explore(dice) : this.replay.begin(dice);
    try {
      while (!at.done) this.step(at, followed);
    } finally {
      this.replay.end();
    }
    return { events: at.events, state: at.now };
  }

  /**
   * The first run, up to its first command that rolls a die: a copy is kept before each
   * command until one rolls, and the last copy from before it is where later runs start.
   */
  private firstRun(dice: DiceSource): TurnAheadAt {
    let rolled = false;
    const watched: DiceSource = {
      roll(n, below) {
        rolled = true;
        return dice.roll(n, below);
      },
    };
    const at: TurnAheadAt = {
      now: cloneState(this.state),
      events: [],
      acted: new Set(),
      commands: 0,
      done: false,
    };
    let before = copyAt(at);
    while (!at.done) {
      this.replay.noteProbeCommand();
      this.step(at, watched);
      if (rolled) break;
      before = copyAt(at);
    }
    this.prefix = before;
    return at;
  }

  /** One hero's end of turn, and whether the stretch is over. */
  private step(at: TurnAheadAt, dice: DiceSource): void {
    const now = at.now;
    if (at.commands >= 64 || now.phase !== 'heroes' || !now.turn || now.outcome) {
      at.done = true;
      this.replay.noteRunEnd();
      return;
    }
    at.commands++;
    const r = applyCommandInPlace(
      now,
      { type: 'end-turn', unit: now.turn.unitId },
      { dice, memo: this.memo, replay: this.replay },
    );
    if (!r.ok) {
      at.done = true;
      this.replay.noteCommand([], 0);
      this.replay.noteRunEnd();
      return;
    }
    let kept = r.events.length;
    for (let i = 0; i < r.events.length; i++) {
      const e = r.events[i];
      if (e.type === 'round-started' && at.acted.size > 0) {
        kept = i;
        at.done = true;
        break;
      }
      if (e.type === 'turn-started' && this.enemies.has(e.unit)) at.acted.add(e.unit);
      at.events.push(e);
    }
    this.replay.noteCommand(r.events, kept);
    if (!at.done && [...this.enemies].every((id) => at.acted.has(id))) at.done = true;
    if (at.done) this.replay.noteRunEnd();
  }

  /**
   * A run's events alone (what attackOdds reads): read off the replay's trie where it
   * knows the whole way (no state copied, no command run), else `run`'s, with the faces
   * the trie drew given first.
   */
  runEvents(dice: DiceSource): { events: GameEvent[] } {
    if (!this.prefix) return this.run(dice);
    const whole = this.replay.playRun(dice);
    if ('events' in whole) return { events: [...this.prefix.events, ...whole.events] };
    // Nothing reads such a run's state after it: the next one takes over the figures it
    // left as they were (most of them: the heroes stand, and not every enemy moves).
    const spare = this.spare;
    this.spare = null;
    const at = copyAt(this.prefix, spare);
    const { events, state } = this.runFrom(at, facesFirst(whole.drawn, dice));
    this.spare = state;
    return { events };
  }

  /**
   * One run that explores the replay's trie (ActivationReplay.explore): its faces chosen to
   * go where no run went yet, so it is no sample of the turn. False, running nothing, when
   * the runs are no longer followed (there is nothing to explore then).
   */
  explore(dice: DiceSource): boolean {
    if (!this.prefix) this.run(dice);
    if (!this.replay.willFollow()) return false;
    const spare = this.spare;
    this.spare = null;
    this.spare = this.runFrom(copyAt(this.prefix!, spare), dice, true).state;
    return true;
  }

  /**
   * Every way the turn can go, to count outcomes over exactly (ActivationReplay.everyWay),
   * the start's own events before them; null unless the runs have shown every way.
   */
  everyWay(): { prefix: readonly GameEvent[]; ways: WayCount } | null {
    const ways = this.prefix ? this.replay.everyWay() : null;
    return ways ? { prefix: this.prefix!.events, ways } : null;
  }
}

/** A copy of `at` to run on (its state taken over from `spare` where it can: cloneStateOnto). */
function copyAt(at: TurnAheadAt, spare: GameState | null = null): TurnAheadAt {
  return {
    now: spare ? cloneStateOnto(at.now, spare) : cloneState(at.now),
    events: [...at.events],
    acted: new Set(at.acted),
    commands: at.commands,
    done: at.done,
  };
}

/**
 * One enemy's part in the enemies' next turn played in the real order (the same runs as
 * the attack odds): how often it acts, where it ends, whom it strikes first.
 */
export interface PhaseOdds {
  /** Chance it takes an activation in the stretch at all. */
  acts: number;
  /** Where it ends the stretch (its square when it does not act), most likely first. */
  ends: IntentEnd[];
  /** Chance it is gone by the end of the stretch. */
  gone: number;
  /** Its first strike at a hero, most likely first, with how often that strike wounds. */
  strikes: { target: string; chance: number; woundChance: number }[];
  /** Chance it strikes no hero. */
  noStrike: number;
}

/** The chance each hero is attacked in the enemies' next turn, and how it was found. */
export interface AttackOdds {
  /** Hero id -> chance of being attacked at least once. */
  chances: Record<string, number>;
  method: 'exact' | 'monte-carlo';
  /**
   * Runs of the turn behind the figures: the ways enumerated one by one, the runs that
   * showed every way when those are counted together (exact), or the samples.
   */
  runs: number;
  /**
   * Enemy id -> its part in those runs, in the real acting order (under fog of war, only
   * the enemies the heroes see now).
   */
  enemies: Record<string, PhaseOdds>;
}

/** What one enemy did in one run of the enemies' next turn. */
interface EnemyRun {
  acted: boolean;
  at: Point | null;
  facing: Facing;
  /** The hero it struck first, and whether that strike wounded. */
  struck: string | null;
  wounded: boolean;
  /** Its first strike is the last strike so far: a wound the events after tell may be its. */
  pending: boolean;
}

/** What one run of the enemies' next turn did: the heroes attacked, each tracked enemy's part. */
interface TurnRun {
  attacked: Set<string>;
  enemies: Map<string, EnemyRun>;
}

/**
 * Follows `events` for the enemies in `runs` (each changed in place): where each stands
 * and faces, whether it took its turn, its first strike at one of `heroes` and whether
 * that strike wounded.
 */
function followEnemies(
  runs: ReadonlyMap<string, EnemyRun>,
  heroes: ReadonlySet<string>,
  events: readonly GameEvent[],
): void {
  let last: EnemyRun | null = null;
  let lastBy = '';
  for (const [id, r] of runs)
    if (r.pending) {
      last = r;
      lastBy = id;
      r.pending = false;
    }
  for (const e of events) {
    if (e.type === 'moved' || e.type === 'faced' || e.type === 'defeated' || e.type === 'placed') {
      const r = runs.get(e.unit);
      if (!r) continue;
      if (e.type === 'moved') r.at = e.to;
      else if (e.type === 'faced') r.facing = e.to;
      else r.at = e.type === 'placed' ? e.at : null;
    } else if (e.type === 'turn-started') {
      const r = runs.get(e.unit);
      if (r) r.acted = true;
    } else if (e.type === 'attacked') {
      last = null;
      const r = runs.get(e.unit);
      if (r && r.struck === null && heroes.has(e.target)) {
        r.struck = e.target;
        last = r;
        lastBy = e.unit;
      }
    } else if (e.type === 'wounded' && last && e.by === lastBy && e.unit === last.struck) {
      last.wounded = true;
      last = null;
    } else if (e.type === 'turn-ended') last = null;
  }
  if (last) last.pending = true;
}

/**
 * Reads runs of the enemies' next turn from `state`: the heroes attacked (heroesAttacked)
 * and, for each enemy tracked (those the heroes see under fog of war), its part. Where
 * each ends is read from the run's events (the state after a run may hold the start of
 * the next round, past the stretch the events keep).
 */
class TurnReader {
  private readonly attackedIn: (events: readonly GameEvent[]) => Set<string>;
  private readonly heroes: Set<string>;
  private readonly start: { id: string; at: Point | null; facing: Facing }[];

  constructor(state: GameState) {
    this.attackedIn = heroesAttacked(state);
    this.heroes = new Set(state.units.filter((u) => u.side === 'heroes').map((u) => u.id));
    const inView = hasFogOfWar(state) ? new Set(heroesView(state).enemies) : null;
    this.start = state.units
      .filter((u) => u.side === 'enemies' && u.position && (!inView || inView.has(u.id)))
      .map((u) => ({ id: u.id, at: u.position, facing: u.facing }));
  }

  private startOf(at: Point | null, facing: Facing): EnemyRun {
    return { acted: false, at, facing, struck: null, wounded: false, pending: false };
  }

  /** What one run did. */
  read(run: { events: readonly GameEvent[] }): TurnRun {
    const enemies = new Map<string, EnemyRun>();
    for (const { id, at, facing } of this.start) enemies.set(id, this.startOf(at, facing));
    followEnemies(enemies, this.heroes, run.events);
    return { attacked: this.attackedIn(run.events), enemies };
  }

  /**
   * The odds counted exactly over every way the turn can go, from the runs `ahead` has
   * made (TurnAhead.everyWay); null when those runs do not show every way. Each
   * hero's chance and each enemy's part are counted on their own, so ways that differ
   * elsewhere still count as one for them.
   */
  countExactly(ahead: TurnAhead, heroIds: readonly string[], runs: number): AttackOdds | null {
    const every = ahead.everyWay();
    if (!every) return null;
    const { prefix, ways } = every;
    // Who any way attacks, and whose part any way tells: the others' figures need no count.
    const lists = [prefix, ...ways.eventLists()];
    const attackedIn = new Map<readonly GameEvent[], Set<string>>();
    const named = new Set<string>();
    for (const events of lists) {
      attackedIn.set(events, this.attackedIn(events));
      for (const e of events) if ('unit' in e && e.unit !== null) named.add(e.unit);
    }
    const everAttacked = new Set(lists.flatMap((events) => [...attackedIn.get(events)!]));
    const chances: Record<string, number> = {};
    for (const h of heroIds) {
      if (!everAttacked.has(h)) {
        chances[h] = 0;
        continue;
      }
      const fold = (hit: boolean, events: readonly GameEvent[]): boolean =>
        hit || attackedIn.get(events)!.has(h);
      const outcomes = ways.outcomes(fold(false, prefix), fold, (hit) => (hit ? '1' : '0'));
      chances[h] = outcomes.reduce((sum, w) => sum + (w.value ? w.chance : 0), 0);
    }
    const tally = new PhaseTally();
    tally.addRuns(1);
    for (const { id, at, facing } of this.start) {
      if (!named.has(id)) {
        tally.addEnemy(id, this.startOf(at, facing), 1);
        continue;
      }
      const fold = (run: EnemyRun, events: readonly GameEvent[]): EnemyRun => {
        const next = { ...run };
        followEnemies(new Map([[id, next]]), this.heroes, events);
        return next;
      };
      const outcomes = ways.outcomes(
        fold(this.startOf(at, facing), prefix),
        fold,
        (r) =>
          `${r.acted}|${r.at ? `${r.at.x},${r.at.y}` : '-'}|${r.facing}|${r.struck}|${r.wounded}|${r.pending}`,
      );
      for (const { value, chance } of outcomes) tally.addEnemy(id, value, chance);
    }
    return { chances, method: 'exact', runs, enemies: tally.result() };
  }
}

/** Sums weighted runs into each tracked enemy's PhaseOdds. */
class PhaseTally {
  private readonly byEnemy = new Map<
    string,
    {
      acts: number;
      gone: number;
      ends: IntentEnd[];
      strikes: Map<string, { chance: number; wounds: number }>;
      noStrike: number;
    }
  >();
  private total = 0;

  add(run: TurnRun, weight: number): void {
    this.total += weight;
    for (const [id, r] of run.enemies) this.addEnemy(id, r, weight);
  }

  /** Weight of runs counted (each enemy's part is added on its own: addEnemy). */
  addRuns(weight: number): void {
    this.total += weight;
  }

  /** One enemy's part in runs of that weight. */
  addEnemy(id: string, r: EnemyRun, weight: number): void {
    let t = this.byEnemy.get(id);
    if (!t) {
      t = { acts: 0, gone: 0, ends: [], strikes: new Map(), noStrike: 0 };
      this.byEnemy.set(id, t);
    }
    if (r.acted) t.acts += weight;
    if (r.at) addEnd(t.ends, r.at, r.facing, weight);
    else t.gone += weight;
    if (r.struck === null) t.noStrike += weight;
    else {
      const s = t.strikes.get(r.struck) ?? { chance: 0, wounds: 0 };
      s.chance += weight;
      if (r.wounded) s.wounds += weight;
      t.strikes.set(r.struck, s);
    }
  }

  result(): Record<string, PhaseOdds> {
    const out: Record<string, PhaseOdds> = {};
    const n = this.total;
    if (n <= 0) return out;
    for (const [id, t] of this.byEnemy) {
      out[id] = {
        acts: t.acts / n,
        gone: t.gone / n,
        ends: t.ends
          .map((e) => ({ ...e, chance: e.chance / n }))
          .sort((a, b) => b.chance - a.chance),
        strikes: [...t.strikes]
          .map(([target, s]) => ({
            target,
            chance: s.chance / n,
            woundChance: s.chance > 0 ? s.wounds / s.chance : 0,
          }))
          .sort((a, b) => b.chance - a.chance),
        noStrike: t.noStrike / n,
      };
    }
    return out;
  }
}

/**
 * Runs the attack odds may make steered to the faces no run took yet, before they count the
 * turn's ways exactly or, failing that, take the Monte Carlo's samples. Every monster
 * alerted on the 64x64 bench map needs 7; two alerted monsters between two heroes, striking
 * and wounding, 12 (test/engine/intent.test.ts). Of 218 heroes' turns of the Dungeon
 * Crawl's autopilot games, 51 were counted exactly with up to 16 and 49 with up to 8 or 12,
 * and the steered runs of the turns that fail (strikes and wounds keep the boards apart)
 * cost more than the two more they count: 12.0 ms for the odds on average with 16, 11.7
 * with 12, 11.5 with 8, 11.3 with none (measured on 2026-11-28).
 */
const EXPLORING_RUNS = 12;

export interface AttackOddsOptions {
  /** Leaves an exact enumeration may have before the Monte Carlo takes over (128). */
  maxLeaves?: number;
  /**
   * Runs steered to the faces no run took yet, to count the turn's ways exactly where its
   * runs meet again (EXPLORING_RUNS; 0: none, straight to the Monte Carlo).
   */
  exploringRuns?: number;
  /** Samples of the Monte Carlo. */
  samples?: number;
  /** Seed of the Monte Carlo's own dice (the game's dice are never used). */
  seed?: number;
}

/**
 * The heroes attacked in a run's events, for runs from `state`; under fog of war only
 * attacks by the monsters the heroes see in `state` count (the odds must not tell of a
 * monster the player cannot see).
 */
function heroesAttacked(state: GameState): (events: readonly GameEvent[]) => Set<string> {
  const heroes = new Set(state.units.filter((u) => u.side === 'heroes').map((u) => u.id));
  const inView = hasFogOfWar(state) ? new Set(heroesView(state).enemies) : null;
  return (events) => {
    const out = new Set<string>();
    for (const e of events)
      if (e.type === 'attacked' && heroes.has(e.target) && (!inView || inView.has(e.unit)))
        out.add(e.target);
    return out;
  };
}

/** The seed of the intent's own dice for a state: fixed by the game's dice, never moving them. */
export function intentSeed(state: GameState): number {
  return (state.dice.seed * 31 + state.dice.count * 7919 + 0x5eed) | 0;
}

/**
 * The chance that each living hero is attacked in the enemies' next turn: exact when the
 * turn's dice tree has at most `maxLeaves` leaves, otherwise a Monte Carlo of `samples`
 * runs with dice of its own. Null when it is not the heroes' turn.
 */
export function attackOdds(state: GameState, options: AttackOddsOptions = {}): AttackOdds | null {
  return finish(attackOddsSteps(state, options));
}

/**
 * attackOdds a step at a time, one run of the enemies' turn a step: each step yields the
 * estimate so far (null before the first), and the end returns what attackOdds returns.
 * With `firstEstimate`, the first step's one run of the turn (which decides between the
 * enumeration and the Monte Carlo) is yielded as a first estimate, so the view has
 * something to show at once.
 */
export function* attackOddsSteps(
  state: GameState,
  options: AttackOddsOptions = {},
  firstEstimate = false,
): Generator<AttackOdds | null, AttackOdds | null> {
  if (state.phase !== 'heroes' || !state.turn || state.outcome) return null;
  const heroes = state.units.filter((u) => u.side === 'heroes' && u.position).map((u) => u.id);
  const seed = options.seed ?? intentSeed(state);
  const warm = warmDice(seed ^ 0x51ed);
  const chances: Record<string, number> = Object.fromEntries(heroes.map((h) => [h, 0]));
  const maxLeaves = options.maxLeaves ?? 128;
  // One run with the intent's own dice first: when its rolls alone make more sequences than
  // the enumeration may walk, go straight to the Monte Carlo.
  // That run is also a first estimate (one run of a Monte Carlo), when one is asked for.
  let product = 1;
  const ahead = new TurnAhead(state);
  const reader = new TurnReader(state);
  const probe = reader.read(
    ahead.run({
      roll(n, below) {
        // A re-rolled die's faces below `below` are not walked by the enumeration.
        product *= below !== undefined && below > 1 && below <= n ? n - below + 1 : n;
        return warm.roll(n, below);
      },
    }),
  );
  let estimate: AttackOdds | null = null;
  if (firstEstimate) {
    const tally = new PhaseTally();
    tally.add(probe, 1);
    estimate = {
      chances: Object.fromEntries(heroes.map((h) => [h, probe.attacked.has(h) ? 1 : 0])),
      method: 'monte-carlo',
      runs: 1,
      enemies: tally.result(),
    };
  }
  yield estimate;
  let exact: RollTree<TurnRun> | null = null;
  if (product <= maxLeaves * 8) {
    const walk = enumerateRollSteps((dice) => ({ value: reader.read(ahead.runEvents(dice)) }), {
      maxLeaves,
      maxDepth: 8,
    });
    for (;;) {
      const next = walk.next();
      if (next.done) {
        exact = next.value;
        break;
      }
      yield estimate;
    }
  }
  // A tree with cut branches handed on is exact only where those were re-rolls, which a
  // whole phase cannot promise (two monsters' rolls in a row): the Monte Carlo instead.
  if (exact && exact.cut > 0) exact = null;
  if (exact) {
    const tally = new PhaseTally();
    for (const { value, chance } of exact.leaves) {
      for (const h of value.attacked) if (h in chances) chances[h] += chance;
      tally.add(value, chance);
    }
    return { chances, method: 'exact', runs: exact.leaves.length, enemies: tally.result() };
  }
  // Runs that meet again after nearly every activation (alerted monsters breaking a tie
  // between heroes either way, then walking alike) can show every way the whole turn can go
  // in a few runs steered to the faces no run took yet: the odds are then counted exactly.
  const steer = warmDice(seed ^ 0xe7);
  let runs = 1;
  const exploring = options.exploringRuns ?? EXPLORING_RUNS;
  for (let i = 0; i < exploring && ahead.explore(steer); i++) {
    runs++;
    const counted = reader.countExactly(ahead, heroes, runs);
    if (counted) return counted;
    yield estimate;
  }
  const estimator = oddsEstimator(state, seed, ahead, reader);
  const samples = options.samples ?? 200;
  for (let i = 0; i < samples; i++) {
    if (i > 0) yield estimator.result();
    estimator.run(1);
  }
  // Summed now, while the tally holds these runs and no more.
  const result = estimator.result();
  return { ...result, enemies: result.enemies };
}

/**
 * A Monte Carlo of the enemies' next turn that can be run a few samples at a time (the view
 * spreads it over frames). Its dice are its own, seeded; the state is never changed.
 */
export function attackOddsEstimator(
  state: GameState,
  seed: number,
): { run(samples: number): void; result(): AttackOdds } {
  return oddsEstimator(state, seed, new TurnAhead(state), new TurnReader(state));
}

function oddsEstimator(
  state: GameState,
  seed: number,
  ahead: TurnAhead,
  reader: TurnReader,
): { run(samples: number): void; result(): AttackOdds } {
  const dice = warmDice(seed);
  const heroes = state.units.filter((u) => u.side === 'heroes' && u.position).map((u) => u.id);
  const counts: Record<string, number> = Object.fromEntries(heroes.map((h) => [h, 0]));
  const tally = new PhaseTally();
  let runs = 0;
  return {
    run(samples: number): void {
      for (let i = 0; i < samples; i++) {
        const run = reader.read(ahead.runEvents(dice));
        for (const h of run.attacked) if (h in counts) counts[h]++;
        tally.add(run, 1);
        runs++;
      }
    },
    result(): AttackOdds {
      const chances: Record<string, number> = {};
      for (const h of heroes) chances[h] = runs === 0 ? 0 : counts[h] / runs;
      // The enemies' part is summed only when asked for (the view asks once the odds are
      // final); read later, it counts the runs made since as well.
      let enemies: Record<string, PhaseOdds> | null = null;
      return {
        chances,
        method: 'monte-carlo',
        runs,
        get enemies() {
          return (enemies ??= tally.result());
        },
      };
    },
  };
}

// ------------------------------------------------------------------ the kernel's questions

/** What the enemy `unitId` will do on its next activation, from its module (null: nothing to show). */
export function enemyIntent(state: GameState, unitId: string): EnemyIntent | null {
  const rules = requireRules(state);
  const unit = findUnit(state, unitId);
  if (!unit || !rules.enemyIntent || state.outcome) return null;
  // The heroes' ends of turn end the game first: it does not act at all, whatever it would do.
  const ending = unit.position ? endingBeforeEnemiesAct(state) : null;
  if (ending !== null)
    return {
      unit: unitId,
      kind: 'holds',
      text: `does not act: the battle ends first (${ending.replace(/\.$/, '')})`,
      exactInOrder: true,
    };
  return rules.enemyIntent(state, unit);
}

/** The odds of the round's own roll before it is made, from the module (null: none). */
export function roundIntent(state: GameState): RoundIntent | null {
  return requireRules(state).roundIntent?.(state) ?? null;
}

// ------------------------------------------------------------------ the overlay a piece at a time

/**
 * The intent overlay's questions about one state, answered a piece at a time so the view
 * can spread them over frames: each enemy's intent (worked out at once when asked for, or
 * in turn by `step`), the round's odds, and the attack odds (a first estimate, refined run
 * by run to what attackOdds gives). The state is never changed; answers are kept.
 */
export class IntentWork {
  readonly round: RoundIntent | null;
  private readonly intents = new Map<string, EnemyIntent | null>();
  /** The odds' work; let go once they are final (its runs' kept work is large): null then. */
  private odds: Generator<AttackOdds | null, AttackOdds | null> | null;
  private estimate: AttackOdds | null = null;

  constructor(
    readonly state: GameState,
    options: AttackOddsOptions = {},
  ) {
    this.round = roundIntent(state);
    // Shared by the intents and the odds until the odds are final (then let go: it is large).
    shared.set(state, { memo: new LookAheadMemo(), spare: null });
    this.odds = attackOddsSteps(state, options, true);
  }

  /** Whether `unitId`'s intent is worked out. */
  has(unitId: string): boolean {
    return this.intents.has(unitId);
  }

  /** `unitId`'s intent (enemyIntent), worked out now if it is not yet. */
  intent(unitId: string): EnemyIntent | null {
    if (!this.intents.has(unitId)) this.intents.set(unitId, enemyIntent(this.state, unitId));
    return this.intents.get(unitId) ?? null;
  }

  /** The attack odds so far (null before the first estimate), and whether they are final. */
  attackOdds(): { odds: AttackOdds | null; final: boolean } {
    return { odds: this.estimate, final: this.odds === null };
  }

  /** Whether every intent of `unitIds` and the attack odds (when `odds`) are worked out. */
  done(unitIds: readonly string[], odds: boolean): boolean {
    return (!odds || this.odds === null) && unitIds.every((id) => this.intents.has(id));
  }

  /**
   * One piece of the work left for `unitIds` and (when `odds`) the attack odds: the odds'
   * first estimate, the first intent not yet worked out, else until the next estimate of
   * the odds. False when nothing is left.
   */
  step(unitIds: readonly string[], odds: boolean): boolean {
    // A first estimate of the odds comes before the other intents (the first frame shows it).
    const next = unitIds.find((id) => !this.intents.has(id));
    if (next !== undefined && !(odds && this.odds !== null && this.estimate === null)) {
      this.intent(next);
      return true;
    }
    if (!odds || this.odds === null) return false;
    for (;;) {
      const r = this.odds.next();
      if (r.done) {
        this.estimate = r.value;
        this.odds = null;
        shared.delete(this.state);
        return true;
      }
      if (r.value) {
        this.estimate = r.value;
        return true;
      }
    }
  }
}
