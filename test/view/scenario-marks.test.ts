/**
 * The scenario's marks on the board (issue 28: the goal edges, objective markers and the
 * carried object were drawn nowhere). What to draw is derived from the rule module's
 * `scenarioMarks` by a pure function, knowing nothing of the scenario: goal areas tinted
 * per side, objective markers as tokens with their victory points, the object as a token.
 * The battle's derived view shows them (those of the state an animation starts from,
 * while it plays), and a hovered square says what marks it.
 */
import { describe, expect, it } from 'vitest';
import { legalCommands, type ScenarioMark } from '../../src/engine';
import { makeBoard } from '../engine/boards';
import { newGame, play, startWith } from '../engine/helpers';
import { initialUi, startAnimating, stopAnimating } from '../../src/view/battle-ui';
import { deriveBattleView } from '../../src/view/battle-view';
import { areaEdges, drawScenarioMarks, marksOnSquare } from '../../src/view/scenario-marks';

const row = (y: number, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ x: from + i, y }));

/** An Escape-like field: each army's goal is the other's edge; five objectives scored by side. */
const MARKS: ScenarioMark[] = [
  { kind: 'goal', side: 'heroes', squares: row(0, 1, 3), label: 'Your goal: escape here' },
  { kind: 'goal', side: 'enemies', squares: row(9, 1, 3), label: 'The enemy escapes here' },
  { kind: 'home', side: 'heroes', squares: row(8, 1, 3), label: 'Bring it back here' },
  {
    kind: 'objective',
    side: 'heroes',
    squares: [{ x: 2, y: 2 }],
    label: '1 VP for you',
    points: 1,
  },
  {
    kind: 'objective',
    side: 'enemies',
    squares: [{ x: 2, y: 2 }],
    label: '4 VP for the enemy',
    points: 4,
  },
  { kind: 'objective', side: null, squares: [{ x: 5, y: 5 }], label: 'Worth 2 VP', points: 2 },
  { kind: 'object', side: null, squares: [{ x: 4, y: 4 }], label: 'The supplies' },
  { kind: 'goal', side: 'heroes', squares: [], label: 'Nowhere' },
];

describe('the drawing of the marks', () => {
  it("goal areas tinted per side, the heroes' and the enemy's apart by their hatching too", () => {
    const d = drawScenarioMarks(MARKS);
    expect(d.areas.map((a) => [a.kind, a.side, a.hatch, a.label])).toEqual([
      ['goal', 'heroes', 'rising', 'Your goal: escape here'],
      ['goal', 'enemies', 'falling', 'The enemy escapes here'],
      ['home', 'heroes', 'rising', 'Bring it back here'],
    ]);
    // A row of three: its outline is one border round it (3 above, 3 below, 2 ends).
    expect(d.areas[0].edges).toHaveLength(8);
    expect(d.areas[0].labelAt).toEqual({ x: 2, y: 0 });
  });

  it('an objective marker is one token with its victory points for each side', () => {
    const d = drawScenarioMarks(MARKS);
    const shared = d.tokens.find((t) => t.at.x === 2 && t.at.y === 2)!;
    expect(shared.kind).toBe('objective');
    expect(shared.chips).toEqual([
      { text: '1 VP', side: 'heroes' },
      { text: '4 VP', side: 'enemies' },
    ]);
    expect(shared.label).toBe('1 VP for you; 4 VP for the enemy');
    expect(d.tokens.find((t) => t.at.x === 5)?.chips).toEqual([{ text: '2 VP', side: 'either' }]);
    expect(d.tokens.find((t) => t.kind === 'object')).toMatchObject({
      at: { x: 4, y: 4 },
      chips: [],
      label: 'The supplies',
    });
    expect(d.tokens).toHaveLength(3);
  });

  it('the same marks give the same key (no redraw); others another', () => {
    expect(drawScenarioMarks(MARKS).key).toBe(drawScenarioMarks([...MARKS]).key);
    expect(drawScenarioMarks(MARKS.slice(1)).key).not.toBe(drawScenarioMarks(MARKS).key);
    expect(drawScenarioMarks([])).toMatchObject({ areas: [], tokens: [] });
  });

  it('an L of squares is outlined round its corner', () => {
    // (0,0) (1,0) (0,1): 8 unit edges round the L.
    expect(
      areaEdges([
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: 0, y: 1 },
      ]),
    ).toHaveLength(8);
  });

  it("a square's marks in words, each once", () => {
    expect(marksOnSquare(MARKS, { x: 2, y: 2 })).toEqual(['1 VP for you', '4 VP for the enemy']);
    expect(marksOnSquare(MARKS, { x: 7, y: 7 })).toEqual([]);
  });
});

