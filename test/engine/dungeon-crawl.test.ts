import { describe, expect, it } from 'vitest';
import { legalCommands } from '../../src/engine/game';
import { dungeonCrawlBoard } from './boards';
import { newGame, play, unit } from './helpers';

/** Start of the Dungeon Crawl with the given lair roll and every monster standing still. */
function start(lairRoll: number) {
  return play(newGame(dungeonCrawlBoard()), { type: 'start' }, [lairRoll, ...Array(11).fill(4)]);
}

describe('The Dungeon Crawl set-up', () => {
  it('has 8 x 10 squares, 13 rock walls, 4 heroes, 6 goblins, 4 trolls and the dragon', () => {
    const s = newGame(dungeonCrawlBoard());
    expect([s.map.width, s.map.height]).toEqual([8, 10]);
    expect(s.map.terrain.filter((t) => t === 'wall')).toHaveLength(13);
    const kinds = s.units.map((u) => u.kind).sort();
    expect(kinds.filter((k) => k === 'goblin')).toHaveLength(6);
    expect(kinds.filter((k) => k === 'troll')).toHaveLength(4);
    expect(kinds.filter((k) => k === 'dragon')).toHaveLength(1);
    expect(s.units.filter((u) => u.side === 'heroes').map((u) => u.kind)).toEqual([
      'fighting-man',
      'magic-user',
      'thief',
      'priest',
    ]);
    expect(
      s.units
        .filter((u) => u.side === 'enemies')
        .every((u) => u.facing === 4 && u.ai!.status === 'patrolling'),
    ).toBe(true);
    expect(unit(s, 'dragon-1').ai!.archFoe).toBe(true);
  });

  it('the dragon lair is rolled: 1-2 upper left, 3-4 right side, 5-6 lower left', () => {
    for (const [roll, at] of [
      [1, { x: 0, y: 0 }],
      [2, { x: 0, y: 0 }],
      [3, { x: 7, y: 2 }],
      [4, { x: 7, y: 2 }],
      [5, { x: 0, y: 9 }],
      [6, { x: 0, y: 9 }],
    ] as const) {
      const { state, events } = start(roll);
      expect(unit(state, 'dragon-1').position).toEqual(at);
      expect(events.find((e) => e.type === 'roll')?.text).toBe(
        `Where the Dragon lairs: d6 = ${roll}`,
      );
    }
  });

  it('the lair is only where the dragon starts: it patrols off it on its first roll', () => {
    // Set Up: "place the dragon marker on the space marked Dragon"; To Play: "Begin with
    // all the monsters in the patrolling status" (d8 1 or 2: "moves forward its full move").
    const { state, events } = play(newGame(dungeonCrawlBoard()), { type: 'start' }, [
      1,
      1,
      ...Array(10).fill(4),
    ]);
    expect(events.find((e) => e.type === 'placed')?.text).toBe(
      'The Dragon starts in its lair (1-2) and patrols from there like every monster.',
    );
    expect(unit(state, 'dragon-1').position).toEqual({ x: 0, y: 2 });
    expect(unit(state, 'dragon-1').ai!.status).toBe('patrolling');
  });

  it('a chosen lair needs no roll', () => {
    const { state } = play(
      newGame(dungeonCrawlBoard(), { lair: '5-6' }),
      { type: 'start' },
      Array(11).fill(4),
    );
    expect(unit(state, 'dragon-1').position).toEqual({ x: 0, y: 9 });
  });

  it('the goblins near the entrance see the heroes once they step in', () => {
    const s = start(1).state;
    expect(s.units.filter((u) => u.ai?.status === 'alerted')).toHaveLength(0);
    // The Fighting Man steps into the entrance passage.
    const into = legalCommands(s).find((c) => c.type === 'move' && c.to.x === 5 && c.to.y === 7);
    expect(into).toBeDefined();
    const { state } = play(s, into!);
    const alerted = state.units.filter((u) => u.kind === 'goblin' && u.ai?.status === 'alerted');
    expect(alerted.length).toBeGreaterThan(0);
  });
});
