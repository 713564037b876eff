/**
 * How far it is to and from a large figure (solitaire-gaming-rules.txt V "Large Figures"):
 * "choose 1 of the spaces it is on as its 'main' space. That is the space used to determine
 * its movement and where it attacks from. An attacker can target any space a large figure
 * occupies." So a figure measures from its own main square, and to a large figure it counts
 * to the nearest square of the 2x2 base. From the Skirmish's rules version 4
 * (BASE_DISTANCE_RULES) every "nearest" of the module counts so: whom an alerted enemy goes
 * for (III "Alerted": "Decide randomly which hero they will attack if 2 or more heroes are
 * equidistant"), the order the enemies act in (III: "the enemy unit closest to the hero
 * army, then the next closest"), whom it faces (III: "turn to face the closest hero in line
 * of sight"), IV Commanding's target, who holds an objective (VI) and the heroes' autopilot;
 * games of versions 2 and 3 (old saves) measured to a large figure's main square and keep
 * doing so.
 */
import { describe, expect, it } from 'vitest';
import { riggedDice } from '../../../src/engine/dice';
import { distanceToUnit } from '../../../src/engine/footprint';
import { chooseHeroCommand } from '../../../src/engine/game';
import { facingToward, type Point } from '../../../src/engine/grid';
import { requireRules } from '../../../src/engine/rulesets/registry';
import { BASE_DISTANCE_RULES, SKIRMISH_RULES_VERSION } from '../../../src/engine/rulesets/skirmish';
import { skirmishEnemyOrder as enemyActivationOrder } from '../../../src/engine/rulesets/skirmish/solo';
import { victoryPoints } from '../../../src/engine/rulesets/skirmish/scenarios';
import { targetByTactic } from '../../../src/engine/rulesets/skirmish/tactics';
import { chooseNearestHero, type Placed } from '../../../src/engine/systems/pursuit';
import { updateAwareness } from '../../../src/engine/systems/sight';
import type { GameEvent, GameState } from '../../../src/engine/types';
import { play, unit } from '../helpers';
import { skirmishGame } from './helpers';

function placed(s: GameState, id: string): Placed {
  return unit(s, id) as Placed;
}

/** The hero an enemy goes for, with dice that fail the test if any is rolled. */
function nearestHeroOf(s: GameState, enemyId: string): string | undefined {
  const ctx = { state: s, dice: riggedDice([]), events: [], rules: requireRules(s) };
  return chooseNearestHero(ctx, placed(s, enemyId))?.id;
}

/** The same battle as made under an older rules version (an old save). */
function asVersion(s: GameState, version: number): GameState {
  return { ...s, rulesVersion: version };
}

/** `s` with the square `at` made difficult ground (V "Difficult Terrain": it costs 2 spaces). */
function withRubbleAt(s: GameState, at: Point): GameState {
  const terrain = [...s.map.terrain];
  terrain[at.y * s.map.width + at.x] = 'difficult';
  return { ...s, map: { ...s.map, terrain } };
}

