/**
 * The rolls between missions, with the campaign's own dice, each logged with the rule book
 * and section it serves (docs/campaigns.md):
 * - wound recovery (rencounter.txt, "Campaigning and Improvement between games"): a d6 for
 *   each wound point suffered in the fight: 1 sepsis (that point is rolled again as two
 *   dice), 2 a permanent wound point, 3-6 healed; more than 5 permanent points from one
 *   fight and the hero dies of complications; 1 or 2 off every roll where the aftermath is
 *   hazardous; with prompt, good care instead, one reroll of each 1 or 2;
 * - grievous wounds (high-adventure.txt, "Wounds"): with the option, a hero who fell counts
 *   as grievously wounded, not killed, and rolls for its wounds like the others;
 * - improvement (same rencounter section): for each skill a survivor used, a roll on that
 *   skill's die; over the skill's level, it goes up by one, never past its maximum;
 * - what carries into the next battle: after a rest of a month or more, only the permanent
 *   wounds (the healed points are gone); when the next battle follows at once, the Recovery
 *   action (solitaire-gaming-rules IV): back half of its total health, rounded up.
 */
import type { DiceSource } from '../dice';
import type { CampaignRules } from '../rulesets/module';
import { maxWoundsAfterPermanent } from '../setup';
import type { RuleRef, Side } from '../types';
import type { CampaignEvent, CampaignHero, CampaignOptions, MissionPace } from './types';

const RENCOUNTER = (section: string): RuleRef => ({
  book: 'Rencounter',
  section: `Campaigning and Improvement: ${section}`,
});
const RECOVERY_ACTION: RuleRef = { book: 'Solitaire rules', section: 'IV The Recovery Action' };
const GRIEVOUS: RuleRef = {
  book: 'High Adventure',
  section: 'Wounds: player characters count Killed as Grievously Wounded',
};

/** "More than 5 permanent wound points from this fight" kills. */
export const DEATH_THRESHOLD = 5;
/** A guard against an endless run of sepsis: the hero dies (never reached in practice). */
const MOST_RECOVERY_DICE = 1000;
/** "Subtract 1 or 2 from the roll": never more. */
export const MOST_HAZARD = 2;

/** How one hero came out of the battle. */
export interface HeroInBattle {
  id: string;
  /** Its kind in the battle's rule module. */
  kind: string;
  /** Wounds it was seated with (already rolled for after an earlier fight). */
  woundsIn: number;
  /** Wounds at the end (all of them if it fell). */
  woundsOut: number;
  fell: boolean;
  kills: number;
  skillsUsed: readonly string[];
}

/** The battle as the rolls between missions see it. */
export interface BattleForRecovery {
  mission: string;
  /** The side that won; null for a draw. */
  winner: Side | null;
  /** The battle's rule module and what it tells a campaign. */
  ruleModule: string;
  rules: CampaignRules;
  heroes: readonly HeroInBattle[];
  /** The mission's own hazard (0-2). */
  hazard: number;
  pace: MissionPace;
}

export interface RecoveryResult {
  /** Every hero who went in, after the rolls (the dead with status 'dead'). */
  heroes: CampaignHero[];
  events: CampaignEvent[];
}

type Roll = (
  hero: CampaignHero,
  die: number,
  purpose: RollPurpose,
  need: number | null,
  describe: (value: number) => string,
  rule: RuleRef,
) => number;
type RollPurpose = 'recovery' | 'recovery-reroll' | 'improvement';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The meaning of a modified recovery roll. */
function recoveryResult(modified: number): 'sepsis' | 'permanent' | 'healed' {
  return modified <= 1 ? 'sepsis' : modified === 2 ? 'permanent' : 'healed';
}

const RESULT_WORDS = {
  sepsis: 'sepsis (1): the wound worsens, roll it again as two dice',
  permanent: 'a permanent wound point (2)',
  healed: 'healed (3-6)',
} as const;

