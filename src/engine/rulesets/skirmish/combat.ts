/**
 * Simple Basic Combat (solitaire-gaming-rules VIII), on the four-corner line of sight and
 * cover of miniatures-los-cover:
 * - attack, 1d20: melee (and reach) hits on 6+, ranged on 11+, ranged at a target in
 *   cover on 16+;
 * - cover is the most a target has of: the four-corner lines (walls, sight-blocking
 *   squares and the attacker's foes block; its allies do not, V "Line of Sight"; a blow
 *   is stopped by the rock alone and crosses a corner in partial cover), the map's cover
 *   (the square it stands in, or one in front of it: VII's woods, low walls, rubble) and
 *   its shield, when the attack comes from where it holds it. A shot at a target in cover
 *   needs 16+; in melee a target in cover defends with advantage (VIII "Special
 *   Abilities" counts "the target is in cover" among the reasons to roll twice);
 * - a Wild attack (miniatures-los-cover): a target out of sight behind a wall that can be
 *   shot through (one that stops sight but not a body: woods, hedges, never rock) may be
 *   shot at through it, needing 20 (see WILD_HIT);
 * - an area weapon strikes the target square and every square around it, burst fire the
 *   target square and 2 next to it (V "Range"); attacks are made against foes, so neither
 *   strikes the attacker's own side. A blast needs a line to the square it bursts on
 *   only: it strikes every foe around that square, seen or not, unless a wall shelters
 *   the figure from it, and each is judged from the blast (see assessBlast).
 *   A target out of sight may be struck by a blast on a square beside it (indirect);
 * - defend, 1d20 (not an action): 11+ and the attack does no damage; 10 or less and the
 *   target suffers ONE effect (see applyFailedDefence);
 * - advantage (roll twice, keep the higher): a highly capable attacker; a group against a
 *   single target (another of the attacker's side next to the target, in melee); a target
 *   in tough armour defends with it, and so does one in cover against a blow.
 * Dangerous ground (V) is a hit like a weapon's: the figure defends against it.
 */
import { baseGap, distanceToUnit, footprint, squaresNearestFirst } from '../../footprint';
import { chebyshevDistance, DIRECTION_STEPS, type Point } from '../../grid';
import { computeCover, type CoverLevel } from '../../los';
import { doesSquareBlockSight, isInside, isTerrainPassable, terrainAt } from '../../map';
import type { Modifier, Resolution } from '../module';
import { chanceOf } from '../../resolution';
import { emit, rollDie, runActivation, type Context } from '../../systems/context';
import {
  betterCover,
  coverOfSquare,
  groundCover,
  lineBlocker,
  turnToward,
  wallCover,
  worseCover,
} from '../../systems/cover';
import { isInViewArc, setStatus } from '../../systems/sight';
import { applyWound } from '../../systems/wounds';
import type { GameState, RuleRef, Unit } from '../../types';
import { livingUnits, unitAt } from '../../world';
import { DEFEND, MELEE_HIT, RANGED_HIT } from './needs';
import { FIGURES_BY_KIND } from './roster';
import { needWithSkill, skillBonus } from './skills';
import { traitsOf, type ShieldSize, type SkirmishWeapon } from './types';
import { isRankedBefore, SOLO_RULES } from '../../solo/mechanics';

export const D20 = 20;
export { DEFEND, MELEE_HIT, RANGED_HIT };
/** VIII: "Ranged attack when the target is in cover: ... 16 or more." */
export const RANGED_COVER_HIT = 16;
/**
 * miniatures-los-cover: a Wild attack gives "a -20% penalty to their Strike mod, in
 * addition to the bonus to target's Defense modifier from having Full cover". A d20's
 * face is 5%, so -20% is 4 faces more on top of the shot into cover (16+): 20, a natural
 * 20 only (a campaign hero's shooting skill still takes its bonus off).
 */
export const WILD_PENALTY = 4;
export const WILD_HIT = RANGED_COVER_HIT + WILD_PENALTY;
/** V "Dangerous Terrain": a die, "On a 1 to 3, the figure immediately takes 1 hit." */
export const DANGEROUS_DIE = 6;
export const DANGEROUS_HIT_UP_TO = 3;

export const COMBAT: (section: string) => RuleRef = SOLO_RULES;
const LOS_COVER = (section: string): RuleRef => ({ book: 'LOS & cover', section });

