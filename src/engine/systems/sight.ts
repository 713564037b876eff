/**
 * Awareness: who sees whom, patrolling enemies becoming alerted, the Arch Foe's alarm
 * spreading to every enemy, and alerted enemies turning to face the closest hero in
 * sight even when it is not their turn.
 *
 * Sight uses the four-corner test: walls and sight-blocking squares block it, and so do
 * the other figures where the game's rule module says so (figuresBlockSight; the
 * miniatures-los-cover rule: a line through "a wall or another character" is blocked).
 * A patrolling enemy notices heroes in front of it or beside it (a 180-degree arc around
 * its facing); an alerted one looks everywhere.
 */
import { distanceToFigure, footprint, sizeOf, squaresNearestFirst } from '../footprint';
import { DIRECTION_STEPS, facingToward, type Point } from '../grid';
import { doesSquareBlockSight, type BattleMap } from '../map';
import { fieldOfView, sightGrid } from '../fov';
import { hasLineOfSight } from '../los';
import { mapIndexOf, perMap } from '../map-index';
import { borderedSightGrid, cellOf, isNearLines } from '../sight-grid';
import { rulesOf } from '../rulesets/registry';
import type { EnemyStatus, GameEvent, GameState, Unit } from '../types';
import { findUnit, isArchFoe, isOnBoard, livingUnits } from '../world';
import {
  boardMemo,
  boardValueCount,
  boardValues,
  boardValuesNow,
  emit,
  isSameValues,
  type Context,
  type LookAheadMemo,
} from './context';

/** True when `to` is in front of or beside a unit at `from` facing `facing`. */
export function isInViewArc(from: Point, facing: Unit['facing'], to: Point): boolean {
  const d = DIRECTION_STEPS[facing];
  return d.x * (to.x - from.x) + d.y * (to.y - from.y) >= 0;
}

/**
 * Sight through walls depends on the map alone, and a map is never changed in place (an
 * opened door gives a new one), so answers are kept in the map's index as one row of
 * bytes per square asked from: awareness asks the same questions after every action.
 */
const UNKNOWN = 0;
const SEEN = 1;
const HIDDEN = 2;

/** Line of sight between two squares through walls only. */
export function canSeeSquare(state: GameState, from: Point, to: Point): boolean {
  return sightFrom(state.map, from)(to);
}

/** The kept row of sight answers from square index `a` (UNKNOWN until asked). */
function sightRow(map: BattleMap, a: number): Uint8Array {
  return mapIndexOf(map).sightRows.getOrMake(a, () => new Uint8Array(map.width * map.height));
}

/**
 * canSeeSquare from one square, for asking about many squares: the cached row of answers
 * is looked up once.
 */
function sightFrom(map: BattleMap, from: Point): (to: Point) => boolean {
  const a = from.y * map.width + from.x;
  const row = sightRow(map, a);
  return (to) => seenInRow(map, row, a, from, to);
}

/**
 * canSeeSquare from `from` to every square of the map, as a row of SEEN / HIDDEN: one
 * field-of-view pass (visibleSquares, much faster than asking square by square), kept
 * with the other sight answers of the map.
 */
function everySquareSeenFrom(map: BattleMap, from: Point): Uint8Array {
  const a = from.y * map.width + from.x;
  const row = sightRow(map, a);
  const complete = mapIndexOf(map).completeSightRows;
  if (!complete.has(a)) {
    // The fast field of view gives the same squares as visibleSquares (fov.test.ts).
    const grid = perMap(map, 'sight-grid', () =>
      sightGrid(map.width, map.height, (x, y) => doesSquareBlockSight(map, x, y)),
    );
    const seen = fieldOfView(from, grid);
    for (let i = 0; i < seen.length; i++) row[i] = seen[i] ? SEEN : HIDDEN;
    complete.add(a);
  }
  return row;
}

