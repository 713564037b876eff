/**
 * The rolls between missions (src/engine/campaign/recovery.ts) with rigged dice, rule by
 * rule, each quoting its seed:
 * - rencounter.txt, "Campaigning and Improvement between games": improvement ("a roll
 *   against each skill used ... the same dice type as the skill's normal rolls ... improving
 *   by rolling OVER it's previous level. If it is at the maximum level, it can't increase")
 *   and wound recovery ("a d6 for each wound point": "1 - sepsis ... reroll that wound point
 *   as two dice", "2 - permanent wound point", "3-6 - Healed"; "more than 5 permanent wound
 *   points from this fight, he dies"; "Subtract 1 or 2 from the roll" when hazardous; with
 *   good care "one reroll of any 1s or 2s");
 * - high-adventure.txt, "Wounds": "Player Characters count Killed as 'Grievously Wounded'
 *   so may survive for the next game";
 * - solitaire-gaming-rules.txt, IV "The Recovery Action": "regains 1/2 of total health
 *   (hit points, wounds, etc.), round up".
 */
import { describe, expect, it } from 'vitest';
import {
  campaignOptions,
  DEATH_THRESHOLD,
  rollBetweenMissions,
  type BattleForRecovery,
  type CampaignEvent,
  type CampaignHero,
  type CampaignOptions,
  type HeroInBattle,
} from '../../../src/engine/campaign/index';
import { riggedDice } from '../../../src/engine/dice';
import { findRuleModule } from '../../../src/engine/rulesets/registry';

const CRAWL = 'dungeon-crawl';
const SKIRMISH = 'skirmish';

function hero(id: string, changes: Partial<CampaignHero> = {}): CampaignHero {
  return {
    id,
    name: id.toUpperCase(),
    kinds: { [CRAWL]: 'fighting-man', [SKIRMISH]: 'captain' },
    skills: {},
    wounds: 0,
    permanentWounds: 0,
    kills: 0,
    missions: 0,
    status: 'alive',
    joined: null,
    died: null,
    ...changes,
  };
}

function fought(id: string, kind: string, changes: Partial<HeroInBattle> = {}): HeroInBattle {
  return {
    id,
    kind,
    woundsIn: 0,
    woundsOut: 0,
    fell: false,
    kills: 0,
    skillsUsed: [],
    ...changes,
  };
}

function battle(
  heroes: HeroInBattle[],
  changes: Partial<BattleForRecovery> = {},
  ruleModule = CRAWL,
): BattleForRecovery {
  return {
    mission: 'm1',
    winner: 'heroes',
    ruleModule,
    rules: findRuleModule(ruleModule)!.campaign!,
    heroes,
    hazard: 0,
    pace: 'rest',
    ...changes,
  };
}

/** Rolls between missions with exactly these dice: every one used, no more asked for. */
function roll(
  party: CampaignHero[],
  b: BattleForRecovery,
  dice: number[],
  options: CampaignOptions = campaignOptions('normal'),
) {
  const rigged = riggedDice(dice);
  const result = rollBetweenMissions(party, b, options, rigged);
  expect(rigged.remaining()).toBe(0);
  return result;
}

function ofType<T extends CampaignEvent['type']>(
  events: CampaignEvent[],
  type: T,
): Extract<CampaignEvent, { type: T }>[] {
  return events.filter((e): e is Extract<CampaignEvent, { type: T }> => e.type === type);
}

/** One hero who suffered `points` wound points in the fight, recovery rolled with `dice`. */
function woundsRolled(
  points: number,
  dice: number[],
  options: CampaignOptions = campaignOptions('normal'),
  changes: Partial<BattleForRecovery> = {},
) {
  const result = roll(
    [hero('h1')],
    battle([fought('h1', 'fighting-man', { woundsOut: points })], changes),
    dice,
    options,
  );
  return {
    hero: result.heroes[0],
    rolled: ofType(result.events, 'wounds-rolled')[0],
    rolls: ofType(result.events, 'roll'),
    events: result.events,
  };
}

