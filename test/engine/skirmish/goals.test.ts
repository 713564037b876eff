/**
 * Where the Skirmish's scenarios send the armies, from the map (goals.ts): each army's goal
 * area ("the opposite edge", solitaire-gaming-rules VI Escape and Infiltrate), its home
 * ("the side of the playing area where the force began the game", VI Transport), which
 * scenarios a map can host, and the objective markers (VI Objectives).
 */
import { describe, expect, it } from 'vitest';
import { makeBoard } from '../../../src/engine/ascii-board';
import { chooseHeroCommand } from '../../../src/engine/game';
import type { Point } from '../../../src/engine/grid';
import type { BattleMap } from '../../../src/engine/map';
import { skirmish } from '../../../src/engine/rulesets/skirmish';
import {
  goalArea,
  homeArea,
  NO_ROOM_FOR_FORTRESS,
  planGoalAreas,
  sectionMarkers,
  whyScenarioUnavailable,
} from '../../../src/engine/rulesets/skirmish/goals';
import { skirmishOptionSpecs } from '../../../src/engine/rulesets/skirmish/options';
import { objectiveMarkers, victoryPoints } from '../../../src/engine/rulesets/skirmish/scenarios';
import { createGame } from '../../../src/engine/setup';
import type { ScenarioOptions } from '../../../src/engine/types';
import { play } from '../helpers';
import { HALL, LETTERS, ROOM, skirmishGame, TRANSPORT_FIELD } from './helpers';

const row = (y: number, xs: number[]): Point[] => xs.map((x) => ({ x, y }));
const column = (x: number, ys: number[]): Point[] => ys.map((y) => ({ x, y }));
const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

function board(ascii: string): BattleMap {
  return makeBoard(ascii, { letters: LETTERS });
}

function withExit(map: BattleMap, x: number, y: number, width: number, height = 1): BattleMap {
  const exit = { kind: 'exit', x, y, width, height, name: 'Exit', properties: {} };
  return { ...map, objects: [...map.objects, exit] };
}

function game(map: BattleMap, options: Partial<ScenarioOptions>) {
  return createGame({
    scenarioId: 'test',
    map,
    seed: 1,
    ruleModule: 'skirmish',
    options: { heroes: 'swordsman', enemies: 'swordsman', morale: false, ...options },
  });
}

describe('VI Escape and Infiltrate: "the opposite edge" of the field, from the map', () => {
  it('on a walled hall, the first open row inside the wall; the home is the foe\u2019s goal', () => {
    const s = skirmishGame(HALL, ['swordsman'], ['swordsman'], { scenario: 'escape' });
    // The heroes set up below the enemy: they make for the top, the enemy for the bottom.
    expect(goalArea(s, 'heroes')).toEqual(row(1, range(5, 8)));
    expect(goalArea(s, 'enemies')).toEqual(row(12, range(4, 9)));
    // VI Transport: "the side of the playing area where the force began the game".
    expect(homeArea(s, 'heroes')).toEqual(goalArea(s, 'enemies'));
    expect(homeArea(s, 'enemies')).toEqual(goalArea(s, 'heroes'));
    // Kept in the state from the set-up, as plain data.
    expect(JSON.parse(JSON.stringify(s.flow)).areas.goal.heroes).toEqual(row(1, range(5, 8)));
  });

  it('on an open field, the first and the last row, or the left and right columns', () => {
    const open = (w: number, h: number, marks: Record<string, string>): string =>
      Array.from({ length: h }, (_, y) =>
        Array.from({ length: w }, (_, x) => marks[`${x},${y}`] ?? '.').join(''),
      ).join('\n');
    const upDown = board(open(10, 16, { '4,1': 'e', '4,14': 'h' }));
    const areas = planGoalAreas(upDown, 'large');
    expect(areas.goal.heroes).toEqual(row(0, range(0, 9)));
    expect(areas.goal.enemies).toEqual(row(15, range(0, 9)));
    // The armies set up at the left and right ends: the goals are the far columns.
    const across = board(open(20, 8, { '18,3': 'e', '1,4': 'h' }));
    const sideways = planGoalAreas(across, 'large');
    expect(sideways.goal.heroes).toEqual(column(19, range(0, 7)));
    expect(sideways.goal.enemies).toEqual(column(0, range(0, 7)));
  });

  it('a ragged edge: a column whose open ground starts deeper (a bay of the wall) is no part of it', () => {
    const ragged = board(`
#.##..####
#.........
#.........
#...e.....
#.........
#.........
#.........
#.........
#.........
#.........
#...h.....
..........
`);
    // Row 0 is open at x 1, 4 and 5; the columns whose first open square is row 1 are not
    // part of the top edge.
    expect(planGoalAreas(ragged, 'large').goal.heroes).toEqual(row(0, [1, 4, 5]));
  });

  it('the map\u2019s own exits: each is the goal of the army whose start is farther from it', () => {
    // An exit under the heroes' start is the enemy's goal; the heroes keep the far edge.
    const map = withExit(board(HALL), 6, 12, 2);
    const areas = planGoalAreas(map, 'large');
    expect(areas.goal.enemies).toEqual(row(12, [6, 7]));
    expect(areas.goal.heroes).toEqual(row(1, range(5, 8)));
  });

  it('a goal square is more than one Move Unit from every square its army starts on', () => {
    // The hero starts 6 rows below row 1: a Move Unit on a large field (V), too near; on
    // a small field (a Move Unit of 3) it is far enough.
    const near = board(`
#########
#.......#
#.......#
#.......#
#.......#
#...e...#
#.......#
#...h...#
#.......#
#.......#
#.......#
#.......#
#.......#
#########
`);
    expect(planGoalAreas(near, 'large').goal.heroes).toEqual([]);
    expect(planGoalAreas(near, 'small').goal.heroes).toEqual(row(1, range(1, 7)));
  });
});

