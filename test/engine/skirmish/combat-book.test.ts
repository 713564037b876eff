/**
 * The Skirmish's combat as the rule books read (issue 28), with rigged dice on ASCII
 * boards: solitaire-gaming-rules.txt III ("Primary Weapon", "Cover"), V ("Dangerous
 * Terrain", "Range"), VII (the terrain table's cover), VIII ("Attack", "Defend", "Special
 * Abilities"), and miniatures-los-cover.txt (wild attacks, attacks out of sight, shields).
 * Each test quotes the words it holds the game to.
 */
import { describe, expect, it } from 'vitest';
import { legalCommands, previewAction } from '../../../src/engine/game';
import type { Facing, Point } from '../../../src/engine/grid';
import {
  describeSkirmishUnit,
  skirmishCoverBetween,
} from '../../../src/engine/rulesets/skirmish/texts';
import type { Command, GameEvent, GameState } from '../../../src/engine/types';
import { play, rejects, rollsOf, unit } from '../helpers';
import { NEAR, skirmishField, skirmishGame } from './helpers';

/** Starts a battle with the heroes winning initiative (a 15 against a 5). */
function heroesFirst(ascii: string, heroes: string[], enemies: string[], options = {}) {
  return play(skirmishField(ascii, heroes, enemies, options), { type: 'start' }, [15, 5]).state;
}

/** Stands the figures where and as told (a test's set-up, before anything is rolled). */
function standing(
  state: GameState,
  where: Record<string, { at?: Point; facing?: Facing }>,
): GameState {
  for (const [id, { at, facing }] of Object.entries(where)) {
    const u = unit(state, id);
    if (at) u.position = at;
    if (facing !== undefined) u.facing = facing;
  }
  return state;
}

/** Every enemy alerted, the heroes having moved (a test's set-up: alerting is tested elsewhere). */
function alerted(state: GameState): GameState {
  for (const u of state.units) if (u.ai) u.ai.status = 'alerted';
  state.heroesHaveMoved = true;
  return state;
}

function attack(unitId: string, target: string, weapon: string): Command {
  return { type: 'attack', unit: unitId, target, weapon };
}

function labels(state: GameState, command: Command): string[] {
  return previewAction(state, command)!.modifiers.map((m) => m.label);
}

function ruleOf(events: GameEvent[], purpose: string): string {
  const roll = events.find((e) => e.type === 'roll' && e.purpose === purpose);
  return roll?.rule ? `${roll.rule.book}: ${roll.rule.section}` : '';
}

// A long lane: an archer at its west end.
/** A lane 10 squares long, an archer at its west end and `feature` (FEATURE_LETTERS) at (x, 2). */
function lane(feature: string, x: number): string {
  const row = `#${'.'.repeat(x - 1)}${feature}${'.'.repeat(10 - x)}#`;
  return `
############
#h.........#
${row}
############
`;
}

