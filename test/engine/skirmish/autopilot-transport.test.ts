/**
 * The heroes' autopilot in a Transport (solitaire-gaming-rules VI, "19 to 20: Transport"),
 * issue 28: on the goblin warren version 8's enemy, taking up the object its Move Unit
 * reaches, won 100 of 100, because the heroes' runner walked toward the object's own square
 * and spent its second action on a step instead of taking the object up from beside it
 * ("must stand on or next to the object", objective.ts). The initiative is rigged: the
 * heroes first (15 against 5).
 */
import { describe, expect, it } from 'vitest';
import { chooseHeroCommand } from '../../../src/engine/game';
import { chebyshevDistance } from '../../../src/engine/grid';
import { terrainAt } from '../../../src/engine/map';
import type { GameState } from '../../../src/engine/types';
import { play, unit } from '../helpers';
import { bundledMapGame } from './helpers';

const HEROES_FIRST = [15, 5];
const OBJECT = { x: 14, y: 10 };

/** The warren's Transport, the heroes to act, their swordsman 4 squares west of the object. */
function runnerBesideReach(): GameState {
  let s = play(bundledMapGame('goblin-warren', 'transport'), { type: 'start' }, HEROES_FIRST).state;
  s.objective.object = { at: OBJECT, carrier: null };
  unit(s, 'swordsman-1').position = { x: 10, y: 10 };
  // The autopilot hands the turn to the hero nearest the object first.
  for (let c = chooseHeroCommand(s); c?.type === 'activate'; c = chooseHeroCommand(s))
    s = play(s, c).state;
  return s;
}

describe('VI Transport: the autopilot runner takes the object up from a square beside it', () => {
  it('its Move Unit ends next to the object, and its other action takes it up', () => {
    const s = runnerBesideReach();
    expect(s.turn?.unitId).toBe('swordsman-1');
    // East of it the square before the object is difficult ground (V: 2 squares of
    // movement), so the walk into the object's own square is no shorter from beside it.
    expect(terrainAt(s.map, 13, 10)).toBe('difficult');
    const step = chooseHeroCommand(s);
    expect(step?.type).toBe('move');
    if (step?.type !== 'move') return;
    expect(chebyshevDistance(step.to, OBJECT)).toBeLessThanOrEqual(1);
    const moved = play(s, step).state;
    expect(chooseHeroCommand(moved)).toEqual({ type: 'pick-up', unit: 'swordsman-1' });
  });
});

describe('VI Transport: the hero nearest an enemy carrying the object acts first and strikes it', () => {
  /** The warren's Transport, the heroes to act, the enemy swordsman carrying the object home. */
  function enemyCarrying(): GameState {
    const s = play(
      bundledMapGame('goblin-warren', 'transport'),
      { type: 'start' },
      HEROES_FIRST,
    ).state;
    s.objective.object = { at: null, carrier: 'swordsman-2' };
    unit(s, 'swordsman-2').carrying = 'object';
    unit(s, 'swordsman-2').position = { x: 15, y: 10 };
    unit(s, 'swordsman-1').position = { x: 14, y: 10 };
    return s;
  }

  it('the hero beside the carrier is activated before the hero handed the turn', () => {
    const s = enemyCarrying();
    // III "Initiative": the player picks which figure acts; the one handed it is another.
    expect(s.turn?.unitId).not.toBe('swordsman-1');
    expect(chooseHeroCommand(s)).toEqual({ type: 'activate', unit: 'swordsman-1' });
  });

  it('once activated it strikes the carrier (VI: a carrier removed from play drops it)', () => {
    const s = enemyCarrying();
    const activated = play(s, { type: 'activate', unit: 'swordsman-1' }).state;
    expect(chooseHeroCommand(activated)).toMatchObject({
      type: 'attack',
      unit: 'swordsman-1',
      target: 'swordsman-2',
    });
  });
});