describe('a scenario the map cannot host is not offered', () => {
  it('whyScenarioUnavailable: a small room has no edge apart from the heroes\u2019 start; the hall has', () => {
    const room = board(ROOM);
    expect(whyScenarioUnavailable(room, 'escape', { scale: 'large' })).toBe(
      'This map has no open edge far enough from the heroes\u2019 start for the heroes to escape to.',
    );
    expect(whyScenarioUnavailable(room, 'infiltrate', { scale: 'small' })).toMatch(
      /no open edge far enough from the heroes\u2019 start/,
    );
    expect(whyScenarioUnavailable(room, 'transport', {})).toMatch(
      /no home to carry the object back to/,
    );
    // The fortress is 4 squares a side on a large field (VII "Minor building").
    expect(whyScenarioUnavailable(room, 'fortress-assault', { scale: 'large' })).toBe(
      NO_ROOM_FOR_FORTRESS,
    );
    for (const id of ['basic-battle', 'ambush', 'spawning'])
      expect(whyScenarioUnavailable(room, id, {})).toBeNull();
    const hall = board(HALL);
    for (const id of ['escape', 'infiltrate', 'transport', 'fortress-assault'])
      expect(whyScenarioUnavailable(hall, id, { scale: 'large' }), id).toBeNull();
  });

  it('Infiltrate needs room for two figures on the far side at once', () => {
    const narrow = board(`
####.####
#.......#
#...e...#
#.......#
#.......#
#.......#
#.......#
#.......#
#.......#
#.......#
#...h...#
#.......#
###...###
`);
    expect(whyScenarioUnavailable(narrow, 'escape', {})).toBeNull();
    expect(whyScenarioUnavailable(narrow, 'infiltrate', {})).toBe(
      'The far side of this map has room for only one of the heroes; Infiltrate needs two there at once.',
    );
  });

  it('set-up refuses it with the reason, and the option specs offer it greyed with the reason', () => {
    const room = board(ROOM);
    const refused = game(room, { scenario: 'escape' });
    expect(refused).toEqual({
      ok: false,
      error:
        'This map has no open edge far enough from the heroes\u2019 start for the heroes to escape to.',
    });
    expect(game(room, { scenario: 'basic-battle' }).ok).toBe(true);
    const scenario = skirmishOptionSpecs(room).find((s) => s.id === 'scenario');
    if (scenario?.kind !== 'choice') throw new Error('no scenario choice');
    const escape = scenario.choices.find((c) => c.value === 'escape');
    expect(escape?.unavailable).toMatch(/no open edge far enough/);
    expect(scenario.choices.find((c) => c.value === 'basic-battle')?.unavailable).toBeUndefined();
    // Through the module: the scale chosen counts (a Move Unit of 3 on a small field).
    const mid = board(`
#########
#.......#
#...e...#
#.......#
#.......#
#.......#
#.......#
#...h...#
#.......#
#########
`);
    const offered = (scale: string) => {
      const spec = skirmish
        .optionSpecs(mid, skirmish.normaliseOptions({ scale }))
        .find((s) => s.id === 'scenario');
      return spec?.kind === 'choice'
        ? spec.choices.filter((c) => !c.unavailable).map((c) => c.value)
        : [];
    };
    expect(offered('large')).not.toContain('escape');
    expect(offered('small')).toContain('escape');
  });
});

