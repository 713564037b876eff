/**
 * The Dungeon Crawl's rules made faithful to the seeds (rules version 2), each with the
 * seed's words. A line-by-line read of solo-miniatures-dungeon-crawl.txt and
 * miniatures-los-cover.txt against the engine found these departures; version 1 keeps the
 * old behaviour for saves made under it, and the contrasts below show both.
 */
import { describe, expect, it } from 'vitest';
import { makeBoard } from '../../src/engine/ascii-board';
import { legalCommands, previewAction } from '../../src/engine/game';
import { normaliseOptions } from '../../src/engine/setup';
import { findScenario } from '../../src/engine/scenarios';
import type { GameState } from '../../src/engine/types';
import { alertAll, boardGame, newGame, play, rejects, rollsOf, startWith, unit } from './helpers';

/** The heroes' state after the enemies' first turn, each enemy standing still (patrol 4). */
function heroesTurn(state: GameState, enemies: number): GameState {
  return startWith(state, Array(enemies).fill(4)).state;
}

function untilTurnOf(state: GameState, heroId: string): GameState {
  let s = state;
  while (s.turn && s.turn.unitId !== heroId)
    s = play(s, { type: 'end-turn', unit: s.turn.unitId }).state;
  return s;
}

describe('miniatures-los-cover: figures block sight and shots', () => {
  // "If all four lines connect without going through a wall or another character, then
  // the attacker has a clear shot ... If all four lines are blocked, then the target is not
  // in the attacker's line of sight."
  const CORRIDOR = '##########\n#F..t..g.#\n##########';

  it('a monster does not notice a hero hidden behind another figure', () => {
    // The goblin faces west down the corridor; the troll stands between it and the hero.
    const v2 = boardGame(CORRIDOR, {}, { enemyFacing: 6 });
    const moved = play(heroesTurn(v2, 2), {
      type: 'move',
      unit: 'fighting-man-1',
      to: { x: 2, y: 1 },
    }).state;
    expect(unit(moved, 'goblin-1').ai!.status).toBe('patrolling');
    expect(unit(moved, 'troll-1').ai!.status).toBe('alerted'); // it sees him itself
    // Version 1 let only walls hide a hero.
    const v1 = boardGame(CORRIDOR, {}, { enemyFacing: 6 }, 1);
    const seen = play(heroesTurn(v1, 2), {
      type: 'move',
      unit: 'fighting-man-1',
      to: { x: 2, y: 1 },
    }).state;
    expect(unit(seen, 'goblin-1').ai!.status).toBe('alerted');
  });

  it("the shooter's own friends block its line too", () => {
    // "a wall or another character": the Fighting Man stands in the Thief's line.
    const s = untilTurnOf(heroesTurn(boardGame('#######\n#T.F.t#\n#######'), 1), 'thief-1');
    expect(rejects(s, attack)).toMatch(/every line is blocked/);
  });
});

/** The Thief's dagger at the troll, the attack most of these boards set up. */
const attack = { type: 'attack', unit: 'thief-1', target: 'troll-1', weapon: 'dagger' } as const;

