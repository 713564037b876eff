/**
 * The seven generic scenarios (solitaire-gaming-rules VI) and their objectives:
 * - Basic Battle: the last army standing; after 5 rounds the army that defeated the most
 *   points of figures, a draw when they are equal (with the objectives option, victory
 *   points scored after 4 rounds decide first: 1 for the objective nearest one's own side,
 *   4 for the one nearest the foe's side, 2 for any other, 2 for each enemy leader defeated);
 * - Ambush: either army may lay it (the `ambusher` option): the ambushers set up in cover,
 *   the targets in the open, and the ambushers take a whole turn before any target figure
 *   acts; it ends when one side is gone;
 * - Escape: the first army to get more than half its starting figures off the far edge
 *   (its goal area, goals.ts) wins; a draw when none has after 5 rounds;
 * - Infiltrate: the first army with 2 figures on its goal area at once;
 * - Spawning: either army may spawn (the `spawner` option): the spawners start with one
 *   figure and, when their turn begins each round, roll a d6 to bring in another (1 on the
 *   far side, 2 the side on their right, 3-4 their own side, 5 the side on their left, 6
 *   none), within 1 Move Unit of that edge;
 * - Transport: carry the object from the centre back to one's own side (its home area); it
 *   falls where its carrier does, and does not hinder its carrier's move, attack or defence;
 * - Infiltrate and Transport have no count of rounds: at the game's round limit with no
 *   army at its goal, a draw; so too Ambush and Spawning (from rules version 6: before, the
 *   limit was the heroes' defeat);
 * - Fortress Assault: the defenders hold a building the assaulters must destroy
 *   (fortress.ts): the assaulters win when it falls, the defenders when every assaulter is
 *   defeated (or, our limit, when it still stands after the game's round limit);
 * Any scenario: an army that loses every figure loses at once.
 */
import { distanceToUnit, sizeOf, squaresNearestFirst } from '../../footprint';
import { chebyshevDistance, isSamePoint, type Point } from '../../grid';
import { terrainAt } from '../../map';
import { emit, rollDie, type Context } from '../../systems/context';
import { setStatus } from '../../systems/sight';
import { endGame, endInDraw } from '../../systems/victory';
import type { GameState, RuleRef, Side, Unit } from '../../types';
import type { ScenarioMark } from '../module';
import { livingUnits, opposingSide } from '../../world';
import { defenderReach, figuresOf, fortressOf, fortressThreatened, roles } from './fortress';
import {
  centroid,
  fallbackRow,
  goalArea,
  goalAreasOf,
  homeArea,
  nearestSquareOf,
  sectionMarkers,
  sideCentres,
  standsIn,
  tableCentre,
} from './goals';
import { roomNear } from './room';
import { skirmishOptions, traitsOf } from './types';
import { MOVE_TABLE } from './roster';
import {
  distanceTo,
  EVEN_OBJECT_RULES,
  EVEN_TAKE_RULES,
  ROUND_LIMIT_DRAW_RULES,
  SALLY_RULES,
  SHARED_MARKER_RULES,
} from './versions';
import { walkingDistance } from '../../systems/pursuit';
import { rulesVersionOf } from '../../setup';

export interface ScenarioRule {
  id: string;
  name: string;
  /** The seed's d20 band for choosing it at random (VI). */
  roll: [number, number];
  goal: string;
}

