/**
 * What the view shows of the Dungeon Crawl, in our own words: attack and heal previews
 * with their exact chances, weapon lines, the unit card and the healing button.
 */
import { chebyshevDistance, FACING_NAMES, type Point } from '../../grid';
import { coverLines, type CoverLevel, type CoverLine } from '../../los';
import { chanceOf, formatChance } from '../../resolution';
import { coverFrom, lineBlocker, type LineBlockers } from '../../systems/cover';
import type { Command, GameState, Unit, Weapon } from '../../types';
import { findUnit } from '../../world';
import type { AbilityButton, ActionPreview, Resolution } from '../module';
import { assessAttack, whyCannotHeal } from './combat';
import { isFaithful } from './versions';
import { asCrawlWeapon, crawlWeapons } from './types';
import { DUNGEON_CRAWL_UNITS } from './units';

function threshold(die: number, need: number): Resolution {
  return { kind: 'threshold', die, need, modifier: 0 };
}

/** Attack and heal previews: the d6 to beat, the cover on the line, and why not. */
export function previewCrawlAction(state: GameState, command: Command): ActionPreview | null {
  const actor =
    command.type === 'start' || command.type === 'oracle'
      ? undefined
      : findUnit(state, command.unit);
  if (!actor) return null;
  if (command.type === 'attack') {
    const target = findUnit(state, command.target);
    const weapon = crawlWeapons(actor).find((w) => w.id === command.weapon);
    if (!target || !weapon) return null;
    const { reason, need, cover, modifiers } = assessAttack(state, actor, target, weapon);
    const resolution = threshold(weapon.die, need);
    const chance = chanceOf(resolution);
    return {
      chance,
      resolution,
      cover,
      modifiers,
      summary: `${weapon.name}: ${need}+ on a d${weapon.die}, ${formatChance(chance)} to wound`,
      allowed: reason === null,
      reason,
    };
  }
  if (command.type === 'heal') {
    const heal = actor.heal;
    const target = findUnit(state, command.target);
    if (!heal || !target) return null;
    const resolution = threshold(heal.die, heal.hitOn);
    const chance = chanceOf(resolution);
    const reason = whyCannotHeal(state, actor, target);
    return {
      chance,
      resolution,
      cover: 'clear',
      modifiers: [],
      summary: `Heal: ${heal.hitOn}+ on a d${heal.die}, ${formatChance(chance)} to restore a wound`,
      allowed: reason === null,
      reason,
    };
  }
  return null;
}

/** Which figures block a line: every other one under the faithful rules, foes in version 1. */
function crawlBlockers(state: GameState): LineBlockers {
  return isFaithful(state) ? 'all' : 'foes';
}

/** Cover of the square `to` from `viewer` at `from`, as an attack from there would have it. */
export function crawlCoverBetween(
  state: GameState,
  viewer: Unit,
  from: Point,
  to: Point,
): CoverLevel {
  return coverFrom(state, viewer, from, to, null, crawlBlockers(state));
}

export function describeCrawlWeapon(weapon: Weapon): string {
  const w = asCrawlWeapon(weapon);
  const range =
    w.reach === 'melee'
      ? 'adjacent foes'
      : w.maxRange === null
        ? w.minRange > 1
          ? `any distance, not adjacent`
          : 'any distance'
        : `up to ${w.maxRange} squares${w.minRange > 1 ? `, not adjacent` : ''}`;
  const extra = w.notWithEnemyAdjacent ? ' Not while a foe is adjacent.' : '';
  const kind = w.reach === 'ranged' ? ' Needs a clear shot.' : '';
  return `${w.name}: ${range}. Wounds on ${w.hitOn}+ on a d${w.die} (${formatChance(chanceOf(threshold(w.die, w.hitOn)))}).${kind}${extra}`;
}

/** A weapon's button label: its name and chance to wound ("Sword 67%"). */
export function crawlWeaponLabel(weapon: Weapon): string {
  const w = asCrawlWeapon(weapon);
  return `${w.name} ${formatChance(chanceOf(threshold(w.die, w.hitOn)))}`;
}

/** The unit card: wounds left, status, facing; then weapons (monsters) or the blurb (heroes). */
export function describeCrawlUnit(state: GameState, unit: Unit): string[] {
  const status = unit.ai
    ? ` \u00b7 ${unit.ai.status}${unit.ai.archFoe ? ' \u00b7 Arch Foe' : ''}`
    : '';
  const lines = [
    `Wounds left ${unit.maxWounds - unit.wounds} of ${unit.maxWounds}${status}. Faces ${FACING_NAMES[unit.facing]}.`,
  ];
  if (unit.heal) lines.push(`Heals left: ${unit.heal.usesLeft} of ${unit.heal.usesMax}.`);
  if (unit.side === 'enemies') for (const w of unit.weapons) lines.push(describeCrawlWeapon(w));
  else {
    const blurb = DUNGEON_CRAWL_UNITS[unit.kind]?.blurb;
    if (blurb) lines.push(blurb);
  }
  return lines;
}

/** The Priest's healing as a card button. */
export function crawlAbilities(unit: Unit): AbilityButton[] {
  const heal = unit.heal;
  if (!heal) return [];
  const chance = formatChance(chanceOf(threshold(heal.die, heal.hitOn)));
  return [
    {
      id: 'heal',
      label: `Heal ${heal.usesLeft}/${heal.usesMax}`,
      tip: `Heal an adjacent wounded hero: ${heal.hitOn}+ on a d${heal.die} (${chance}) restores one wound. Uses the action instead of attacking.`,
      command: 'heal',
      usesLeft: heal.usesLeft,
    },
  ];
}

/**
 * The four lines behind crawlCoverBetween, for the line-of-sight preview: walls and
 * sight-blocking squares block, and so do the viewer's foes (coverFrom's rule). None for
 * the same or an adjacent square, whose cover no lines decide.
 */
export function crawlCoverLinesBetween(
  state: GameState,
  viewer: Unit,
  from: Point,
  to: Point,
): CoverLine[] {
  if (chebyshevDistance(from, to) <= 1) return [];
  return coverLines(from, to, lineBlocker(state, viewer, null, crawlBlockers(state)));
}