describe('miniatures-los-cover: cover changes the odds', () => {
  // "Partial cover ... +10% bonus to their Defense ... Full cover ... +25%": on the
  // Dungeon Crawl's d6, 1 and 2 more on the roll needed (never above 6).
  // Thief at (1,1), troll at (4,3): the wall at (2,2) cuts one of the four lines.
  const PARTIAL = '######\n#T...#\n#.#..#\n#...t#\n######';

  it('partial cover: the dagger needs 5, not 4, and the preview says why', () => {
    const s = untilTurnOf(heroesTurn(boardGame(PARTIAL), 1), 'thief-1');
    const preview = previewAction(s, attack)!;
    expect(preview.cover).toBe('partial');
    expect(preview.chance).toBeCloseTo(2 / 6);
    expect(preview.modifiers).toEqual([{ label: 'Partial cover: 1 more needed', value: 1 }]);
    const miss = play(s, attack, [4]);
    expect(unit(miss.state, 'troll-1').wounds).toBe(0);
    expect(miss.events.find((e) => e.type === 'attacked')).toMatchObject({ need: 5, hit: false });
    expect(unit(play(s, attack, [5]).state, 'troll-1').wounds).toBe(1);
    // Version 1 counted no cover: a 4 wounded.
    const v1 = untilTurnOf(heroesTurn(boardGame(PARTIAL, {}, {}, 1), 1), 'thief-1');
    expect(unit(play(v1, attack, [4]).state, 'troll-1').wounds).toBe(1);
  });

  it('full cover allows the shot, at two more needed', () => {
    // Thief (1,1), troll (4,3): the wall at (3,2) cuts two or three of the lines.
    const board = '######\n#T...#\n#..#.#\n#...t#\n######';
    const s = untilTurnOf(heroesTurn(boardGame(board), 1), 'thief-1');
    expect(previewAction(s, attack)).toMatchObject({ cover: 'full', allowed: true });
    expect(previewAction(s, attack)!.chance).toBeCloseTo(1 / 6);
    expect(unit(play(s, attack, [5]).state, 'troll-1').wounds).toBe(0);
    expect(unit(play(s, attack, [6]).state, 'troll-1').wounds).toBe(1);
    // Version 1 read "a straight, unblocked line" as at most one line blocked.
    const v1 = untilTurnOf(heroesTurn(boardGame(board, {}, {}, 1), 1), 'thief-1');
    expect(rejects(v1, attack)).toMatch(/No straight, open line/);
  });

  it('melee across a wall corner gives partial cover', () => {
    // "Melee attacks that are done across a corner give the defender partial cover."
    const s = heroesTurn(boardGame('#####\n#F#.#\n#.t.#\n#####'), 1);
    const attack = {
      type: 'attack',
      unit: 'fighting-man-1',
      target: 'troll-1',
      weapon: 'sword',
    } as const;
    expect(previewAction(s, attack)).toMatchObject({ cover: 'partial' });
    expect(play(s, attack, [3]).events.find((e) => e.type === 'attacked')).toMatchObject({
      need: 4,
      hit: false,
    });
  });

  it("a map's cover square shelters the figure on it and the figure behind it", () => {
    // docs/maps.md: a square's `cover` property; the solitaire rules' light woods "offer
    // partial cover to any character inside", a low wall to the figure behind it.
    const board = makeBoard('#########\n#T......#\n#########', {});
    const inWoods = { ...board, cover: board.cover.map((c, i) => (i === 9 + 5 ? 'partial' : c)) };
    const troll = {
      kind: 'enemy',
      x: 5,
      y: 1,
      width: 1,
      height: 1,
      name: 't',
      properties: { unit: 'troll' },
    };
    const s = untilTurnOf(
      heroesTurn(newGame({ ...inWoods, objects: [...inWoods.objects, troll] }), 1),
      'thief-1',
    );
    expect(previewAction(s, attack)).toMatchObject({ cover: 'partial' });
    // Behind a low wall: the cover square is next to the troll, on the Thief's side.
    const wall = { ...board, cover: board.cover.map((c, i) => (i === 9 + 4 ? 'full' : c)) };
    const behind = untilTurnOf(
      heroesTurn(newGame({ ...wall, objects: [...wall.objects, troll] }), 1),
      'thief-1',
    );
    expect(previewAction(behind, attack)).toMatchObject({ cover: 'full' });
  });
});

describe('Dungeon Crawl: the Priest heals only an adjacent hero he can reach', () => {
  // "He must be adjacent to the hero": adjacent, and not through the rock, as a blow.
  const SEAM = '#####\n#P#.#\n##F.#\n#...#\n#..g#\n#####';

  it('no healing across a diagonal wall seam', () => {
    let s = heroesTurn(boardGame(SEAM), 1);
    unit(s, 'fighting-man-1').wounds = 1;
    s = untilTurnOf(s, 'priest-1');
    expect(legalCommands(s).some((c) => c.type === 'heal')).toBe(false);
    expect(rejects(s, { type: 'heal', unit: 'priest-1', target: 'fighting-man-1' })).toMatch(
      /through the rock/,
    );
    let v1 = heroesTurn(boardGame(SEAM, {}, {}, 1), 1);
    unit(v1, 'fighting-man-1').wounds = 1;
    v1 = untilTurnOf(v1, 'priest-1');
    expect(legalCommands(v1).some((c) => c.type === 'heal')).toBe(true);
  });
});

describe('solitaire-gaming-rules: dangerous ground', () => {
  // "Roll a die when a figure moves into or ends its turn in dangerous terrain ... On a 1
  // to 3, the figure immediately takes 1 hit."
  it('a hero who ends its turn on dangerous ground without moving rolls for it', () => {
    const board = makeBoard('#######\n#F...g#\n#######');
    board.terrain[7 + 1] = 'dangerous';
    const s = heroesTurn(newGame(board), 1);
    const { state, events } = play(s, { type: 'end-turn', unit: 'fighting-man-1' }, [2]);
    expect(rollsOf(events)[0]).toMatchObject({ purpose: 'dangerous-terrain', value: 2 });
    expect(unit(state, 'fighting-man-1').wounds).toBe(1);
  });

  it('one roll for entering and ending the turn on the same square', () => {
    const s = heroesTurn(boardGame('#######\n#F^..g#\n#######'), 1);
    const moved = play(s, { type: 'move', unit: 'fighting-man-1', to: { x: 2, y: 1 } }, [5]);
    // The end of the turn rolls nothing more for it (the goblin, alerted, then attacks).
    const ended = play(moved.state, { type: 'end-turn', unit: 'fighting-man-1' }, [4]);
    expect(rollsOf(ended.events).map((r) => r.purpose)).not.toContain('dangerous-terrain');
  });

  it('a monster standing on dangerous ground rolls at the end of its turn', () => {
    const s = newGame(
      makeBoard('#######\n#F...g#\n#######', {
        objects: [],
      }),
    );
    const lava = {
      ...s,
      map: { ...s.map, terrain: s.map.terrain.map((t, i) => (i === 7 + 5 ? 'dangerous' : t)) },
    };
    const { state, events } = play(lava, { type: 'start' }, [4, 1]);
    expect(rollsOf(events).map((r) => r.purpose)).toEqual(['patrol', 'dangerous-terrain']);
    expect(unit(state, 'goblin-1').position).toBeNull();
  });
});