export const SCENARIO_RULES: readonly ScenarioRule[] = [
  {
    id: 'basic-battle',
    name: 'Basic Battle',
    roll: [1, 8],
    goal: 'Defeat the enemy army; after 5 rounds, the army that defeated more wins (equal: a draw).',
  },
  {
    id: 'ambush',
    name: 'Ambush',
    roll: [9, 10],
    goal: 'The ambush: the enemies take a whole turn first. Destroy them, or be destroyed.',
  },
  {
    id: 'escape',
    name: 'Escape',
    roll: [11, 12],
    goal: 'Get more than half your figures off the far edge before the enemy does, within 5 rounds (else a draw).',
  },
  {
    id: 'fortress-assault',
    name: 'Fortress Assault',
    roll: [13, 14],
    goal: 'Bring down the fortress, or hold it: its defenders win if every assaulter falls.',
  },
  {
    id: 'infiltrate',
    name: 'Infiltrate',
    roll: [15, 16],
    goal: 'Have two figures on the far edge at the same time.',
  },
  {
    id: 'spawning',
    name: 'Spawning',
    roll: [17, 18],
    goal: 'The enemy brings in a figure most rounds; break through and destroy it.',
  },
  {
    id: 'transport',
    name: 'Transport',
    roll: [19, 20],
    goal: 'Take the object from the centre and carry it back to your side.',
  },
];

export const SCENARIO = (section: string): RuleRef => ({
  book: 'Solitaire rules',
  section: `VI ${section}`,
});

const BASIC_ROUNDS = 5;
const SIDES: readonly Side[] = ['heroes', 'enemies'];
export const VP_ROUND = 4;

export function scenarioRule(state: GameState): ScenarioRule {
  return SCENARIO_RULES.find((s) => s.id === skirmishOptions(state).scenario) ?? SCENARIO_RULES[0];
}

/** The army that lays the ambush in an Ambush (VI), or null in any other scenario. */
export function ambushOf(state: GameState): Side | null {
  return scenarioRule(state).id === 'ambush' ? skirmishOptions(state).ambusher : null;
}

/** The Spawning army in a Spawning battle (VI), or null in any other scenario. */
export function spawnerOf(state: GameState): Side | null {
  return scenarioRule(state).id === 'spawning' ? skirmishOptions(state).spawner : null;
}

/** The scenario's goal in plain words, from the heroes' side of it. */
export function scenarioGoal(state: GameState): string {
  const rule = scenarioRule(state);
  if (ambushOf(state) === 'heroes')
    return 'Your ambush: your army, in cover, takes a whole turn before the enemy can act. Destroy them, or be destroyed.';
  if (spawnerOf(state) === 'heroes')
    return 'You start with one figure and bring in another most rounds; stop the enemy breaking through.';
  return rule.goal;
}

/**
 * The objective markers (VI "Objectives"): the map's own objective objects when it has
 * them, else one at the centre of each 1-foot section and one at the centre of the table
 * (goals.ts sectionMarkers).
 */
export function objectiveMarkers(state: GameState): Point[] {
  const drawn = state.map.objects.filter((o) => o.kind === 'objective');
  if (drawn.length > 0) return drawn.map((o) => ({ x: o.x, y: o.y }));
  return sectionMarkers(state.map).map((p) => ({ x: p.x, y: p.y }));
}

/**
 * Where a figure that cannot attack heads in this scenario (III "Goal Locations": "an enemy
 * unable to make an attack on its turn will instead move toward the nearest goal"), or null:
 * the nearest square of its goal area (Escape, Infiltrate), of its home area carrying the
 * object (Transport), the object or whoever carries it, or the fortress.
 */
export function goalFor(state: GameState, unit: Unit): Point | null {
  if (!unit.position) return null;
  const rule = scenarioRule(state).id;
  if (rule === 'fortress-assault') {
    // The assaulters go for the building; the defenders back to it when they strayed.
    const fort = fortressOf(state);
    if (!fort?.position) return null;
    const near = squaresNearestFirst(fort, unit.position)[0];
    if (unit.side !== skirmishOptions(state).defender) return near;
    // From version 6 a defender out after a foe that threatens the building stays out.
    if (rulesVersionOf(state) >= SALLY_RULES && fortressThreatened(state)) return null;
    return distanceToUnit(unit.position, fort) > defenderReach(skirmishOptions(state).scale)
      ? near
      : null;
  }
  if (rule === 'escape' || rule === 'infiltrate')
    return nearestSquareOf(state, goalArea(state, unit.side), unit.position);
  if (rule === 'transport') {
    const obj = state.objective.object;
    if (!obj) return null;
    if (obj.carrier === unit.id)
      return nearestSquareOf(state, homeArea(state, unit.side), unit.position);
    if (obj.at) return obj.at;
    const carrier = state.units.find((u) => u.id === obj.carrier);
    return carrier?.position ?? null;
  }
  return null;
}

