/**
 * Fortress Assault (solitaire-gaming-rules VI): "Each army selects a side, either
 * Assaulter or Defender. Use a large building and place all Defender figures near it
 * (within 1/2 Move Unit). Assaulter figures have to set up 2 Move Units away from the
 * building. If the building is destroyed, the surviving Assaulter army or armies win. If
 * all of the Assaulter figures are defeated, the surviving Defender army or armies win."
 *
 * The building is a structure on the field (`Unit.structure`): a block of squares that
 * blocks movement and lines for both armies like a wall (VII: a building "blocks line of
 * sight and provides full cover"). Its size is a minor building's, one of the seed's large
 * terrain pieces (VII: "Usually 3 to 7 inches/squares on a side"): 4 squares a side on a
 * large battlefield, 3 on a small one. The seed does not say how a building is brought
 * down; here it is attacked like a figure (VIII: melee 6+, ranged 11+, any of its squares
 * a target) but cannot defend, and falls after 8 wounds.
 */
import { baseAt, distanceToBase, distanceToUnit } from '../../footprint';
import { pointKey, type Point } from '../../grid';
import type { GameState, Side, Unit } from '../../types';
import { livingUnits } from '../../world';
import { MOVE_TABLE } from './roster';
import { skirmishOptions, skirmishWeapons, type Scale } from './types';
import { rulesVersionOf } from '../../setup';
import { SALLY_RULES } from './versions';

export const FORTRESS_KIND = 'fortress';
/** Squares a side of the building at each scale (VII "Minor building": 3 to 7 a side). */
export const FORTRESS_SIZE: Readonly<Record<Scale, number>> = { large: 4, small: 3 };
/** Wounds the building takes before it falls (ours: the seed leaves it open). */
export const FORTRESS_WOUNDS = 8;

/** The armies' roles: who defends the building and who assaults it. */
export function roles(defender: Side): { defender: Side; assaulter: Side } {
  return { defender, assaulter: defender === 'heroes' ? 'enemies' : 'heroes' };
}

/** "Within 1/2 Move Unit" of the building, in squares (at least 1: next to it). */
export function defenderReach(scale: Scale): number {
  return Math.max(1, Math.floor(MOVE_TABLE.average[scale] / 2));
}

/** "2 Move Units away from the building", in squares. */
export function assaulterDistance(scale: Scale): number {
  return 2 * MOVE_TABLE.average[scale];
}

/** Where the building and each army may set up. */
export interface FortressPlan {
  at: Point;
  size: number;
  /** Open squares by their distance to the building: those within 1/2 Move Unit first. */
  defenderSquares: Point[];
  /** Open squares at least 2 Move Units from it (halved until the army fits), nearest its own side first. */
  assaulterSquares: Point[];
  /** The distance the assaulters actually keep (2 Move Units unless the field is too small). */
  apart: number;
}

/**
 * Plans the building and the set-up areas: the building on the first square of
 * `defenderSide` (open squares nearest the defenders' own side) where its whole block
 * fits with room for the defenders around it; the assaulters from `assaulterSide` at 2
 * Move Units from it, the distance halved until `assaulters` of them fit. Null when the
 * field has no room for the building.
 */
export function planFortress(
  open: readonly Point[],
  defenderSide: readonly Point[],
  assaulterSide: readonly Point[],
  scale: Scale,
  defenders: number,
  assaulters: number,
): FortressPlan | null {
  const size = FORTRESS_SIZE[scale];
  const openKeys = new Set(open.map(pointKey));
  const reach = defenderReach(scale);
  const fits = defenderSide.filter((at) =>
    baseAt(at, size).every((p) => openKeys.has(pointKey(p))),
  );
  // Defenders' squares count only where a walk joins them to the assaulters' side with the
  // building standing: a block that walls its defenders into a room (the flooded crypt at
  // the small scale) would leave them unable to defend it.
  const within = (at: Point): number => {
    const block = new Set(baseAt(at, size).map(pointKey));
    const joined = walkable(openKeys, block, assaulterSide[0]);
    return open.filter((p) => {
      const d = distanceToBase(p, at, size);
      return d > 0 && d <= reach && joined.has(pointKey(p));
    }).length;
  };
  // The first place with room for the defenders within reach, else the first it fits.
  const at = fits.find((q) => within(q) >= defenders) ?? fits[0];
  if (!at) return null;
  // Nearest the building first: those within 1/2 Move Unit, then (on a crowded field) the
  // next nearest.
  const defenderSquares = open
    .filter((p) => distanceToBase(p, at, size) > 0)
    .sort((a, b) => distanceToBase(a, at, size) - distanceToBase(b, at, size));
  for (let apart = assaulterDistance(scale); ; apart = Math.floor(apart / 2)) {
    const assaulterSquares = assaulterSide.filter((p) => distanceToBase(p, at, size) >= apart);
    if (assaulterSquares.length >= assaulters * 2 || apart <= 1)
      return { at, size, defenderSquares, assaulterSquares, apart };
  }
}