describe("the Dungeon Crawl's marks on the battle screen (solo rules §5)", () => {
  // "Reach a designated spot in the play area, 'pick up' an object ... and return it to the
  // heroes' starting area." (solo-miniatures-dungeon-crawl.txt, win conditions)
  const map = makeBoard('#########\n#F.g....#\n#.......#\n#########\n#......D#\n#########', {
    objects: [
      { kind: 'objective', x: 2, y: 2, width: 1, height: 1, name: 'relic', properties: {} },
    ],
  });

  it('the relic lies on the ground as a token, the way home outlined; carried, the token goes', () => {
    const s = startWith(newGame(map, { victory: 'carry-object' }), [4, 4]).state;
    const view = deriveBattleView(s, initialUi(), { scenarioName: 'Relic' });
    expect(view.scenario.tokens).toEqual([
      expect.objectContaining({ kind: 'object', at: { x: 2, y: 2 } }),
    ]);
    expect(view.scenario.areas).toEqual([
      expect.objectContaining({ kind: 'home', side: 'heroes', squares: [{ x: 1, y: 1 }] }),
    ]);
    // Hovering the relic's square says so.
    const hovered = deriveBattleView(
      s,
      { ...initialUi(), hover: { x: 2, y: 2 } },
      {
        scenarioName: 'Relic',
      },
    );
    expect(hovered.info.body).toContain('The relic: pick it up.');
    // Picked up: no token on the ground (its bearer carries the badge: Unit.carrying).
    const picked = play(s, { type: 'move', unit: 'fighting-man-1', to: { x: 2, y: 2 } }).state;
    expect(picked.units.find((u) => u.id === 'fighting-man-1')?.carrying).toBeTruthy();
    const after = deriveBattleView(picked, initialUi(), { scenarioName: 'Relic' });
    expect(after.scenario.tokens).toEqual([]);
    // While the pick-up is animated the board still shows the marks it started from (the
    // scene hands them over as the animation starts), and the new ones once it is over.
    const fromBefore = startAnimating(initialUi(), s, [
      { kind: 'object', side: null, squares: [{ x: 2, y: 2 }], label: 'The relic: pick it up' },
    ]);
    expect(
      deriveBattleView(picked, fromBefore, { scenarioName: 'Relic' }).scenario.tokens,
    ).toHaveLength(1);
    expect(
      deriveBattleView(picked, stopAnimating(fromBefore), { scenarioName: 'Relic' }).scenario
        .tokens,
    ).toEqual([]);
  });

  it('holding a spot: the spot is the heroes\u2019 goal, and other victories mark nothing', () => {
    const hold = startWith(newGame(map, { victory: 'hold', holdTurns: 2 }), [4, 4]).state;
    const view = deriveBattleView(hold, initialUi(), { scenarioName: 'Hold' });
    expect(view.scenario.areas).toEqual([
      expect.objectContaining({
        kind: 'goal',
        side: 'heroes',
        squares: [{ x: 2, y: 2 }],
        label: 'Hold this spot for 2 turns',
      }),
    ]);
    // A hero on the spot: its words say what it stands on.
    const on = play(hold, { type: 'move', unit: 'fighting-man-1', to: { x: 2, y: 2 } }).state;
    const hovered = deriveBattleView(
      on,
      { ...initialUi(), hover: { x: 2, y: 2 } },
      {
        scenarioName: 'Hold',
      },
    );
    expect(hovered.info.title).toBe('Fighting Man');
    expect(hovered.info.body).toContain('Stands on: Hold this spot for 2 turns.');
    const slay = startWith(newGame(map, { victory: 'arch-foe' }), [4, 4]).state;
    expect(legalCommands(slay).length).toBeGreaterThan(0);
    expect(deriveBattleView(slay, initialUi(), { scenarioName: 'Slay' }).scenario).toMatchObject({
      areas: [],
      tokens: [],
    });
  });
});
