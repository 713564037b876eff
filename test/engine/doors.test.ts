import { describe, expect, it } from 'vitest';
import { legalCommands } from '../../src/engine/game';
import { playAutoGame } from '../../src/engine/simulate';
import { makeBoard } from './boards';
import { alertAll, boardGame, newGame, play, rejects, startWith, unit } from './helpers';

// Two rooms joined by a closed door at (4,2); the goblin waits in the far room facing west.
const TWO_ROOMS = `
#########
#...#...#
#F..+..g#
#...#...#
#########`;

describe('Doors', () => {
  it('a closed door is rock to movement and sight; its object makes it a door', () => {
    const s = startWith(boardGame(TWO_ROOMS, {}, { enemyFacing: 6 }), [4]).state;
    expect(s.doors).toEqual([{ x: 4, y: 2, open: false }]);
    expect(s.map.terrain[2 * 9 + 4]).toBe('wall');
    const reach = legalCommands(s).flatMap((c) =>
      c.type === 'move' ? [`${c.to.x},${c.to.y}`] : [],
    );
    expect(reach).not.toContain('4,2');
  });

  it('a hero beside a door opens it instead of moving, may still attack, and is then seen', () => {
    let s = startWith(boardGame(TWO_ROOMS, {}, { enemyFacing: 6 }), [4]).state;
    s = play(s, { type: 'move', unit: 'fighting-man-1', to: { x: 3, y: 2 } }).state;
    s = play(s, { type: 'end-turn', unit: 'fighting-man-1' }, [4]).state;
    expect(legalCommands(s)).toContainEqual({
      type: 'open-door',
      unit: 'fighting-man-1',
      at: { x: 4, y: 2 },
    });
    const { state, events } = play(s, {
      type: 'open-door',
      unit: 'fighting-man-1',
      at: { x: 4, y: 2 },
    });
    expect(state.doors[0].open).toBe(true);
    expect(state.map.terrain[2 * 9 + 4]).toBe('floor');
    expect(events.map((e) => e.type)).toContain('door-opened');
    // The goblin across the room now sees the Fighting Man.
    expect(unit(state, 'goblin-1').ai!.status).toBe('alerted');
    expect(state.turn!.moved).toBe(true);
    expect(rejects(state, { type: 'move', unit: 'fighting-man-1', to: { x: 2, y: 2 } })).toMatch(
      /already moved/,
    );
    // The state before is untouched: its map still has the door closed.
    expect(s.map.terrain[2 * 9 + 4]).toBe('wall');
  });

  it('doors open only from beside them, not across a corner or from afar, and only before moving', () => {
    const s = startWith(boardGame(TWO_ROOMS, {}, { enemyFacing: 6 }), [4]).state;
    expect(rejects(s, { type: 'open-door', unit: 'fighting-man-1', at: { x: 4, y: 2 } })).toMatch(
      /beside the door/,
    );
    expect(rejects(s, { type: 'open-door', unit: 'fighting-man-1', at: { x: 1, y: 1 } })).toMatch(
      /no closed door/,
    );
    let t = play(s, { type: 'move', unit: 'fighting-man-1', to: { x: 3, y: 1 } }).state;
    expect(rejects(t, { type: 'open-door', unit: 'fighting-man-1', at: { x: 4, y: 2 } })).toMatch(
      /already moved/,
    );
    t = play(t, { type: 'end-turn', unit: 'fighting-man-1' }, [4]).state;
    expect(rejects(t, { type: 'open-door', unit: 'fighting-man-1', at: { x: 4, y: 2 } })).toMatch(
      /beside the door/,
    );
  });

  it('an alerted monster opens a door that shortens its way to its target', () => {
    let s = alertAll(startWith(boardGame(TWO_ROOMS, {}, { enemyFacing: 6 }), [4]).state);
    s = play(s, { type: 'move', unit: 'fighting-man-1', to: { x: 2, y: 2 } }).state;
    // Goblin at (7,2) walks to (5,2), beside the door, on the first monster turn.
    s = play(s, { type: 'end-turn', unit: 'fighting-man-1' }).state;
    expect(unit(s, 'goblin-1').position).toEqual({ x: 5, y: 2 });
    const { state, events } = play(s, { type: 'end-turn', unit: 'fighting-man-1' });
    expect(events.some((e) => e.type === 'door-opened' && e.unit === 'goblin-1')).toBe(true);
    expect(state.doors[0].open).toBe(true);
  });

  it('an open door (object on an open-door square) lets figures and sight through', () => {
    const s = startWith(boardGame(TWO_ROOMS.replace('+', '/'), {}, { enemyFacing: 6 }), [4]).state;
    expect(s.doors).toEqual([{ x: 4, y: 2, open: true }]);
    const moved = play(s, { type: 'move', unit: 'fighting-man-1', to: { x: 3, y: 2 } }).state;
    expect(unit(moved, 'goblin-1').ai!.status).toBe('alerted');
  });

  it('autopilot heroes open the door between them and the Arch Foe and finish the game', () => {
    const map = makeBoard(`
##########
#FMTP#...#
#....+..D#
#....#...#
##########`);
    const game = playAutoGame({ scenarioId: 'test', map, seed: 3 });
    expect(game.commands.some((c) => c.type === 'open-door')).toBe(true);
    expect(game.state.phase).toBe('over');
    expect(newGame(map).doors).toHaveLength(1);
  });
});
