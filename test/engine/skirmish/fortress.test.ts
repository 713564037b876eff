/**
 * Fortress Assault (solitaire-gaming-rules.txt VI) with rigged dice on ASCII boards. The
 * seed: "Use a large building and place all Defender figures near it (within 1/2 Move
 * Unit). Assaulter figures have to set up 2 Move Units away from the building. If the
 * building is destroyed, the surviving Assaulter army or armies win. If all of the
 * Assaulter figures are defeated, the surviving Defender army or armies win." VII: a
 * building "blocks line of sight and provides full cover"; a minor building (a large
 * terrain piece) is "3 to 7 inches/squares on a side". Move Units (V): 6 on a large
 * battlefield, 3 on a small one.
 */
import { describe, expect, it } from 'vitest';
import { chooseHeroCommand, legalCommands } from '../../../src/engine/game';
import { distanceToUnit, footprint } from '../../../src/engine/footprint';
import { planFortress } from '../../../src/engine/rulesets/skirmish/fortress';
import type { Point } from '../../../src/engine/grid';
import { reachableSquares } from '../../../src/engine/systems/movement';
import { figureSight } from '../../../src/engine/systems/sight';
import type { GameState } from '../../../src/engine/types';
import { checkInvariants } from '../invariants';
import { play, rollsOf, unit } from '../helpers';
import { skirmishGame } from './helpers';

const FIELD = [
  '######################',
  '#.........e..........#',
  ...Array.from({ length: 20 }, () => '#....................#'),
  '#.........h..........#',
  '######################',
].join('\n');

function fortressGame(
  heroes: string[],
  enemies: string[],
  options: Record<string, unknown> = {},
): GameState {
  return skirmishGame(FIELD, heroes, enemies, { scenario: 'fortress-assault', ...options });
}

/** A copy of `state` with figures moved by hand (a test set-up, before the battle starts). */
function placed(state: GameState, where: Record<string, Point>, alerted = false): GameState {
  const copy = structuredClone({ ...state, map: undefined }) as unknown as GameState;
  copy.map = state.map;
  for (const u of copy.units) {
    const p = where[u.id];
    if (p) u.position = p;
    if (alerted && u.ai) u.ai.status = 'alerted';
  }
  return copy;
}

describe('VI Fortress Assault: set-up', () => {
  it('a building of 4x4 squares (3x3 on a small field); defenders within 1/2 Move Unit, assaulters 2 Move Units away', () => {
    const s = fortressGame(['swordsman', 'archer', 'knight'], ['swordsman', 'ogre', 'archer']);
    const fort = unit(s, 'fortress-1');
    expect(fort.structure).toBe(true);
    expect(fort.size).toBe(4);
    expect(fort.side).toBe('enemies');
    for (const u of s.units.filter((x) => !x.structure)) {
      const d = Math.min(...footprint(u).map((p) => distanceToUnit(p, fort)));
      // Large field: 1/2 Move Unit = 3 squares; 2 Move Units = 12.
      if (u.side === 'enemies') expect(d).toBeLessThanOrEqual(3);
      else expect(d).toBeGreaterThanOrEqual(12);
    }
    expect(checkInvariants(s)).toEqual([]);
    const small = fortressGame(['swordsman'], ['swordsman'], { scale: 'small' });
    expect(unit(small, 'fortress-1').size).toBe(3);
  });

  it('the heroes may hold it instead: then it stands on their side', () => {
    const s = fortressGame(['swordsman', 'archer'], ['swordsman', 'wolf'], {
      defender: 'heroes',
    });
    const fort = unit(s, 'fortress-1');
    expect(fort.side).toBe('heroes');
    expect(fort.position!.y).toBeGreaterThan(10);
    for (const h of s.units.filter((u) => u.side === 'heroes' && !u.structure))
      expect(distanceToUnit(h.position!, fort)).toBeLessThanOrEqual(3);
    for (const e of s.units.filter((u) => u.side === 'enemies'))
      expect(distanceToUnit(e.position!, fort)).toBeGreaterThanOrEqual(12);
  });

  it('the building never acts and is not counted as a figure of its army', () => {
    const s = fortressGame(['swordsman'], ['swordsman']);
    const started = play(s, { type: 'start' }, [5, 15]);
    expect(started.events.some((e) => e.type === 'turn-started' && e.unit === 'fortress-1')).toBe(
      false,
    );
  });
});