describe('VI Objectives: "1 objective marker in the center of each 1 foot by 1 foot section ... and another objective in the center of the table"', () => {
  const field = (w: number, h: number, walls: Point[] = []): BattleMap => {
    const lines = Array.from({ length: h }, (_, y) =>
      Array.from({ length: w }, (_, x) =>
        walls.some((p) => p.x === x && p.y === y) ? '#' : '.',
      ).join(''),
    );
    return board(lines.join('\n'));
  };

  it('a 6 x 4 ft field (72 x 48 squares, a square an inch): 24 sections and the centre, 25 markers', () => {
    const markers = sectionMarkers(field(72, 48));
    expect(markers).toHaveLength(25);
    expect(markers[markers.length - 1]).toEqual({ x: 36, y: 24 });
    expect(markers).toContainEqual({ x: 6, y: 6 });
    expect(markers).toContainEqual({ x: 66, y: 42 });
    expect(new Set(markers.map((p) => `${p.x},${p.y}`)).size).toBe(25);
  });

  it('a small board: a part of a foot counts when it is at least half one; a wall moves a marker to open ground', () => {
    // 20 x 16: across, a foot and 8 squares (counted); down, a foot and 4 (not counted).
    expect(sectionMarkers(field(20, 16))).toEqual([
      { x: 6, y: 6 },
      { x: 16, y: 6 },
      { x: 10, y: 8 },
    ]);
    // A 9 x 9 board is one section; its centre and the table's are one square: the second
    // marker stands on the nearest open square beside it, and a walled centre moves too.
    expect(sectionMarkers(field(9, 9))).toEqual([
      { x: 4, y: 4 },
      { x: 4, y: 3 },
    ]);
    expect(sectionMarkers(field(9, 9, [{ x: 4, y: 4 }]))).toEqual([
      { x: 4, y: 3 },
      { x: 3, y: 4 },
    ]);
  });

  it('the map\u2019s own objective objects win over the sections', () => {
    const map = board(HALL);
    const marked = {
      ...map,
      objects: [
        ...map.objects,
        { kind: 'objective', x: 3, y: 8, width: 1, height: 1, name: 'Idol', properties: {} },
      ],
    };
    const s = createGame({
      scenarioId: 'test',
      map: marked,
      seed: 1,
      ruleModule: 'skirmish',
      options: { heroes: 'swordsman', enemies: 'swordsman' },
    });
    if (!s.ok) throw new Error(s.error);
    expect(objectiveMarkers(s.state)).toEqual([{ x: 3, y: 8 }]);
  });

  it('victory points: 1 for the marker nearest one\u2019s own side, 4 the foe\u2019s, 2 any other, 2 a leader defeated', () => {
    // 24 x 24 (2 x 2 ft): the section centres (6,6) (18,6) (6,18) (18,18) and (12,12).
    const ascii = Array.from({ length: 24 }, (_, y) =>
      y === 0
        ? '....ee' + '.'.repeat(18)
        : y === 23
          ? 'h'.repeat(4) + '.'.repeat(20)
          : '.'.repeat(24),
    ).join('\n');
    const s = skirmishGame(
      ascii,
      ['swordsman', 'swordsman', 'swordsman', 'swordsman'],
      ['captain', 'slinger'],
    );
    const at = (pairs: [string, Point][]) => ({
      ...s,
      units: s.units.map((u) => {
        const to = pairs.find(([id]) => id === u.id)?.[1];
        return to ? { ...u, position: to } : u;
      }),
    });
    // On the marker nearest the middle of the foe's side (the top): 4.
    expect(victoryPoints(at([['swordsman-1', { x: 6, y: 6 }]]), 'heroes')).toBe(4);
    // Next to the one nearest their own side (the bottom): 1; the centre: 2 more.
    const two = at([
      ['swordsman-1', { x: 7, y: 18 }],
      ['swordsman-2', { x: 12, y: 12 }],
    ]);
    expect(victoryPoints(two, 'heroes')).toBe(3);
    // A foe within 2 squares of a marker: not held.
    const contested = at([
      ['swordsman-2', { x: 12, y: 12 }],
      ['slinger-1', { x: 14, y: 12 }],
    ]);
    expect(victoryPoints(contested, 'heroes')).toBe(0);
    // 2 for the enemy leader defeated.
    const leaderDown = {
      ...two,
      units: two.units.map((u) => (u.kind === 'captain' ? { ...u, position: null } : u)),
    };
    expect(victoryPoints(leaderDown, 'heroes')).toBe(5);
  });
});

