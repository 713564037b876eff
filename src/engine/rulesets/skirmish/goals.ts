/**
 * Where the Skirmish's scenarios send the armies (solitaire-gaming-rules VI), worked out from
 * the map at set-up and kept in the state:
 * - each army's GOAL area: where it escapes to (Escape) or must stand two figures on
 *   (Infiltrate), the "opposite edge" or "opposite side of the playing area";
 * - each army's HOME area: "the side of the playing area where the force began the game"
 *   (Transport). Symmetric: an army's home is the area its foe aims for.
 * - the objective markers (VI "Objectives"): "1 objective marker in the center of each 1 foot
 *   by 1 foot section of the battlefield, and another objective in the center of the table".
 *
 * A goal area is the map's own `exit` objects where it has them (each exit belongs to the
 * army whose start is farther from it), else the open line along the far edge. Which edges
 * are the armies' sides comes from where they set up: top and bottom, or left and right,
 * whichever the two starts lie farther apart along (for the map's size). On a walled dungeon
 * the "edge" is the first open line inside the wall.
 *
 * "The figures have to be at least 2 Move Units away" says the seed of the set-up; a goal
 * an army starts on or next to would be no race at all, so a goal square must be more than
 * one Move Unit from every square the army starts on. A map with no such squares for a
 * scenario cannot host it (whyScenarioUnavailable).
 */
import { baseAt, footprint } from '../../footprint';
import { chebyshevDistance, pointKey, type Point } from '../../grid';
import { isTerrainPassable, type BattleMap } from '../../map';
import { regions } from '../../regions';
import { walkingDistance } from '../../systems/pursuit';
import type { GameState, ModuleOptions, Side, Unit } from '../../types';
import { opposingSide } from '../../world';
import { readScale } from './battlefield';
import { FORTRESS_SIZE } from './fortress';
import { MOVE_TABLE } from './roster';
import type { Scale } from './types';

/** A square as plain data (a type, not an interface: it is kept in `state.flow`, JSON). */
type Square = { x: number; y: number };

/** Each army's goal area, and the open line along its own edge of the field. */
export type GoalAreas = {
  /** Where each army escapes to or infiltrates; its foe's home. */
  goal: { heroes: Square[]; enemies: Square[] };
  /** The open line along each army's own edge (its side of the field), unfiltered. */
  side: { heroes: Square[]; enemies: Square[] };
};

/** Squares in one foot of the tabletop: one square is one inch (DESIGN "Unifying choices"). */
export const SQUARES_PER_FOOT = 12;

export const NO_ROOM_FOR_FORTRESS = 'This map has no room for the fortress.';

const SIDES: readonly Side[] = ['heroes', 'enemies'];

// ------------------------------------------------------------------ the armies' ground

/**
 * The squares of the largest connected walkable area (doors count as open): the ground
 * the set-up puts both armies on. Cached per map (a map is never changed in place).
 */
function mainGround(map: BattleMap): { squares: Point[]; has: Set<string> } {
  let found = groundCache.get(map);
  if (!found) {
    const { labels, sizes } = regions(map);
    const main = sizes.length === 0 ? -1 : sizes.indexOf(Math.max(...sizes));
    const squares: Point[] = [];
    for (let y = 0; y < map.height; y++)
      for (let x = 0; x < map.width; x++) {
        const i = y * map.width + x;
        if (labels[i] === main && isTerrainPassable(map.terrain[i])) squares.push({ x, y });
      }
    found = { squares, has: new Set(squares.map(pointKey)) };
    groundCache.set(map, found);
  }
  return found;
}

const groundCache = new WeakMap<BattleMap, { squares: Point[]; has: Set<string> }>();

/**
 * The squares of `map` figures may start on, nearest `anchors` first (the middle of
 * `fallbackRow` when there are none), in the largest walkable area; ties in reading order.
 */
export function startSquares(map: BattleMap, anchors: Point[], fallbackRow: number): Point[] {
  const targets = anchors.length > 0 ? anchors : [{ x: Math.floor(map.width / 2), y: fallbackRow }];
  const open = mainGround(map).squares;
  const dist = new Map<Point, number>();
  for (const p of open) dist.set(p, Math.min(...targets.map((a) => chebyshevDistance(a, p))));
  // The open list is in reading order, and the sort is stable: ties stay in reading order.
  return [...open].sort((a, b) => dist.get(a)! - dist.get(b)!);
}

/** The squares the map marks for an army's figures (its `hero` or `enemy` objects). */
export function markedStarts(map: BattleMap, side: Side): Point[] {
  const kind = side === 'heroes' ? 'hero' : 'enemy';
  return map.objects.filter((o) => o.kind === kind).map((o) => ({ x: o.x, y: o.y }));
}