/**
 * The open squares a figure can walk to from `start` with the squares of `block` taken, a
 * step to any of the 8 neighbours, a diagonal only where both squares beside it are open
 * (no corner is cut, as a move cuts none).
 */
function walkable(
  open: ReadonlySet<string>,
  block: ReadonlySet<string>,
  start?: Point,
): Set<string> {
  const seen = new Set<string>();
  const free = (x: number, y: number): boolean => {
    const k = pointKey({ x, y });
    return open.has(k) && !block.has(k);
  };
  if (!start || !free(start.x, start.y)) return seen;
  const queue: Point[] = [start];
  seen.add(pointKey(start));
  while (queue.length > 0) {
    const p = queue.pop()!;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const x = p.x + dx;
        const y = p.y + dy;
        if ((dx === 0 && dy === 0) || !free(x, y) || seen.has(pointKey({ x, y }))) continue;
        if (dx !== 0 && dy !== 0 && (!free(p.x + dx, p.y) || !free(p.x, p.y + dy))) continue;
        seen.add(pointKey({ x, y }));
        queue.push({ x, y });
      }
  }
  return seen;
}

/** The building of a Fortress Assault (on the field or fallen), or undefined. */
export function fortressOf(state: GameState): Unit | undefined {
  return state.units.find((u) => u.structure);
}

/** The figures of a side on the field: everyone but the building. */
export function figuresOf(state: GameState, side?: Side): ReturnType<typeof livingUnits> {
  return livingUnits(state, side).filter((u) => !u.structure);
}

/**
 * Whether `foe` threatens the building: it stands within 1 Move Unit of it, or (rules
 * version 6 on) within reach of it with one of its weapons, so a shooter cannot bring the
 * building down from afar while its defenders look on.
 */
function threatens(state: GameState, foe: Unit, fort: Unit & { position: Point }): boolean {
  if (!foe.position) return false;
  const d = distanceToUnit(foe.position, fort);
  if (d <= MOVE_TABLE.average[skirmishOptions(state).scale]) return true;
  if (rulesVersionOf(state) < SALLY_RULES) return false;
  return skirmishWeapons(foe).some((w) => w.maxRange === null || d <= w.maxRange);
}

/**
 * A defender holds its post (III "Goal Locations": the building is what its army must
 * keep): it goes out only for a foe that threatens the building (within 1 Move Unit of
 * it, or from version 6 able to strike it from where it stands); a foe farther off it
 * fights only if it can from where it stands.
 */
export function holdsPost(state: GameState, unit: Unit, foe: Unit): boolean {
  const options = skirmishOptions(state);
  if (options.scenario !== 'fortress-assault' || unit.side !== options.defender) return false;
  const fort = fortressOf(state);
  if (!fort?.position || !foe.position) return false;
  return !threatens(state, foe, fort as Unit & { position: Point });
}

/** Whether any foe of the defenders threatens the building (see holdsPost). */
export function fortressThreatened(state: GameState): boolean {
  const options = skirmishOptions(state);
  const fort = fortressOf(state);
  if (!fort?.position) return false;
  return figuresOf(state, roles(options.defender).assaulter).some((u) =>
    threatens(state, u, fort as Unit & { position: Point }),
  );
}