/**
 * How an attack reaches its target: along a line to it (aimed); through a wall that can
 * be shot through, the target out of sight (wild); by a blast, judged from where it
 * bursts (a figure around the blast's centre, or a target out of sight struck by a blast
 * beside it).
 */
export type AttackKind = 'aimed' | 'wild' | 'blast';

export interface SkirmishAttack {
  reason: string | null;
  kind: AttackKind;
  /** The square the attack is aimed at (a blast's centre; a large target's nearest square). */
  aim: Point;
  cover: CoverLevel;
  hitOn: number;
  /** What the target's defence needs (11+, less a campaign hero's defence skill). */
  defendOn: number;
  attackAdvantage: boolean;
  defendAdvantage: boolean;
  modifiers: Modifier[];
  resolution: Resolution;
}

export function isMelee(weapon: SkirmishWeapon): boolean {
  return weapon.band === 'melee' || weapon.band === 'reach';
}

/** Whether another figure of the attacker's side stands next to the target (a group against one). */
function isGangUp(state: GameState, attacker: Unit, target: Unit): boolean {
  if (!target.position) return false;
  return livingUnits(state, attacker.side).some(
    (u) => u.id !== attacker.id && baseGap(u, target) === 1,
  );
}

/** A d20 against `need`, rolled twice keeping the higher with advantage. */
function d20(need: number, advantage: boolean, invert = false): Resolution {
  return advantage
    ? { kind: 'advantage', die: D20, need, modifier: 0, mode: 'best', invert }
    : { kind: 'threshold', die: D20, need, modifier: 0, invert };
}

// ------------------------------------------------------------------ cover

/** A figure's shield, from its stat line (roster), or null. */
export function shieldOf(unit: Unit): ShieldSize | null {
  return FIGURES_BY_KIND[unit.kind]?.shield ?? null;
}

/**
 * The cover a shield gives against an attack from `from` (miniatures-los-cover: "Shields
 * may also grant Full or Partial cover as well, depending on the size of the shield"): a
 * small shield partial cover against attacks from ahead of the figure (the half it faces,
 * not from beside), a large one full cover from ahead and from either side. Never from
 * behind: a figure caught from behind has no shield.
 */
export function shieldCover(unit: Unit, from: Point): CoverLevel {
  const shield = shieldOf(unit);
  const at = unit.position;
  if (!shield || !at || (from.x === at.x && from.y === at.y)) return 'clear';
  if (shield === 'large') return isInViewArc(at, unit.facing, from) ? 'full' : 'clear';
  const ahead = DIRECTION_STEPS[unit.facing];
  return ahead.x * (from.x - at.x) + ahead.y * (from.y - at.y) > 0 ? 'partial' : 'clear';
}

/** What gives a target its cover against one attack, each part's level. */
interface CoverParts {
  /** The four-corner lines (a blow: the rock alone; a blast: from its centre). */
  lines: CoverLevel;
  /** The map's cover: the square it stands in or one in front of it. */
  ground: CoverLevel;
  /** Whether the ground's cover is the square it stands in (else one in front of it). */
  groundUnderfoot: boolean;
  shield: CoverLevel;
  /** Out of the attacker's sight (struck by a blast): counted as full cover. */
  unseen: boolean;
}

function totalCover(parts: CoverParts): CoverLevel {
  const unseen: CoverLevel = parts.unseen ? 'full' : 'clear';
  return [parts.ground, parts.shield, unseen].reduce(worseCover, parts.lines);
}

function coverPartsAt(
  state: GameState,
  target: Unit,
  from: Point,
  square: Point,
  lines: CoverLevel,
): CoverParts {
  const ground = groundCover(state.map, from, square);
  return {
    lines,
    ground,
    groundUnderfoot: ground !== 'clear' && coverOfSquare(state.map, square) === ground,
    shield: shieldCover(target, from),
    unseen: false,
  };
}