/**
 * Sight between two figures as the game's module has it: through walls (the map's kept
 * answers) and, where figures block sight, past no other figure. Builds the occupancy of
 * the board once, for asking about many pairs.
 */
export function figureSight(state: GameState): (viewer: Unit, target: Unit) => boolean {
  const map = state.map;
  const figuresBlock = rulesOf(state)?.figuresBlockSight(state) ?? false;
  let occupied: Occupancy | null = null;
  // Asked viewer by viewer: the viewer's row of answers is looked up once.
  let viewerAt: Point | null = null;
  let wallsFrom: (to: Point) => boolean = () => false;
  // Structures (buildings) block sight even where figures do not.
  const structures = state.units.some((u) => u.position && u.structure);
  const seesSquare = (from: Point, to: Point): boolean => {
    if (!wallsFrom(to)) return false;
    if (!figuresBlock && !structures) return true;
    occupied ??= occupancyOf(state, !figuresBlock);
    return seesPastFigures(occupied, from, to);
  };
  return (viewer, target) => {
    if (!viewer.position || !target.position) return false;
    if (viewer.position !== viewerAt) {
      viewerAt = viewer.position;
      wallsFrom = sightFrom(map, viewer.position);
    }
    // A figure looks from its (main) square and is seen when any square of its base is.
    if (sizeOf(target) === 1) return seesSquare(viewer.position, target.position);
    return footprint(target).some((to) => seesSquare(viewer.position!, to));
  };
}

/**
 * Where the figures stand: the squares of their bases, and whether a square stops a line
 * (walls, the map's border, or a figure: one read of a copy of the map's bordered grid).
 */
interface Occupancy {
  blocks: (x: number, y: number) => boolean;
  squares: Point[];
}

function occupancyOf(state: GameState, structuresOnly = false): Occupancy {
  const grid = borderedSightGrid(state.map);
  const cells = grid.walls.slice();
  const { stride, rows } = grid;
  const squares: Point[] = [];
  for (const u of state.units) {
    if (structuresOnly && !u.structure) continue;
    for (const p of footprint(u)) {
      cells[cellOf(grid, p.x, p.y)] = 1;
      squares.push(p);
    }
  }
  const blocks = (x: number, y: number): boolean => {
    const i = x + 1;
    const j = y + 1;
    if (i < 0 || j < 0 || i >= stride || j >= rows) return true;
    return cells[j * stride + i] !== 0;
  };
  return { blocks, squares };
}

/**
 * Line of sight from `from` to `to` with walls and every figure but the two blocking
 * (through walls alone it is known to be open). Every corner-to-corner line lies within
 * the rectangle the two squares span, and a line along its edge or through its corners
 * asks only about squares one beyond it: with no figure in that margin, no line needs
 * tracing.
 */
function seesPastFigures(occupied: Occupancy, from: Point, to: Point): boolean {
  let between = false;
  for (const p of occupied.squares) {
    if (
      isNearLines(p.x, p.y, from, to) &&
      !(p.x === from.x && p.y === from.y) &&
      !(p.x === to.x && p.y === to.y)
    ) {
      between = true;
      break;
    }
  }
  if (!between) return true;
  return hasLineOfSight(from, to, occupied.blocks);
}

/** Whether `viewer` can see `target` now (arc applies while patrolling). */
export function canNotice(state: GameState, viewer: Unit, target: Unit): boolean {
  return noticing(state)(viewer, target);
}

/** canNotice for many pairs, over one figureSight (the board's occupancy is read once). */
export function noticing(
  state: GameState,
  sees: (viewer: Unit, target: Unit) => boolean = figureSight(state),
): (viewer: Unit, target: Unit) => boolean {
  return (viewer, target) => {
    if (!viewer.position || !target.position) return false;
    if (
      viewer.ai?.status === 'patrolling' &&
      !isInViewArc(viewer.position, viewer.facing, target.position)
    ) {
      return false;
    }
    return sees(viewer, target);
  };
}