describe('solo rules §5: enemies can pick up the relic', () => {
  // "If the hero carrying the object is defeated, the object falls at that hero's feet and
  // can be picked up by other heroes or enemies."
  it('a monster that ends its move on the relic carries it toward its own side', () => {
    // The goblin patrols west along the bottom row; the relic lies two squares ahead of it,
    // where a fallen bearer dropped it.
    const map = makeBoard('##########\n#F.......#\n##########\n#.......g#\n##########', {
      enemyFacing: 6,
      objects: [
        { kind: 'objective', x: 6, y: 3, width: 1, height: 1, name: 'relic', properties: {} },
      ],
    });
    const s = heroesTurn(newGame(map, { victory: 'carry-object' }), 1);
    // d8 = 1: a full move forward, onto the relic.
    const after = play(s, { type: 'end-turn', unit: 'fighting-man-1' }, [1]).state;
    const goblin = unit(after, 'goblin-1');
    expect(after.objective.object).toEqual({ at: null, carrier: 'goblin-1' });
    expect(goblin.carrying).toBe('object');
    // Next turn it makes for home (where it started) instead of patrolling or fighting.
    const next = play(after, { type: 'end-turn', unit: 'fighting-man-1' });
    expect(
      next.events.some((e) => e.type === 'decision' && /toward its own side/.test(e.text)),
    ).toBe(true);
    expect(unit(next.state, 'goblin-1').position).toEqual({ x: 8, y: 3 });
    // Version 1: only heroes picked it up.
    const v1 = heroesTurn(newGame(map, { victory: 'carry-object' }, 1, 1), 1);
    const passed = play(v1, { type: 'end-turn', unit: 'fighting-man-1' }, [1]).state;
    expect(passed.objective.object).toEqual({ at: { x: 6, y: 3 }, carrier: null });
  });
});

describe('solo rules: the optional rules a scenario may turn on', () => {
  it('some or all enemies may begin alerted', () => {
    // "In some games, some or all of the enemies may begin the game ready to face the heroes."
    const all = boardGame('#######\n#F.g.t#\n#######', { startAlerted: 'all' });
    expect(all.units.filter((u) => u.ai).map((u) => u.ai!.status)).toEqual(['alerted', 'alerted']);
    const map = makeBoard('#######\n#F.g.t#\n#######');
    map.objects.find((o) => o.properties.unit === 'troll')!.properties.alerted = true;
    const some = newGame(map);
    expect(some.units.filter((u) => u.ai).map((u) => u.ai!.status)).toEqual([
      'patrolling',
      'alerted',
    ]);
  });

  it('optional morale is off unless chosen; a map that names no victory plays the base one', () => {
    // "Morale (optional)"; §5: "The heroes win if the Arch Foe and all enemies are defeated."
    const defaults = normaliseOptions(undefined);
    expect(defaults.morale).toBe(false);
    expect(defaults.victory).toBe('all-enemies');
    // The Dungeon Crawl scenario itself: "To win, you've got to slay that dragon."
    expect(findScenario('dungeon-crawl')!.defaults).toMatchObject({
      victory: 'arch-foe',
      morale: false,
    });
  });
});

describe('the dice log says what happened and which rule it served', () => {
  it('facing changes, the primary weapon and rolls come with words and a rule tag', () => {
    const s = alertAll(heroesTurn(boardGame('##########\n#F.......#\n#......t.#\n##########'), 1));
    const { events } = play(s, { type: 'end-turn', unit: 'fighting-man-1' }, [1]);
    const decision = events.find((e) => e.type === 'decision');
    expect(decision?.text).toMatch(/Troll 1|Troll/);
    expect(decision?.text).toMatch(/Spear: it wounds on 4\+, the Club on 5\+/);
    expect(decision?.rule?.book).toBe('Solo rules');
    for (const e of events.filter((x) => x.type === 'faced')) expect(e.text).not.toBe('');
    const roll = events.find((e) => e.type === 'roll');
    expect(roll?.rule).toBeDefined();
  });
});
