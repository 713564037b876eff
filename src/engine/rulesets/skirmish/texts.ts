/** What the view shows of the Skirmish, in our own words: previews, weapons, unit cards. */
import { sizeOf } from '../../footprint';
import { chebyshevDistance, FACING_NAMES, type Point } from '../../grid';
import { coverLines, type CoverLevel, type CoverLine } from '../../los';
import { chanceOf, formatChance } from '../../resolution';
import { coverFrom, groundCover, lineBlocker, worseCover } from '../../systems/cover';
import type { Command, GameState, Unit, Weapon } from '../../types';
import { findUnit, unitAt } from '../../world';
import type { ActionPreview, Resolution } from '../module';
import {
  assessSkirmishAttack,
  D20,
  MELEE_HIT,
  RANGED_HIT,
  shieldCover,
  shieldOf,
  WILD_HIT,
  type AttackKind,
} from './combat';
import { healFailsWhy } from './heal';
import { FIGURES_BY_KIND } from './roster';
import { scenarioGoal, scenarioRule } from './scenarios';
import { TACTIC_TEXT } from './tactics';
import { asSkirmishWeapon, skirmishWeapons, type ShieldSize } from './types';

const BAND_WORDS: Record<string, string> = {
  melee: 'an adjacent foe',
  reach: 'a foe up to 2 squares away',
  short: 'short range',
  long: 'long range, not adjacent',
  area: 'a square and all around it, short range',
  burst: 'a square and two beside it, short range',
};

const KIND_WORDS: Record<AttackKind, string> = {
  aimed: '',
  wild: ', a wild shot through the wall',
  blast: ', a blast beside it',
};

export function previewSkirmishAction(state: GameState, command: Command): ActionPreview | null {
  const actor =
    command.type === 'start' || command.type === 'oracle'
      ? undefined
      : findUnit(state, command.unit);
  if (!actor) return null;
  if (command.type === 'attack') {
    const target = findUnit(state, command.target);
    const weapon = skirmishWeapons(actor).find((w) => w.id === command.weapon);
    if (!target || !weapon) return null;
    const a = assessSkirmishAttack(state, actor, target, weapon);
    const chance = a.reason ? 0 : chanceOf(a.resolution);
    return {
      chance,
      resolution: a.resolution,
      cover: a.cover,
      modifiers: a.modifiers,
      summary: `${weapon.name}${KIND_WORDS[a.kind]}: ${a.hitOn}+ to hit, then the defence must fail (under ${a.defendOn}): ${formatChance(chance)}`,
      allowed: a.reason === null,
      reason: a.reason,
    };
  }
  if (command.type === 'heal') {
    const target = findUnit(state, command.target);
    if (!target || !actor.heal) return null;
    const resolution: Resolution = {
      kind: 'threshold',
      die: D20,
      need: actor.heal.hitOn,
      modifier: 0,
    };
    const reason = healFailsWhy(state, actor, target);
    const chance = chanceOf(resolution);
    return {
      chance,
      resolution,
      cover: 'clear',
      modifiers: [],
      summary: `Heal: ${actor.heal.hitOn}+ on a d20, ${formatChance(chance)} to restore a wound`,
      allowed: reason === null,
      reason,
    };
  }
  return null;
}

/**
 * The cover a figure at `to` would have from `viewer` at `from`: the lines, the map's
 * cover (its square or one in front of it) and the shield of a foe standing there.
 */
export function skirmishCoverBetween(
  state: GameState,
  viewer: Unit,
  from: Point,
  to: Point,
): CoverLevel {
  const lines = coverFrom(state, viewer, from, to, null, 'foes');
  if (lines === 'blocked') return lines;
  const there = unitAt(state, to.x, to.y);
  const shield = there && there.side !== viewer.side ? shieldCover(there, from) : 'clear';
  return [groundCover(state.map, from, to), shield].reduce(worseCover, lines);
}

export function skirmishCoverLinesBetween(
  state: GameState,
  viewer: Unit,
  from: Point,
  to: Point,
): CoverLine[] {
  if (chebyshevDistance(from, to) <= 1) return [];
  return coverLines(from, to, lineBlocker(state, viewer, null, 'foes'));
}