/** In our own words, what gives the target its cover (for the preview's breakdown). */
function coverSources(parts: CoverParts, melee: boolean): string {
  const out: string[] = [];
  if (parts.unseen) out.push('out of sight (full)');
  if (parts.lines === 'partial')
    out.push(melee ? 'struck across a corner (partial)' : 'one line blocked (partial)');
  if (parts.lines === 'full') out.push('most lines blocked (full)');
  if (parts.ground !== 'clear')
    out.push(`${parts.ground} ${parts.groundUnderfoot ? 'where it stands' : 'in front of it'}`);
  if (parts.shield !== 'clear') out.push(`its shield faces the attack (${parts.shield})`);
  return `Target in cover: ${out.join('; ')}`;
}

interface Aim {
  square: Point;
  parts: CoverParts;
  cover: CoverLevel;
}

/**
 * The square of `target` to aim `weapon` at from `attacker`: of its squares in range
 * (every square of a large figure's base may be aimed at, V "Large Figures"), the one it
 * has the least cover on. `lines` gives the four-corner lines to a square. Null when
 * none is in range.
 */
function bestAim(
  state: GameState,
  attacker: Unit,
  target: Unit,
  weapon: SkirmishWeapon,
  lines: (square: Point) => CoverLevel,
): Aim | null {
  const from = attacker.position!;
  let best: Aim | null = null;
  for (const square of squaresNearestFirst(target, from)) {
    const d = chebyshevDistance(from, square);
    if (d < weapon.minRange || (weapon.maxRange !== null && d > weapon.maxRange)) continue;
    const parts = coverPartsAt(state, target, from, square, lines(square));
    const cover = parts.lines === 'blocked' ? 'blocked' : totalCover(parts);
    if (!best || betterCover(cover, best.cover) !== best.cover) best = { square, parts, cover };
    if (best.cover === 'clear') break;
  }
  return best;
}

/** The four-corner lines to a square of `target`: a blow's through the rock alone, a shot's past the attacker's foes too. */
function directLines(
  state: GameState,
  attacker: Unit,
  target: Unit,
  weapon: SkirmishWeapon,
): (square: Point) => CoverLevel {
  const from = attacker.position!;
  if (isMelee(weapon)) return (square) => wallCover(state, from, square);
  const blocks = lineBlocker(state, attacker, target.id, 'foes');
  return (square) => computeCover(from, square, blocks);
}

/**
 * Whether a wild shot may go through the square (x, y): it stops sight but not a body
 * (woods, a hedge, smoke: sight-blocking ground a figure may enter). Rock, buildings and
 * doors (terrain a figure cannot enter) stop it, and so do figures: miniatures-los-cover
 * leaves it to "the structure of the wall", and a bolt goes through leaves, not stone.
 */
export function canShootThrough(state: GameState, x: number, y: number): boolean {
  return doesSquareBlockSight(state.map, x, y) && isTerrainPassable(terrainAt(state.map, x, y));
}

/** The lines of a wild shot: as a shot's, with the squares it may go through left open. */
function wildLines(state: GameState, attacker: Unit, target: Unit): (square: Point) => CoverLevel {
  const from = attacker.position!;
  const blocks = lineBlocker(state, attacker, target.id, 'foes');
  const wildBlocks = (x: number, y: number): boolean =>
    !canShootThrough(state, x, y) && blocks(x, y);
  return (square) => computeCover(from, square, wildBlocks);
}

// ------------------------------------------------------------------ assessing

/** Everything about an attack before it is rolled: whether it may be made and its odds. */
export function assessSkirmishAttack(
  state: GameState,
  attacker: Unit,
  target: Unit,
  weapon: SkirmishWeapon,
): SkirmishAttack {
  const refused = whyNeverAttack(attacker, target);
  if (refused) return cannot(refused, target);
  // V "Large Figures": a large figure attacks from its main square, and "an attacker can
  // target any space a large figure occupies": the range is to the nearest of them.
  const distance = distanceToUnit(attacker.position!, target);
  if (distance < weapon.minRange)
    return cannot(`The ${weapon.name} cannot strike an adjacent foe.`, target);
  if (weapon.maxRange !== null && distance > weapon.maxRange)
    return cannot(
      `${target.name} is out of ${weapon.name} range (${distance} squares, at most ${weapon.maxRange}).`,
      target,
    );
  const aim = bestAim(
    state,
    attacker,
    target,
    weapon,
    directLines(state, attacker, target, weapon),
  );
  if (aim && aim.cover !== 'blocked')
    return oddsOf(state, attacker, target, weapon, 'aimed', aim.square, aim.parts);
  if (isMelee(weapon))
    return cannot(`${attacker.name} cannot reach ${target.name} through the rock.`, target);
  if (weapon.band === 'area') {
    const centre = indirectCentre(state, attacker, target, weapon);
    if (centre) return assessBlast(state, attacker, target, weapon, centre);
    return cannot(
      `${attacker.name} has no line to ${target.name} nor to a square beside it for the ${weapon.name}.`,
      target,
    );
  }
  const wild = bestAim(state, attacker, target, weapon, wildLines(state, attacker, target));
  if (wild && wild.parts.lines !== 'blocked')
    return oddsOf(state, attacker, target, weapon, 'wild', wild.square, {
      ...wild.parts,
      lines: 'full',
    });
  return cannot(`${attacker.name} has no line to ${target.name}.`, target);
}