describe('rencounter "Campaigning and Improvement between games": improvement', () => {
  it('rolls the skill used on its own die (a d6 sword at level 4, 3+): over 4 improves it by one', () => {
    // The sword wounds on 3+: level 7 - 3 = 4. A 5 is over 4.
    const r = roll(
      [hero('h1')],
      battle([fought('h1', 'fighting-man', { skillsUsed: ['sword'] })]),
      [5],
    );
    expect(ofType(r.events, 'roll')[0]).toMatchObject({
      die: 6,
      value: 5,
      purpose: 'improvement',
      need: 5,
      success: true,
    });
    expect(r.heroes[0].skills[CRAWL].sword).toBe(5);
    expect(ofType(r.events, 'improved')[0]).toMatchObject({ skill: 'sword', from: 4, to: 5 });
  });

  it('a roll equal to the level is not "over" it: no change', () => {
    const r = roll(
      [hero('h1')],
      battle([fought('h1', 'fighting-man', { skillsUsed: ['sword'] })]),
      [4],
    );
    expect(r.heroes[0].skills[CRAWL].sword).toBe(4);
    expect(ofType(r.events, 'improved')).toEqual([]);
    expect(ofType(r.events, 'roll')[0].success).toBe(false);
  });

  it('a roll for each skill used, none for one not used', () => {
    // The Magic User has a fireball (4+: level 3) and a staff (5+: level 2); only the fireball used.
    const one = roll(
      [hero('h1', { kinds: { [CRAWL]: 'magic-user' } })],
      battle([fought('h1', 'magic-user', { skillsUsed: ['fireball'] })]),
      [6],
    );
    expect(one.heroes[0].skills[CRAWL]).toMatchObject({ fireball: 4 });
    expect(one.heroes[0].skills[CRAWL].staff).toBe(2);
    const both = roll(
      [hero('h1', { kinds: { [CRAWL]: 'magic-user' } })],
      battle([fought('h1', 'magic-user', { skillsUsed: ['fireball', 'staff'] })]),
      [3, 3],
    );
    // 3 is not over the fireball's 3; it is over the staff's 2.
    expect(both.heroes[0].skills[CRAWL]).toMatchObject({ fireball: 3, staff: 3 });
  });

  it('"If it is at the maximum level, it can\'t increase": no roll at all at the maximum', () => {
    // Level 5 (2+) is the best a d6 skill gets: a 1 always fails.
    const r = roll(
      [hero('h1', { skills: { [CRAWL]: { sword: 5 } } })],
      battle([fought('h1', 'fighting-man', { skillsUsed: ['sword'] })]),
      [],
    );
    expect(r.heroes[0].skills[CRAWL].sword).toBe(5);
    expect(ofType(r.events, 'improved')[0]).toMatchObject({ from: 5, to: 5 });
  });

  it('a Skirmish skill rolls a d20 (VIII melee hits on 6+: level 15): a 16 improves it, a 15 does not', () => {
    const party = [hero('h1'), hero('h2')];
    const used = { skillsUsed: ['melee'] };
    const r = roll(
      party,
      battle([fought('h1', 'captain', used), fought('h2', 'captain', used)], {}, SKIRMISH),
      [16, 15],
    );
    const rolls = ofType(r.events, 'roll');
    expect(rolls.map((x) => [x.die, x.need])).toEqual([
      [20, 16],
      [20, 16],
    ]);
    expect(r.heroes[0].skills[SKIRMISH].melee).toBe(16);
    expect(r.heroes[1].skills[SKIRMISH].melee).toBe(15);
  });

  it('a Skirmish skill never passes its maximum (19: 2+ on the d20)', () => {
    const r = roll(
      [hero('h1', { skills: { [SKIRMISH]: { melee: 18 } } })],
      battle([fought('h1', 'captain', { skillsUsed: ['melee'] })], {}, SKIRMISH),
      [20],
    );
    expect(r.heroes[0].skills[SKIRMISH].melee).toBe(19);
    const again = roll(
      r.heroes,
      battle([fought('h1', 'captain', { skillsUsed: ['melee'] })], {}, SKIRMISH),
      [],
    );
    expect(again.heroes[0].skills[SKIRMISH].melee).toBe(19);
  });
});

