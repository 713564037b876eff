/**
 * Threat: where a monster could strike a hero in its next turn, for the view (a monster's
 * card shows it in red). The monster is taken as alerted: it may move up to its move
 * allowance, then use any of its weapons by the attack rules, with the line of fire judged
 * through rock and sight-blocking squares only (figures move before it acts). So this is
 * the most it could reach, not what it will do.
 */
import { chebyshevDistance, type Point } from '../grid';
import { computeCover, isClearShot, visibleSquares } from '../los';
import { doesSquareBlockSight, type BattleMap } from '../map';
import { mapIndexOf } from '../map-index';
import { findReachable } from '../pathing';
import type { GameState, Unit, Weapon } from '../types';
import { buildPathingGrid } from './movement';

/**
 * The open squares (not rock or sight-blocking, not the monster's own) on which a hero
 * could be struck by `monster` after it moves, in row-major order; empty off the board.
 */
export function squaresThreatenedBy(state: GameState, monster: Unit): Point[] {
  const from = monster.position;
  if (!from) return [];
  const map = state.map;
  const stands = [
    from,
    ...[...findReachable(buildPathingGrid(state, monster), from, monster.move).values()].map(
      (r) => r.path[r.path.length - 1],
    ),
  ];
  const threatened = new Uint8Array(map.width * map.height);
  for (const weapon of monster.weapons)
    for (const at of stands) for (const i of squaresStruckFrom(map, at, weapon)) threatened[i] = 1;
  threatened[from.y * map.width + from.x] = 0;
  const out: Point[] = [];
  for (let i = 0; i < threatened.length; i++)
    if (threatened[i]) out.push({ x: i % map.width, y: Math.floor(i / map.width) });
  return out;
}

/**
 * The open squares `weapon` could strike from `at` (indexes y * width + x), through rock
 * and sight-blocking squares only. They depend on the map, the square and the weapon's
 * reach alone, and a map is never changed in place, so they are kept per map: monsters
 * that stay put, or step about the same squares, cost nothing the next time.
 */
function squaresStruckFrom(map: BattleMap, at: Point, weapon: Weapon): Int32Array {
  const key = `${at.y * map.width + at.x}/${weapon.reach}/${weapon.minRange}/${weapon.maxRange}`;
  return mapIndexOf(map).struckSquares.getOrMake(key, () => strikeSquares(map, at, weapon));
}

function strikeSquares(map: BattleMap, at: Point, weapon: Weapon): Int32Array {
  const blocks = (x: number, y: number): boolean => doesSquareBlockSight(map, x, y);
  const reach = weapon.maxRange ?? Math.max(map.width, map.height);
  const struck: number[] = [];
  // Squares in range: any line at all first (cheap, shared shortcut), then the weapon's rule.
  for (const t of visibleSquares(at, reach, map.width, map.height, blocks)) {
    const d = chebyshevDistance(at, t);
    if (d === 0 || d < weapon.minRange || blocks(t.x, t.y)) continue;
    const cover = computeCover(at, t, blocks);
    if (weapon.reach === 'melee' ? cover !== 'blocked' : isClearShot(cover))
      struck.push(t.y * map.width + t.x);
  }
  return Int32Array.from(struck);
}

/**
 * Every open square on which a hero could be struck in the next enemy phase by the
 * monsters alerted now (the ones that will attack: patrolling and retreating monsters do
 * not), in row-major order. A monster the heroes alert on their turn adds its own reach.
 */
export function squaresThreatenedByAlerted(state: GameState): Point[] {
  const seen = new Set<number>();
  const out: Point[] = [];
  for (const monster of state.units) {
    if (!monster.position || monster.ai?.status !== 'alerted') continue;
    for (const p of squaresThreatenedBy(state, monster)) {
      const i = p.y * state.map.width + p.x;
      if (seen.has(i)) continue;
      seen.add(i);
      out.push(p);
    }
  }
  return out.sort((a, b) => a.y - b.y || a.x - b.x);
}
