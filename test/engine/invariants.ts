import { footprint } from '../../src/engine/footprint';
import { isTerrainPassable, terrainAt } from '../../src/engine/map';
import type { EnemyStatus, GameState } from '../../src/engine/types';

/** Allowed status changes: never back to patrolling; defeated is final. */
const ALLOWED: Record<EnemyStatus, EnemyStatus[]> = {
  prepared: ['alerted', 'defeated'],
  patrolling: ['alerted', 'defeated'],
  alerted: ['retreating', 'defeated'],
  retreating: ['alerted', 'defeated'],
  defeated: [],
};

/** Returns every broken invariant of `state` (empty when sound), given the state before. */
export function checkInvariants(state: GameState, before?: GameState): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const u of state.units) {
    if (u.wounds < 0 || u.wounds > u.maxWounds)
      problems.push(`${u.id} has ${u.wounds}/${u.maxWounds} wounds`);
    if (u.heal && (u.heal.usesLeft < 0 || u.heal.usesLeft > u.heal.usesMax))
      problems.push(`${u.id} heal uses ${u.heal.usesLeft}`);
    if (!u.position) {
      if (u.wounds < u.maxWounds && u.ai?.status !== 'defeated')
        problems.push(`${u.id} off the board but not defeated`);
      continue;
    }
    const { x, y } = u.position;
    if (x < 0 || y < 0 || x >= state.map.width || y >= state.map.height)
      problems.push(`${u.id} off the board at ${x},${y}`);
    // Every square of the base (a large figure's 2x2) on open ground and its own.
    for (const p of footprint(u)) {
      if (!isTerrainPassable(terrainAt(state.map, p.x, p.y)))
        problems.push(`${u.id} inside ${terrainAt(state.map, p.x, p.y)} at ${p.x},${p.y}`);
      const key = `${p.x},${p.y}`;
      if (seen.has(key)) problems.push(`two units on ${key}`);
      seen.add(key);
    }
    if (u.ai?.status === 'defeated') problems.push(`${u.id} defeated but on the board`);
  }
  if (before) {
    for (const u of state.units) {
      const old = before.units.find((o) => o.id === u.id);
      if (!old?.ai || !u.ai || old.ai.status === u.ai.status) continue;
      // A command may pass through retreating and back to alerted: both ends must be reachable.
      const direct = ALLOWED[old.ai.status].includes(u.ai.status);
      const viaRetreat = old.ai.status === 'alerted' && u.ai.status === 'alerted';
      const fromPatrolToAlertOrDead =
        ['patrolling', 'prepared'].includes(old.ai.status) && u.ai.status !== 'patrolling';
      if (!direct && !viaRetreat && !fromPatrolToAlertOrDead)
        problems.push(`${u.id} went ${old.ai.status} -> ${u.ai.status}`);
    }
  }
  return problems;
}