describe('VII: a building blocks movement and sight for both armies', () => {
  it('no figure of either side may enter or pass it, and it hides what is behind it', () => {
    const s = fortressGame(['swordsman'], ['swordsman']);
    const fort = unit(s, 'fortress-1');
    const base = footprint(fort);
    for (const id of ['swordsman-1', 'swordsman-2']) {
      const reach = reachableSquares(s, unit(s, id));
      for (const p of base) expect(reach.has(`${p.x},${p.y}`)).toBe(false);
    }
    // A hero straight below the building cannot see a defender straight above it.
    const { x, y } = fort.position!;
    const across = placed(s, {
      'swordsman-1': { x: x + 1, y: y + 5 },
      'swordsman-2': { x: x + 1, y: y - 1 },
    });
    const sees = figureSight(across);
    expect(sees(unit(across, 'swordsman-1'), unit(across, 'swordsman-2'))).toBe(false);
  });
});

describe('VI Fortress Assault: attacking the building (VIII thresholds, no defence)', () => {
  function besieged(wounds = 0) {
    const s = fortressGame(['swordsman'], ['swordsman']);
    const fort = unit(s, 'fortress-1');
    const { x, y } = fort.position!;
    // The hero next to the building's bottom edge; the defender far off in a corner.
    const set = placed(s, { 'swordsman-1': { x: x + 1, y: y + 4 }, 'swordsman-2': { x: 1, y: 1 } });
    unit(set, 'fortress-1').wounds = wounds;
    return play(set, { type: 'start' }, [15, 5]).state;
  }

  it('a melee blow hits on 6+ and the building rolls no defence', () => {
    const s = besieged();
    expect(legalCommands(s)).toContainEqual({
      type: 'attack',
      unit: 'swordsman-1',
      target: 'fortress-1',
      weapon: 'sword',
    });
    const hit = play(
      s,
      { type: 'attack', unit: 'swordsman-1', target: 'fortress-1', weapon: 'sword' },
      [6],
    );
    expect(rollsOf(hit.events).map((r) => r.purpose)).toEqual(['attack']);
    expect(unit(hit.state, 'fortress-1').wounds).toBe(1);
    const miss = play(
      s,
      { type: 'attack', unit: 'swordsman-1', target: 'fortress-1', weapon: 'sword' },
      [5],
    );
    expect(unit(miss.state, 'fortress-1').wounds).toBe(0);
  });

  it('the eighth wound brings it down: the assaulters win at once', () => {
    const s = besieged(7);
    const { state } = play(
      s,
      { type: 'attack', unit: 'swordsman-1', target: 'fortress-1', weapon: 'sword' },
      [12],
    );
    expect(unit(state, 'fortress-1').position).toBeNull();
    expect(state.outcome).toEqual({
      winner: 'heroes',
      reason: 'The fortress falls: the heroes have won the assault.',
    });
  });

  it('every assaulter defeated: the defenders win', () => {
    const s = fortressGame(['swordsman'], ['swordsman']);
    const fort = unit(s, 'fortress-1');
    const { x, y } = fort.position!;
    // The defender beside the hero; the hero has one wound and falls to a hit, failed defence
    // (twice: its small shield faces the blow).
    const set = placed(
      s,
      { 'swordsman-1': { x: x + 1, y: y + 5 }, 'swordsman-2': { x: x + 1, y: y + 4 } },
      true,
    );
    const { state } = play(set, { type: 'start' }, [5, 15, 20, 1, 1]);
    expect(state.outcome?.winner).toBe('enemies');
  });
});

