import { describe, expect, it } from 'vitest';
import { applyCommand, legalCommands } from '../../src/engine/game';
import { riggedDice } from '../../src/engine/dice';
import { alertAll, boardGame, play, rejects, startWith, unit } from './helpers';
import { makeBoard } from './boards';
import { newGame } from './helpers';

const FOUR_HEROES = `
##########
#g.......#
#........#
##########
#FMTP....#
##########`;

describe('Turn order', () => {
  it('enemies act first, then Fighting Man, Magic User, Thief, Priest; everyone moves 2', () => {
    const s0 = boardGame(FOUR_HEROES);
    expect(legalCommands(s0)).toEqual([{ type: 'start' }]);
    let { state: s, events } = startWith(s0, [4]);
    expect(events.map((e) => e.type).slice(0, 4)).toEqual([
      'game-started',
      'round-started',
      'phase-started',
      'turn-started',
    ]);
    const order: string[] = [];
    while (s.round === 1 && s.turn) {
      order.push(s.turn.unitId);
      const moves = legalCommands(s).filter((c) => c.type === 'move');
      const far = moves.map((c) =>
        c.type === 'move' ? Math.abs(c.to.x - unit(s, s.turn!.unitId).position!.x) : 0,
      );
      expect(Math.max(...far)).toBeLessThanOrEqual(2);
      s = play(
        s,
        { type: 'end-turn', unit: s.turn.unitId },
        s.turn.unitId === 'priest-1' ? [4] : [],
      ).state;
    }
    expect(order).toEqual(['fighting-man-1', 'magic-user-1', 'thief-1', 'priest-1']);
    expect(s.round).toBe(2);
    expect(s.turn!.unitId).toBe('fighting-man-1');
  });

  it('a hero may not act out of turn, and the monsters are not the player\u2019s', () => {
    const s = startWith(boardGame(FOUR_HEROES), [4]).state;
    expect(rejects(s, { type: 'move', unit: 'thief-1', to: { x: 3, y: 4 } })).toMatch(/not Thief/);
    expect(rejects(s, { type: 'end-turn', unit: 'goblin-1' })).toMatch(/not Goblin/);
    expect(rejects(s, { type: 'face', unit: 'goblin-1', facing: 2 })).toMatch(/not yours/);
  });

  it('moves cost 2 in difficult terrain and allies are passed but not stopped on', () => {
    const targetsOf = (ascii: string) => {
      const s = startWith(boardGame(ascii), [4]).state;
      return legalCommands(s).flatMap((c) => (c.type === 'move' ? [`${c.to.x},${c.to.y}`] : []));
    };
    // Rubble next door costs the whole move; the square beyond it is out of reach.
    expect(targetsOf('#######\n#g....#\n#######\n#F~...#\n#######')).toEqual(['2,3']);
    // Through the magic user (not a stop) to the square beyond.
    expect(targetsOf('#######\n#g....#\n#######\n#FM...#\n#######')).toEqual(['3,3']);
    // Passing the ally into rubble would cost 3: nowhere to go.
    expect(targetsOf('#######\n#g....#\n#######\n#FM~..#\n#######')).toEqual([]);
  });

  it('illegal commands return an error and leave the state as it was', () => {
    const s = startWith(boardGame(FOUR_HEROES), [4]).state;
    const bad: unknown[] = [
      null,
      {},
      { type: 'fly' },
      { type: 'move', unit: 'fighting-man-1' },
      { type: 'move', unit: 'fighting-man-1', to: { x: 99, y: 1 } },
      { type: 'move', unit: 'fighting-man-1', to: { x: NaN, y: 1 } },
      { type: 'move', unit: 'fighting-man-1', to: { x: 1, y: 1 } },
      { type: 'attack', unit: 'fighting-man-1', target: 'goblin-1', weapon: 'sword' },
      { type: 'attack', unit: 'fighting-man-1', target: 'goblin-1', weapon: 'bazooka' },
      { type: 'heal', unit: 'fighting-man-1', target: 'priest-1' },
      { type: 'undo-move', unit: 'fighting-man-1' },
      { type: 'start' },
      { type: 'face', unit: 'fighting-man-1', facing: 9 },
    ];
    for (const command of bad) {
      const before = JSON.stringify(s);
      const r = applyCommand(s, command as never, { dice: riggedDice([]) });
      expect(r.ok, JSON.stringify(command)).toBe(false);
      if (!r.ok) expect(r.error.length).toBeGreaterThan(5);
      expect(JSON.stringify(s)).toBe(before);
    }
  });
});