/**
 * Rolls the wound points a hero suffered in the fight. Returns the permanent points from
 * this fight, the healed ones, the sepsis results and whether the hero died of them.
 */
function rollWounds(
  hero: CampaignHero,
  points: number,
  modifier: number,
  goodCare: boolean,
  roll: Roll,
): { permanent: number; healed: number; sepsis: number; died: boolean } {
  let toRoll = points;
  let permanent = 0;
  let healed = 0;
  let sepsis = 0;
  let rolled = 0;
  const modText = modifier > 0 ? ` - ${modifier} (hazardous)` : '';
  while (toRoll > 0) {
    if (permanent > DEATH_THRESHOLD || rolled >= MOST_RECOVERY_DICE)
      return { permanent, healed, sepsis, died: true };
    toRoll -= 1;
    rolled += 1;
    const first = roll(
      hero,
      6,
      'recovery',
      3 + modifier,
      (v) =>
        `${hero.name}'s wound: d6 = ${v}${modText}: ${RESULT_WORDS[recoveryResult(v - modifier)]}`,
      RENCOUNTER('wound recovery d6 (1 sepsis, 2 permanent, 3-6 healed)'),
    );
    let value = first - modifier;
    // "If instead the character receives prompt, high quality, medical care, allow one
    // reroll of any 1s or 2s. Only if the reroll is still bad, apply the results."
    if (goodCare && modifier === 0 && first <= 2) {
      value = roll(
        hero,
        6,
        'recovery-reroll',
        3,
        (v) =>
          `Good care: ${hero.name} rolls the ${first} again, d6 = ${v}: ${RESULT_WORDS[recoveryResult(v)]}`,
        RENCOUNTER('good care: one reroll of a 1 or 2'),
      );
    }
    const result = recoveryResult(value);
    if (result === 'sepsis') {
      sepsis += 1;
      toRoll += 2;
    } else if (result === 'permanent') permanent += 1;
    else healed += 1;
  }
  return { permanent, healed, sepsis, died: permanent > DEATH_THRESHOLD };
}