export function describeSkirmishWeapon(weapon: Weapon): string {
  const w = asSkirmishWeapon(weapon);
  const hit = w.band === 'melee' || w.band === 'reach' ? MELEE_HIT : RANGED_HIT;
  const range =
    w.maxRange !== null && w.maxRange > 2
      ? ` (${w.minRange > 1 ? `${w.minRange}-` : 'up to '}${w.maxRange} squares)`
      : '';
  const extra = w.stuns
    ? ' A failed defence stuns (no actions next round) instead of wounding.'
    : '';
  const indirect =
    w.band === 'area'
      ? ' Needs a line to the square it bursts on only; strikes foes there out of sight too (16+), not behind rock.'
      : w.reach === 'ranged'
        ? ` Can be fired blind through woods or hedges at a foe out of sight: ${WILD_HIT}+.`
        : '';
  return `${w.name}: ${BAND_WORDS[w.band]}${range}. Hits on ${hit}+ on a d20${hit === RANGED_HIT ? ' (16+ into cover)' : ''}.${extra}${indirect}`;
}

/** What a shield does, in a sentence (the card and the muster). */
export function describeShield(shield: ShieldSize): string {
  return shield === 'small'
    ? 'Small shield: partial cover against attacks from ahead (shots need 16+, blows are defended with advantage); none from beside or behind.'
    : 'Large shield: full cover against attacks from ahead and from either side (shots need 16+, blows are defended with advantage); none from behind.';
}

export function skirmishWeaponLabel(weapon: Weapon): string {
  const w = asSkirmishWeapon(weapon);
  return `${w.name} ${w.band === 'melee' || w.band === 'reach' ? '6+' : '11+'}`;
}

export function describeSkirmishUnit(state: GameState, unit: Unit): string[] {
  if (unit.structure)
    return [
      `Stands with ${unit.maxWounds - unit.wounds} of ${unit.maxWounds} wounds left.`,
      `A building of ${sizeOf(unit)}x${sizeOf(unit)} squares: it blocks movement and sight for both armies. It is struck like a figure (6+ in melee, 11+ at range, 16+ into cover) but never defends. When it falls, the assaulters win.`,
    ];
  const t = unit.skirmish;
  const status = unit.ai
    ? ` \u00b7 ${unit.ai.status}${unit.ai.archFoe ? ' \u00b7 Arch Foe' : ''}`
    : '';
  const lines = [
    `Wounds left ${unit.maxWounds - unit.wounds} of ${unit.maxWounds}${status}. Faces ${FACING_NAMES[unit.facing]}. Moves ${unit.move}.`,
  ];
  if (t) {
    const traits = [
      t.unique ? 'unique' : 'common',
      t.leader ? 'leader' : '',
      t.capable ? 'attacks with advantage' : '',
      t.armoured ? 'heavy armour, defends with advantage' : '',
      t.mounted ? 'mounted' : '',
      `${t.points} points`,
    ].filter(Boolean);
    lines.push(traits.join(', ') + '.');
    if (t.stunnedRound === state.round) lines.push('Stunned this round.');
    if (t.tactic) lines.push(TACTIC_TEXT[t.tactic]);
  }
  const shield = shieldOf(unit);
  if (shield) lines.push(describeShield(shield));
  if (sizeOf(unit) > 1)
    lines.push(
      `A large figure on ${sizeOf(unit)}x${sizeOf(unit)} squares: it moves and strikes from its top-left square and can be struck on any of them.`,
    );
  if (unit.heal) lines.push(`Heals left: ${unit.heal.usesLeft} of ${unit.heal.usesMax}.`);
  for (const w of unit.weapons) lines.push(describeSkirmishWeapon(w));
  const blurb = FIGURES_BY_KIND[unit.kind]?.blurb;
  if (blurb && unit.side === 'heroes') lines.push(blurb);
  return lines;
}

export function describeSkirmishObjective(state: GameState): string {
  return `${scenarioRule(state).name}: ${scenarioGoal(state)}`;
}
