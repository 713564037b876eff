import { describe, expect, it } from 'vitest';
import { alertAll, boardGame, play, startWith, unit } from './helpers';

// The goblin faces south down an open hall toward the fighting man.
const HALL = `
#####
#.g.#
#...#
#...#
#.F.#
#####
`;

describe('Alerted status', () => {
  it('enemies do not notice heroes before the heroes first move, even in plain sight', () => {
    const { state, events } = startWith(boardGame(HALL), [4]);
    expect(unit(state, 'goblin-1').ai!.status).toBe('patrolling');
    expect(events.some((e) => e.type === 'status-changed')).toBe(false);
  });

  it('after the heroes move for the first time, an enemy that sees a hero is alerted', () => {
    const s = startWith(boardGame(HALL), [4]).state;
    const { state, events } = play(s, { type: 'move', unit: 'fighting-man-1', to: { x: 1, y: 3 } });
    expect(unit(state, 'goblin-1').ai!.status).toBe('alerted');
    const change = events.find((e) => e.type === 'status-changed');
    expect(change && change.type === 'status-changed' && change.reason).toBe(
      'sees the Fighting Man',
    );
  });

  it('a patrolling enemy does not notice a hero behind it', () => {
    const s = startWith(boardGame(HALL, {}, { enemyFacing: 0 }), [4]).state;
    const { state } = play(s, { type: 'move', unit: 'fighting-man-1', to: { x: 1, y: 3 } });
    expect(unit(state, 'goblin-1').ai!.status).toBe('patrolling');
  });

  it('rock between them hides the hero', () => {
    const s = startWith(
      boardGame(`
#######
#.g...#
#######
#.F...#
#######`),
      [4],
    ).state;
    const { state } = play(s, { type: 'move', unit: 'fighting-man-1', to: { x: 3, y: 3 } });
    expect(unit(state, 'goblin-1').ai!.status).toBe('patrolling');
  });

  it('attacking a patrolling enemy alerts it (interaction), hit or miss', () => {
    const s = startWith(boardGame('#####\n#Ft.#\n#####', {}, { enemyFacing: 2 }), [4]).state;
    const { state } = play(
      s,
      { type: 'attack', unit: 'fighting-man-1', target: 'troll-1', weapon: 'sword' },
      [1],
    );
    expect(unit(state, 'troll-1').ai!.status).toBe('alerted');
  });

  it('when the Arch Foe is alerted, every patrolling enemy is alerted at once', () => {
    const board = `
##########
#D.......#
#........#
#F.......#
##########
#g.t.....#
##########`;
    const s = startWith(boardGame(board), [4, 4, 4]).state;
    const { state, events } = play(s, { type: 'move', unit: 'fighting-man-1', to: { x: 2, y: 3 } });
    expect(unit(state, 'dragon-1').ai!.status).toBe('alerted');
    expect(unit(state, 'goblin-1').ai!.status).toBe('alerted');
    expect(unit(state, 'troll-1').ai!.status).toBe('alerted');
    const reasons = events.flatMap((e) =>
      e.type === 'status-changed' ? [`${e.unit}: ${e.reason}`] : [],
    );
    expect(reasons).toContain('goblin-1: the Dragon raises the alarm');
  });

  it('alerted enemies turn to face the closest hero in sight, even out of their turn', () => {
    const s = startWith(boardGame(HALL), [4]).state;
    const alerted = play(s, { type: 'move', unit: 'fighting-man-1', to: { x: 1, y: 3 } }).state;
    expect(unit(alerted, 'goblin-1').facing).toBe(5); // south-west toward (1,3)
    const endFm = alerted;
    // Next hero turn does not exist (only one hero), so check via a second hall with two heroes.
    const two = startWith(
      boardGame(`
#######
#..g..#
#.....#
#.....#
#F...T#
#######`),
      [4],
    ).state;
    const afterFm = play(two, { type: 'move', unit: 'fighting-man-1', to: { x: 2, y: 3 } }).state;
    expect(unit(afterFm, 'goblin-1').facing).toBe(5);
    const afterFmEnd = play(afterFm, { type: 'end-turn', unit: 'fighting-man-1' }).state;
    const afterThief = play(afterFmEnd, { type: 'move', unit: 'thief-1', to: { x: 4, y: 2 } });
    expect(unit(afterThief.state, 'goblin-1').facing).toBe(3); // now the thief is closest: south-east
    expect(afterThief.events.some((e) => e.type === 'faced' && e.unit === 'goblin-1')).toBe(true);
    expect(endFm.turn!.unitId).toBe('fighting-man-1');
  });

  it('an alert blocks undoing the move that caused it', () => {
    const s = startWith(boardGame(HALL), [4]).state;
    const { state } = play(s, { type: 'move', unit: 'fighting-man-1', to: { x: 1, y: 3 } });
    expect(state.turn!.canUndo).toBe(false);
    const quiet = startWith(boardGame(HALL, {}, { enemyFacing: 0 }), [4]).state;
    const moved = play(quiet, { type: 'move', unit: 'fighting-man-1', to: { x: 1, y: 3 } }).state;
    const undone = play(moved, { type: 'undo-move', unit: 'fighting-man-1' }).state;
    expect(unit(undone, 'fighting-man-1').position).toEqual({ x: 2, y: 4 });
    expect(undone.turn!.moved).toBe(false);
  });
});