/**
 * The open squares on which `viewer` would notice a hero now (canNotice for every square
 * but its own and those that block sight): through walls, past the other
 * figures where they block sight, and only in its view arc while it patrols. For the
 * view, to show what a monster can see; empty off the board.
 */
export function squaresNoticedBy(state: GameState, viewer: Unit): Point[] {
  const from = viewer.position;
  if (!from) return [];
  const map = state.map;
  const patrolling = viewer.ai?.status === 'patrolling';
  const figuresBlock = rulesOf(state)?.figuresBlockSight(state) ?? false;
  const structures = state.units.some((u) => u.position && u.structure);
  const occupied = occupancyOf(state, !figuresBlock);
  const row = everySquareSeenFrom(map, from);
  const out: Point[] = [];
  for (let i = 0; i < row.length; i++) {
    if (row[i] !== SEEN) continue;
    const p = { x: i % map.width, y: Math.floor(i / map.width) };
    if (p.x === from.x && p.y === from.y) continue;
    if (doesSquareBlockSight(map, p.x, p.y)) continue;
    if (patrolling && !isInViewArc(from, viewer.facing, p)) continue;
    if ((figuresBlock || structures) && !seesPastFigures(occupied, from, p)) continue;
    out.push(p);
  }
  return out;
}

export function setStatus(ctx: Context, unit: Unit, to: EnemyStatus, reason: string): void {
  if (!unit.ai || unit.ai.status === to) return;
  const from = unit.ai.status;
  unit.ai.status = to;
  emit(ctx, {
    type: 'status-changed',
    unit: unit.id,
    from,
    to,
    reason,
    text: `${unit.name} is now ${to}: ${reason}.`,
  });
}

/**
 * Runs after every move or action: alerts patrolling enemies that notice a hero (only
 * once the heroes have moved), spreads the Arch Foe's alarm, then turns alerted enemies
 * toward the closest hero they can see.
 */
export function updateAwareness(ctx: Context): void {
  const state = ctx.state;
  // Nothing to do when no enemy is alerted and none may yet notice anyone (the heroes
  // have not moved): the checks below would change nothing.
  if (!state.heroesHaveMoved && !anyAlerted(state)) return;
  if (ctx.memo && cannotNoticeAnyone(ctx.memo, state)) return;
  const figuresBlock = rulesOf(state)?.figuresBlockSight(state) ?? false;
  // What the figures show now, read once for the questions below (a shared buffer: read
  // before anything else reads a board).
  const now = boardValuesNow(state);
  const n = boardValueCount(state);
  const mark = markFor(state, figuresBlock);
  // Nothing awareness reads has changed since it last ran on this very state: running it
  // again would change nothing (it is idempotent), so it is skipped.
  if (mark.ran && isSameValues(mark.values, now, n)) return;
  // Its buffer is the mark's own: nothing is made for it on each check.
  const still =
    mark.ran && settledEnemies(state, figuresBlock, mark.values, now, mark.still)
      ? mark.still
      : null;
  // Kept answers pay where boards come back: alerted enemies, whose moves the dice
  // change little (patrols scatter over many boards).
  const answers = anyAlerted(state) ? ctx.memo?.forBoard(state, now) : undefined;
  // The checks change the board only by the status and facing events they emit: with
  // none, the board after them is the one read above.
  for (let i = 0; i < n; i++) mark.values[i] = now[i];
  mark.ran = true;
  const eventsBefore = ctx.events.length;
  if (answers) keptAwarenessChecks(ctx, answers, figuresBlock, still);
  else awarenessChecks(ctx, figuresBlock, still);
  if (ctx.events.length !== eventsBefore) boardValues(state, mark.values);
}

/**
 * The enemies the checks would leave as they are, from the checks' last run on this very
 * state (`before`, the board after it; `now`, the board now): where figures do not block
 * sight, an enemy on the same square with the same facing and status as after that run,
 * with every hero and structure (and the flags) as they were, sees just what it saw then:
 * unaware, no hero (or it would be alerted now); alerted, the closest hero it already
 * faces (the checks are idempotent). Written into `out` by figure index (1: left as it
 * is); false, with `out` untouched, when none can be told so (figures block sight).
 */
