/**
 * The Skirmish's d20 rules with rigged dice (solitaire-gaming-rules.txt), section by
 * section: initiative (III), moves and ranges (V), Simple Basic Combat (VIII).
 */
import { describe, expect, it } from 'vitest';
import { legalCommands, previewAction } from '../../../src/engine/game';
import { play, rejects, rollsOf, unit } from '../helpers';
import { NEAR, skirmishGame } from './helpers';

const OPEN = `
##########
#........#
#...e....#
#........#
#...h....#
##########
`;

/** Starts a battle with the heroes winning initiative (a 15 against a 5). */
function heroesFirst(heroes: string[], enemies: string[], ascii = OPEN, options = {}) {
  return play(skirmishGame(ascii, heroes, enemies, options), { type: 'start' }, [15, 5]);
}

describe('III Initiative: a d20 for each army, ties rerolled', () => {
  it('the higher roll acts first; a tie is rolled again', () => {
    const { state, events } = play(
      skirmishGame(OPEN, ['swordsman'], ['swordsman']),
      { type: 'start' },
      [7, 7, 4, 12],
    );
    expect(rollsOf(events).map((r) => r.value)).toEqual([7, 7, 4, 12]);
    expect(events.find((e) => e.type === 'initiative')).toMatchObject({
      heroes: 4,
      enemies: 12,
      first: 'enemies',
    });
    // The enemy (Prepared, no patrols) acted first; now the hero's turn.
    expect(state.turn?.unitId).toBe('swordsman-1');
  });

  it('armies alternate single activations; the player chooses which hero acts', () => {
    const s = heroesFirst(
      ['swordsman', 'archer'],
      ['swordsman', 'swordsman'],
      `
##########
#..e.e...#
#........#
#........#
#..h.h...#
##########
`,
    ).state;
    expect(s.turn?.unitId).toBe('swordsman-1');
    expect(legalCommands(s)).toContainEqual({ type: 'activate', unit: 'archer-1' });
    const picked = play(s, { type: 'activate', unit: 'archer-1' }).state;
    expect(picked.turn?.unitId).toBe('archer-1');
    // After the archer, one enemy acts, then the remaining hero.
    const after = play(picked, { type: 'end-turn', unit: 'archer-1' });
    const enemyTurns = after.events.filter(
      (e) =>
        e.type === 'turn-started' && e.unit.startsWith('swordsman-') && e.unit !== 'swordsman-1',
    );
    expect(enemyTurns).toHaveLength(1);
    expect(after.state.turn?.unitId).toBe('swordsman-1');
  });
});

describe('V Movement and Range', () => {
  it('a Move Unit of 6 on a large field, 3 on a small; small figures 5/2, mounts 9/5, heavy armour 1 fewer', () => {
    const large = skirmishGame(OPEN, ['swordsman'], ['wolf', 'lancer', 'knight'].slice(0, 1));
    expect(unit(large, 'swordsman-1').move).toBe(6);
    const small = skirmishGame(OPEN, ['swordsman'], ['wolf'], { scale: 'small' });
    expect(unit(small, 'swordsman-1').move).toBe(3);
    expect(unit(small, 'wolf-1').move).toBe(2);
    const mounted = skirmishGame(OPEN, ['lancer'], ['knight']);
    expect(unit(mounted, 'lancer-1').move).toBe(9);
    expect(unit(mounted, 'knight-1').move).toBe(5);
  });

  it('ranges: reach 2; short 10 (5 small); long 25 (12 small) and not adjacent', () => {
    const s = skirmishGame(OPEN, ['spearman', 'archer', 'slinger'], ['swordsman'], {
      scale: 'small',
    });
    const range = (id: string) => unit(s, id).weapons.map((w) => [w.minRange, w.maxRange]);
    expect(range('spearman-1')).toEqual([[1, 2]]);
    expect(range('slinger-1')).toEqual([[1, 5]]);
    expect(range('archer-1')[0]).toEqual([2, 12]);
    const large = skirmishGame(OPEN, ['archer', 'slinger'], ['swordsman']);
    expect(unit(large, 'archer-1').weapons[0]).toMatchObject({ minRange: 2, maxRange: 25 });
    expect(unit(large, 'slinger-1').weapons[0]).toMatchObject({ maxRange: 10 });
  });
});