describe('VII terrain cover and VIII "Ranged attack when the target is in cover: ... 16 or more"', () => {
  it('VII light woods: "Offers partial cover to any character inside the woods": a shot at a wolf in them needs 16+', () => {
    const s = standing(heroesFirst(lane('w', 8), ['archer'], ['wolf']), {
      'wolf-1': { at: { x: 8, y: 2 } },
    });
    const shot = attack('archer-1', 'wolf-1', 'bow');
    const p = previewAction(s, shot)!;
    expect(p.cover).toBe('partial');
    expect(p.chance).toBeCloseTo((5 / 20) * 0.5);
    expect(labels(s, shot)).toContain('Target in cover: partial where it stands \u2014 16+ to hit');
    expect(unit(play(s, shot, [15]).state, 'wolf-1').position).not.toBeNull();
    const hit = play(s, shot, [16, 10]);
    expect(unit(hit.state, 'wolf-1').position).toBeNull();
    expect(ruleOf(hit.events, 'attack')).toBe(
      'Solitaire rules: VIII Attack: ranged into cover 16+',
    );
    // The line-of-sight preview on hover says so too.
    expect(skirmishCoverBetween(s, unit(s, 'archer-1'), { x: 1, y: 1 }, { x: 8, y: 2 })).toBe(
      'partial',
    );
    // Out of the woods, on open ground: 11+ again.
    const open = standing(s, { 'wolf-1': { at: { x: 8, y: 1 } } });
    expect(previewAction(open, shot)!.cover).toBe('clear');
    expect(unit(play(open, shot, [11, 10]).state, 'wolf-1').position).toBeNull();
  });

  it('VII heavy woods: "Offers full cover to any character inside the woods"', () => {
    const s = standing(heroesFirst(lane('T', 8), ['archer'], ['wolf']), {
      'wolf-1': { at: { x: 8, y: 2 } },
    });
    const p = previewAction(s, attack('archer-1', 'wolf-1', 'bow'))!;
    expect(p.cover).toBe('full');
    expect(p.chance).toBeCloseTo((5 / 20) * 0.5);
  });

  it('VII low wall: a wolf behind it (the wall toward the shooter) is in partial cover; in front of it, not', () => {
    const s = standing(heroesFirst(lane('=', 7), ['archer'], ['wolf']), {
      'wolf-1': { at: { x: 8, y: 2 } },
    });
    const shot = attack('archer-1', 'wolf-1', 'bow');
    expect(previewAction(s, shot)!.cover).toBe('partial');
    expect(labels(s, shot)).toContain('Target in cover: partial in front of it \u2014 16+ to hit');
    // On the archer's side of the wall the wall is behind it: no cover.
    const before = standing(s, { 'wolf-1': { at: { x: 6, y: 2 } } });
    expect(previewAction(before, shot)!.cover).toBe('clear');
  });

  it('the cover is the worse for the attacker of the lines and the ground: a wolf in light woods round a corner is in full cover', () => {
    const board = `
############
#h.........#
#######..w.#
############
`;
    const s = standing(heroesFirst(board, ['archer'], ['wolf']), {
      'wolf-1': { at: { x: 9, y: 2 } },
    });
    const shot = attack('archer-1', 'wolf-1', 'bow');
    // The rock alone hides most of it from the archer; the woods it stands in add theirs.
    expect(previewAction(s, shot)!.cover).toBe('full');
    expect(labels(s, shot)[0]).toMatch(/most lines blocked \(full\); partial where it stands/);
  });

  it('VIII Special Abilities: "the target is in cover" rolls twice: a wolf in light woods defends a blow with advantage', () => {
    const board = `
#######
#.hw..#
#######
`;
    const s = standing(heroesFirst(board, ['swordsman'], ['wolf']), {
      'wolf-1': { at: { x: 3, y: 1 } },
    });
    const blow = attack('swordsman-1', 'wolf-1', 'sword');
    const p = previewAction(s, blow)!;
    expect(p.modifiers.map((m) => m.label)).toContain(
      'Target in cover: partial where it stands \u2014 defends with advantage',
    );
    // Still 6+ to hit; the defence fails only if both dice do: 0.75 x 0.25.
    expect(p.chance).toBeCloseTo(0.75 * 0.25);
    // 6 hits; the wolf defends twice (3 and 12): saved.
    expect(unit(play(s, blow, [6, 3, 12]).state, 'wolf-1').position).not.toBeNull();
    expect(unit(play(s, blow, [6, 3, 10]).state, 'wolf-1').position).toBeNull();
  });
});