describe('rencounter "Campaigning and Improvement between games": wound recovery, a d6 per wound point', () => {
  it('3-6 "Healed": each of 3, 4, 5 and 6 heals its point', () => {
    const { hero: h, rolled, rolls } = woundsRolled(4, [3, 4, 5, 6]);
    expect(rolls.map((r) => [r.die, r.purpose, r.need])).toEqual(Array(4).fill([6, 'recovery', 3]));
    expect(rolled).toMatchObject({ healed: 4, permanent: 0, sepsis: 0, modifier: 0 });
    expect(h.permanentWounds).toBe(0);
    expect(h.status).toBe('alive');
  });

  it('2 "permanent wound point": it stays, taken off the hero\'s wounds from now on', () => {
    const { hero: h, rolled } = woundsRolled(2, [2, 5]);
    expect(rolled).toMatchObject({ healed: 1, permanent: 1, sepsis: 0 });
    expect(h.permanentWounds).toBe(1);
  });

  it('permanent wounds add up over the campaign', () => {
    const { hero: h } = woundsRolled(1, [2]);
    const again = roll([h], battle([fought('h1', 'fighting-man', { woundsOut: 1 })]), [2])
      .heroes[0];
    expect(again.permanentWounds).toBe(2);
  });

  it('1 "sepsis": the point is rolled again as two dice (each read on the same table)', () => {
    // One wound point: 1 (sepsis) -> two dice: 2 (permanent) and 4 (healed).
    const { hero: h, rolled, rolls } = woundsRolled(1, [1, 2, 4]);
    expect(rolls).toHaveLength(3);
    expect(rolled).toMatchObject({ sepsis: 1, permanent: 1, healed: 1 });
    expect(h.permanentWounds).toBe(1);
    // A septic die can turn septic again: 1, then 1 and 6, then 3 and 3 for the second 1.
    const twice = woundsRolled(1, [1, 1, 6, 3, 3]).rolled;
    expect(twice).toMatchObject({ sepsis: 2, permanent: 0, healed: 3 });
  });

  it(`"more than 5 permanent wound points from this fight" (${DEATH_THRESHOLD}) and he dies of complications`, () => {
    // 1 point: five 1s in a row leave six dice to roll; six 2s make 6 permanent points.
    const { hero: h, events } = woundsRolled(1, [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2]);
    expect(h.status).toBe('dead');
    expect(h.died).toBe('m1');
    expect(ofType(events, 'died')[0]).toMatchObject({ hero: 'h1', cause: 'complications' });
    // No improvement roll for the dead (the rigged dice would have run out).
  });

  it('exactly 5 permanent points from one fight is not more than 5: the hero lives', () => {
    const { hero: h } = woundsRolled(1, [1, 1, 1, 1, 2, 2, 2, 2, 2]);
    expect(h.status).toBe('alive');
    expect(h.permanentWounds).toBe(5);
  });

  it('once past 5 permanent points the rolling stops: the hero is already dead', () => {
    // Six 1s leave seven dice; after six 2s the seventh is never rolled.
    const { hero: h } = woundsRolled(1, [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2]);
    expect(h.status).toBe('dead');
  });

  it('only the points suffered in this fight are rolled, not the ones carried into it', () => {
    // Went in with 1 (rolled after the last fight), came out with 3: 2 new points.
    const r = roll(
      [hero('h1', { wounds: 1 })],
      battle([fought('h1', 'fighting-man', { woundsIn: 1, woundsOut: 3 })]),
      [3, 3],
    );
    expect(ofType(r.events, 'wounds-rolled')[0]).toMatchObject({ healed: 2 });
  });

  it('"Subtract 1 or 2 from the roll" where the aftermath is hazardous (a mission\'s hazard 1)', () => {
    // 3 - 1 = 2: permanent; 2 - 1 = 1: sepsis, then 4 - 1 and 6 - 1 heal; 4 - 1 heals.
    const { rolled, rolls } = woundsRolled(3, [3, 2, 4, 6, 4], campaignOptions('normal'), {
      hazard: 1,
    });
    expect(rolled).toMatchObject({ modifier: 1, permanent: 1, sepsis: 1, healed: 3 });
    expect(rolls[0].need).toBe(4);
  });

  it('subtract 2: a 4 is a permanent point and a 3 is sepsis; never more than 2 off', () => {
    // The hard difficulty's 1 and a mission's 2 still take only 2 off.
    const hard = campaignOptions('hard');
    expect(hard.hazard).toBe(1);
    const { rolled } = woundsRolled(2, [4, 3, 6, 5], hard, { hazard: 2 });
    expect(rolled).toMatchObject({ modifier: 2, permanent: 1, sepsis: 1, healed: 2 });
  });

  it('good care: "one reroll of any 1s or 2s", and the reroll\'s result is the one applied', () => {
    const care = campaignOptions('normal', { goodCare: true });
    // 2 rerolled to 5: healed. 1 rerolled to 2: still bad, a permanent point. 3: no reroll.
    const { rolled, rolls } = woundsRolled(3, [2, 5, 1, 2, 3], care);
    expect(rolls.map((r) => r.purpose)).toEqual([
      'recovery',
      'recovery-reroll',
      'recovery',
      'recovery-reroll',
      'recovery',
    ]);
    expect(rolled).toMatchObject({ healed: 2, permanent: 1, sepsis: 0 });
    // Only one reroll: 1 rerolled to 1 is sepsis (two dice, 4 and 4).
    expect(woundsRolled(1, [1, 1, 4, 4], care).rolled).toMatchObject({ sepsis: 1, healed: 2 });
  });

  it('good care is "instead" of a hazardous aftermath: with a hazard there is no reroll', () => {
    const care = campaignOptions('normal', { goodCare: true });
    // 2 - 1 = 1: sepsis at once, no reroll; its two dice 4 - 1 and 4 - 1 heal.
    const { rolled, rolls } = woundsRolled(1, [2, 4, 4], care, { hazard: 1 });
    expect(rolled).toMatchObject({ sepsis: 1, healed: 2, modifier: 1 });
    expect(rolls.every((r) => r.purpose === 'recovery')).toBe(true);
  });
});