/** Why `attacker` may never attack `target`, whatever the weapon, or null. */
function whyNeverAttack(attacker: Unit, target: Unit): string | null {
  if (!attacker.position) return `${attacker.name} is not on the board.`;
  if (!target.position) return `${target.name} is not on the board.`;
  if (attacker.side === target.side) return `${target.name} is on the same side.`;
  if (attacker.structure) return `${attacker.name} is a building.`;
  return null;
}

function cannot(reason: string, target: Unit): SkirmishAttack {
  return {
    reason,
    kind: 'aimed',
    aim: target.position ?? { x: 0, y: 0 },
    cover: 'blocked',
    hitOn: MELEE_HIT,
    defendOn: DEFEND,
    attackAdvantage: false,
    defendAdvantage: false,
    modifiers: [],
    resolution: d20(D20 + 1, false),
  };
}

/** The numbers of an attack that may be made, with the modifiers that made them. */
function oddsOf(
  state: GameState,
  attacker: Unit,
  target: Unit,
  weapon: SkirmishWeapon,
  kind: AttackKind,
  aim: Point,
  parts: CoverParts,
): SkirmishAttack {
  // A blast is not a blow, whatever it was thrown with.
  const melee = isMelee(weapon) && kind === 'aimed';
  const cover = totalCover(parts);
  const inCover = cover === 'partial' || cover === 'full';
  const traits = traitsOf(attacker);
  const targetTraits = traitsOf(target);
  const ruleHitOn = melee
    ? MELEE_HIT
    : kind === 'wild'
      ? WILD_HIT
      : inCover
        ? RANGED_COVER_HIT
        : RANGED_HIT;
  const attackSkill = skillBonus(attacker, melee ? 'melee' : 'ranged');
  const hitOn = needWithSkill(ruleHitOn, attackSkill);
  const defenceSkill = skillBonus(target, 'defence');
  const defendOn = needWithSkill(DEFEND, defenceSkill);
  const modifiers: Modifier[] = [];
  const sources = coverSources(parts, melee);
  if (kind === 'wild')
    modifiers.push(
      {
        label: 'Target out of sight behind woods or a hedge: full cover, 16+',
        value: RANGED_COVER_HIT - RANGED_HIT,
      },
      {
        label: `Wild shot through it: 4 more (20% of the die) \u2014 ${WILD_HIT}+ to hit`,
        value: WILD_PENALTY,
      },
    );
  else if (!melee && inCover)
    modifiers.push({
      label: `${sources} \u2014 ${RANGED_COVER_HIT}+ to hit`,
      value: RANGED_COVER_HIT - RANGED_HIT,
    });
  if (kind === 'blast')
    modifiers.push({ label: 'Struck by the blast: judged from where it bursts', value: 0 });
  if (attackSkill > 0)
    modifiers.push({
      label: `${melee ? 'Melee' : 'Shooting'} skill: ${hitOn}+ to hit`,
      value: -attackSkill,
    });
  if (defenceSkill > 0)
    modifiers.push({
      label: `Target's defence skill: defends on ${defendOn}+`,
      value: -defenceSkill,
    });
  const gangUp = melee && isGangUp(state, attacker, target);
  const attackAdvantage = traits.capable || gangUp;
  if (traits.capable)
    modifiers.push({ label: 'Capable attacker: attack with advantage', value: 1 });
  if (gangUp) modifiers.push({ label: 'Ganging up: attack with advantage', value: 1 });
  const coverDefence = melee && inCover && !target.structure;
  const defendAdvantage = targetTraits.armoured || coverDefence;
  if (targetTraits.armoured)
    modifiers.push({ label: 'Tough armour: defends with advantage', value: -1 });
  if (coverDefence)
    modifiers.push({ label: `${sources} \u2014 defends with advantage`, value: -1 });
  // A building (Fortress Assault) does not defend: every hit tells.
  if (target.structure) modifiers.push({ label: 'A building: no defence roll', value: 0 });
  return {
    reason: null,
    kind,
    aim,
    cover,
    hitOn,
    defendOn,
    attackAdvantage,
    defendAdvantage,
    modifiers,
    resolution: target.structure
      ? d20(hitOn, attackAdvantage)
      : {
          kind: 'sequence',
          steps: [d20(hitOn, attackAdvantage), d20(defendOn, defendAdvantage, true)],
        },
  };
}

