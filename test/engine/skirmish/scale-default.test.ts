/**
 * The battlefield scale follows the map unless the player picks one (solitaire-gaming-rules
 * V: "Battlefields can be large (4 by 6 feet, or 3 by 3 feet), or small (2 by 2 feet, or 8
 * by 10 inches)"; a square is an inch, so the smallest large field is 36 squares a side):
 * a map whose longer side is under 36 squares, every bundled map among them, plays small.
 */
import { describe, expect, it } from 'vitest';
import { makeBoard } from '../../../src/engine/ascii-board';
import { loadBundledMap } from '../../../src/devtools/bundled-maps';
import type { BattleMap } from '../../../src/engine/map';
import {
  LARGE_BATTLEFIELD_SIDE,
  optionsForNextBattlefield,
  scaleForMap,
} from '../../../src/engine/rulesets/skirmish/battlefield';
import {
  NO_ROOM_FOR_FORTRESS,
  whyScenarioUnavailable,
} from '../../../src/engine/rulesets/skirmish/goals';
import {
  normaliseSkirmishOptions,
  SKIRMISH_SCENARIOS,
  skirmishOptionSpecs,
} from '../../../src/engine/rulesets/skirmish/options';
import { scenarioForMap } from '../../../src/engine/scenarios';
import { createGame } from '../../../src/engine/setup';
import { describeScenarioChoices } from '../../../src/maps/summary';
import { LETTERS, ROOM } from './helpers';

const BUNDLED = ['dragon-hall', 'goblin-warren', 'flooded-crypt', 'dungeon-crawl'];

/** An open field `width` x `height` with nothing on it but one figure of each army. */
function openField(width: number, height: number): BattleMap {
  const rows = Array.from({ length: height }, () => '.'.repeat(width));
  rows[0] = `e${'.'.repeat(width - 1)}`;
  rows[height - 1] = `${'.'.repeat(width - 1)}h`;
  return makeBoard(rows.join('\n'), { letters: LETTERS });
}

describe('V: the scale a map plays at unless the player picks one', () => {
  it('the smallest large field, 3 x 3 ft, is 36 squares a side: a longer side of 35 is a small field', () => {
    expect(LARGE_BATTLEFIELD_SIDE).toBe(36);
    expect(scaleForMap({ width: 35, height: 20 })).toBe('small');
    expect(scaleForMap({ width: 20, height: 36 })).toBe('large');
    // The seed's own sizes: 2 x 2 ft and 8 x 10 in small; 6 x 4 ft large.
    expect(scaleForMap({ width: 24, height: 24 })).toBe('small');
    expect(scaleForMap({ width: 10, height: 8 })).toBe('small');
    expect(scaleForMap({ width: 72, height: 48 })).toBe('large');
  });

  it('every bundled map is a small battlefield: its options default to small, a choice is kept', () => {
    for (const id of BUNDLED) {
      const map = loadBundledMap(id);
      expect(normaliseSkirmishOptions(undefined, map).scale, id).toBe('small');
      expect(normaliseSkirmishOptions({ scale: 'large' }, map).scale, id).toBe('large');
      // The Setup screen's scale row shows the map's own as its default.
      const spec = skirmishOptionSpecs(map).find((s) => s.id === 'scale');
      expect(spec?.default, id).toBe('small');
      // The Skirmish on the map (rules:skirmish:map:<id>, the sim's map:<id>) starts small.
      const under = { ...map, properties: { ...map.properties, ruleModule: 'skirmish' } };
      expect(scenarioForMap(under).defaults.scale, id).toBe('small');
    }
    // With no map there is nothing to measure: a random large field's scale.
    expect(normaliseSkirmishOptions(undefined).scale).toBe('large');
    expect(normaliseSkirmishOptions(undefined, openField(36, 12)).scale).toBe('large');
  });

  it('the Skirmish\u2019s own scenario in the dragon hall defaults to the hall\u2019s scale', () => {
    const hall = loadBundledMap('dragon-hall');
    const basic = SKIRMISH_SCENARIOS.find((s) => s.mapId === 'dragon-hall')!;
    expect(basic.defaults.scale).toBe(scaleForMap(hall));
  });

  it('a game set up with no scale moves its figures by the map\u2019s: 3 squares on a small field', () => {
    const swordsmenOn = (map: BattleMap) =>
      createGame({
        scenarioId: 'test',
        map,
        seed: 1,
        ruleModule: 'skirmish',
        options: { heroes: 'swordsman', enemies: 'swordsman' },
      });
    const small = swordsmenOn(openField(20, 12));
    const large = swordsmenOn(openField(40, 12));
    if (!small.ok || !large.ok) throw new Error('set-up failed');
    // V "Movement": an average figure's Move Unit is 6 on a large battlefield, 3 on a small.
    expect(small.state.units.map((u) => u.move)).toEqual([3, 3]);
    expect(large.state.units.map((u) => u.move)).toEqual([6, 6]);
  });

  it('which scenarios a map hosts is asked at its own scale (Setup, map:check)', () => {
    const room = makeBoard(ROOM, { letters: LETTERS });
    // A small field's fortress is 3 squares a side: it fits in the room; a large one's does not.
    expect(whyScenarioUnavailable(room, 'fortress-assault', {})).toBeNull();
    expect(whyScenarioUnavailable(room, 'fortress-assault', { scale: 'large' })).toBe(
      NO_ROOM_FOR_FORTRESS,
    );
    const fortress = (options?: Record<string, unknown>) => {
      const spec = skirmishOptionSpecs(room, options).find((s) => s.id === 'scenario');
      if (spec?.kind !== 'choice') throw new Error('no scenario choice');
      return spec.choices.find((c) => c.value === 'fortress-assault')!;
    };
    expect(fortress().unavailable).toBeUndefined();
    expect(fortress({ scale: 'large' }).unavailable).toBe(NO_ROOM_FOR_FORTRESS);
    // map:check lists the scenarios at the map's own scale: the dungeon crawl's 8 x 10
    // board hosts Escape at the small scale (at the large it had no edge far enough).
    const crawl = loadBundledMap('dungeon-crawl');
    const skirmishLine = describeScenarioChoices(crawl).find((l) => l.includes('Skirmish'))!;
    expect(skirmishLine).toMatch(/Escape/);
    expect(skirmishLine).not.toMatch(/not Escape/);
  });

  it('the Setup screen carries the scale to the next battlefield only when the player chose it', () => {
    // The bug: after a large random field, the dragon hall (20 x 16, a small field by V's
    // sizes) kept 'large', though the player never picked a scale.
    const hall = loadBundledMap('dragon-hall');
    const onLargeField = normaliseSkirmishOptions({ scale: 'large', scenario: 'ambush' });
    const carried = normaliseSkirmishOptions(optionsForNextBattlefield(onLargeField, false), hall);
    expect(carried.scale).toBe('small');
    // Everything else the player chose goes with it.
    expect(carried.scenario).toBe('ambush');
    // Picked by the player on its option row, the scale stays.
    const picked = normaliseSkirmishOptions(optionsForNextBattlefield(onLargeField, true), hall);
    expect(picked.scale).toBe('large');
    // A large map chosen after a small one plays large unless the player picked small.
    const wide = openField(40, 30);
    const fromSmall = normaliseSkirmishOptions({ scale: 'small' }, hall);
    expect(normaliseSkirmishOptions(optionsForNextBattlefield(fromSmall, false), wide).scale).toBe(
      'large',
    );
    // The options it was given are left as they were.
    expect(onLargeField.scale).toBe('large');
  });
});