describe('high-adventure "Wounds": player characters "Killed" count as grievously wounded', () => {
  it('is on in the story difficulty and off in the others', () => {
    expect(campaignOptions('story').grievousWounds).toBe(true);
    for (const d of ['normal', 'hard', 'ironman'] as const)
      expect(campaignOptions(d).grievousWounds).toBe(false);
  });

  it('without it, a hero who fell is dead: no rolls', () => {
    const r = roll(
      [hero('h1')],
      battle([fought('h1', 'fighting-man', { woundsOut: 4, fell: true })]),
      [],
    );
    expect(r.heroes[0].status).toBe('dead');
    expect(ofType(r.events, 'died')[0]).toMatchObject({ cause: 'fell' });
  });

  it('with it, the fallen hero lives, grievously wounded, and rolls for every wound point it took', () => {
    const r = roll(
      [hero('h1')],
      battle([fought('h1', 'fighting-man', { woundsOut: 4, fell: true })]),
      // Story gives good care too: the 2 is rolled again, and the second 2 stands.
      [3, 4, 2, 2, 6],
      campaignOptions('story'),
    );
    expect(r.heroes[0].status).toBe('grievously-wounded');
    expect(r.heroes[0].permanentWounds).toBe(1);
    expect(ofType(r.events, 'grievously-wounded')).toHaveLength(1);
    expect(ofType(r.events, 'wounds-rolled')[0]).toMatchObject({ healed: 3, permanent: 1 });
  });

  it('a grievously wounded hero may still die of the wounds (more than 5 permanent)', () => {
    const r = roll(
      [hero('h1')],
      battle([fought('h1', 'fighting-man', { woundsOut: 4, fell: true })]),
      [1, 1, 2, 2, 2, 2, 2, 2],
      campaignOptions('normal', { grievousWounds: true }),
    );
    expect(r.heroes[0].status).toBe('dead');
    expect(ofType(r.events, 'died')[0]).toMatchObject({ cause: 'complications' });
  });

  it('fallen on a field the foe holds: no care at all, 1 off its rolls (rencounter: "the enemy captures him")', () => {
    const r = roll(
      [hero('h1')],
      battle([fought('h1', 'fighting-man', { woundsOut: 1, fell: true })], { winner: 'enemies' }),
      [3],
      campaignOptions('story'),
    );
    expect(ofType(r.events, 'wounds-rolled')[0]).toMatchObject({ modifier: 1, permanent: 1 });
  });

  it('fallen in a draw: neither side holds the field, so the party carries its fallen off (no 1 off)', () => {
    const r = roll(
      [hero('h1')],
      battle([fought('h1', 'fighting-man', { woundsOut: 1, fell: true })], { winner: null }),
      [3],
      campaignOptions('story'),
    );
    expect(ofType(r.events, 'wounds-rolled')[0]).toMatchObject({ modifier: 0, permanent: 0 });
  });
});