/** The chance that the attack roll hits (with advantage: 1 - (1 - p)^2); 0 when it may not be made. */
export function hitChanceOf(odds: SkirmishAttack): number {
  return odds.reason ? 0 : chanceOf(d20(odds.hitOn, odds.attackAdvantage));
}

/**
 * The chance `weapon`'s attack roll hits for `attacker` in range with a clear line: 6+ in
 * melee or 11+ at range, less its skill, with advantage when it is capable (or when
 * `advantage` says it has it anyway).
 */
export function clearHitChance(attacker: Unit, weapon: SkirmishWeapon, advantage = false): number {
  const melee = isMelee(weapon);
  const need = needWithSkill(
    melee ? MELEE_HIT : RANGED_HIT,
    skillBonus(attacker, melee ? 'melee' : 'ranged'),
  );
  return chanceOf(d20(need, advantage || traitsOf(attacker).capable));
}

// ------------------------------------------------------------------ blasts

/**
 * A blast's odds against `victim`, judged from the square it bursts on (V "Area effect
 * attacks ... are made against a target space and all spaces 1 space away"): a figure
 * there is struck whether or not the attacker sees it, unless a wall shelters it from the
 * blast (no line from the centre: a diagonal seam of rock). It is in cover as a shot's
 * target would be, seen from the centre (a corner between, its ground, its shield turned
 * to the blast), and out of the attacker's sight it counts as in full cover, as the Wild
 * attack of miniatures-los-cover counts a target out of sight.
 */
export function assessBlast(
  state: GameState,
  attacker: Unit,
  victim: Unit,
  weapon: SkirmishWeapon,
  centre: Point,
): SkirmishAttack {
  if (!attacker.position || !victim.position)
    return cannot(`${victim.name} is not on the board.`, victim);
  // Attacks are made against foes (V "Range"): a blast spares the attacker's own side.
  if (victim.side === attacker.side) return cannot(`${victim.name} is on the same side.`, victim);
  const seenLines = lineBlocker(state, attacker, victim.id, 'foes');
  const unseen = footprint(victim).every(
    (p) => computeCover(attacker.position!, p, seenLines) === 'blocked',
  );
  let best: Aim | null = null;
  for (const square of squaresNearestFirst(victim, centre)) {
    if (chebyshevDistance(centre, square) > 1) continue;
    const lines = wallCover(state, centre, square);
    if (lines === 'blocked') continue;
    const parts = { ...coverPartsAt(state, victim, centre, square, lines), unseen };
    const cover = totalCover(parts);
    if (!best || betterCover(cover, best.cover) !== best.cover) best = { square, parts, cover };
  }
  if (!best) return cannot(`A wall shelters ${victim.name} from the blast.`, victim);
  return oddsOf(state, attacker, victim, weapon, 'blast', centre, best.parts);
}

/**
 * Where an area weapon bursts to strike `target` out of sight (miniatures-los-cover:
 * "Targets that are out of sight can still be attacked indirectly, with area effect
 * attacks"): a square beside it, in range, open to sight, that the attacker has a line to
 * and from which no wall shelters the target. Of those, the one with the clearest line,
 * then the nearest, then the first in the order of DIRECTION_STEPS around the target's
 * nearest square. Null when there is none.
 */