/**
 * Where the Transport's object is set (VI: "in or near the center of the playing area"):
 * the centre of the table. From rules version 7 (EVEN_OBJECT_RULES) the open square within
 * 1 Move Unit of it that the two armies are most evenly placed to win from: each army's
 * quickest figure counted in actions (its moves to stand beside the object, the pick-up,
 * its moves back to its home area), then the walks, then the nearest the centre, then
 * reading order. On a map whose armies start unevenly far from its middle or from their
 * homes, the exact centre handed the race to one army before it began; now the
 * initiative die decides who is first to it. From version 8 (EVEN_TAKE_RULES) the actions
 * to take it up are made even first, each army's quickest taker counted: the army that
 * takes it up first nearly always carries it home (docs/skirmish-balance.md), so an even
 * total with one army a whole action sooner to it was no even race.
 */
export function objectSquare(state: GameState): Point | null {
  const centre = tableCentre(state.map);
  if (!centre || rulesVersionOf(state) < EVEN_OBJECT_RULES) return centre;
  const near = MOVE_TABLE.average[skirmishOptions(state).scale];
  // From version 8 the race to take it up comes first (EVEN_TAKE_RULES).
  const takeFirst = rulesVersionOf(state) >= EVEN_TAKE_RULES;
  let best: { at: Point; rank: number[] } | null = null;
  for (let y = centre.y - near; y <= centre.y + near; y++)
    for (let x = centre.x - near; x <= centre.x + near; x++) {
      if (terrainAt(state.map, x, y) !== 'floor') continue;
      const at = { x, y };
      const heroes = raceToCarry(state, 'heroes', at, takeFirst);
      const enemies = raceToCarry(state, 'enemies', at, takeFirst);
      if (!Number.isFinite(heroes.actions) || !Number.isFinite(enemies.actions)) continue;
      const rank = [
        ...(takeFirst ? [Math.abs(heroes.take - enemies.take)] : []),
        Math.abs(heroes.actions - enemies.actions),
        Math.abs(heroes.walk - enemies.walk),
        chebyshevDistance(at, centre),
      ];
      if (!best || isBefore(rank, best.rank)) best = { at, rank };
    }
  return best?.at ?? centre;
}

/**
 * How soon `side` could carry an object at `at` home: for its quickest figure, the actions
 * (moves to stand beside it, the pick-up, moves to its home area) and the squares walked.
 */
function raceToCarry(
  state: GameState,
  side: Side,
  at: Point,
  takeFirst: boolean,
): { take: number; actions: number; walk: number } {
  const home = homeArea(state, side);
  const back = Math.min(...home.map((p) => walkingDistance(state, at, p)));
  let best = { take: Infinity, actions: Infinity, walk: Infinity };
  for (const u of livingUnits(state, side)) {
    const to = Math.max(0, walkingDistance(state, u.position, at) - 1);
    const move = Math.max(1, u.move);
    const take = Math.ceil(to / move) + 1;
    const actions = take + Math.ceil(back / move);
    const rank = takeFirst ? [take, actions, to + back] : [actions, to + back];
    const bestRank = takeFirst ? [best.take, best.actions, best.walk] : [best.actions, best.walk];
    if (isBefore(rank, bestRank)) best = { take, actions, walk: to + back };
  }
  return best;
}