describe('V Large Figures: to a large figure counts to the nearest square of its base', () => {
  it('new battles play rules version 4', () => {
    const s = skirmishGame(
      `
      ######
      #.e..#
      #..h.#
      ######`,
      ['swordsman'],
      ['swordsman'],
    );
    expect(SKIRMISH_RULES_VERSION).toBeGreaterThanOrEqual(BASE_DISTANCE_RULES);
    expect(s.rulesVersion).toBe(SKIRMISH_RULES_VERSION);
  });

  // The hero ogre's main square (2,2) is rubble, so walking onto it costs 2 (V "Difficult
  // Terrain"). From the enemy swordsman at (7,5): 4 steps to the nearest square of the
  // ogre's base (3,3), 6 to its main square; 5 to the hero swordsman at (12,5).
  const RUBBLE = `
    ##############
    #............#
    #.h..........#
    #............#
    #............#
    #......e....h#
    #............#
    ##############`;

  it('an enemy goes for the hero whose base is nearest (4 steps), not the one nearer than its main square (5 against 6)', () => {
    const made = skirmishGame(RUBBLE, ['ogre', 'swordsman'], ['swordsman']);
    const s = withRubbleAt(made, { x: 2, y: 2 });
    const ogre = s.units.find((u) => u.side === 'heroes' && u.kind === 'ogre')!;
    const man = s.units.find((u) => u.side === 'heroes' && u.kind === 'swordsman')!;
    const foe = s.units.find((u) => u.side === 'enemies')!;
    expect(ogre.position).toEqual({ x: 2, y: 2 });
    expect(ogre.size).toBe(2);
    expect(man.position).toEqual({ x: 12, y: 5 });
    expect(foe.position).toEqual({ x: 7, y: 5 });
    // Version 4: the ogre, with no die (it is strictly nearer).
    expect(nearestHeroOf(s, foe.id)).toBe(ogre.id);
    // Versions 2 and 3 (old saves) counted to the ogre's main square: the swordsman.
    expect(nearestHeroOf(asVersion(s, 3), foe.id)).toBe(man.id);
    expect(nearestHeroOf(asVersion(s, 2), foe.id)).toBe(man.id);
  });

  it('on open ground the base makes the large hero strictly nearer (3 against 4) where its main square tied (4 and 4, a die)', () => {
    const s = skirmishGame(
      `
      ############
      #..........#
      #.h........#
      #..........#
      #..........#
      #.....e...h#
      #..........#
      ############`,
      ['ogre', 'swordsman'],
      ['swordsman'],
    );
    const foe = s.units.find((u) => u.side === 'enemies')!;
    const ogre = s.units.find((u) => u.side === 'heroes' && u.kind === 'ogre')!;
    const man = s.units.find((u) => u.side === 'heroes' && u.kind === 'swordsman')!;
    expect(distanceToUnit(foe.position!, ogre)).toBe(3);
    expect(distanceToUnit(foe.position!, man)).toBe(4);
    expect(nearestHeroOf(s, foe.id)).toBe(ogre.id);
    // Under version 3 the two were equidistant (4 and 4): III's die decided, here a 2.
    const old = asVersion(s, 3);
    const events: GameEvent[] = [];
    const ctx = { state: old, dice: riggedDice([2]), events, rules: requireRules(old) };
    expect(chooseNearestHero(ctx, placed(old, foe.id))?.id).toBe(man.id);
    expect(events.some((e) => e.type === 'roll')).toBe(true);
  });

  it('a large enemy measures from its main square, where it attacks from: the hero 3 from it, not the one 3 from its base but 4 from its main square', () => {
    // The enemy ogre's main square (5,3), its base to (6,4). Hero A at (9,7): 3 from the
    // base, 4 from the main square; hero B at (2,3): 3 from both.
    const s = skirmishGame(
      `
      ############
      #..........#
      #..........#
      #.h..e.....#
      #..........#
      #..........#
      #..........#
      #........h.#
      ############`,
      ['swordsman', 'knight'],
      ['ogre'],
    );
    const ogre = s.units.find((u) => u.side === 'enemies')!;
    const b = s.units.find((u) => u.kind === 'swordsman')!;
    const a = s.units.find((u) => u.kind === 'knight')!;
    expect(ogre.position).toEqual({ x: 5, y: 3 });
    expect(b.position).toEqual({ x: 2, y: 3 });
    expect(a.position).toEqual({ x: 9, y: 7 });
    // No die: from its main square B is the nearer.
    expect(nearestHeroOf(s, ogre.id)).toBe(b.id);
  });

  it('III order: the enemy 1 from the large hero\u2019s base acts before the one 2 from a hero (it was a tie, 2 and 2, by its main square)', () => {
    // e1 (11,3) is 2 from the hero swordsman (10,1); e2 (4,7) is 1 from the hero ogre's
    // base (3,6) and 2 from its main square (2,5).
    const s = skirmishGame(
      `
      ##############
      #e........h..#
      #............#
      #..........e.#
      #............#
      #.h..........#
      #............#
      #...e........#
      ##############`,
      ['swordsman', 'ogre'],
      ['swordsman', 'swordsman', 'swordsman'],
    );
    // The first of the muster is the Arch Foe, who always acts first.
    const [arch, e1, e2] = s.units.filter((u) => u.side === 'enemies');
    expect(arch.ai?.archFoe).toBe(true);
    expect(e1.position).toEqual({ x: 11, y: 3 });
    expect(e2.position).toEqual({ x: 4, y: 7 });
    expect(enemyActivationOrder(s).map((u) => u.id)).toEqual([arch.id, e2.id, e1.id]);
    // Version 3: 2 and 2, so the muster order decided.
    expect(enemyActivationOrder(asVersion(s, 3)).map((u) => u.id)).toEqual([arch.id, e1.id, e2.id]);
  });
});

