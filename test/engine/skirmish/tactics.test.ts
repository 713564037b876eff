/**
 * Combat tactics (solitaire-gaming-rules IV): a test for each of the 18, showing how it
 * changes whom a figure goes for or where it stands.
 */
import { describe, expect, it } from 'vitest';
import { riggedDice } from '../../../src/engine/dice';
import { applyCommand } from '../../../src/engine/game';
import { rollTactic, targetByTactic } from '../../../src/engine/rulesets/skirmish/tactics';
import type { Tactic } from '../../../src/engine/rulesets/skirmish/types';
import type { Context } from '../../../src/engine/systems/context';
import { requireRules } from '../../../src/engine/rulesets/registry';
import type { GameEvent, GameState, Unit } from '../../../src/engine/types';
import { unit } from '../helpers';
import { skirmishGame } from './helpers';

/** A battle where every enemy is alerted and `id` fights by `tactic`. */
function withTactic(
  ascii: string,
  heroes: string[],
  enemies: string[],
  id: string,
  tactic: Tactic,
  options = {},
): GameState {
  const s = skirmishGame(ascii, heroes, enemies, options);
  for (const u of s.units) if (u.ai) u.ai.status = 'alerted';
  unit(s, id).skirmish!.tactic = tactic;
  s.heroesHaveMoved = true;
  return s;
}

function ctxOf(state: GameState): Context {
  return { state, dice: riggedDice([]), events: [], rules: requireRules(state) };
}

function targetOf(state: GameState, id: string): string | undefined {
  return targetByTactic(
    ctxOf(state),
    unit(state, id) as Unit & { position: { x: number; y: number } },
  )?.id;
}

/** The enemies act first; returns the events of the start (their first activation). */
function enemyActs(state: GameState, rolls: number[]): { state: GameState; events: GameEvent[] } {
  const r = applyCommand(state, { type: 'start' }, { dice: riggedDice([5, 15, ...rolls]) });
  if (!r.ok) throw new Error(r.error);
  return r;
}

const TWO = `
###########
#....e....#
#.........#
#.........#
#.h.....h.#
###########
`;

describe('IV tactics that choose the target', () => {
  it('Ambitious: the greatest threat (the most points), not the nearest', () => {
    const s = withTactic(TWO, ['swordsman', 'knight'], ['captain'], 'captain-1', 'ambitious');
    expect(targetOf(s, 'captain-1')).toBe('knight-1');
  });

  it('Efficient: the easiest threat (the fewest wounds left)', () => {
    const s = withTactic(TWO, ['knight', 'captain'], ['warlord'], 'warlord-1', 'efficient');
    unit(s, 'captain-1').wounds = 2;
    expect(targetOf(s, 'warlord-1')).toBe('captain-1');
  });

  it('Vengeful: the most wounded foe, for the killing blow', () => {
    const s = withTactic(TWO, ['knight', 'lancer'], ['warlord'], 'warlord-1', 'vengeful');
    unit(s, 'lancer-1').wounds = 1;
    expect(targetOf(s, 'warlord-1')).toBe('lancer-1');
  });

  it('Slaying: into the thick of it, the foe with the most of its friends around', () => {
    const crowd = `
###########
#....e....#
#.........#
#.h.....hh#
#........h#
###########
`;
    const s = withTactic(
      crowd,
      ['swordsman', 'swordsman', 'swordsman', 'swordsman'],
      ['warlord'],
      'warlord-1',
      'slaying',
    );
    expect(['swordsman-2', 'swordsman-3', 'swordsman-4']).toContain(targetOf(s, 'warlord-1'));
    expect(targetOf(s, 'warlord-1')).not.toBe('swordsman-1');
  });

  it('Controlling: where its area weapon strikes the most foes', () => {
    const crowd = `
###########
#....e....#
#.........#
#.h.....hh#
###########
`;
    const s = withTactic(
      crowd,
      ['swordsman', 'swordsman', 'swordsman'],
      ['fire-mage'],
      'fire-mage-1',
      'controlling',
    );
    expect(['swordsman-2', 'swordsman-3']).toContain(targetOf(s, 'fire-mage-1'));
  });

  it('Partnership: the foe its allies already fight', () => {
    const fight = `
###########
#e...e....#
#.........#
#.h.....h.#
#........e#
###########
`;
    const s = withTactic(
      fight,
      ['swordsman', 'swordsman'],
      ['captain', 'swordsman', 'swordsman'],
      'captain-1',
      'partnership',
    );
    // An ally of the captain stands next to the second swordsman.
    expect(targetOf(s, 'captain-1')).toBe('swordsman-2');
  });

  it('Determined: the foe it attacked last, even when another is nearer', () => {
    const s = withTactic(TWO, ['swordsman', 'knight'], ['captain'], 'captain-1', 'determined');
    expect(targetOf(s, 'captain-1')).toBeUndefined();
    unit(s, 'captain-1').skirmish!.lastTarget = 'knight-1';
    expect(targetOf(s, 'captain-1')).toBe('knight-1');
  });

  it('Commanding: the foe nearest its army as a whole', () => {
    const army = `
###########
#e.......e#
#........e#
#.h.....h.#
###########
`;
    const s = withTactic(
      army,
      ['swordsman', 'swordsman'],
      ['captain', 'swordsman', 'swordsman'],
      'captain-1',
      'commanding',
    );
    expect(targetOf(s, 'captain-1')).toBe('swordsman-2');
  });
});