describe('III Goal Locations in a Fortress Assault: the building is pursued and held', () => {
  it('assaulting enemies with no hero in reach march on the building and strike it', () => {
    const s = fortressGame(['swordsman'], ['swordsman'], { defender: 'heroes' });
    const fort = unit(s, 'fortress-1');
    const { x, y } = fort.position!;
    // The hero behind its building, out of the enemy's reach; the enemy 3 squares above it.
    const set = placed(
      s,
      { 'swordsman-1': { x: x + 1, y: y + 5 }, 'swordsman-2': { x: x + 1, y: y - 4 } },
      true,
    );
    // Enemies first; the enemy reaches the building and strikes it: 10 hits.
    const { state, events } = play(set, { type: 'start' }, [5, 15, 10]);
    const blow = events.find((e) => e.type === 'attacked' && e.unit === 'swordsman-2');
    expect(blow?.type === 'attacked' && blow.target).toBe('fortress-1');
    expect(unit(state, 'fortress-1').wounds).toBe(1);
  });

  it('a defender holds its post while the assaulters are far from the building', () => {
    const s = fortressGame(['swordsman'], ['swordsman']);
    const fort = unit(s, 'fortress-1');
    const { x, y } = fort.position!;
    const post = { x: x + 1, y: y + 4 };
    // The hero 9 squares below the building: farther than 1 Move Unit (6) from it, and its
    // sword cannot reach the building from there.
    const set = placed(s, { 'swordsman-2': post, 'swordsman-1': { x: x + 1, y: y + 12 } }, true);
    const { state, events } = play(set, { type: 'start' }, [5, 15]);
    expect(unit(state, 'swordsman-2').position).toEqual(post);
    expect(events.some((e) => e.type === 'moved' && e.unit === 'swordsman-2')).toBe(false);
    // With the hero 5 squares from the building, the defender goes for it.
    const near = placed(set, { 'swordsman-1': { x: x + 1, y: y + 8 } });
    const after = play(near, { type: 'start' }, [5, 15, 1]).state;
    expect(unit(after, 'swordsman-2').position).not.toEqual(post);
  });

  it('an archer that can shoot the building from afar draws its defender out (rules version 6)', () => {
    const s = fortressGame(['archer'], ['swordsman']);
    const fort = unit(s, 'fortress-1');
    const { x, y } = fort.position!;
    const post = { x: x + 1, y: y + 4 };
    // The archer 9 squares below the building, its longbow reaching 25 (V "Range", large).
    const set = placed(s, { 'swordsman-1': post, 'archer-1': { x: x + 1, y: y + 12 } }, true);
    const { state } = play(set, { type: 'start' }, [5, 15]);
    // It goes out for the archer and stays out: its second move takes it on to the archer's
    // side, not back to its post.
    expect(distanceToUnit(unit(state, 'swordsman-1').position!, unit(state, 'archer-1'))).toBe(1);
    // Under version 5 the defender held its post against it.
    const old = play({ ...set, rulesVersion: 5 }, { type: 'start' }, [5, 15]).state;
    expect(unit(old, 'swordsman-1').position).toEqual(post);
  });

  it('the heroes\u2019 autopilot, assaulting, heads for the building', () => {
    const s = fortressGame(['swordsman'], ['swordsman']);
    const fort = unit(s, 'fortress-1');
    const started = play(s, { type: 'start' }, [15, 5]).state;
    const hero = unit(started, 'swordsman-1');
    const command = chooseHeroCommand(started);
    expect(command?.type).toBe('move');
    const to = (command as { to: Point }).to;
    expect(distanceToUnit(to, fort)).toBeLessThan(distanceToUnit(hero.position!, fort));
  });
});

describe('VI Fortress Assault: the building never walls its defenders in', () => {
  it('on a small field, a room whose one door the building would block is passed over', () => {
    // A room (rows 1-3) over a hall (rows 5-7), joined by one door at (4,4). A 3x3 building
    // at (3,1) would stand on all three squares beside the door.
    const rows = [
      '#########',
      '#.......#',
      '#.......#',
      '#.......#',
      '####.####',
      '#.......#',
      '#.......#',
      '#.......#',
      '#########',
    ];
    const open: Point[] = [];
    rows.forEach((row, y) => [...row].forEach((c, x) => c === '.' && open.push({ x, y })));
    const room = open.filter((p) => p.y <= 3);
    // The defenders' side, the room's middle first; the assaulters' side, the hall.
    const defenderSide = [...room].sort(
      (a, b) => Math.abs(a.x - 3) + Math.abs(a.y - 1) - (Math.abs(b.x - 3) + Math.abs(b.y - 1)),
    );
    const hall = open.filter((p) => p.y >= 5);
    const plan = planFortress(open, defenderSide, hall, 'small', 3, 3)!;
    expect(plan.at).not.toEqual({ x: 3, y: 1 });
    // Some square beside the door stays open, so a defender can walk out.
    const block = footprint({ position: plan.at, size: plan.size });
    const besideDoor = [3, 4, 5].map((x) => ({ x, y: 3 }));
    expect(besideDoor.some((p) => !block.some((b) => b.x === p.x && b.y === p.y))).toBe(true);
  });
});