function settledEnemies(
  state: GameState,
  figuresBlock: boolean,
  before: Int32Array,
  now: Int32Array,
  out: Uint8Array,
): boolean {
  if (figuresBlock) return false;
  const units = state.units;
  const n = boardValueCount(state);
  if (now[n - 1] !== before[n - 1]) return false;
  let any = false;
  for (let i = 0, k = 0; i < units.length; i++, k += 3) {
    const u = units[i];
    const same =
      now[k] === before[k] && now[k + 1] === before[k + 1] && now[k + 2] === before[k + 2];
    if (u.side === 'enemies' && !u.structure) {
      out[i] = same ? 1 : 0;
      any ||= same;
    } else if (!same) return false;
  }
  return any;
}

/**
 * awarenessChecks in a look-ahead: what they changed on a board (the status and facing
 * events, which say all they change) is kept with the board (boardMemo: every figure's
 * square, facing and status, the flags, the map) and played back on the same board.
 */
function keptAwarenessChecks(
  ctx: Context,
  answers: Map<string, unknown>,
  figuresBlock: boolean,
  still: Uint8Array | null,
): void {
  const key = figuresBlock ? 'awareness|figures block' : 'awareness';
  const kept = answers.get(key) as GameEvent[] | undefined;
  if (!kept) {
    const from = ctx.events.length;
    awarenessChecks(ctx, figuresBlock, still);
    answers.set(key, ctx.events.slice(from));
    return;
  }
  for (const event of kept) {
    const unit = findUnit(ctx.state, (event as { unit: string }).unit);
    if (event.type === 'status-changed' && unit?.ai) unit.ai.status = event.to;
    else if (event.type === 'faced' && unit) unit.facing = event.to;
    else throw new Error(`awareness played back an unexpected ${event.type} event`);
    emit(ctx, { ...event });
  }
}

/**
 * In a look-ahead: whether the checks would surely change nothing, as no enemy is alerted
 * (none to turn toward a hero), no Arch Foe is awake (no alarm) and no unaware one has a hero in its lines
 * through walls alone (heroesInLines, whatever stands between). Then the checks' own
 * bookkeeping is not needed either: the common case among patrols far from the heroes.
 */
function cannotNoticeAnyone(memo: LookAheadMemo, state: GameState): boolean {
  const units = state.units;
  let heroes: (Unit & { position: Point })[] | null = null;
  let inLines: ((from: Point, facing: number) => readonly number[]) | null = null;
  for (let i = 0; i < units.length; i++) {
    const enemy = units[i];
    if (enemy.side !== 'enemies' || !isOnBoard(enemy) || !enemy.ai) continue;
    const unaware = isUnaware(enemy);
    // An Arch Foe no longer unaware raises the alarm (awarenessChecks).
    if (enemy.ai.status === 'alerted' || (!unaware && isArchFoe(enemy))) return false;
    if (!unaware) continue;
    inLines ??= heroesInLines(memo, state, () => (heroes ??= livingUnits(state, 'heroes')));
    if (inLines(enemy.position, noticingArc(enemy)).length > 0) return false;
  }
  return true;
}

/** Whether an enemy is unaware of the heroes (on its rounds, or prepared): it may notice one. */
function isUnaware(enemy: Unit): boolean {
  const status = enemy.ai?.status;
  return status === 'patrolling' || status === 'prepared';
}

/** The facing whose arc an unaware enemy notices in (-1: all around, when prepared). */
function noticingArc(enemy: Unit): number {
  return enemy.ai?.status === 'patrolling' ? enemy.facing : -1;
}

function anyAlerted(state: GameState): boolean {
  for (const u of state.units) if (u.position && u.ai?.status === 'alerted') return true;
  return false;
}