describe('VIII Simple Basic Combat', () => {
  // A wolf: no shield, no armour, one wound.
  const attack = {
    type: 'attack',
    unit: 'swordsman-1',
    target: 'wolf-1',
    weapon: 'sword',
  } as const;

  it('melee hits on 6+; the defence saves on 11+; a failed defence defeats a one-wound figure', () => {
    const s = heroesFirst(['swordsman'], ['wolf'], NEAR).state;
    expect(unit(play(s, attack, [5]).state, 'wolf-1').position).not.toBeNull(); // a miss
    expect(unit(play(s, attack, [6, 11]).state, 'wolf-1').position).not.toBeNull(); // saved
    const hit = play(s, attack, [6, 10]);
    expect(unit(hit.state, 'wolf-1').position).toBeNull();
    expect(rollsOf(hit.events).map((r) => r.purpose)).toEqual(['attack', 'defend']);
  });

  it('a weapon that stuns stuns (VIII Defend: "suffers a stun and does not take actions in the next round"), and does not wound', () => {
    const s = heroesFirst(['healer'], ['knight'], NEAR).state;
    // The knight defends in heavy armour: two dice, the higher kept.
    const r = play(
      s,
      { type: 'attack', unit: 'healer-1', target: 'knight-1', weapon: 'mace' },
      [6, 3, 9],
    );
    expect(unit(r.state, 'knight-1').wounds).toBe(0);
    expect(unit(r.state, 'knight-1').skirmish?.stunnedRound).toBe(2);
    expect(r.events.some((e) => e.type === 'stunned')).toBe(true);
  });

  it('advantage: a capable attacker rolls twice and keeps the higher', () => {
    const s = heroesFirst(['captain'], ['wolf'], NEAR).state;
    const r = play(
      s,
      { type: 'attack', unit: 'captain-1', target: 'wolf-1', weapon: 'sword' },
      [2, 6, 4],
    );
    expect(unit(r.state, 'wolf-1').position).toBeNull();
    const preview = previewAction(s, {
      type: 'attack',
      unit: 'captain-1',
      target: 'wolf-1',
      weapon: 'sword',
    })!;
    // 1 - (5/20)^2 to hit, then the defence fails on 1-10.
    expect(preview.chance).toBeCloseTo((1 - (5 / 20) ** 2) * 0.5);
    expect(preview.modifiers.map((m) => m.label)).toContain(
      'Capable attacker: attack with advantage',
    );
  });

  it('ranged hits on 11+, into cover on 16+', () => {
    const range = `
##########
#h......e#
##########
`;
    const s = heroesFirst(['archer'], ['wolf'], range).state;
    const shot = {
      type: 'attack',
      unit: 'archer-1',
      target: 'wolf-1',
      weapon: 'bow',
    } as const;
    expect(previewAction(s, shot)!.chance).toBeCloseTo(0.5 * 0.5);
    expect(unit(play(s, shot, [10]).state, 'wolf-1').position).not.toBeNull();
    expect(unit(play(s, shot, [11, 1]).state, 'wolf-1').position).toBeNull();
    const covered = `
#########
#h......#
#....#.e#
#########
`;
    const c = heroesFirst(['archer'], ['wolf'], covered).state;
    const p = previewAction(c, shot)!;
    expect(p.cover === 'partial' || p.cover === 'full').toBe(true);
    expect(p.chance).toBeCloseTo((5 / 20) * 0.5);
    expect(unit(play(c, shot, [15]).state, 'wolf-1').position).not.toBeNull();
  });

  it('a group against one: a melee attacker with a friend beside the target attacks with advantage', () => {
    const gang = `
########
#..h...#
#..he..#
#......#
########
`;
    const s = heroesFirst(['swordsman', 'swordsman'], ['swordsman'], gang).state;
    const p = previewAction(s, {
      type: 'attack',
      unit: 'swordsman-2',
      target: 'swordsman-3',
      weapon: 'sword',
    })!;
    expect(p.modifiers.map((m) => m.label)).toContain('Ganging up: attack with advantage');
  });

  it('an area weapon strikes every figure around the target square', () => {
    const blast = `
##########
#h.......#
#....ee..#
#....e...#
##########
`;
    const s = heroesFirst(['fire-mage'], ['wolf', 'wolf', 'wolf'], blast).state;
    const r = play(
      s,
      { type: 'attack', unit: 'fire-mage-1', target: 'wolf-1', weapon: 'fireball' },
      [11, 1, 11, 1, 11, 1],
    );
    expect(r.state.units.filter((u) => u.side === 'enemies' && u.position)).toHaveLength(0);
  });

  it('a figure carrying the object attacks as any other (VI Transport: it "does not affect the figure\u2019s movement, attack, or defense")', () => {
    const s = heroesFirst(['swordsman'], ['wolf'], NEAR).state;
    unit(s, 'swordsman-1').carrying = 'object';
    expect(legalCommands(s)).toContainEqual(attack);
    // Melee 6+, the defence fails on 10: the foe falls.
    const hit = play(s, attack, [6, 10]);
    expect(unit(hit.state, 'wolf-1').position).toBeNull();
  });
});