function indirectCentre(
  state: GameState,
  attacker: Unit,
  target: Unit,
  weapon: SkirmishWeapon,
): Point | null {
  const from = attacker.position!;
  const blocks = lineBlocker(state, attacker, target.id, 'foes');
  let best: { centre: Point; rank: number[] } | null = null;
  for (const square of squaresNearestFirst(target, from)) {
    for (const step of DIRECTION_STEPS) {
      const centre = { x: square.x + step.x, y: square.y + step.y };
      if (!isInside(state.map, centre) || doesSquareBlockSight(state.map, centre.x, centre.y))
        continue;
      const d = chebyshevDistance(from, centre);
      if (d < weapon.minRange || (weapon.maxRange !== null && d > weapon.maxRange)) continue;
      const line = computeCover(from, centre, blocks);
      if (line === 'blocked' || wallCover(state, centre, square) === 'blocked') continue;
      const rank = [line === 'clear' ? 0 : line === 'partial' ? 1 : 2, d];
      if (!best || isRankedBefore(rank, best.rank)) best = { centre, rank };
    }
  }
  return best?.centre ?? null;
}

export { isRankedBefore } from '../../solo/mechanics';

/** The squares an attack strikes: the target's; an area weapon's also all around it; burst fire's 2 beside it. */
export function struckSquares(state: GameState, weapon: SkirmishWeapon, target: Point): Point[] {
  if (weapon.band === 'area')
    return [target, ...DIRECTION_STEPS.map((d) => ({ x: target.x + d.x, y: target.y + d.y }))];
  if (weapon.band === 'burst') {
    // The two squares beside the target that hold the most figures, first in clockwise order.
    const beside = DIRECTION_STEPS.map((d) => ({ x: target.x + d.x, y: target.y + d.y }));
    const held = beside.filter((p) => unitAt(state, p.x, p.y));
    return [target, ...[...held, ...beside.filter((p) => !held.includes(p))].slice(0, 2)];
  }
  return [target];
}

/**
 * How much damage a weapon can do, for III Primary Weapon's "2. The weapon that can do the
 * most damage": every failed defence is one wound or a stun (VIII Defend), so it is the
 * squares it strikes (an area weapon 9, burst fire 3, any other 1), then a wound before a
 * stun (a stunned figure acts again the round after). Higher is more.
 */
export function damageRank(weapon: SkirmishWeapon): number {
  const squares = weapon.band === 'area' ? 9 : weapon.band === 'burst' ? 3 : 1;
  return squares * 2 + (weapon.stuns ? 0 : 1);
}

/** The figures in the squares an attack aimed at `aim` strikes, each once, the attacker aside. */
function figuresStruck(
  state: GameState,
  attacker: Unit,
  weapon: SkirmishWeapon,
  aim: Point,
): Unit[] {
  return [
    ...new Set(
      struckSquares(state, weapon, aim)
        .map((p) => unitAt(state, p.x, p.y))
        .filter((u): u is Unit => !!u && u.id !== attacker.id),
    ),
  ];
}

// ------------------------------------------------------------------ resolving

/** Rolls a d20, twice with advantage keeping the higher, and logs it for `purpose`. */
function rollD20(
  ctx: Context,
  unit: Unit,
  purpose: string,
  need: number,
  advantage: boolean,
  describe: (value: number, rolls: string) => string,
  rule: RuleRef,
): number {
  const first = ctx.dice.roll(D20);
  const second = advantage ? ctx.dice.roll(D20) : null;
  const value = second === null ? first : Math.max(first, second);
  const rolls = second === null ? `d20 = ${first}` : `d20 twice = ${first}, ${second}: ${value}`;
  ctx.events.push({
    type: 'roll',
    die: D20,
    value,
    purpose,
    unit: unit.id,
    need,
    success: value >= need,
    text: describe(value, rolls),
    rule,
  });
  return value;
}

/**
 * Makes the attack the caller checked may be made: every figure in the struck squares
 * (an area or burst weapon's), each rolled to hit and then defended. A blast's figures
 * other than an aimed target are judged from where it bursts (assessBlast); burst fire's
 * from the attacker. The odds of all are taken before any roll: it strikes them at once.
 */