describe('the scenario marked on the board (scenarioMarks), for the view to draw', () => {
  it('Escape and Infiltrate: each army\u2019s goal area; Transport: the homes and the object', () => {
    const escape = skirmishGame(HALL, ['swordsman'], ['swordsman'], { scenario: 'escape' });
    expect(skirmish.scenarioMarks?.(escape)).toEqual([
      {
        kind: 'goal',
        side: 'heroes',
        squares: row(1, range(5, 8)),
        label: 'Your goal: escape here',
      },
      {
        kind: 'goal',
        side: 'enemies',
        squares: row(12, range(4, 9)),
        label: 'The enemy escapes here',
      },
    ]);
    const infiltrate = skirmishGame(HALL, ['swordsman'], ['swordsman'], {
      scenario: 'infiltrate',
    });
    expect(skirmish.scenarioMarks?.(infiltrate)?.map((m) => m.label)).toEqual([
      'Your goal: two of yours here at once',
      'The enemy\u2019s goal: two of theirs here',
    ]);
    const transport = play(
      skirmishGame(HALL, ['swordsman'], ['swordsman'], { scenario: 'transport' }),
      { type: 'start' },
      [15, 5],
    ).state;
    const marks = skirmish.scenarioMarks?.(transport) ?? [];
    expect(marks.map((m) => [m.kind, m.side, m.label])).toEqual([
      ['home', 'heroes', 'Your home: carry the object here'],
      ['home', 'enemies', 'The enemy\u2019s home: it carries the object here'],
      ['object', null, 'The object: pick it up'],
    ]);
    expect(marks[0].squares).toEqual(row(12, range(4, 9)));
    // The object marked where it lies (near the centre, rules version 7: race-guard.test.ts).
    expect(marks[2].squares).toEqual([transport.objective.object!.at]);
    expect(transport.objective.object!.at).not.toBeNull();
  });

  it('a Basic Battle with objectives: each marker with what it is worth to the heroes', () => {
    const ascii = Array.from({ length: 24 }, (_, y) =>
      y === 0 ? '....e' + '.'.repeat(19) : y === 23 ? 'h' + '.'.repeat(23) : '.'.repeat(24),
    ).join('\n');
    const s = skirmishGame(ascii, ['swordsman'], ['swordsman'], { objectives: true });
    const worth: [number, number, number][] = [
      [6, 6, 4],
      [18, 6, 2],
      [6, 18, 1],
      [18, 18, 2],
      [12, 12, 2],
    ];
    expect(skirmish.scenarioMarks?.(s)).toEqual(
      worth.map(([x, y, points]) => ({
        kind: 'objective',
        side: 'heroes',
        squares: [{ x, y }],
        label: `${points} VP for you`,
        points,
      })),
    );
    // Without the option, nothing to mark.
    expect(skirmish.scenarioMarks?.(skirmishGame(ascii, ['swordsman'], ['swordsman']))).toEqual([]);
  });
});

describe('the heroes\u2019 autopilot heads for the same areas (the simulator plays them)', () => {
  it('Escape: a door between a hero and its goal is opened, then the hero runs for the goal row', () => {
    const walled = `
##########
#...e....#
#........#
#........#
#........#
#........#
#........#
####+#####
#...h....#
#........#
#........#
##########
`;
    let s = play(
      skirmishGame(walled, ['lancer'], ['swordsman'], { scenario: 'escape' }),
      { type: 'start' },
      [15, 5],
    ).state;
    expect(chooseHeroCommand(s)).toEqual({
      type: 'open-door',
      unit: 'lancer-1',
      at: { x: 4, y: 7 },
    });
    s = play(s, chooseHeroCommand(s)!).state;
    // Through the door: the first open row at the top is 7 squares off, within a lancer's 9.
    const run = chooseHeroCommand(s);
    expect(run?.type).toBe('move');
    expect(run?.type === 'move' && run.to.y).toBe(1);
  });

  it('Transport: the hero beside the object picks it up, then carries it to its home', () => {
    let s = play(
      skirmishGame(TRANSPORT_FIELD, ['swordsman'], ['slinger'], { scenario: 'transport' }),
      { type: 'start' },
      [15, 5],
    ).state;
    expect(chooseHeroCommand(s)).toEqual({ type: 'pick-up', unit: 'swordsman-1' });
    s = play(s, chooseHeroCommand(s)!).state;
    // Carrying it, it runs for its own side, the open row at the bottom (row 14).
    const home = chooseHeroCommand(s);
    expect(home?.type === 'move' && home.to.y).toBe(14);
  });
});
