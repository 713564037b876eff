/**
 * Awareness where figures block sight (the Dungeon Crawl's faithful rules): an enemy
 * whose own square, facing and status are unchanged may still come to see a hero it did
 * not see before, when a figure in its line walks away. It must notice then, in play and
 * in the intent's look-ahead alike (the guard for any shortcut that skips enemies it
 * deems settled since the last checks: settledEnemies in systems/sight.ts).
 */
import { describe, expect, it } from 'vitest';
import { cloneState } from '../../src/engine/game';
import { createDiceState, openDice, riggedDice } from '../../src/engine/dice';
import { requireRules } from '../../src/engine/rulesets/registry';
import { LookAheadMemo } from '../../src/engine/systems/context';
import { enemyTurnsAhead } from '../../src/engine/systems/intent';
import { canNotice, updateAwareness } from '../../src/engine/systems/sight';
import type { Facing } from '../../src/engine/grid';
import type { GameEvent, GameState } from '../../src/engine/types';
import { boardGame, play, startWith, unit } from './helpers';

// goblin-1 and goblin-2 together hide the Thief from goblin-3 (four-corner sight, figures
// blocking); goblin-1 acts first (list order) and may walk south, out of the way.
const BOARD = `
#########
#T......#
#.......#
#...g.g.#
#......g#
#########
`;

/** The heroes' turn, goblins 1 and 2 looking away from the Thief (south, east), goblin-3 at it. */
function heroesTurn(): GameState {
  const started = startWith(boardGame(BOARD), [4, 4, 4]).state;
  const copy = structuredClone({ ...started, map: undefined }) as unknown as GameState;
  copy.map = started.map;
  unit(copy, 'goblin-1').facing = 4 as Facing;
  unit(copy, 'goblin-2').facing = 2 as Facing;
  unit(copy, 'goblin-3').facing = 7 as Facing;
  return copy;
}

/**
 * Awareness run afresh on a copy (no earlier checks to lean on): the events it would add;
 * with `memo`, as in a look-ahead.
 */
function checkedAfresh(state: GameState, memo = false): GameEvent[] {
  const copy = cloneState(state);
  const ctx = {
    state: copy,
    dice: riggedDice([]),
    events: [] as GameEvent[],
    rules: requireRules(copy),
    ...(memo ? { memo: new LookAheadMemo() } : {}),
  };
  updateAwareness(ctx);
  return ctx.events;
}

describe('awareness’s settled enemies where figures block sight', () => {
  it('ask again an enemy whose line to a hero a figure walked out of', () => {
    const state = heroesTurn();
    expect(requireRules(state).figuresBlockSight(state)).toBe(true);
    const thief = unit(state, 'thief-1');
    expect(canNotice(state, unit(state, 'goblin-3'), thief)).toBe(false);
    for (const id of ['goblin-1', 'goblin-2'])
      expect(canNotice(state, unit(state, id), thief)).toBe(false);
    // The Thief ends the heroes' phase (no goblin notices it); goblin-1 rolls 1, a full
    // move forward (south) out of goblin-3's line; goblin-2 rolls 4 and stands. goblin-3's
    // square, facing and status are as they were after the last checks.
    const r = play(state, { type: 'end-turn', unit: 'thief-1' }, [1, 4]);
    expect(unit(r.state, 'goblin-1').position).toEqual({ x: 4, y: 4 });
    const noticed = r.events.findIndex(
      (e) => e.type === 'status-changed' && e.unit === 'goblin-3' && e.to === 'alerted',
    );
    const walked = r.events.findIndex((e) => e.type === 'moved' && e.unit === 'goblin-1');
    expect(noticed, 'goblin-3 notices the Thief once goblin-1 has walked away').toBeGreaterThan(
      walked,
    );
    expect(walked).toBeGreaterThanOrEqual(0);
    expect(checkedAfresh(r.state)).toEqual([]);
  });

  it('do the same in the intent’s look-ahead (the kept heroes in lines)', () => {
    const state = heroesTurn();
    const ahead = enemyTurnsAhead(state);
    const dice = openDice(createDiceState(3));
    let walkedAway = 0;
    for (let run = 0; run < 200; run++) {
      const { events, state: after } = ahead(dice);
      if (unit(after, 'goblin-1').position!.y !== 4) continue;
      walkedAway++;
      expect(checkedAfresh(after)).toEqual([]);
      expect(events.some((e) => e.type === 'status-changed' && e.unit === 'goblin-3')).toBe(true);
    }
    expect(walkedAway).toBeGreaterThan(10);
  });

  it('in a look-ahead, skip no check that could change something (patrols walled off, an awake Arch Foe, a hero in sight)', () => {
    // A wall hides the Thief from the goblins east of it; goblin-4, west of it, faces the Thief.
    const WALLED = `
###########
#T..#.....#
#...#..g..#
#...#.g.g.#
###########
`;
    const base = (): GameState => {
      const s = startWith(boardGame(WALLED), [4, 4, 4]).state;
      const copy = structuredClone({ ...s, map: undefined }) as unknown as GameState;
      copy.map = s.map;
      copy.heroesHaveMoved = true;
      for (const id of ['goblin-1', 'goblin-2', 'goblin-3'])
        unit(copy, id).ai!.status = 'patrolling';
      return copy;
    };
    const checked = checkedAfresh;
    // Nobody can notice anybody: nothing in either.
    const walled = base();
    expect(checked(walled, true)).toEqual([]);
    expect(checked(walled, false)).toEqual([]);
    // The Arch Foe, awake (retreating), raises the alarm behind the wall all the same.
    const alarm = base();
    unit(alarm, 'goblin-1').ai!.archFoe = true;
    unit(alarm, 'goblin-1').ai!.status = 'retreating';
    const raised = checked(alarm, true);
    expect(raised.filter((e) => e.type === 'status-changed').length).toBe(2);
    expect(raised).toEqual(checked(alarm, false));
    // A goblin west of the wall, facing the Thief, notices it.
    const seen = base();
    unit(seen, 'goblin-3').position = { x: 3, y: 3 };
    unit(seen, 'goblin-3').facing = 7 as Facing;
    const noticed = checked(seen, true);
    expect(noticed.some((e) => e.type === 'status-changed' && e.unit === 'goblin-3')).toBe(true);
    expect(noticed).toEqual(checked(seen, false));
  });
  it('turn an alerted enemy toward a hero once a figure in its line has walked out of it', () => {
    const state = heroesTurn();
    for (const id of ['goblin-1', 'goblin-2', 'goblin-3']) unit(state, id).ai!.status = 'alerted';
    // goblin-3 looks east, away from the Thief that goblins 1 and 2 hide from it.
    unit(state, 'goblin-3').facing = 2 as Facing;
    const ctx = {
      state: cloneState(state),
      dice: riggedDice([]),
      events: [] as GameEvent[],
      rules: requireRules(state),
    };
    updateAwareness(ctx);
    const turned = (events: GameEvent[]): boolean =>
      events.some((e) => e.type === 'faced' && e.unit === 'goblin-3');
    expect(turned(ctx.events)).toBe(false);
    // goblin-1 walks south out of the line, on the very state the checks last ran on.
    unit(ctx.state, 'goblin-1').position = { x: 4, y: 4 };
    const from = ctx.events.length;
    const afresh = checkedAfresh(ctx.state);
    updateAwareness(ctx);
    expect(turned(afresh)).toBe(true);
    expect(ctx.events.slice(from)).toEqual(afresh);
  });
});