describe('what carries into the next battle', () => {
  it('after a rest ("gone in the next game ... more than a month" later): no healing wounds, the permanent ones stay', () => {
    const r = roll(
      [hero('h1')],
      battle([fought('h1', 'fighting-man', { woundsOut: 3 })]),
      [2, 3, 3],
    );
    expect(r.heroes[0].wounds).toBe(0);
    expect(r.heroes[0].permanentWounds).toBe(1);
    expect(ofType(r.events, 'carried')[0]).toMatchObject({ how: 'rest', wounds: 0 });
  });

  it('on the march (solitaire IV "The Recovery Action"): back half the total health, rounded up', () => {
    // A Fighting Man (4 wounds) healing 3 points: back ceil(4 / 2) = 2, carries 1.
    const r = roll(
      [hero('h1')],
      battle([fought('h1', 'fighting-man', { woundsOut: 3 })], { pace: 'march' }),
      [3, 4, 5],
    );
    expect(r.heroes[0].wounds).toBe(1);
    expect(ofType(r.events, 'carried')[0]).toMatchObject({ how: 'recovery', wounds: 1 });
    // With a permanent point the total is 3: back ceil(3 / 2) = 2 of the 2 still healing.
    const p = roll(
      [hero('h1')],
      battle([fought('h1', 'fighting-man', { woundsOut: 3 })], { pace: 'march' }),
      [2, 4, 5],
    );
    expect(p.heroes[0]).toMatchObject({ wounds: 0, permanentWounds: 1 });
  });

  it('a Skirmish party member is a unique character (VIII "2 to 5 wounds"): an archer has 2, gets 1 back', () => {
    const r = roll(
      [hero('h1', { kinds: { [SKIRMISH]: 'archer' } })],
      battle([fought('h1', 'archer', { woundsOut: 1, woundsIn: 0 })], { pace: 'march' }, SKIRMISH),
      [6],
    );
    // 1 healing point, back ceil(2 / 2) = 1: carries none.
    expect(r.heroes[0].wounds).toBe(0);
    const captain = roll(
      [hero('h1')],
      battle([fought('h1', 'captain', { woundsOut: 2 })], { pace: 'march' }, SKIRMISH),
      [6, 6],
    );
    // A captain (3 wounds): back 2 of 2.
    expect(captain.heroes[0].wounds).toBe(0);
    expect(findRuleModule(SKIRMISH)!.campaign!.maxWounds('archer')).toBe(2);
    expect(findRuleModule(SKIRMISH)!.campaign!.maxWounds('captain')).toBe(3);
  });

  it('a hero who did not fight this battle is left as it was', () => {
    const idle = hero('h2', { wounds: 1, missions: 3 });
    const r = roll([hero('h1'), idle], battle([fought('h1', 'fighting-man')]), []);
    expect(r.heroes[1]).toEqual(idle);
    expect(r.heroes[0].missions).toBe(1);
  });
});