export function resolveSkirmishAttack(
  ctx: Context,
  attacker: Unit,
  target: Unit,
  weapon: SkirmishWeapon,
): void {
  const state = ctx.state;
  const odds = assessSkirmishAttack(state, attacker, target, weapon);
  if (odds.reason || !attacker.position) return;
  attacker.stats.attacks += 1;
  traitsOf(attacker).lastTarget = target.id;
  turnToward(ctx, attacker, odds.aim, 'attacking');
  const struck = figuresStruck(state, attacker, weapon, odds.aim).map((victim) => {
    if (victim.id === target.id && odds.kind !== 'blast') return { victim, odds };
    if (weapon.band === 'area')
      return { victim, odds: assessBlast(state, attacker, victim, weapon, odds.aim) };
    // Burst fire reaches the figures beside the target whatever their distance.
    const unlimited = { ...weapon, minRange: 0, maxRange: null };
    return { victim, odds: assessSkirmishAttack(state, attacker, victim, unlimited) };
  });
  for (const { victim, odds: victimOdds } of struck) {
    if (!victim.position || state.outcome || victimOdds.reason) continue;
    strike(ctx, attacker, victim, weapon, victimOdds);
  }
}

/** The rule an attack roll served, for the dice log. */
function attackRule(weapon: SkirmishWeapon, odds: SkirmishAttack): RuleRef {
  if (odds.kind === 'wild') return LOS_COVER('Wild attack: through the wall, -20% and full cover');
  const inCover = odds.cover === 'partial' || odds.cover === 'full';
  if (isMelee(weapon) && odds.kind === 'aimed') return COMBAT('VIII Attack: melee 6+');
  return COMBAT(`VIII Attack: ${inCover ? 'ranged into cover 16+' : 'ranged 11+'}`);
}

function strike(
  ctx: Context,
  attacker: Unit,
  target: Unit,
  weapon: SkirmishWeapon,
  odds: SkirmishAttack,
): void {
  const how = odds.kind === 'wild' ? ' (a wild shot)' : odds.kind === 'blast' ? ' (the blast)' : '';
  const hit = rollD20(
    ctx,
    attacker,
    'attack',
    odds.hitOn,
    odds.attackAdvantage,
    (v, rolls) =>
      `${attacker.name} ${weapon.name}${how} at ${target.name}: ${rolls}, needs ${odds.hitOn}+ — ${v >= odds.hitOn ? 'hit' : 'miss'}`,
    attackRule(weapon, odds),
  );
  const hits = hit >= odds.hitOn;
  emit(ctx, {
    type: 'attacked',
    unit: attacker.id,
    target: target.id,
    weapon: weapon.id,
    effect: weapon.effect,
    roll: hit,
    need: odds.hitOn,
    hit: hits,
    text: '',
  });
  // Being attacked is an interaction: a prepared or patrolling target notices at once.
  if (target.ai && (target.ai.status === 'prepared' || target.ai.status === 'patrolling'))
    setStatus(ctx, target, 'alerted', `attacked by the ${attacker.name}`);
  if (!hits) return;
  if (target.structure) {
    attacker.stats.hits += 1;
    applyWound(ctx, target, attacker.id, 1);
    return;
  }
  if (defends(ctx, target, odds.defendOn, odds.defendAdvantage)) return;
  attacker.stats.hits += 1;
  applyFailedDefence(ctx, attacker, target, weapon);
}

/** VIII "Defend": the target's d20 against a hit; true when it takes no damage. */
function defends(ctx: Context, target: Unit, defendOn: number, advantage: boolean): boolean {
  const defence = rollD20(
    ctx,
    target,
    'defend',
    defendOn,
    advantage,
    (v, rolls) =>
      `${target.name} defends: ${rolls}, needs ${defendOn}+ — ${v >= defendOn ? 'no damage' : 'fails'}`,
    COMBAT('VIII Defend: 11+ does no damage'),
  );
  return defence >= defendOn;
}

/**
 * A failed defence (VIII Defend: "the target takes 1 wound (if it can suffer multiple
 * wounds); suffers a 'stun' and does not take actions in the next round; or is outright
 * defeated"). We read the three as alternatives, one per failed defence: a weapon that
 * stuns stuns, and does not wound, whoever it strikes (a stunned common figure lives); any
 * other deals 1 wound, which defeats a figure with one wound left: a common figure ("can
 * only take 1 wound before being defeated") is outright defeated, and so is a unique one
 * on its last.
 */