/** The row an army sets up by when the map marks no squares for it: the heroes' the bottom. */
export function fallbackRow(map: BattleMap, side: Side): number {
  return side === 'heroes' ? map.height - 1 : 0;
}

/**
 * Where each army starts, as the map alone tells: the squares it marks for the army, else
 * the open square the set-up fills first (nearest the middle of the army's fallback row).
 * An army larger than its marked squares spills onto the squares around them; those are
 * not counted (the goal is kept from the marked ones).
 */
function armyStarts(map: BattleMap, side: Side): Point[] {
  const marked = markedStarts(map, side);
  if (marked.length > 0) return marked;
  const first = startSquares(map, [], fallbackRow(map, side))[0];
  return first ? [first] : [];
}

// ------------------------------------------------------------------ goal areas

type Edge = 'top' | 'bottom' | 'left' | 'right';

const OPPOSITE: Record<Edge, Edge> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };

/** The mean square of `points` (not rounded); (0, 0) for none. */
export function centroid(points: readonly Point[]): Point {
  const n = Math.max(1, points.length);
  return {
    x: points.reduce((s, p) => s + p.x, 0) / n,
    y: points.reduce((s, p) => s + p.y, 0) / n,
  };
}

/**
 * The edge each army sets up along: top and bottom when the starts lie farther apart up and
 * down than across (each measured against the map's height or width), else left and right.
 * Even, the heroes take the bottom (as the set-up's fallback does).
 */
function armyEdges(map: BattleMap, starts: Record<Side, Point[]>): Record<Side, Edge> {
  const h = centroid(starts.heroes);
  const e = centroid(starts.enemies);
  const across = Math.abs(h.x - e.x) / map.width;
  const upDown = Math.abs(h.y - e.y) / map.height;
  const heroes: Edge =
    upDown >= across ? (h.y >= e.y ? 'bottom' : 'top') : h.x >= e.x ? 'right' : 'left';
  return { heroes, enemies: OPPOSITE[heroes] };
}

/**
 * The open line along `edge`: in each column (each row for the left and right edges) the
 * square of the armies' ground nearest that edge, kept where it is as near the edge as any
 * column's. So an open field gives its first or last row, and a walled hall the first open
 * row inside its wall (a column whose nearest open square lies deeper, behind a pillar or in
 * a bay of the wall, is no part of the edge: the line stays straight and simple).
 */
function edgeLine(map: BattleMap, edge: Edge): Point[] {
  const { has } = mainGround(map);
  const alongRows = edge === 'top' || edge === 'bottom';
  const lines = alongRows ? map.width : map.height;
  const depthOf = alongRows ? map.height : map.width;
  const squareAt = (line: number, depth: number): Point => {
    if (edge === 'top') return { x: line, y: depth };
    if (edge === 'bottom') return { x: line, y: map.height - 1 - depth };
    if (edge === 'left') return { x: depth, y: line };
    return { x: map.width - 1 - depth, y: line };
  };
  const outermost: { at: Point; depth: number }[] = [];
  for (let line = 0; line < lines; line++)
    for (let depth = 0; depth < depthOf; depth++) {
      const at = squareAt(line, depth);
      if (has.has(pointKey(at))) {
        outermost.push({ at, depth });
        break;
      }
    }
  const least = Math.min(...outermost.map((o) => o.depth));
  return outermost.filter((o) => o.depth === least).map((o) => o.at);
}

/** The squares of the map's `exit` objects on the armies' ground, each exit as one list. */
function exitAreas(map: BattleMap): Point[][] {
  const { has } = mainGround(map);
  return map.objects
    .filter((o) => o.kind === 'exit')
    .map((o) => {
      const squares: Point[] = [];
      for (let y = o.y; y < o.y + Math.max(1, o.height); y++)
        for (let x = o.x; x < o.x + Math.max(1, o.width); x++)
          if (has.has(pointKey({ x, y }))) squares.push({ x, y });
      return squares;
    })
    .filter((squares) => squares.length > 0);
}

function distanceToStarts(p: Point, starts: readonly Point[]): number {
  return Math.min(...starts.map((s) => chebyshevDistance(s, p)));
}

/**
 * Each army's goal area and its own edge's line on `map` at `scale` (see the file's
 * comment). A goal area may be empty: the map has no ground for it far enough from the
 * army's start. Cached per map and scale; the lists are shared, never to be changed.
 */
export function planGoalAreas(map: BattleMap, scale: Scale): GoalAreas {
  let byScale = planCache.get(map);
  if (!byScale) planCache.set(map, (byScale = new Map()));
  let plan = byScale.get(scale);
  if (!plan) byScale.set(scale, (plan = computeGoalAreas(map, scale)));
  return plan;
}

const planCache = new WeakMap<BattleMap, Map<Scale, GoalAreas>>();