describe('Victory and defeat', () => {
  it('slaying the dragon wins (Arch Foe victory)', () => {
    const s = startWith(
      boardGame('#######\n#FD..g#\n#######', { victory: 'arch-foe' }),
      [4, 4],
    ).state;
    const d = unit(s, 'dragon-1');
    d.wounds = 3;
    const { state, events } = play(
      s,
      { type: 'attack', unit: 'fighting-man-1', target: 'dragon-1', weapon: 'sword' },
      [3],
    );
    expect(state.outcome).toEqual({ winner: 'heroes', reason: 'The Arch Foe is slain.' });
    expect(state.phase).toBe('over');
    expect(events.slice(-1)[0].type).toBe('game-over');
    expect(rejects(state, { type: 'end-turn', unit: 'fighting-man-1' })).toMatch(/over/);
  });

  it('every hero down is a defeat', () => {
    let s = alertAll(startWith(boardGame('#####\n#Fg.#\n#####'), [4]).state);
    unit(s, 'fighting-man-1').wounds = 3;
    const { state } = play(s, { type: 'end-turn', unit: 'fighting-man-1' }, [6]);
    expect(state.outcome).toEqual({ winner: 'enemies', reason: 'Every hero has fallen.' });
  });

  it('all-enemies: the dragon alone is not enough', () => {
    const s = startWith(
      boardGame('#######\n#FD..g#\n#######', { victory: 'all-enemies' }),
      [4, 4],
    ).state;
    unit(s, 'dragon-1').wounds = 3;
    const { state } = play(
      s,
      { type: 'attack', unit: 'fighting-man-1', target: 'dragon-1', weapon: 'sword' },
      [6],
    );
    expect(state.outcome).toBeNull();
  });

  it('minions: every Minion Team down wins while the Arch Foe lives', () => {
    const s = startWith(
      boardGame('#######\n#Fg..D#\n#######', { victory: 'minions' }),
      [4, 4],
    ).state;
    const { state } = play(
      s,
      { type: 'attack', unit: 'fighting-man-1', target: 'goblin-1', weapon: 'sword' },
      [6],
    );
    expect(state.outcome?.winner).toBe('heroes');
  });

  it('hold: a hero on the goal at the end of N rounds wins', () => {
    const map = makeBoard('########\n#F.....#\n#......#\n########\n#.....D#\n########', {
      objects: [{ kind: 'goal', x: 2, y: 1, width: 1, height: 1, name: 'altar', properties: {} }],
    });
    let s = startWith(newGame(map, { victory: 'hold', holdTurns: 2 }), [4]).state;
    s = play(s, { type: 'move', unit: 'fighting-man-1', to: { x: 2, y: 1 } }).state;
    const r1 = play(s, { type: 'end-turn', unit: 'fighting-man-1' }, [4]);
    expect(r1.state.objective.heldRounds).toBe(1);
    expect(r1.state.outcome).toBeNull();
    const r2 = play(r1.state, { type: 'end-turn', unit: 'fighting-man-1' });
    expect(r2.state.outcome).toEqual({
      winner: 'heroes',
      reason: 'The heroes held the spot for 2 turns.',
    });
  });

  it('defeat-count: the turn limit is 1d6+4; enough kills in time wins, too few loses', () => {
    const map = makeBoard('#########\n#Fg.....#\n#########\n#......D#\n#########');
    const started = startWith(newGame(map, { victory: 'defeat-count', defeatCount: 1 }), [2, 4, 4]);
    expect(started.state.objective.turnLimit).toBe(6);
    expect(started.events.find((e) => e.type === 'roll' && e.purpose === 'turn-limit')?.text).toBe(
      'Turn limit 1d6+4: d6 = 2, so 6 turns',
    );
    const win = play(
      started.state,
      { type: 'attack', unit: 'fighting-man-1', target: 'goblin-1', weapon: 'sword' },
      [6],
    );
    expect(win.state.outcome?.winner).toBe('heroes');
    const walled = makeBoard('#####\n#F..#\n#####\n#g.D#\n#####');
    let s = startWith(
      newGame(walled, { victory: 'defeat-count', defeatCount: 5 }),
      [1, 4, 4],
    ).state;
    s.units = s.units.map((u) =>
      u.ai ? { ...u, ai: { ...u.ai, status: 'prepared' as const } } : u,
    );
    for (let round = 1; round < 5; round++)
      s = play(s, { type: 'end-turn', unit: 'fighting-man-1' }).state;
    const lost = play(s, { type: 'end-turn', unit: 'fighting-man-1' });
    expect(lost.state.outcome?.winner).toBe('enemies');
    expect(lost.state.outcome?.reason).toMatch(/Time ran out/);
  });

  it('carry-object: pick the relic up, cannot attack while carrying, bring it home to win; it drops when the bearer falls', () => {
    const map = makeBoard('#########\n#F.g....#\n#.......#\n#########\n#......D#\n#########', {
      objects: [
        { kind: 'objective', x: 2, y: 2, width: 1, height: 1, name: 'relic', properties: {} },
      ],
    });
    let s = startWith(newGame(map, { victory: 'carry-object' }), [4, 4]).state;
    const picked = play(s, { type: 'move', unit: 'fighting-man-1', to: { x: 2, y: 2 } });
    expect(picked.events.some((e) => e.type === 'objective' && e.what === 'picked-up')).toBe(true);
    expect(
      rejects(picked.state, {
        type: 'attack',
        unit: 'fighting-man-1',
        target: 'goblin-1',
        weapon: 'sword',
      }),
    ).toMatch(/relic/);
    s = play(picked.state, { type: 'end-turn', unit: 'fighting-man-1' }, [4, 4]).state;
    const home = play(s, { type: 'move', unit: 'fighting-man-1', to: { x: 1, y: 1 } });
    expect(home.state.outcome?.winner).toBe('heroes');
    // Dropping: the bearer falls, the relic lies at his feet.
    const doomed = structuredClone({ ...picked.state, map: undefined }) as never as typeof s;
    doomed.map = picked.state.map;
    unit(doomed, 'fighting-man-1').wounds = 3;
    const alerted = alertAll(doomed);
    const fell = play(alerted, { type: 'end-turn', unit: 'fighting-man-1' }, [6]);
    expect(fell.state.objective.object).toEqual({ at: { x: 2, y: 2 }, carrier: null });
  });
});
