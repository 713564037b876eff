/**
 * Doors. A closed door is rock: it stops movement and sight. Opening one is a hero's
 * action instead of moving (it may still attack), and an alerted monster opens a door
 * when that brings it nearer its target ("special actions when logically necessary").
 * Doors are never closed again. The game state's map always shows the doors as they are,
 * so every rule that reads terrain sees an open door as floor without knowing of doors.
 */
import { chebyshevDistance, type Point } from '../grid';
import type { BattleMap } from '../map';
import { mapIndexOf, perMap } from '../map-index';
import type { DoorState, GameState, Unit } from '../types';
import { emit, type Context } from './context';
import { turnToward } from './cover';

/** The map with each door square shown open (floor, clear) or closed (wall, blocks sight). */
export function applyDoorsToMap(map: BattleMap, doors: readonly DoorState[]): BattleMap {
  if (doors.length === 0) return map;
  const terrain = map.terrain.slice();
  const blocksSight = map.blocksSight.slice();
  for (const d of doors) {
    const i = d.y * map.width + d.x;
    terrain[i] = d.open ? 'floor' : 'wall';
    blocksSight[i] = !d.open;
  }
  return { ...map, terrain, blocksSight };
}

/**
 * The map with one more door open, kept per map and door: the monsters beside a door ask
 * about it every turn, and opening it then gives the very map they asked about, so every
 * per-map cache (tables, walking fields, sight) carries over instead of starting afresh.
 */
export function mapWithDoorOpen(map: BattleMap, door: Point): BattleMap {
  return mapIndexOf(map).doorMaps.getOrMake(`${door.x},${door.y}`, () =>
    applyDoorsToMap(map, [{ x: door.x, y: door.y, open: true }]),
  );
}

/** The map with every door of the game open (kept per map), for "which way leads there". */
export function mapWithAllDoorsOpen(state: GameState): BattleMap {
  return perMap(state.map, 'all-doors-open', () =>
    applyDoorsToMap(
      state.map,
      state.doors.map((d) => ({ ...d, open: true })),
    ),
  );
}

export function closedDoorAt(state: GameState, p: Point): DoorState | undefined {
  return state.doors.find((d) => !d.open && d.x === p.x && d.y === p.y);
}

/** Closed doors a unit could open now: side by side with it (not across a corner). */
export function doorsWithinReach(state: GameState, unit: Unit): DoorState[] {
  const at = unit.position;
  if (!at) return [];
  return state.doors.filter((d) => !d.open && Math.abs(d.x - at.x) + Math.abs(d.y - at.y) === 1);
}

/**
 * Opens a door (the caller checked it is closed and within reach). Who now sees whom is
 * the after-action checks' to find out.
 */
export function openDoor(ctx: Context, unit: Unit, door: DoorState): void {
  door.open = true;
  ctx.state.map = mapWithDoorOpen(ctx.state.map, door);
  if (unit.position && chebyshevDistance(unit.position, door) === 1) {
    turnToward(ctx, unit, door, 'opening a door');
  }
  emit(ctx, {
    type: 'door-opened',
    unit: unit.id,
    at: { x: door.x, y: door.y },
    text: `${unit.name} opens a door.`,
  });
}