/** The whole of what happens between a battle and the next mission, for the heroes who fought it. */
export function rollBetweenMissions(
  party: readonly CampaignHero[],
  battle: BattleForRecovery,
  options: CampaignOptions,
  dice: DiceSource,
): RecoveryResult {
  const events: CampaignEvent[] = [];
  const roll: Roll = (hero, die, purpose, need, describe, rule) => {
    const value = dice.roll(die);
    events.push({
      type: 'roll',
      hero: hero.id,
      die,
      value,
      purpose,
      need,
      success: need === null ? null : value >= need,
      text: describe(value),
      rule,
    });
    return value;
  };
  // Only a lost battle leaves the foe holding the field; after a draw neither side holds it
  // and the party carries its fallen off.
  const lost = battle.winner === 'enemies';
  const heroes: CampaignHero[] = [];
  for (const before of party) {
    const fought = battle.heroes.find((h) => h.id === before.id);
    if (!fought) {
      heroes.push(before);
      continue;
    }
    const hero: CampaignHero = {
      ...before,
      kills: before.kills + fought.kills,
      missions: before.missions + 1,
      status: 'alive',
    };
    heroes.push(hero);

    // Wound recovery.
    if (fought.fell && !options.grievousWounds) {
      hero.status = 'dead';
      hero.died = battle.mission;
      events.push({
        type: 'died',
        hero: hero.id,
        cause: 'fell',
        text: `${hero.name} fell in the battle and is dead.`,
      });
      continue;
    }
    if (fought.fell) {
      hero.status = 'grievously-wounded';
      events.push({
        type: 'grievously-wounded',
        hero: hero.id,
        text: `${hero.name} fell, but lives: grievously wounded, and may fight again.`,
        rule: GRIEVOUS,
      });
    }
    const stillHealing = Math.min(fought.woundsIn, fought.woundsOut);
    const suffered = Math.max(0, fought.woundsOut - fought.woundsIn);
    // A hero left where the foe held the field has no care at all: 1 more off.
    const modifier = Math.min(
      MOST_HAZARD,
      options.hazard + battle.hazard + (fought.fell && lost ? 1 : 0),
    );
    let healing = stillHealing;
    if (suffered > 0) {
      const r = rollWounds(hero, suffered, modifier, options.goodCare, roll);
      hero.permanentWounds += r.permanent;
      healing += r.healed;
      events.push({
        type: 'wounds-rolled',
        hero: hero.id,
        healed: r.healed,
        permanent: r.permanent,
        sepsis: r.sepsis,
        modifier,
        text: `${hero.name}: ${plural(suffered, 'wound point')} rolled${r.sepsis > 0 ? `, ${r.sepsis} turned septic` : ''}: ${r.healed} healing, ${r.permanent} permanent.`,
        rule: RENCOUNTER('wound recovery'),
      });
      if (r.died) {
        hero.status = 'dead';
        hero.died = battle.mission;
        events.push({
          type: 'died',
          hero: hero.id,
          cause: 'complications',
          text: `${hero.name} dies of the wounds after the battle: more than ${DEATH_THRESHOLD} permanent wound points from one fight.`,
          rule: RENCOUNTER('more than 5 permanent wound points from one fight kills'),
        });
        continue;
      }
    }

    // Improvement, for each skill used.
    const own = battle.rules.skills(fought.kind);
    const levels = { ...(hero.skills[battle.ruleModule] ?? {}) };
    for (const skill of own) {
      // A skill the hero has no level for yet starts at its kind's level.
      const level = levels[skill.id] ?? skill.level;
      levels[skill.id] = level;
      if (!fought.skillsUsed.includes(skill.id)) continue;
      if (level >= skill.max) {
        events.push({
          type: 'improved',
          hero: hero.id,
          skill: skill.id,
          from: level,
          to: level,
          text: `${hero.name}'s ${skill.name} is at its best (${level}): no roll.`,
          rule: RENCOUNTER('improvement: at the maximum, no increase'),
        });
        continue;
      }
      const value = roll(
        hero,
        skill.die,
        'improvement',
        level + 1,
        (v) =>
          `${hero.name} used ${skill.name} (level ${level}): d${skill.die} = ${v}, ${v > level ? `over ${level}: it improves` : `not over ${level}: no change`}`,
        RENCOUNTER('improvement: roll over the skill on its own die'),
      );
      if (value > level) {
        levels[skill.id] = level + 1;
        events.push({
          type: 'improved',
          hero: hero.id,
          skill: skill.id,
          from: level,
          to: level + 1,
          text: `${hero.name}'s ${skill.name} improves to ${level + 1}.`,
          rule: RENCOUNTER('improvement'),
        });
      }
    }
    hero.skills = { ...hero.skills, [battle.ruleModule]: levels };

    // What carries into the next battle.
    if (battle.pace === 'rest') {
      hero.wounds = 0;
      events.push({
        type: 'carried',
        hero: hero.id,
        wounds: 0,
        how: 'rest',
        text: `${hero.name} rests: the healing wounds are gone by the next mission${hero.permanentWounds > 0 ? `; ${plural(hero.permanentWounds, 'permanent wound')} remain` : ''}.`,
        rule: RENCOUNTER('healed: gone in a game more than a month later'),
      });
    } else {
      const total = maxWoundsAfterPermanent(
        battle.rules.maxWounds(fought.kind),
        hero.permanentWounds,
      );
      const regained = Math.ceil(total / 2);
      hero.wounds = Math.max(0, healing - regained);
      events.push({
        type: 'carried',
        hero: hero.id,
        wounds: hero.wounds,
        how: 'recovery',
        text: `${hero.name} takes the Recovery action: back ${regained} of ${total} wounds, carries ${plural(hero.wounds, 'wound')} into the next battle.`,
        rule: RECOVERY_ACTION,
      });
    }
  }
  return { heroes, events };
}