function applyFailedDefence(
  ctx: Context,
  attacker: Unit,
  target: Unit,
  weapon: SkirmishWeapon,
): void {
  if (weapon.stuns) stun(ctx, target);
  else applyWound(ctx, target, attacker.id, 1);
}

/** Stunned: the figure takes no actions in the next round. */
export function stun(ctx: Context, unit: Unit): void {
  const traits = traitsOf(unit);
  traits.stunnedRound = ctx.state.round + 1;
  emit(ctx, {
    type: 'stunned',
    unit: unit.id,
    round: ctx.state.round + 1,
    text: `${unit.name} is stunned: no actions next round.`,
    rule: COMBAT('VIII Defend: a stun, no actions in the next round'),
  });
}

/** Whether `unit` is stunned in the current round. */
export function isStunned(state: GameState, unit: Unit): boolean {
  return traitsOf(unit).stunnedRound === state.round;
}

/** Why `attacker` may not use `weapon` on `target` now, or null. */
export function whySkirmishAttackFails(
  state: GameState,
  attacker: Unit,
  target: Unit,
  weapon: SkirmishWeapon,
): string | null {
  return assessSkirmishAttack(state, attacker, target, weapon).reason;
}

/** Whether `attacker` may use `weapon` on `target` now, a wild shot included. */
export function canSkirmishAttack(
  state: GameState,
  attacker: Unit,
  target: Unit,
  weapon: SkirmishWeapon,
): boolean {
  return whySkirmishAttackFails(state, attacker, target, weapon) === null;
}

// ------------------------------------------------------------------ dangerous ground

/** Whether `unit` stands on dangerous ground (its main square). */
export function isOnDangerousGround(state: GameState, unit: Unit): boolean {
  const at = unit.position;
  return at !== null && terrainAt(state.map, at.x, at.y) === 'dangerous';
}

/**
 * V "Dangerous Terrain": "Roll a die when a figure moves into or ends its turn in
 * dangerous terrain ... On a 1 to 3, the figure immediately takes 1 hit." A d6; a hit is
 * a hit as in VIII, so the figure then defends (11+, with advantage in tough armour) and
 * takes 1 wound only if that fails. Returns the wounds it takes (0 or 1); the caller
 * deals them. `how` words it for the log.
 */
export function rollDangerousGround(
  ctx: Context,
  unit: Unit,
  how: 'enters' | 'ends its turn on',
): number {
  const v = rollDie(ctx, {
    sides: DANGEROUS_DIE,
    purpose: 'dangerous-terrain',
    unit: unit.id,
    need: DANGEROUS_HIT_UP_TO + 1,
    describe: (x) =>
      `${unit.name} ${how} dangerous ground, d6 = ${x}: ${x <= DANGEROUS_HIT_UP_TO ? 'a hit (1-3)' : 'unharmed (4+)'}`,
    rule: COMBAT(
      `V Dangerous Terrain: ${how === 'enters' ? 'moves into' : 'ends its turn in'}, 1-3 a hit`,
    ),
  });
  if (v > DANGEROUS_HIT_UP_TO) return 0;
  const defendOn = needWithSkill(DEFEND, skillBonus(unit, 'defence'));
  return defends(ctx, unit, defendOn, traitsOf(unit).armoured) ? 0 : 1;
}

/**
 * The end of a figure's activation on dangerous ground (V: a die when it "ends its turn
 * in dangerous terrain", whether or not it moved in this turn: the seed names both, so a
 * figure that walks in and stays rolls twice), as steps for runActivation.
 */
export function* endTurnOnDangerousGround(ctx: Context, unit: Unit): Generator<void> {
  if (ctx.state.outcome || !isOnDangerousGround(ctx.state, unit)) return;
  const wounds = rollDangerousGround(ctx, unit, 'ends its turn on');
  if (wounds > 0) applyWound(ctx, unit, null, wounds);
}

/**
 * Ends the activation of `unit` where the flow ends it outside its own steps (a hero's
 * end of turn, a stunned figure's lost one): rolls for dangerous ground under it and
 * settles, only when it stands on some.
 */
export function endActivationOnGround(ctx: Context, unit: Unit): void {
  if (isOnDangerousGround(ctx.state, unit)) runActivation(ctx, endTurnOnDangerousGround(ctx, unit));
}