/**
 * What updateAwareness reads, as it stood when it last finished on a state: the map,
 * whether figures block sight, and what the figures show (boardValues: each figure's
 * square, side, facing and status, the flags) for the same figures (objects) in the same
 * order. Kept weakly by the state (a state changed in place step by step, as an enemy
 * phase is, asks after every action; a new copy starts afresh).
 */
interface AwarenessMark {
  map: BattleMap;
  figuresBlock: boolean;
  units: Unit[];
  values: Int32Array;
  /** Whether the checks have run with this mark (values holds the board after them). */
  ran: boolean;
  /** settledEnemies' answer, by figure index (a buffer kept with the mark). */
  still: Uint8Array;
}

const awarenessMarks = new WeakMap<GameState, AwarenessMark>();

/** The mark of `state`, a new one (not run) when the figures or the map are not its own. */
function markFor(state: GameState, figuresBlock: boolean): AwarenessMark {
  const mark = awarenessMarks.get(state);
  if (mark && sameUnits(mark, state, figuresBlock)) return mark;
  const fresh: AwarenessMark = {
    map: state.map,
    figuresBlock,
    units: [...state.units],
    values: new Int32Array(boardValueCount(state)),
    ran: false,
    still: new Uint8Array(state.units.length),
  };
  awarenessMarks.set(state, fresh);
  return fresh;
}

function sameUnits(mark: AwarenessMark, state: GameState, figuresBlock: boolean): boolean {
  const units = state.units;
  if (mark.map !== state.map || mark.figuresBlock !== figuresBlock) return false;
  if (mark.units.length !== units.length) return false;
  for (let i = 0; i < units.length; i++) if (mark.units[i] !== units[i]) return false;
  return true;
}

/**
 * updateAwareness's checks themselves; the enemies marked in `still` (settledEnemies, by
 * figure index; null: none) are known to be left as they are and are not asked again.
 * They run after every action of every look-ahead run, so they make little: the figures
 * are walked by index, and the sight questions are set up only once one is asked.
 */
function awarenessChecks(ctx: Context, figuresBlock: boolean, still: Uint8Array | null): void {
  const state = ctx.state;
  const units = state.units;
  const map = state.map;
  let heroes: (Unit & { position: Point })[] | null = null;
  let sees: ((viewer: Unit, target: Unit) => boolean) | null = null;
  const heroesNow = (): (Unit & { position: Point })[] => (heroes ??= livingUnits(state, 'heroes'));
  const seesNow = (): ((viewer: Unit, target: Unit) => boolean) => (sees ??= figureSight(state));
  let archFoe: Unit | undefined;
  if (state.heroesHaveMoved) {
    let notices: ((viewer: Unit, target: Unit) => boolean) | null = null;
    let inLines: ((from: Point, facing: number) => readonly number[]) | null | undefined;
    for (let i = 0; i < units.length; i++) {
      const enemy = units[i];
      if (enemy.side !== 'enemies' || !isOnBoard(enemy)) continue;
      if (!archFoe && isArchFoe(enemy)) archFoe = enemy;
      if (!isUnaware(enemy) || still?.[i]) continue;
      // A hero behind a patrolling enemy, or (one square) hidden by walls (the kept
      // answers), is not noticed: cheap questions before noticing's own, which is set up
      // only once some hero is in an enemy's lines (mostly none is, far from the heroes).
      if (inLines === undefined)
        inLines = ctx.memo ? heroesInLines(ctx.memo, state, heroesNow) : null;
      const from = enemy.position;
      const facing = noticingArc(enemy);
      const lines = inLines
        ? inLines(from, facing)
        : heroesInLinesFrom(map, from, facing, heroesNow());
      let seen: Unit | undefined;
      for (const k of lines) {
        notices ??= noticing(state, seesNow());
        const all = heroesNow();
        if (notices(enemy, all[k])) {
          seen = all[k];
          break;
        }
      }
      if (seen) setStatus(ctx, enemy, 'alerted', `sees the ${seen.name}`);
    }
    if (archFoe && archFoe.ai && !isUnaware(archFoe)) {
      for (const enemy of units) {
        if (enemy.side !== 'enemies' || !isOnBoard(enemy)) continue;
        if (isUnaware(enemy))
          setStatus(ctx, enemy, 'alerted', `the ${archFoe.name} raises the alarm`);
      }
    }
  }
  let toBase: boolean | undefined;
  for (let i = 0; i < units.length; i++) {
    const enemy = units[i];
    if (enemy.side !== 'enemies' || !isOnBoard(enemy)) continue;
    if (enemy.ai?.status !== 'alerted' || still?.[i]) continue;
    toBase ??= rulesOf(state)?.measuresToBase?.(state) ?? false;
    faceClosestVisibleHero(ctx, map, enemy, heroesNow(), seesNow(), figuresBlock, toBase);
  }
}

