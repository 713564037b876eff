/**
 * Skirmish rules version 7 (issue 28, "Balance a player can trust"): a Basic Battle's set-up
 * and its one shared objective marker, as solitaire-gaming-rules VI reads.
 * - VI Basic Battle: "Each army's figures are set up on different sides of the playing area.
 *   The figures have to be at least 2 Move Units away from the figures of any other army."
 *   A bundled map marks enemy squares for another game (its rule module is the Dungeon
 *   Crawl; that board marks them in the middle, 3 squares from the heroes): from version 7
 *   the enemy takes such a marked square only 2 Move Units from every hero. A map drawn for
 *   the Skirmish (or by hand, naming no module) is a "map setup" and keeps its marks.
 * - VI Objectives: "1 VP for holding the objective nearest to the center of the army's own
 *   starting side or corner ... 4 VP for holding the objective nearest to the center of an
 *   opposing army's starting side": the dragon hall has one objective, on the enemy's side;
 *   from version 7 it is the enemy's own (1 VP to it) and the heroes' far one (4 VP).
 * Games of version 6 set up and score as they were played.
 */
import { describe, expect, it } from 'vitest';
import { chebyshevDistance } from '../../../src/engine/grid';
import { loadBundledMap } from '../../../src/devtools/bundled-maps';
import { findRuleModule } from '../../../src/engine/rulesets/registry';
import { objectiveValues } from '../../../src/engine/rulesets/skirmish/scenarios';
import { markedStarts } from '../../../src/engine/rulesets/skirmish/goals';
import {
  SET_UP_APART_RULES,
  SHARED_MARKER_RULES,
  SKIRMISH_RULES_VERSION,
} from '../../../src/engine/rulesets/skirmish/versions';
import { createGame } from '../../../src/engine/setup';
import type { GameState } from '../../../src/engine/types';
import { bundledMapGame, enemiesOnMarksTooNear } from './helpers';

function basicBattle(mapId: string, rulesVersion?: number): GameState {
  return bundledMapGame(mapId, 'basic-battle', rulesVersion);
}

/** The least distance from a figure of one army to a figure of the other. */
function closestApproach(state: GameState): number {
  const heroes = state.units.filter((u) => u.side === 'heroes' && u.position);
  const enemies = state.units.filter((u) => u.side === 'enemies' && u.position);
  return Math.min(
    ...enemies.flatMap((e) => heroes.map((h) => chebyshevDistance(e.position!, h.position!))),
  );
}

describe('VI Basic Battle set-up: at least 2 Move Units apart (rules version 7)', () => {
  it('is the current version', () => {
    expect(SKIRMISH_RULES_VERSION).toBeGreaterThanOrEqual(SET_UP_APART_RULES);
    expect(basicBattle('dungeon-crawl').rulesVersion).toBe(SKIRMISH_RULES_VERSION);
  });

  it('the Dungeon Crawl board: no enemy on a marked square within 2 Move Units of a hero', () => {
    const state = basicBattle('dungeon-crawl');
    // Small battlefield (V): an average figure's Move Unit is 3, so 2 Move Units are 6.
    const apart = 6;
    const heroes = state.units.filter((u) => u.side === 'heroes').map((u) => u.position!);
    const tooNear = markedStarts(state.map, 'enemies').filter((p) =>
      heroes.some((h) => chebyshevDistance(h, p) < apart),
    );
    // The board marks enemies 3 squares from the heroes (the goblins by the centre).
    expect(tooNear.length).toBeGreaterThan(0);
    const onThem = state.units.filter(
      (u) =>
        u.side === 'enemies' && tooNear.some((p) => p.x === u.position!.x && p.y === u.position!.y),
    );
    expect(onThem).toEqual([]);
    // The 8 x 10 board has no room for nine figures 6 squares from every hero: the set-up
    // halves the distance until the army fits (3), never closer.
    expect(closestApproach(state)).toBeGreaterThanOrEqual(3);
  });

  it('the flooded crypt: the enemy no longer starts in the room beside the heroes\u2019 closet', () => {
    expect(closestApproach(basicBattle('flooded-crypt', SET_UP_APART_RULES - 1))).toBe(4);
    expect(closestApproach(basicBattle('flooded-crypt'))).toBeGreaterThanOrEqual(6);
  });

  it('a map drawn for the Skirmish keeps its marked squares: the map setup as drawn', () => {
    const crawl = loadBundledMap('dungeon-crawl');
    const map = { ...crawl, properties: { ...crawl.properties, ruleModule: 'skirmish' } };
    const skirmish = findRuleModule('skirmish')!;
    const options = skirmish.muster!.forScenario(
      skirmish.normaliseOptions({}, map),
      'basic-battle',
    );
    const made = createGame({ scenarioId: 'own', map, seed: 1, ruleModule: 'skirmish', options });
    if (!made.ok) throw new Error(made.error);
    expect(enemiesOnMarksTooNear(made.state)).toBeGreaterThan(0);
  });

  it('a version 6 game sets up as it was played: every marked square first', () => {
    const state = basicBattle('dungeon-crawl', SET_UP_APART_RULES - 1);
    const marked = markedStarts(state.map, 'enemies');
    const enemies = state.units.filter((u) => u.side === 'enemies');
    // Nine enemies on the eleven marked squares (the 2 x 2 Ogre on one with its base).
    expect(
      enemies.filter((u) => marked.some((p) => p.x === u.position!.x && p.y === u.position!.y))
        .length,
    ).toBeGreaterThanOrEqual(8);
    expect(enemiesOnMarksTooNear(state)).toBeGreaterThan(0);
  });
});

describe('VI Objectives: one marker nearest both sides (rules version 7)', () => {
  it('the dragon hall\u2019s one objective, on the enemy\u2019s side: 1 VP to it, 4 to the heroes', () => {
    const state = basicBattle('dragon-hall');
    expect(objectiveValues(state, 'enemies').map((m) => m.points)).toEqual([1]);
    expect(objectiveValues(state, 'heroes').map((m) => m.points)).toEqual([4]);
  });

  it('a version 6 game scores it as it was played: 4 to both', () => {
    const state = basicBattle('dragon-hall', SHARED_MARKER_RULES - 1);
    expect(objectiveValues(state, 'enemies').map((m) => m.points)).toEqual([4]);
    expect(objectiveValues(state, 'heroes').map((m) => m.points)).toEqual([4]);
  });
});