describe('Alerted movement', () => {
  it('moves toward the nearest hero; equally near heroes are decided by a die', () => {
    const board = `
#########
#F.....T#
#.......#
#.......#
#...g...#
#########`;
    let s = startWith(boardGame(board, {}, { enemyFacing: 0 }), [4]).state;
    s = play(s, { type: 'move', unit: 'fighting-man-1', to: { x: 1, y: 2 } }).state;
    expect(unit(s, 'goblin-1').ai!.status).toBe('alerted');
    s = play(s, { type: 'end-turn', unit: 'fighting-man-1' }).state;
    s = play(s, { type: 'move', unit: 'thief-1', to: { x: 7, y: 2 } }).state;
    // Goblin at (4,4): fighting man at (1,2) and thief at (7,2) are both 3 moves away.
    // d2 = 2 picks the thief; the goblin closes next to him and swings its axe (5 = hit).
    const { state, events } = play(s, { type: 'end-turn', unit: 'thief-1' }, [2, 5]);
    const tie = events.find((e) => e.type === 'roll' && e.purpose === 'tie-break');
    expect(tie?.text).toMatch(/equally near — goes for the Thief/);
    // The dice log's tag: solo rules 4, "decide randomly if two or more heroes are equidistant".
    expect(tie?.rule).toEqual({
      book: 'Solo rules',
      section: '4 Move Order: alerted enemies go for the nearest hero, equals at random',
    });
    // Its turns as it walks and strikes say so in words (the log may leave the walking out).
    const faced = events.filter((e) => e.type === 'faced');
    expect(faced.length).toBeGreaterThan(0);
    for (const e of faced) expect(e.text).toMatch(/^Goblin (turns to face|faces) /);
    const goblin = unit(state, 'goblin-1').position!;
    expect(Math.max(Math.abs(goblin.x - 7), Math.abs(goblin.y - 2))).toBe(1); // next to the thief
    expect(unit(state, 'thief-1').wounds).toBe(1);
  });

  it('walks around rock by the shortest way, never cutting a corner', () => {
    const board = `
#######
#F....#
####..#
#g....#
#######`;
    let s = alertAll(startWith(boardGame(board), [4]).state);
    const { state, events } = play(s, { type: 'end-turn', unit: 'fighting-man-1' });
    expect(unit(state, 'goblin-1').position).toEqual({ x: 3, y: 3 });
    const moved = events.find((e) => e.type === 'moved');
    expect(moved?.type === 'moved' && moved.path).toEqual([
      { x: 2, y: 3 },
      { x: 3, y: 3 },
    ]);
  });
});