describe('VIII Defend: "the target takes 1 wound ...; suffers a stun ...; or is outright defeated" (one effect)', () => {
  it('a failed defence against a mace stuns and does not wound, even a common figure', () => {
    const s = heroesFirst(NEAR, ['healer'], ['wolf']);
    const r = play(s, attack('healer-1', 'wolf-1', 'mace'), [6, 10]);
    const wolf = unit(r.state, 'wolf-1');
    expect(wolf.position).not.toBeNull();
    expect(wolf.wounds).toBe(0);
    expect(wolf.skirmish?.stunnedRound).toBe(2);
    expect(r.events.filter((e) => e.type === 'wounded')).toEqual([]);
  });

  it('the war axe deals one wound, not two: a failed defence is 1 wound to a figure that can take several', () => {
    const s = heroesFirst(NEAR, ['warlord'], ['knight']);
    // The warlord strikes twice (capable, 1 and 7); the knight defends twice (armour and
    // shield): 4 and 9, failed.
    const r = play(s, attack('warlord-1', 'knight-1', 'axe'), [1, 7, 4, 9]);
    expect(unit(r.state, 'knight-1').wounds).toBe(1);
    // Nor does its card promise two.
    expect(describeSkirmishUnit(s, unit(s, 'warlord-1')).join(' ')).not.toMatch(/2 wounds/);
  });

  it('a unique figure on its last wound is defeated by the wound', () => {
    const s = heroesFirst(NEAR, ['swordsman'], ['lancer']);
    unit(s, 'lancer-1').wounds = 1;
    const r = play(s, attack('swordsman-1', 'lancer-1', 'sword'), [6, 10]);
    expect(unit(r.state, 'lancer-1').position).toBeNull();
  });
});

describe('V Dangerous Terrain: "Roll a die when a figure moves into or ends its turn in dangerous terrain ... On a 1 to 3, the figure immediately takes 1 hit."', () => {
  const BOG = `
#########
#...e...#
#.......#
#.......#
#.h^....#
#########
`;

  it('a hero ending its turn on dangerous ground rolls; 1-3 is a hit it defends against (VIII Defend: 11+ no damage)', () => {
    const s = standing(heroesFirst(BOG, ['swordsman'], ['wolf']), {
      'swordsman-1': { at: { x: 3, y: 4 } },
    });
    const end = { type: 'end-turn', unit: 'swordsman-1' } as const;
    // 4+: unharmed (and the wolf, prepared, waits; the next round: 15 against 5).
    expect(rollsOf(play(s, end, [4, 15, 5]).events).map((r) => r.purpose)).toEqual([
      'dangerous-terrain',
      'initiative',
      'initiative',
    ]);
    // 3, a hit; the defence holds on 11.
    const saved = play(s, end, [3, 11, 15, 5]);
    expect(unit(saved.state, 'swordsman-1').position).not.toBeNull();
    // 2, a hit; the defence fails on 10: a common figure falls.
    const fell = play(s, end, [2, 10]);
    expect(unit(fell.state, 'swordsman-1').position).toBeNull();
    expect(ruleOf(fell.events, 'dangerous-terrain')).toBe(
      'Solitaire rules: V Dangerous Terrain: ends its turn in, 1-3 a hit',
    );
    expect(ruleOf(fell.events, 'defend')).toBe('Solitaire rules: VIII Defend: 11+ does no damage');
    expect(fell.state.outcome?.winner).toBe('enemies');
  });

  it('moving into it rolls, and ending the turn there rolls again (the seed names both)', () => {
    const s = heroesFirst(BOG, ['swordsman'], ['wolf']);
    const moved = play(s, { type: 'move', unit: 'swordsman-1', to: { x: 3, y: 4 } }, [6]);
    expect(moved.events.find((e) => e.type === 'roll')?.text).toMatch(/enters dangerous ground/);
    // 5: unharmed; then the wolf, alerted, comes and bites (1, a miss); round 2: 15 and 5.
    const ended = play(moved.state, { type: 'end-turn', unit: 'swordsman-1' }, [5, 1, 15, 5]);
    expect(ended.events.find((e) => e.type === 'roll')?.text).toMatch(
      /ends its turn on dangerous ground/,
    );
  });

  it('an enemy ending its activation there rolls too; tough armour defends twice', () => {
    const board = `
#########
#...^...#
#.......#
#.......#
#...h...#
#########
`;
    const s = standing(skirmishGame(board, ['swordsman'], ['knight']), {
      'knight-1': { at: { x: 4, y: 1 } },
    });
    // Enemies first (5 against 15); the knight waits, prepared, and ends its turn on the
    // bog: 1, a hit; it defends twice, 4 and 12: no damage.
    const r = play(s, { type: 'start' }, [5, 15, 1, 4, 12]);
    expect(rollsOf(r.events).map((x) => [x.purpose, x.unit])).toEqual([
      ['initiative', null],
      ['initiative', null],
      ['dangerous-terrain', 'knight-1'],
      ['defend', 'knight-1'],
    ]);
    expect(unit(r.state, 'knight-1').wounds).toBe(0);
  });

  it('a stunned figure loses its actions but still ends its turn on the bog', () => {
    const board = `
#########
#...^...#
#.......#
#...h...#
#########
`;
    const s = standing(skirmishGame(board, ['swordsman'], ['wolf']), {
      'wolf-1': { at: { x: 4, y: 1 } },
    });
    unit(s, 'wolf-1').skirmish!.stunnedRound = 1;
    const r = play(s, { type: 'start' }, [5, 15, 6]);
    expect(r.events.some((e) => e.type === 'decision' && /stunned/.test(e.text))).toBe(true);
    expect(rollsOf(r.events).map((x) => x.purpose)).toContain('dangerous-terrain');
  });
});

