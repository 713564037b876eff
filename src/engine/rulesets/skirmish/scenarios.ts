/**
 * The seven generic scenarios (solitaire-gaming-rules VI) and their objectives:
 * - Basic Battle: the last army standing; after 5 rounds the army that defeated the most
 *   points of figures, a draw when they are equal (with the objectives option, victory
 *   points scored after 4 rounds decide first: 1 for the objective nearest one's own side,
 *   4 for the one nearest the foe's side, 2 for any other, 2 for each enemy leader defeated);
 * - Ambush: either army may lay it (the `ambusher` option): the ambushers set up in cover,
 *   the targets in the open, and the ambushers take a whole turn before any target figure
 *   acts; it ends when one side is gone;
 * - Escape: the first army to get more than half its starting figures off the far edge; a
 *   draw when none has after 5 rounds;
 * - Infiltrate: the first army with 2 figures on the far edge at once;
 * - Spawning: either army may spawn (the `spawner` option): the spawners start with one
 *   figure and, when their turn begins each round, roll a d6 to bring in another (1 on the
 *   far side, 2 the side on their right, 3-4 their own side, 5 the side on their left, 6
 *   none), within 1 Move Unit of that edge;
 * - Transport: carry the object from the centre back to one's own side; it falls where its
 *   carrier does;
 * - Fortress Assault: the defenders hold a building the assaulters must destroy
 *   (fortress.ts): the assaulters win when it falls, the defenders when every assaulter is
 *   defeated (or, our limit, when it still stands after the game's round limit);
 * Any scenario: an army that loses every figure loses at once.
 */
