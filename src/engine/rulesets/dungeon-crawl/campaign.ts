/**
 * The Dungeon Crawl in a campaign (docs/campaigns.md). A hero's skills are its weapons and
 * the Priest's healing, each a d6 against a target number: its level is 7 less the number
 * (a sword that wounds on 3+ is level 4), so improving it by one lowers the number by one,
 * up to level 5 (2+: a 1 always fails). A skill counts as used when the hero attacked with
 * that weapon, or tried to heal.
 */
import type { CampaignRules, CampaignSkill, FinishedBattle } from '../module';
import { strengthOptions } from '../../systems/strength';
import type { Unit } from '../../types';
import type { CrawlWeapon } from './types';
import { DUNGEON_CRAWL_UNITS } from './units';

const D6 = 6;
/** Level 5 is a 2+ to hit: the best a d6 can give. */
const BEST_LEVEL = 5;
export const HEAL_SKILL = 'heal';

/** The level of a d6 skill that succeeds on `hitOn` or more. */
export function levelOf(hitOn: number): number {
  return D6 + 1 - hitOn;
}

/** The target number of a d6 skill at `level`, between 2+ and 6+. */
export function hitOnAt(level: number): number {
  return Math.max(2, Math.min(D6, D6 + 1 - Math.trunc(level)));
}

function crawlSkills(kind: string): CampaignSkill[] {
  const def = DUNGEON_CRAWL_UNITS[kind];
  if (!def || def.side !== 'heroes') return [];
  const skills: CampaignSkill[] = def.weapons.map((w) => ({
    id: w.id,
    name: w.name,
    die: w.die,
    level: levelOf(w.hitOn),
    max: BEST_LEVEL,
  }));
  if (def.heal)
    skills.push({
      id: HEAL_SKILL,
      name: 'Healing',
      die: def.heal.die,
      level: levelOf(def.heal.hitOn),
      max: BEST_LEVEL,
    });
  return skills;
}

/** Sets a seated hero's weapons and healing to its skill levels (absent ones stay as they are). */
export function seatCrawlSkills(unit: Unit, skills: Readonly<Record<string, number>>): void {
  unit.weapons = unit.weapons.map((w) => {
    const level = skills[w.id];
    return typeof level === 'number' ? { ...w, hitOn: hitOnAt(level) } : w;
  });
  const healLevel = skills[HEAL_SKILL];
  if (unit.heal && typeof healLevel === 'number') unit.heal.hitOn = hitOnAt(healLevel);
}

/** A hero's skill levels read back from its weapons and healing. */
export function crawlSkillLevels(unit: Unit): Record<string, number> {
  const levels: Record<string, number> = {};
  for (const w of unit.weapons as CrawlWeapon[]) levels[w.id] = levelOf(w.hitOn);
  if (unit.heal) levels[HEAL_SKILL] = levelOf(unit.heal.hitOn);
  return levels;
}

function skillsUsed(battle: FinishedBattle, unitId: string): string[] {
  const used = new Set<string>();
  for (const e of battle.events) {
    if (e.type === 'attacked' && e.unit === unitId) used.add(e.weapon);
    if (e.type === 'healed' && e.unit === unitId) used.add(HEAL_SKILL);
  }
  return [...used];
}

export const CRAWL_CAMPAIGN: CampaignRules = {
  skills: crawlSkills,
  skillsUsed,
  maxWounds: (kind) => DUNGEON_CRAWL_UNITS[kind]?.maxWounds ?? 1,
  strengthOptions,
};