describe('miniatures-los-cover: "Shields may also grant Full or Partial cover as well, depending on the size of the shield used"', () => {
  const SHOT = `
#########
#...e...#
#.......#
#.......#
#...h...#
#########
`;

  it('a small shield: partial cover (16+) against a shot from ahead; none from behind or beside', () => {
    const s = heroesFirst(SHOT, ['archer'], ['swordsman']);
    const shot = attack('archer-1', 'swordsman-1', 'bow');
    // Facing south, at the archer: the shield is toward the shot.
    standing(s, { 'swordsman-1': { facing: 4 } });
    const ahead = previewAction(s, shot)!;
    expect(ahead.cover).toBe('partial');
    expect(ahead.modifiers[0].label).toBe(
      'Target in cover: its shield faces the attack (partial) \u2014 16+ to hit',
    );
    expect(unit(play(s, shot, [15]).state, 'swordsman-1').position).not.toBeNull();
    // Its back to the archer, and its side: 11+.
    expect(previewAction(standing(s, { 'swordsman-1': { facing: 0 } }), shot)!.cover).toBe('clear');
    expect(previewAction(standing(s, { 'swordsman-1': { facing: 2 } }), shot)!.cover).toBe('clear');
  });

  it('a large shield: full cover from ahead and from either side, none from behind', () => {
    const s = heroesFirst(SHOT, ['archer'], ['knight']);
    const shot = attack('archer-1', 'knight-1', 'bow');
    expect(previewAction(standing(s, { 'knight-1': { facing: 4 } }), shot)!.cover).toBe('full');
    expect(previewAction(standing(s, { 'knight-1': { facing: 2 } }), shot)!.cover).toBe('full');
    expect(previewAction(standing(s, { 'knight-1': { facing: 0 } }), shot)!.cover).toBe('clear');
  });

  it('in melee a shield turned to the blow defends with advantage; from behind it does not', () => {
    const board = `
#######
#..h..#
#..e..#
#######
`;
    const s = heroesFirst(board, ['wolf'], ['swordsman']);
    const bite = attack('wolf-1', 'swordsman-1', 'bite');
    standing(s, { 'swordsman-1': { facing: 0 } });
    // 6 hits; two defence dice (4 and 12): saved.
    expect(unit(play(s, bite, [6, 4, 12]).state, 'swordsman-1').position).not.toBeNull();
    standing(s, { 'swordsman-1': { facing: 4 } });
    expect(unit(play(s, bite, [6, 4]).state, 'swordsman-1').position).toBeNull();
  });

  it('the card says so', () => {
    const s = skirmishGame(SHOT, ['knight'], ['swordsman']);
    expect(describeSkirmishUnit(s, unit(s, 'knight-1')).join(' ')).toMatch(
      /Large shield: full cover against attacks from ahead and from either side/,
    );
    expect(describeSkirmishUnit(s, unit(s, 'swordsman-1')).join(' ')).toMatch(
      /Small shield: partial cover against attacks from ahead/,
    );
  });
});