import { distanceToUnit, sizeOf, squaresNearestFirst } from '../../footprint';
import { isSamePoint, type Point } from '../../grid';
import { terrainAt } from '../../map';
import { emit, rollDie, type Context } from '../../systems/context';
import { setStatus } from '../../systems/sight';
import { endGame, endInDraw } from '../../systems/victory';
import type { GameState, RuleRef, Side, Unit } from '../../types';
import { livingUnits } from '../../world';
import { defenderReach, figuresOf, fortressOf, roles } from './fortress';
import { roomNear } from './room';
import { skirmishOptions, traitsOf } from './types';
import { MOVE_TABLE } from './roster';
import { distanceTo } from './versions';

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
const VP_ROUND = 4;

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
 * The row of each side's own edge: the top or bottom edge nearer where its army set up
 * (set-up records them; the heroes' is the bottom unless they started above the foe).
 */
export function edgeRow(state: GameState, side: Side): number {
  const edges = (state.flow as { edges?: Record<Side, number> } | undefined)?.edges;
  return edges?.[side] ?? (side === 'heroes' ? state.map.height - 1 : 0);
}

function farEdge(state: GameState, side: Side): number {
  return edgeRow(state, side === 'heroes' ? 'enemies' : 'heroes');
}

/** The objective markers: the map's objective objects, else the centre of each quarter and of the map. */
export function objectiveMarkers(state: GameState): Point[] {
  const drawn = state.map.objects.filter((o) => o.kind === 'objective');
  if (drawn.length > 0) return drawn.map((o) => ({ x: o.x, y: o.y }));
  const { width: w, height: h } = state.map;
  return [
    { x: Math.floor(w / 4), y: Math.floor(h / 4) },
    { x: Math.floor((3 * w) / 4), y: Math.floor(h / 4) },
    { x: Math.floor(w / 2), y: Math.floor(h / 2) },
    { x: Math.floor(w / 4), y: Math.floor((3 * h) / 4) },
    { x: Math.floor((3 * w) / 4), y: Math.floor((3 * h) / 4) },
  ];
}

/** Where a figure that cannot attack heads in this scenario (III "Goal Locations"), or null. */
export function goalFor(state: GameState, unit: Unit): Point | null {
  if (!unit.position) return null;
  const rule = scenarioRule(state).id;
  if (rule === 'fortress-assault') {
    // The assaulters go for the building; the defenders back to it when they strayed.
    const fort = fortressOf(state);
    if (!fort?.position) return null;
    const near = squaresNearestFirst(fort, unit.position)[0];
    if (unit.side !== skirmishOptions(state).defender) return near;
    return distanceToUnit(unit.position, fort) > defenderReach(skirmishOptions(state).scale)
      ? near
      : null;
  }
  if (rule === 'escape' || rule === 'infiltrate')
    return { x: unit.position.x, y: farEdge(state, unit.side) };
  if (rule === 'transport') {
    const obj = state.objective.object;
    if (!obj) return null;
    if (obj.carrier === unit.id) return { x: unit.position.x, y: edgeRow(state, unit.side) };
    if (obj.at) return obj.at;
    const carrier = state.units.find((u) => u.id === obj.carrier);
    return carrier?.position ?? null;
  }
  return null;
}

/** Set-up at the start: the Transport object at the centre, the Spawning army held back. */
export function startScenario(ctx: Context): void {
  const state = ctx.state;
  const rule = scenarioRule(state);
  if (rule.id === 'transport' && !state.objective.object) {
    const centre = { x: Math.floor(state.map.width / 2), y: Math.floor(state.map.height / 2) };
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
  const own = edgeRow(state, spawner);
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
 * Victory points (VI Objectives): 1 for holding the objective nearest one's own side, 4
 * for the one nearest the foe's side, 2 for any other; 2 for each enemy leader defeated. An
 * objective is held by a figure on it or next to it with no foe within 2 squares (from
 * rules version 4, any square of a large figure's base counts: "base contact").
 */
export function victoryPoints(state: GameState, side: Side): number {
  const markers = objectiveMarkers(state);
  const own = edgeRow(state, side);
  const foe = farEdge(state, side);
  const byRow = (row: number): Point =>
    markers.reduce((b, m) => (Math.abs(m.y - row) < Math.abs(b.y - row) ? m : b), markers[0]);
  const ownMarker = byRow(own);
  const foeMarker = byRow(foe);
  let vp = 0;
  for (const m of markers) {
    const near = (s: Side, r: number): boolean =>
      livingUnits(state, s).some((u) => distanceTo(state, m, u) <= r);
    const holds = near(side, 1) && !near(side === 'heroes' ? 'enemies' : 'heroes', 2);
    if (!holds) continue;
    vp += isSamePoint(m, foeMarker) ? 4 : isSamePoint(m, ownMarker) ? 1 : 2;
  }
  vp += 2 * state.units.filter((u) => u.side !== side && !u.position && traitsOf(u).leader).length;
  return vp;
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
  if (rule === 'escape') escapeOffTheEdge(ctx);
  if (rule === 'infiltrate') {
    for (const side of ['heroes', 'enemies'] as const) {
      const there = livingUnits(state, side).filter((u) => u.position.y === farEdge(state, side));
      if (there.length >= 2) return endGame(ctx, side, `Two of the ${side} stand on the far side.`);
    }
  }
  if (rule === 'transport') {
    const obj = state.objective.object;
    const carrier = obj?.carrier ? state.units.find((u) => u.id === obj.carrier) : undefined;
    if (carrier?.position && carrier.position.y === edgeRow(state, carrier.side))
      return endGame(ctx, carrier.side, `The ${carrier.name} carries the object home.`);
  }
}

/** Escape: figures on the far edge leave the field; more than half an army out wins. */
function escapeOffTheEdge(ctx: Context): void {
  const state = ctx.state;
  for (const side of ['heroes', 'enemies'] as const) {
    for (const u of livingUnits(state, side) as Unit[]) {
      if (u.position?.y !== farEdge(state, side)) continue;
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
    const army = state.units.filter((u) => u.side === side);
    const out = army.filter((u) => u.offField === 'escaped').length;
    if (out * 2 > army.length)
      return endGame(ctx, side, `More than half the ${side} escaped off the far edge.`);
  }
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
  if (state.round >= BASIC_ROUNDS && rule !== 'spawning' && rule !== 'ambush') {
    const h = pointsDefeatedBy(state, 'heroes');
    const e = pointsDefeatedBy(state, 'enemies');
    if (rule === 'basic-battle') {
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
    if (rule === 'escape')
      return endInDraw(
        ctx,
        `After ${BASIC_ROUNDS} rounds neither army got more than half its figures off the far edge.`,
      );
    return endGame(
      ctx,
      'enemies',
      `The heroes did not reach their goal within ${BASIC_ROUNDS} rounds.`,
    );
  }
  if (state.round >= state.options.maxRounds)
    return endGame(
      ctx,
      'enemies',
      `The heroes did not prevail within ${state.options.maxRounds} rounds.`,
    );
}