/**
 * In a look-ahead, the heroes an unaware enemy might notice from a square (its facing's arc,
 * or -1 for all around) through walls alone, as indices into `heroes` in their order: the
 * heroes stand still through an enemy phase, so the answers for a square and facing are
 * kept with the look-ahead while the living heroes stand where they did (a check of
 * their squares per call, instead of every enemy asking about every hero).
 */
function heroesInLines(
  memo: LookAheadMemo,
  state: GameState,
  heroesNow: () => readonly (Unit & { position: Point })[],
): (from: Point, facing: number) => readonly number[] {
  const map = state.map;
  const kept = heroLines.get(memo);
  // The living heroes listed only when the lines are worked out anew (seldom, once kept).
  const table = kept && isLineupOf(kept, state) ? kept : lineupOf(map, heroesNow());
  if (table !== kept) heroLines.set(memo, table);
  return (from, facing) => {
    const key = (from.y * map.width + from.x) * 9 + facing + 1;
    let out = table.lines.get(key);
    if (!out) {
      out = heroesInLinesFrom(map, from, facing, heroesNow());
      table.lines.set(key, out);
    }
    return out;
  };
}

/**
 * The heroes (indices into `heroes`, in order) an unaware enemy at `from` might notice:
 * in its facing's arc (-1: all around) and seen through walls (the map's kept answers; a
 * large hero is left to noticing's own question). Cheap questions before noticing's own.
 */
function heroesInLinesFrom(
  map: BattleMap,
  from: Point,
  facing: number,
  heroes: readonly (Unit & { position: Point })[],
): number[] {
  const a = from.y * map.width + from.x;
  const row = sightRow(map, a);
  const out: number[] = [];
  for (let i = 0; i < heroes.length; i++) {
    const h = heroes[i];
    if (facing >= 0 && !isInViewArc(from, facing as Unit['facing'], h.position)) continue;
    if (sizeOf(h) > 1 || seenInRow(map, row, a, from, h.position)) out.push(i);
  }
  return out;
}

/** The heroes (ids, squares, sizes) the kept lines were worked out for, and the lines. */
interface HeroLines {
  map: BattleMap;
  heroes: string[];
  squares: Int32Array;
  sizes: number[];
  /** (square index * 9 + facing + 1) -> indices into the heroes. */
  lines: Map<number, number[]>;
}

function lineupOf(map: BattleMap, heroes: readonly (Unit & { position: Point })[]): HeroLines {
  const squares = new Int32Array(heroes.length * 2);
  heroes.forEach((h, i) => {
    squares[2 * i] = h.position.x;
    squares[2 * i + 1] = h.position.y;
  });
  return {
    map,
    heroes: heroes.map((h) => h.id),
    squares,
    sizes: heroes.map(sizeOf),
    lines: new Map(),
  };
}