describe('miniatures-los-cover: a Wild attack "by shooting through the wall itself"', () => {
  // A hedge of heavy woods across the lane: it stops sight, not a bolt.
  const HEDGE = `
###########
#h...T....#
#....T....#
#....T....#
###########
`;

  it('a target out of sight behind heavy woods may be shot through them: 16+ for full cover, 4 more for -20%: 20', () => {
    const s = standing(heroesFirst(HEDGE, ['archer'], ['wolf']), {
      'wolf-1': { at: { x: 8, y: 2 } },
    });
    const shot = attack('archer-1', 'wolf-1', 'bow');
    expect(legalCommands(s)).toContainEqual(shot);
    const p = previewAction(s, shot)!;
    expect(p.cover).toBe('full');
    expect(p.summary).toMatch(/wild shot through the wall: 20\+ to hit/);
    expect(p.modifiers.map((m) => m.label)).toEqual([
      'Target out of sight behind woods or a hedge: full cover, 16+',
      'Wild shot through it: 4 more (20% of the die) \u2014 20+ to hit',
    ]);
    expect(p.chance).toBeCloseTo((1 / 20) * 0.5);
    expect(unit(play(s, shot, [19]).state, 'wolf-1').position).not.toBeNull();
    const hit = play(s, shot, [20, 10]);
    expect(unit(hit.state, 'wolf-1').position).toBeNull();
    expect(ruleOf(hit.events, 'attack')).toBe(
      'LOS & cover: Wild attack: through the wall, -20% and full cover',
    );
  });

  it('not through rock: "Such an attack would depend on the structure of the wall"', () => {
    const s = standing(heroesFirst(HEDGE.replace(/T/g, '#'), ['archer'], ['wolf']), {
      'wolf-1': { at: { x: 8, y: 2 } },
    });
    expect(rejects(s, attack('archer-1', 'wolf-1', 'bow'))).toMatch(/has no line to Enemy Wolf\./);
  });

  it('a shooter that can find no line takes a wild shot rather than nothing, and keeps out of melee', () => {
    const board = `
##########
#eTTTh...#
##########
`;
    // The archer can walk into the woods but sees no one from anywhere; next to the hero
    // it would be in melee, so it stops short and shoots blind through the last trees.
    const s = alerted(skirmishField(board, ['swordsman'], ['archer']));
    const r = play(s, { type: 'start' }, [5, 15, 20, 3]);
    expect(unit(r.state, 'archer-1').position).toEqual({ x: 3, y: 1 });
    expect(r.events.some((e) => e.type === 'decision' && /shoots blind/.test(e.text))).toBe(true);
    const shot = r.events.find((e) => e.type === 'attacked');
    expect(shot).toMatchObject({ unit: 'archer-1', weapon: 'bow', need: 20, hit: true });
    expect(unit(r.state, 'swordsman-1').position).toBeNull();
  });
});

describe('V "Area effect attacks ... are made against a target space and all spaces 1 space away"', () => {
  it('a blast strikes a foe beside the target that the thrower cannot see: out of sight, 16+', () => {
    const board = `
##########
#h....e..#
######e..#
#........#
##########
`;
    const s = heroesFirst(board, ['fire-mage'], ['wolf', 'wolf']);
    // The first wolf in sight (11+, killed); the second hidden by the rock below the lane
    // (out of sight: 16+): a 15 misses it.
    const r = play(s, attack('fire-mage-1', 'wolf-1', 'fireball'), [11, 1, 15]);
    expect(unit(r.state, 'wolf-1').position).toBeNull();
    expect(unit(r.state, 'wolf-2').position).not.toBeNull();
    const rolls = r.events.filter((e) => e.type === 'roll');
    expect(rolls.map((e) => (e.type === 'roll' ? e.need : 0))).toEqual([11, 11, 16]);
    expect(rolls[2].text).toMatch(/Fireball \(the blast\) at Enemy Wolf 2/);
  });

  it('miniatures-los-cover: "Targets that are out of sight can still be attacked indirectly, with area effect attacks": a blast beside it', () => {
    // The wolf below the rock, out of the mage's sight; the square above it is in sight.
    const board = `
##########
#h.......#
######...#
#.....e..#
##########
`;
    const s = heroesFirst(board, ['fire-mage'], ['wolf']);
    const lob = attack('fire-mage-1', 'wolf-1', 'fireball');
    expect(legalCommands(s)).toContainEqual(lob);
    const p = previewAction(s, lob)!;
    expect(p.summary).toMatch(/^Fireball, a blast beside it: 16\+ to hit/);
    expect(p.modifiers.map((m) => m.label)).toContain(
      'Struck by the blast: judged from where it bursts',
    );
    const r = play(s, lob, [16, 10]);
    expect(unit(r.state, 'wolf-1').position).toBeNull();
    // Its staff cannot do that.
    expect(rejects(s, attack('fire-mage-1', 'wolf-1', 'staff'))).toMatch(/out of Staff range/);
  });

  it('a wall between the blast and a figure shelters it (a diagonal seam of rock)', () => {
    const board = `
##########
#h....e#.#
#.....#e.#
#........#
##########
`;
    const s = heroesFirst(board, ['fire-mage'], ['wolf', 'wolf']);
    const r = play(s, attack('fire-mage-1', 'wolf-1', 'fireball'), [11, 1]);
    expect(rollsOf(r.events).map((x) => x.purpose)).toEqual(['attack', 'defend']);
    expect(unit(r.state, 'wolf-2').position).not.toBeNull();
  });
});

