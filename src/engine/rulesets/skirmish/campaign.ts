/**
 * The Skirmish in a campaign (docs/campaigns.md). A party member is a named character, so
 * it fights as a unique character (VIII: "2 to 5 wounds"): at least 2 wounds whatever its
 * figure. Its skills are the d20 rolls of VIII it makes itself: melee (hits on 6+, level
 * 15), ranged (11+, or 16+ into cover: level 10), defence (11+: level 10) and, for a
 * healer, healing (11+: level 10). A level is 21 less the number needed; each level above
 * the start takes one off what the skill needs, up to level 19 (2+: a 1 always fails).
 */
import type { CampaignRules, CampaignSkill, FinishedBattle } from '../module';
import { strengthOptions } from '../../systems/strength';
import type { Unit } from '../../types';
import { NON_COMBAT } from './needs';
import {
  BEST_LEVEL,
  baseNeed,
  D20,
  levelOf,
  needWithSkill,
  skillBonus,
  type SkirmishSkill,
} from './skills';
import { FIGURES_BY_KIND } from './roster';
import { skirmishWeapons, traitsOf, type SkirmishWeapon } from './types';

/** VIII: a unique character takes 2 to 5 wounds; a party member is one. */
export const UNIQUE_MINIMUM_WOUNDS = 2;

const SKILL_NAMES: Readonly<Record<SkirmishSkill, string>> = {
  melee: 'Melee',
  ranged: 'Shooting',
  defence: 'Defence',
  heal: 'Healing',
};

export function skillOfWeapon(weapon: Pick<SkirmishWeapon, 'band'>): SkirmishSkill {
  return weapon.band === 'melee' || weapon.band === 'reach' ? 'melee' : 'ranged';
}

/** The skills a figure of `kind` makes its own rolls for. */
function skirmishSkills(kind: string): CampaignSkill[] {
  const type = FIGURES_BY_KIND[kind];
  if (!type) return [];
  const ids = new Set<SkirmishSkill>();
  for (const w of type.weapons) ids.add(skillOfWeapon(w));
  ids.add('defence');
  if (type.heals > 0) ids.add('heal');
  const order: SkirmishSkill[] = ['melee', 'ranged', 'defence', 'heal'];
  return order
    .filter((id) => ids.has(id))
    .map((id) => ({
      id,
      name: SKILL_NAMES[id],
      die: D20,
      level: levelOf(baseNeed(id)),
      max: BEST_LEVEL,
    }));
}

/** Gives a seated party member its skill levels (and its healing's number). */
export function seatSkirmishSkills(unit: Unit, skills: Readonly<Record<string, number>>): void {
  const own = skirmishSkills(unit.kind);
  const levels: Record<string, number> = {};
  for (const s of own) {
    const level = skills[s.id];
    levels[s.id] =
      typeof level === 'number' ? Math.max(1, Math.min(s.max, Math.trunc(level))) : s.level;
  }
  traitsOf(unit).skills = levels;
  if (unit.heal && typeof levels.heal === 'number')
    unit.heal.hitOn = needWithSkill(NON_COMBAT, levels.heal - levelOf(NON_COMBAT));
}

/** A figure's skill levels (its campaign ones, else the starting ones of its kind). */
export function skirmishSkillLevels(unit: Unit): Record<string, number> {
  const own = unit.skirmish?.skills;
  if (own) return { ...own };
  return Object.fromEntries(skirmishSkills(unit.kind).map((s) => [s.id, s.level]));
}

function skillsUsed(battle: FinishedBattle, unitId: string): string[] {
  const unit = battle.state.units.find((u) => u.id === unitId);
  const weapons = unit ? skirmishWeapons(unit) : [];
  const used = new Set<string>();
  for (const e of battle.events) {
    if (e.type === 'attacked' && e.unit === unitId) {
      const weapon = weapons.find((w) => w.id === e.weapon);
      if (weapon) used.add(skillOfWeapon(weapon));
    }
    if (e.type === 'roll' && e.purpose === 'defend' && e.unit === unitId) used.add('defence');
    if (e.type === 'healed' && e.unit === unitId) used.add('heal');
  }
  return [...used];
}

export const SKIRMISH_CAMPAIGN: CampaignRules = {
  skills: skirmishSkills,
  skillsUsed,
  maxWounds: (kind) => Math.max(UNIQUE_MINIMUM_WOUNDS, FIGURES_BY_KIND[kind]?.wounds ?? 1),
  strengthOptions,
};