/** Whether `a` sorts before `b`, entry by entry (equal: false, so the first found stays). */
function isBefore(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

/** Set-up at the start: the Transport object at the centre, the Spawning army held back. */
export function startScenario(ctx: Context): void {
  const state = ctx.state;
  const rule = scenarioRule(state);
  // "place some kind of marker representing an object in or near the center".
  const centre = rule.id === 'transport' ? objectSquare(state) : null;
  if (centre && !state.objective.object) {
    state.objective.object = { at: centre, carrier: null };
    state.objective.goal = [centre];
  }
  const spawner = spawnerOf(state);
  if (spawner) {
    // "Spawner armies set up only 1 figure per army (their choice of which)": the enemy its
    // Arch Foe, the heroes the first of their muster; the rest wait off the field.
    const army = state.units.filter((u) => u.side === spawner && !u.structure);
    const first = army.find((u) => u.ai?.archFoe) ?? army[0];
    for (const u of army) {
      if (u === first) continue;
      u.offField = 'reserve';
      u.position = null;
    }
  }
  emit(ctx, {
    type: 'decision',
    unit: '',
    text: `Scenario: ${rule.name}. ${scenarioGoal(state)}`,
    rule: SCENARIO(rule.name),
  });
}

/** The d6 spawn table (VI Spawning): where a face puts the new figure, from the spawners' side. */
export const SPAWN_TABLE: readonly {
  faces: readonly number[];
  side: SpawnSide | null;
  text: string;
}[] = [
  { faces: [1], side: 'far', text: 'on the far side, within 1 Move Unit of its edge' },
  { faces: [2], side: 'right', text: 'on the side to the spawners\u2019 right' },
  { faces: [3, 4], side: 'own', text: 'on the spawners\u2019 own side' },
  { faces: [5], side: 'left', text: 'on the side to the spawners\u2019 left' },
  { faces: [6], side: null, text: 'no figure this round' },
];

/**
 * The row of `side`'s own edge for the spawn table: the middle row of the open line along
 * its side of the field (goals.ts); the table reads the field as armies facing each other
 * across its top and bottom, as the Setup's default set-up does.
 */
function ownEdgeRow(state: GameState, side: Side): number {
  const line = goalAreasOf(state).side[side];
  if (line.length === 0) return fallbackRow(state.map, side);
  return Math.round(centroid(line).y);
}

/** An edge of the field as the spawners see it from their own starting side. */
export type SpawnSide = 'far' | 'right' | 'own' | 'left';

/**
 * The edge a spawn goes to, as the middle square of that edge and whether a square lies
 * within `depth` squares of it. The spawners look across the field from their own edge:
 * from the top edge (facing down the map) their right is the west edge, from the bottom
 * edge the east.
 */
function spawnEdge(
  state: GameState,
  spawner: Side,
  side: SpawnSide,
  depth: number,
): { anchor: Point; isNear: (x: number, y: number) => boolean } {
  const { width: w, height: h } = state.map;
  const own = ownEdgeRow(state, spawner);
  const fromTop = own < h / 2;
  const row = (y: number) => ({
    anchor: { x: Math.floor(w / 2), y },
    isNear: (_x: number, py: number) => Math.abs(py - y) <= depth,
  });
  const column = (x: number) => ({
    anchor: { x, y: Math.floor(h / 2) },
    isNear: (px: number) => Math.abs(px - x) <= depth,
  });
  if (side === 'own') return row(own);
  if (side === 'far') return row(fromTop ? h - 1 : 0);
  const east = side === 'right' ? !fromTop : fromTop;
  return column(east ? w - 1 : 0);
}

/**
 * The Spawning army's roll when its turn begins (VI Spawning): with figures still waiting,
 * a d6 on the spawn table places the first of them on the edge it names, up to 1 Move Unit
 * in from it (the nearest room to that edge's middle), or none on a 6. A spawned enemy
 * arrives alerted. Does nothing outside a Spawning battle or with no one waiting.
 */
export function spawnIfDue(ctx: Context): void {
  const state = ctx.state;
  const spawner = spawnerOf(state);
  if (!spawner) return;
  const waiting = state.units.filter((u) => u.side === spawner && u.offField === 'reserve');
  if (waiting.length === 0) return;
  const rowOf = (face: number) => SPAWN_TABLE.find((r) => r.faces.includes(face))!;
  const v = rollDie(ctx, {
    sides: 6,
    purpose: 'spawn',
    unit: null,
    need: null,
    describe: (x) => `Spawn d6 = ${x}: ${rowOf(x).text}`,
    rule: SCENARIO('Spawning: the d6 table'),
  });
  const side = rowOf(v).side;
  if (side === null) return;
  const unit = waiting[0];
  const edge = spawnEdge(state, spawner, side, MOVE_TABLE.average[skirmishOptions(state).scale]);
  const at = roomNear(state, edge.anchor, sizeOf(unit), (x, y) => {
    const t = terrainAt(state.map, x, y);
    return (t === 'floor' || t === 'difficult') && edge.isNear(x, y);
  });
  if (!at) {
    emit(ctx, {
      type: 'decision',
      unit: unit.id,
      text: `No room on that side: ${unit.name} waits for another roll.`,
      rule: SCENARIO('Spawning'),
    });
    return;
  }
  unit.offField = undefined;
  unit.position = at;
  emit(ctx, {
    type: 'placed',
    unit: unit.id,
    at,
    text: `${unit.name} is spawned and may act this round.`,
    rule: SCENARIO('Spawning: the newly spawned figure is immediately able to move and attack'),
  });
  // "Enemies added to combat after the first turn start in the alerted status." (III)
  if (unit.ai) setStatus(ctx, unit, 'alerted', 'arrives ready for battle');
}

/** Points of the foe's figures an army has defeated. */
function pointsDefeatedBy(state: GameState, side: Side): number {
  return state.units
    .filter((u) => u.side !== side && !u.position && u.offField !== 'reserve')
    .reduce((n, u) => n + traitsOf(u).points, 0);
}

/**
 * Victory points (VI Objectives): 1 for holding the objective nearest the centre of one's
 * own side (its home area), 4 for the one nearest the centre of the foe's (its goal area),
 * 2 for any other; 2 for each enemy leader defeated. An objective is held by a figure on it
 * or next to it with no foe within 2 squares (from rules version 4, any square of a large
 * figure's base counts: "base contact").
 */
export function victoryPoints(state: GameState, side: Side): number {
  let vp = 0;
  for (const { at, points } of objectiveValues(state, side)) {
    const near = (s: Side, r: number): boolean =>
      livingUnits(state, s).some((u) => distanceTo(state, at, u) <= r);
    if (near(side, 1) && !near(opposingSide(side), 2)) vp += points;
  }
  vp += 2 * state.units.filter((u) => u.side !== side && !u.position && traitsOf(u).leader).length;
  return vp;
}

/** Each objective marker with the victory points it is worth to `side` (VI Objectives). */
export function objectiveValues(state: GameState, side: Side): { at: Point; points: number }[] {
  const markers = objectiveMarkers(state);
  if (markers.length === 0) return [];
  const { own, foe } = sideCentres(state, side);
  const nearest = (to: Point): Point =>
    markers.reduce((b, m) => (distanceSquared(m, to) < distanceSquared(b, to) ? m : b));
  const ownMarker = nearest(own);
  const foeMarker = nearest(foe);
  // One marker nearest both sides' centres (a map with one objective) is, from version 7,
  // the own marker of the army whose side it lies nearer: 1 VP to it, 4 to its foe.
  const ownFirst =
    rulesVersionOf(state) >= SHARED_MARKER_RULES &&
    isSamePoint(ownMarker, foeMarker) &&
    distanceSquared(ownMarker, own) < distanceSquared(ownMarker, foe);
  const pointsAt = (at: Point): number => {
    if (ownFirst && isSamePoint(at, ownMarker)) return 1;
    if (isSamePoint(at, foeMarker)) return 4;
    return isSamePoint(at, ownMarker) ? 1 : 2;
  };
  return markers.map((at) => ({ at, points: pointsAt(at) }));
}

function distanceSquared(a: Point, b: Point): number {
  return (a.x - b.x) ** 2 + (a.y - b.y) ** 2;
}

/** The checks after every action: elimination, and the goals that win at once. */
export function checkSkirmishVictory(ctx: Context): void {
  const state = ctx.state;
  if (state.outcome) return;
  const heroes = figuresOf(state, 'heroes');
  const enemies = figuresOf(state, 'enemies');
  // A Spawning army's figures still to come keep it in the battle.
  const isWaiting = (side: Side): boolean =>
    state.units.some((u) => u.side === side && u.offField === 'reserve');
  if (heroes.length === 0 && !isWaiting('heroes'))
    return endGame(ctx, 'enemies', 'The heroes\u2019 army is destroyed.');
  if (enemies.length === 0 && !isWaiting('enemies'))
    return endGame(ctx, 'heroes', 'The enemy army is destroyed.');
  const rule = scenarioRule(state).id;
  const fort = rule === 'fortress-assault' ? fortressOf(state) : undefined;
  if (fort && !fort.position) {
    const { assaulter } = roles(skirmishOptions(state).defender);
    return endGame(ctx, assaulter, `The fortress falls: the ${assaulter} have won the assault.`);
  }
  if (rule === 'escape') escapeOffTheField(ctx);
  if (rule === 'infiltrate') {
    // "At least 2 figures have to be on that side of the playing area at the same time."
    for (const side of SIDES) {
      const area = goalArea(state, side);
      const there = figuresOf(state, side).filter((u) => standsIn(u, area));
      if (there.length >= 2) return endGame(ctx, side, `Two of the ${side} stand on the far side.`);
    }
  }
  if (rule === 'transport') {
    // "The army with a figure that carries the object back to the side of the playing area
    // where the force began the game wins."
    const obj = state.objective.object;
    const carrier = obj?.carrier ? state.units.find((u) => u.id === obj.carrier) : undefined;
    if (carrier?.position && standsIn(carrier, homeArea(state, carrier.side)))
      return endGame(ctx, carrier.side, `The ${carrier.name} carries the object home.`);
  }
}

/** Escape: figures on their goal area leave the field; more than half an army out wins. */
function escapeOffTheField(ctx: Context): void {
  const state = ctx.state;
  for (const side of SIDES) {
    const area = goalArea(state, side);
    for (const u of figuresOf(state, side) as Unit[]) {
      if (!standsIn(u, area)) continue;
      u.position = null;
      u.carrying = undefined;
      u.offField = 'escaped';
      emit(ctx, {
        type: 'decision',
        unit: u.id,
        text: `${u.name} escapes off the far edge.`,
        rule: SCENARIO('Escape'),
      });
    }
    const army = state.units.filter((u) => u.side === side && !u.structure);
    const out = army.filter((u) => u.offField === 'escaped').length;
    if (out * 2 > army.length)
      return endGame(ctx, side, `More than half the ${side} escaped off the far edge.`);
  }
}

/**
 * What the scenario marks on the board for the view (RuleModule.scenarioMarks): each army's
 * goal area (Escape, Infiltrate), its home and the object on the ground (Transport), the
 * objective markers with what each is worth to the heroes (a Basic Battle with objectives).
 */
export function skirmishScenarioMarks(state: GameState): ScenarioMark[] {
  const rule = scenarioRule(state).id;
  const marks: ScenarioMark[] = [];
  if (rule === 'escape' || rule === 'infiltrate') {
    const escape = rule === 'escape';
    marks.push(
      {
        kind: 'goal',
        side: 'heroes',
        squares: goalArea(state, 'heroes'),
        label: escape ? 'Your goal: escape here' : 'Your goal: two of yours here at once',
      },
      {
        kind: 'goal',
        side: 'enemies',
        squares: goalArea(state, 'enemies'),
        label: escape ? 'The enemy escapes here' : 'The enemy\u2019s goal: two of theirs here',
      },
    );
  }
  if (rule === 'transport') {
    marks.push(
      {
        kind: 'home',
        side: 'heroes',
        squares: homeArea(state, 'heroes'),
        label: 'Your home: carry the object here',
      },
      {
        kind: 'home',
        side: 'enemies',
        squares: homeArea(state, 'enemies'),
        label: 'The enemy\u2019s home: it carries the object here',
      },
    );
    const at = state.objective.object?.at;
    if (at)
      marks.push({ kind: 'object', side: null, squares: [at], label: 'The object: pick it up' });
  }
  if (rule === 'basic-battle' && skirmishOptions(state).objectives)
    for (const { at, points } of objectiveValues(state, 'heroes'))
      marks.push({
        kind: 'objective',
        side: 'heroes',
        squares: [at],
        label: `${points} VP for you`,
        points,
      });
  return marks;
}

/** The end of a round: the scenario's count of rounds. */
export function checkRoundEnd(ctx: Context): void {
  const state = ctx.state;
  if (state.outcome) return;
  const rule = scenarioRule(state).id;
  const options = skirmishOptions(state);
  // Fortress Assault: no count of rounds; the building stands or falls (the defenders
  // hold it if it still stands at the game's round limit).
  if (rule === 'fortress-assault') {
    if (state.round >= state.options.maxRounds)
      return endGame(
        ctx,
        options.defender,
        `The fortress still stands after ${state.options.maxRounds} rounds: the ${options.defender} held it.`,
      );
    return;
  }
  if (rule === 'basic-battle' && options.objectives && state.round === VP_ROUND) {
    const h = victoryPoints(state, 'heroes');
    const e = victoryPoints(state, 'enemies');
    emit(ctx, {
      type: 'objective',
      what: 'held',
      unit: null,
      at: null,
      text: `Victory points after ${VP_ROUND} rounds: heroes ${h}, enemies ${e}.`,
      rule: SCENARIO('Objectives'),
    });
    if (h !== e)
      return endGame(
        ctx,
        h > e ? 'heroes' : 'enemies',
        `Victory points: heroes ${h}, enemies ${e}.`,
      );
  }
  // "Whomever has the last surviving figure(s) after 5 rounds wins" (Basic Battle), and
  // Escape is a race "before 5 rounds are finished"; the other scenarios have no count.
  if (state.round >= BASIC_ROUNDS && rule === 'basic-battle') {
    const h = pointsDefeatedBy(state, 'heroes');
    const e = pointsDefeatedBy(state, 'enemies');
    if (h !== e)
      return endGame(
        ctx,
        h > e ? 'heroes' : 'enemies',
        `After ${BASIC_ROUNDS} rounds the ${h > e ? 'heroes' : 'enemies'} defeated more (${h} points to ${e}).`,
      );
    return endInDraw(
      ctx,
      `After ${BASIC_ROUNDS} rounds neither army prevailed (${h} points each).`,
    );
  }
  // Escape: "...to try to prevent any army from winning before 5 rounds are finished."
  if (state.round >= BASIC_ROUNDS && rule === 'escape')
    return endInDraw(
      ctx,
      `After ${BASIC_ROUNDS} rounds neither army got more than half its figures off the far edge.`,
    );
  if (state.round >= state.options.maxRounds) {
    if (rule === 'infiltrate' || rule === 'transport')
      return endInDraw(
        ctx,
        `After ${state.options.maxRounds} rounds neither army has reached its goal.`,
      );
    // Ambush ("The game ends when all Ambusher figures or all Target figures are killed")
    // and Spawning (when every figure is spawned and one army is defeated) have no count of
    // rounds either: the limit is ours, so from rules version 6 it ends them in a draw.
    if (rulesVersionOf(state) >= ROUND_LIMIT_DRAW_RULES)
      return endInDraw(
        ctx,
        `After ${state.options.maxRounds} rounds both armies still stand: a draw.`,
      );
    return endGame(
      ctx,
      'enemies',
      `The heroes did not prevail within ${state.options.maxRounds} rounds.`,
    );
  }
}