describe('III: facing and the tactics count to a large hero\u2019s base too', () => {
  it('an alerted enemy turns to face the closest hero in sight: the ogre 3 from its base, not the swordsman 4 away (a tie, 4 and 4, by the ogre\u2019s main square)', () => {
    // The enemy at (6,5); the hero swordsman at (10,1), 4 away; the hero ogre's main square
    // (2,6), its base to (3,7): 3 from the enemy by its square (3,6), 4 by its main square.
    const made = skirmishGame(
      `
      ##############
      #.........h..#
      #............#
      #............#
      #............#
      #.....e......#
      #.h..........#
      #............#
      #............#
      ##############`,
      ['swordsman', 'ogre'],
      ['swordsman'],
    );
    const facingAfter = (s: GameState): number => {
      const state = structuredClone(s);
      const foe = state.units.find((u) => u.side === 'enemies')!;
      foe.ai!.status = 'alerted';
      foe.facing = 4;
      updateAwareness({ state, dice: riggedDice([]), events: [], rules: requireRules(state) });
      return foe.facing;
    };
    const foe = made.units.find((u) => u.side === 'enemies')!;
    expect(foe.position).toEqual({ x: 6, y: 5 });
    expect(unit(made, 'ogre-1').position).toEqual({ x: 2, y: 6 });
    expect(unit(made, 'swordsman-1').position).toEqual({ x: 10, y: 1 });
    // Toward the ogre's nearest square (3,6); under version 3 the tie went to the first
    // hero listed, the swordsman.
    expect(facingAfter(made)).toBe(facingToward({ x: 6, y: 5 }, { x: 3, y: 6 }));
    expect(facingAfter(asVersion(made, 3))).toBe(facingToward({ x: 6, y: 5 }, { x: 10, y: 1 }));
  });

  it('IV Commanding: names the hero nearest its army, summed to the ogre\u2019s base (9) against the swordsman (10); by the main square 12', () => {
    // The hero ogre's main square (2,1), its base to (3,2); the enemies at (5,4), (6,4),
    // (7,4): 2 + 3 + 4 = 9 to the base, 3 + 4 + 5 = 12 to the main square; the hero
    // swordsman at (9,7): 4 + 3 + 3 = 10.
    const s = skirmishGame(
      `
      ##############
      #.h..........#
      #............#
      #............#
      #....eee.....#
      #............#
      #............#
      #........h...#
      ##############`,
      ['ogre', 'swordsman'],
      ['swordsman', 'swordsman', 'swordsman'],
    );
    const commander = s.units.find((u) => u.side === 'enemies')!;
    commander.skirmish!.tactic = 'commanding';
    expect(commander.position).toEqual({ x: 5, y: 4 });
    const pick = (state: GameState): string | undefined =>
      targetByTactic(
        { state, dice: riggedDice([]), events: [], rules: requireRules(state) },
        placed(state, commander.id),
      )?.id;
    expect(pick(s)).toBe('ogre-1');
    expect(pick(asVersion(s, 3))).toBe('swordsman-1');
  });
});

describe('VI Objectives: a large foe\u2019s base within 2 squares stops a hold', () => {
  it('the hero beside the markers at the centre holds them only while no square of the ogre\u2019s base is within 2 of them', () => {
    // VI: held with a figure in base contact and "no opposing miniatures ... within 2
    // inches" (2 squares here). The markers: the section's centre (4,4) and the table's
    // beside it (4,3); the ogre's main square (1,1), its base to (2,2): 2 from each marker
    // by its base, 3 by its main square.
    const s = skirmishGame(
      `
.........
.e.......
.........
.........
....h....
.........
.........
.........
.........`,
      ['swordsman'],
      ['ogre'],
    );
    const ogre = s.units.find((u) => u.kind === 'ogre')!;
    expect(ogre.position).toEqual({ x: 1, y: 1 });
    expect(distanceToUnit({ x: 4, y: 4 }, ogre)).toBe(2);
    expect(victoryPoints(s, 'heroes')).toBe(0);
    // Versions 2 and 3 measured to the main square, 3 away: the hero held both, the one
    // nearest its own side (1 VP) and the one nearest the foe's (4).
    expect(victoryPoints(asVersion(s, 3), 'heroes')).toBe(5);
  });
});

describe('the heroes\u2019 autopilot measures to a large foe\u2019s base too', () => {
  it('a hero out of reach of both foes closes on the ogre, 7 from its base (8 from its main square), not the swordsman 8 away', () => {
    // Small battlefield: the hero moves 3 (V: "Average 3"). The ogre's main square (2,2),
    // its base to (3,3); the hero at (10,8); the enemy swordsman at (18,8).
    const s0 = skirmishGame(
      `
      ####################
      #..................#
      #.e................#
      #..................#
      #..................#
      #..................#
      #..................#
      #..................#
      #.........h.......e#
      #..................#
      ####################`,
      ['swordsman'],
      ['ogre', 'swordsman'],
      { scale: 'small' },
    );
    const { state: s } = play(s0, { type: 'start' }, [15, 5]);
    const hero = s.units.find((u) => u.side === 'heroes')!;
    const ogre = s.units.find((u) => u.kind === 'ogre')!;
    const man = s.units.find((u) => u.side === 'enemies' && u.kind === 'swordsman')!;
    expect(s.turn?.unitId).toBe(hero.id);
    expect(hero.move).toBe(3);
    expect(ogre.position).toEqual({ x: 2, y: 2 });
    expect(man.position).toEqual({ x: 18, y: 8 });
    expect(distanceToUnit(hero.position!, ogre)).toBe(7);
    expect(distanceToUnit(hero.position!, man)).toBe(8);
    const command = chooseHeroCommand(s);
    expect(command?.type).toBe('move');
    const to = (command as { to: Point }).to;
    // Its whole move toward the ogre's nearest square: 4 from it now.
    expect(distanceToUnit(to, ogre)).toBe(4);
    expect(distanceToUnit(to, man)).toBeGreaterThan(8);
  });
});