/** Whether `kept` was worked out for the heroes standing on `state`'s board now (in order). */
function isLineupOf(kept: HeroLines, state: GameState): boolean {
  if (kept.map !== state.map) return false;
  let i = 0;
  for (const h of state.units) {
    if (h.side !== 'heroes' || !isOnBoard(h)) continue;
    if (
      i >= kept.heroes.length ||
      kept.heroes[i] !== h.id ||
      kept.squares[2 * i] !== h.position.x ||
      kept.squares[2 * i + 1] !== h.position.y ||
      kept.sizes[i] !== sizeOf(h)
    )
      return false;
    i++;
  }
  return i === kept.heroes.length;
}

const heroLines = new WeakMap<LookAheadMemo, HeroLines>();

/**
 * Whether `to` is seen from `from` through walls, from `row`, the kept answers from
 * `from` (`a` its index), asked and kept where not yet known.
 */
function seenInRow(map: BattleMap, row: Uint8Array, a: number, from: Point, to: Point): boolean {
  const b = to.y * map.width + to.x;
  const known = row[b];
  if (known !== UNKNOWN) return known === SEEN;
  const seen = hasLineOfSight(from, to, borderedSightGrid(map).blocksWalls);
  row[b] = seen ? SEEN : HIDDEN;
  // Sight is symmetric (hasLineOfSight), so the answer also holds the other way.
  const back = mapIndexOf(map).sightRows.get(b);
  if (back) back[a] = row[b];
  return seen;
}

function faceClosestVisibleHero(
  ctx: Context,
  map: BattleMap,
  enemy: Unit & { position: Point },
  heroes: (Unit & { position: Point })[],
  sees: (viewer: Unit, target: Unit) => boolean,
  figuresBlock: boolean,
  toBase: boolean,
): void {
  // The closest hero in sight (to its base's nearest square, seen on any of them, when the
  // module measures so); ties go to the first in list order. Through walls first
  // (the map's kept answers, cheap); where figures block sight too, only the heroes seen
  // through walls are traced past the figures, nearest first, until one is seen.
  const from = enemy.position;
  const a = from.y * map.width + from.x;
  const row = sightRow(map, a);
  let best: (Unit & { position: Point }) | undefined;
  // A large hero is seen through walls when any square of its base is (the module's measure).
  const seenThroughWalls = (h: Unit & { position: Point }): boolean =>
    toBase
      ? footprint(h).some((p) => seenInRow(map, row, a, from, p))
      : seenInRow(map, row, a, from, h.position);
  if (!figuresBlock) {
    let bestDistance = Infinity;
    for (const h of heroes) {
      const d = distanceToFigure(from, h, toBase);
      if (d < bestDistance && seenThroughWalls(h)) {
        best = h;
        bestDistance = d;
      }
    }
  } else {
    // The heroes seen through walls in order of distance, then list order, without
    // sorting: each pass takes the next nearest after the last one tried.
    let lastDistance = -1;
    let lastIndex = -1;
    for (;;) {
      let next = -1;
      let nextDistance = Infinity;
      for (let i = 0; i < heroes.length; i++) {
        const d = distanceToFigure(from, heroes[i], toBase);
        if (d < lastDistance || (d === lastDistance && i <= lastIndex)) continue;
        if (d >= nextDistance) continue;
        if (!seenThroughWalls(heroes[i])) continue;
        next = i;
        nextDistance = d;
      }
      if (next < 0) break;
      if (sees(enemy, heroes[next])) {
        best = heroes[next];
        break;
      }
      lastDistance = nextDistance;
      lastIndex = next;
    }
  }
  if (!best) return;
  const toward = toBase ? squaresNearestFirst(best, from)[0] : best.position;
  const facing = facingToward(from, toward, enemy.facing);
  if (facing === enemy.facing) return;
  const was = enemy.facing;
  enemy.facing = facing;
  emit(ctx, {
    type: 'faced',
    unit: enemy.id,
    from: was,
    to: facing,
    reason: `turns to face the ${best.name}`,
    text: `${enemy.name} turns to face the ${best.name}.`,
  });
}