describe('III Primary Weapon: "1. The weapon that has the best chance at hitting ... 1 or more heroes"', () => {
  const FIELD = `
############
#..........#
#....e.....#
#..........#
#..........#
#....h.....#
############
`;

  it('a captain in crossbow range shoots rather than walk up to use its sword (a shooter keeps out of melee)', () => {
    const s = alerted(skirmishGame(FIELD, ['swordsman'], ['captain']));
    // Enemies first; the crossbow, with advantage (7 and 16), at the hero's shield (16+);
    // the hero defends: 3, it falls.
    const r = play(s, { type: 'start' }, [5, 15, 7, 16, 3]);
    expect(r.events.find((e) => e.type === 'attacked')).toMatchObject({
      unit: 'captain-1',
      weapon: 'pistol',
    });
    expect(unit(r.state, 'captain-1').position).toEqual({ x: 5, y: 2 });
  });

  it('an archer in bow range shoots from where it stands, not with its knife up close', () => {
    const s = alerted(skirmishGame(FIELD, ['swordsman'], ['archer']));
    // 16 hits the shielded hero (16+), who defends: 2, it falls.
    const r = play(s, { type: 'start' }, [5, 15, 16, 2]);
    expect(r.events.find((e) => e.type === 'attacked')).toMatchObject({ weapon: 'bow' });
    expect(r.state.units.find((u) => u.id === 'archer-1')?.position).toEqual({ x: 5, y: 2 });
  });

  it('"unless a hero is already next to it": then its knife, the better chance (6+ against a bow that cannot shoot so near)', () => {
    const board = `
########
#......#
#..e...#
#..h...#
########
`;
    const s = alerted(skirmishGame(board, ['wolf'], ['archer']));
    const r = play(s, { type: 'start' }, [5, 15, 6, 4]);
    expect(r.events.find((e) => e.type === 'attacked')).toMatchObject({ weapon: 'knife' });
    expect(unit(r.state, 'wolf-1').position).toBeNull();
  });

  it('III Cover: "Enemies with a ranged primary weapon will try to get behind cover if they will still be in range to attack": into the light woods', () => {
    const board = `
############
#..........#
#....ew....#
#..........#
#..........#
#....h.....#
############
`;
    const s = alerted(skirmishField(board, ['wolf'], ['archer']));
    // It steps behind the woods (the cheapest square with them between it and the wolf:
    // into them costs 2), still in range, and shoots: 11 hits, 10 kills.
    const r = play(s, { type: 'start' }, [5, 15, 11, 10]);
    expect(r.events.some((e) => e.type === 'decision' && /takes cover/.test(e.text))).toBe(true);
    expect(unit(r.state, 'archer-1').position).toEqual({ x: 6, y: 1 });
    expect(unit(r.state, 'wolf-1').position).toBeNull();
  });
});