function computeGoalAreas(map: BattleMap, scale: Scale): GoalAreas {
  const starts = { heroes: armyStarts(map, 'heroes'), enemies: armyStarts(map, 'enemies') };
  if (starts.heroes.length === 0 || starts.enemies.length === 0)
    return { goal: { heroes: [], enemies: [] }, side: { heroes: [], enemies: [] } };
  const edges = armyEdges(map, starts);
  const side = { heroes: edgeLine(map, edges.heroes), enemies: edgeLine(map, edges.enemies) };
  const moveUnit = MOVE_TABLE.average[scale];
  // Each exit is the goal of the army whose start is farther from it (the heroes' when even).
  const exits = exitAreas(map);
  const ownerOf = (squares: Point[]): Side => {
    const far = (s: Side): number =>
      Math.min(...squares.map((p) => distanceToStarts(p, starts[s])));
    return far('enemies') > far('heroes') ? 'enemies' : 'heroes';
  };
  const goalOf = (army: Side): Point[] => {
    const apart = (p: Point): boolean => distanceToStarts(p, starts[army]) > moveUnit;
    const own = exits.filter((squares) => ownerOf(squares) === army).flat();
    const viaExits = own.filter(apart);
    return viaExits.length > 0 ? viaExits : side[opposingSide(army)].filter(apart);
  };
  return { goal: { heroes: goalOf('heroes'), enemies: goalOf('enemies') }, side };
}

// ------------------------------------------------------------------ which scenarios a map hosts

const ARMY_WORDS: Record<Side, { the: string; possessive: string }> = {
  heroes: { the: 'the heroes', possessive: 'the heroes\u2019' },
  enemies: { the: 'the enemy', possessive: 'the enemy\u2019s' },
};

/** Whether a `size` x `size` building fits somewhere on the armies' ground. */
function fortressFits(map: BattleMap, size: number): boolean {
  const { squares, has } = mainGround(map);
  return squares.some((p) => baseAt(p, size).every((q) => has.has(pointKey(q))));
}

/**
 * Why `map` cannot host the Skirmish scenario `scenarioId` at the options' scale, in plain
 * words, or null when it can. From the map alone: Escape and Infiltrate need each army a
 * goal area apart from its start (Infiltrate room for two figures on it), Transport each
 * army a home, Fortress Assault room for the building.
 */
export function whyScenarioUnavailable(
  map: BattleMap,
  scenarioId: string,
  options?: Readonly<Record<string, unknown>> | ModuleOptions,
): string | null {
  const scale = readScale(options?.scale, map);
  if (scenarioId === 'fortress-assault')
    return fortressFits(map, FORTRESS_SIZE[scale]) ? null : NO_ROOM_FOR_FORTRESS;
  if (scenarioId !== 'escape' && scenarioId !== 'infiltrate' && scenarioId !== 'transport')
    return null;
  const { goal } = planGoalAreas(map, scale);
  for (const army of SIDES) {
    const words = ARMY_WORDS[army];
    if (scenarioId === 'transport') {
      if (goal[opposingSide(army)].length === 0)
        return `This map has no open ground on ${words.possessive} side far enough from ${ARMY_WORDS[opposingSide(army)].possessive} start: there is no home to carry the object back to.`;
      continue;
    }
    const squares = goal[army].length;
    const verb = scenarioId === 'escape' ? 'escape to' : 'infiltrate';
    if (squares === 0)
      return `This map has no open edge far enough from ${words.possessive} start for ${words.the} to ${verb}.`;
    if (scenarioId === 'infiltrate' && squares < 2)
      return `The far side of this map has room for only one of ${words.the}; Infiltrate needs two there at once.`;
  }
  return null;
}

// ------------------------------------------------------------------ the areas in a game

/** The goal areas of a game: set at set-up (`flow.areas`), else worked out from its map. */
export function goalAreasOf(state: GameState): GoalAreas {
  const kept = (state.flow as { areas?: GoalAreas } | undefined)?.areas;
  return kept ?? planGoalAreas(state.map, readScale(state.options?.scale, state.map));
}

/** Where `side` escapes to or infiltrates. */
export function goalArea(state: GameState, side: Side): readonly Point[] {
  return goalAreasOf(state).goal[side];
}

/** Where `side` carries the object back to: the area its foe aims for. */
export function homeArea(state: GameState, side: Side): readonly Point[] {
  return goalAreasOf(state).goal[opposingSide(side)];
}

/** Whether any square of the figure's base lies in `area`. */
export function standsIn(unit: Pick<Unit, 'position' | 'size'>, area: readonly Point[]): boolean {
  if (area.length === 0) return false;
  const keys = new Set(area.map(pointKey));
  return footprint(unit).some((p) => keys.has(pointKey(p)));
}