describe('IV tactics that change where a figure stands or how it fights', () => {
  const FAR = `
###########
#....e....#
#.........#
#.........#
#.........#
#.........#
#....h....#
###########
`;

  it('Cautious: stays back while no foe is within reach', () => {
    const s = withTactic(FAR, ['archer'], ['swordsman'], 'swordsman-1', 'cautious');
    const before = unit(s, 'swordsman-1').position;
    expect(unit(enemyActs(s, []).state, 'swordsman-1').position).toEqual(before);
  });

  it('Negotiating: stands its ground and strikes only a foe next to it', () => {
    const s = withTactic(FAR, ['archer'], ['captain'], 'captain-1', 'negotiating');
    const r = enemyActs(s, []);
    // Its hand crossbow reaches the archer, but it does not shoot.
    expect(r.events.some((e) => e.type === 'attacked')).toBe(false);
  });

  it('Reckless: charges with its melee weapon though it could shoot', () => {
    const s = withTactic(FAR, ['swordsman'], ['archer'], 'archer-1', 'reckless');
    // It closes and strikes with its knife: a 1, a miss.
    const r = enemyActs(s, [1]);
    // It runs 6 squares at the swordsman instead of shooting its bow from where it stands.
    expect(r.events.some((e) => e.type === 'attacked' && e.weapon === 'bow')).toBe(false);
    expect(unit(r.state, 'archer-1').position!.y).toBeGreaterThan(1);
  });

  it('Dramatic: its showiest weapon, the fireball, over the staff', () => {
    const near = `
#######
#..e..#
#..h..#
#######
`;
    const s = withTactic(near, ['swordsman'], ['fire-mage'], 'fire-mage-1', 'dramatic');
    // Fireball (11+) instead of the staff (6+): 12 hits, 1 fails the defence.
    const r = enemyActs(s, [12, 1]);
    expect(r.events.find((e) => e.type === 'attacked')).toMatchObject({ weapon: 'fireball' });
  });

  it('Selective: backs off to shoot from as far as its weapon reaches', () => {
    const lane = `
################
#......e.......#
#..............#
#......h.......#
################
`;
    const s = withTactic(lane, ['knight'], ['slinger'], 'slinger-1', 'selective');
    // Two squares from the knight, in range; it backs off along the lane as far as its 5
    // squares of move allow (the sling reaches 10), then shoots: a 1.
    const r = enemyActs(s, [1]);
    const sl = unit(r.state, 'slinger-1').position!;
    const kn = unit(r.state, 'knight-1').position!;
    expect(Math.max(Math.abs(sl.x - kn.x), Math.abs(sl.y - kn.y))).toBe(5);
    expect(r.events.some((e) => e.type === 'attacked' && e.weapon === 'sling')).toBe(true);
  });

  it('Quick: strikes, then darts away', () => {
    const near = `
##########
#...e....#
#...h....#
#........#
##########
`;
    const s = withTactic(near, ['knight'], ['wolf'], 'wolf-1', 'quick');
    const r = enemyActs(s, [1]);
    const types = r.events.map((e) => e.type);
    expect(types.indexOf('attacked')).toBeLessThan(types.lastIndexOf('moved'));
    const w = unit(r.state, 'wolf-1').position!;
    expect(Math.max(Math.abs(w.x - 4), Math.abs(w.y - 2))).toBeGreaterThan(1);
  });

  it('Pragmatic: closes on its foe by a square in cover', () => {
    const corner = `
#######
#e....#
#...#.#
#...h.#
#######
`;
    const s = withTactic(corner, ['swordsman'], ['swordsman'], 'swordsman-2', 'pragmatic');
    const r = enemyActs(s, [1]);
    const at = unit(r.state, 'swordsman-2').position!;
    // Its square is next to the hero, across the wall's corner (partial cover).
    expect(at).toEqual({ x: 3, y: 2 });
  });

  it('Opportunistic and Curious: to the objective before the fight', () => {
    // Tall enough that each army's own side lies more than a Move Unit from the foe's
    // start (Transport needs a home for each, goals.ts).
    const tall = `
###########
#....e....#
#.........#
#.........#
#.........#
#.........#
#.........#
#.........#
#.........#
#....h....#
###########
`;
    for (const tactic of ['opportunistic', 'curious'] as const) {
      const s = withTactic(tall, ['swordsman'], ['captain'], 'captain-1', tactic, {
        scenario: 'transport',
      });
      const r = enemyActs(s, [1, 1]);
      expect(
        r.events.some((e) => e.type === 'moved' && e.reason === 'making for the objective first'),
      ).toBe(true);
    }
  });

  it('Unexpected: another tactic rolled for the battle; a second Unexpected keeps the last', () => {
    const s = skirmishGame(TWO, ['swordsman'], ['captain']);
    const ctx = { ...ctxOf(s), dice: riggedDice([17, 8]) };
    expect(rollTactic(ctx, unit(s, 'captain-1'))).toBe('efficient');
    const again = { ...ctxOf(s), dice: riggedDice([20, 17]) };
    // 19-20 roll again; Unexpected with a last tactic keeps it.
    expect(rollTactic(again, unit(s, 'captain-1'), 'selective')).toBe('selective');
  });
});