/**
 * The walk from `from` to `to` (walkingDistance), or, where no walk gets there, 10,000 plus
 * the squares between: so the unreachable still rank, behind every reachable one.
 */
export function walkOrFar(state: GameState, from: Point, to: Point): number {
  const walk = walkingDistance(state, from, to);
  return Number.isFinite(walk) ? walk : 10_000 + chebyshevDistance(from, to);
}

/**
 * The square of `area` nearest `from` on foot (over terrain, as the doors stand; straight
 * distance where no walk exists), the first of equals; null for an empty area.
 */
export function nearestSquareOf(
  state: GameState,
  area: readonly Point[],
  from: Point,
): Point | null {
  let best: { at: Point; cost: number } | null = null;
  for (const p of area) {
    const cost = walkOrFar(state, from, p);
    if (!best || cost < best.cost) best = { at: p, cost };
  }
  return best ? { x: best.at.x, y: best.at.y } : null;
}

/**
 * Where `unit` falls back to: the nearest square of its home area, else of its own edge's
 * line (a map whose foe has no goal apart from its start), or null.
 */
export function fallBackSquare(state: GameState, unit: Unit): Point | null {
  if (!unit.position) return null;
  const areas = goalAreasOf(state);
  const home = areas.goal[opposingSide(unit.side)];
  return nearestSquareOf(state, home.length > 0 ? home : areas.side[unit.side], unit.position);
}

/**
 * The middle of an army's own side and of its foe's (VI Objectives: "the objective nearest
 * to the center of the army's own starting side"): the centre of its home area and of its
 * goal area, or of the edge lines where those are empty.
 */
export function sideCentres(state: GameState, side: Side): { own: Point; foe: Point } {
  const areas = goalAreasOf(state);
  const home = areas.goal[opposingSide(side)];
  const goal = areas.goal[side];
  return {
    own: centroid(home.length > 0 ? home : areas.side[side]),
    foe: centroid(goal.length > 0 ? goal : areas.side[opposingSide(side)]),
  };
}

// ------------------------------------------------------------------ objective markers

/**
 * The 1-foot sections along a length of squares: whole feet from the map's corner, then the
 * part left over if it is at least half a foot (a smaller rest belongs to no section); a map
 * shorter than half a foot is one section.
 */
function sections(length: number): { start: number; length: number }[] {
  const whole = Math.floor(length / SQUARES_PER_FOOT);
  const rest = length - whole * SQUARES_PER_FOOT;
  const out = Array.from({ length: whole }, (_, i) => ({
    start: i * SQUARES_PER_FOOT,
    length: SQUARES_PER_FOOT,
  }));
  if (rest * 2 >= SQUARES_PER_FOOT || out.length === 0)
    out.push({ start: whole * SQUARES_PER_FOOT, length: rest });
  return out;
}

/**
 * The objective markers of VI "Objectives" on `map`: the centre of each 1-foot section (12 x
 * 12 squares, see sections), then the centre of the table. Each stands on the armies'
 * ground: on the centre square, or the nearest open one (straight distance, then the
 * nearer by a ruler, then reading order), never two on one square. Cached per map.
 */
export function sectionMarkers(map: BattleMap): Point[] {
  let markers = markerCache.get(map);
  if (markers) return markers;
  const centres: Point[] = [];
  for (const row of sections(map.height))
    for (const column of sections(map.width))
      centres.push({
        x: column.start + Math.floor(column.length / 2),
        y: row.start + Math.floor(row.length / 2),
      });
  centres.push({ x: Math.floor(map.width / 2), y: Math.floor(map.height / 2) });
  const taken = new Set<string>();
  markers = [];
  for (const c of centres) {
    const at = nearestGround(map, c, taken);
    if (!at) break;
    taken.add(pointKey(at));
    markers.push(at);
  }
  markerCache.set(map, markers);
  return markers;
}

/** The centre of the table: its middle square, or the open square nearest it. */
export function tableCentre(map: BattleMap): Point | null {
  return nearestGround(map, { x: Math.floor(map.width / 2), y: Math.floor(map.height / 2) });
}

/**
 * The square of the armies' ground nearest `to` (straight distance, then the nearer by a
 * ruler, then reading order) that is not in `taken`, or null.
 */
function nearestGround(map: BattleMap, to: Point, taken?: ReadonlySet<string>): Point | null {
  let best: { at: Point; d: number; r: number } | null = null;
  for (const p of mainGround(map).squares) {
    if (taken?.has(pointKey(p))) continue;
    const d = chebyshevDistance(p, to);
    const r = (p.x - to.x) ** 2 + (p.y - to.y) ** 2;
    if (!best || d < best.d || (d === best.d && r < best.r)) best = { at: p, d, r };
  }
  return best ? { x: best.at.x, y: best.at.y } : null;
}

const markerCache = new WeakMap<BattleMap, Point[]>();
