/**
 * The action roll (§1 The Figure, §3 Sequence of Play): d6 plus wound points plus morale
 * modifiers, at or under experience to act; totals above 6 cower, rout or incapacitate.
 */
import type { DiceSource } from '../../dice';
import { chanceThat, distributionOf } from './chances';
import type { MasterMode, Modifier, Ruled } from './types';
import { totalOf } from './types';

/** The book's names for experience 1-6 (R1.1), in our own short words. */
export const EXPERIENCE_NAMES: Record<number, string> = {
  1: 'Scum',
  2: 'Raw',
  3: 'Green',
  4: 'Average',
  5: 'Veteran',
  6: 'Master',
};

/** The armour ratings' names (R1.8). */
export const ARMOUR_NAMES: Record<number, string> = {
  0: 'None',
  1: 'Light',
  2: 'Half',
  3: 'Nearly full',
  4: 'Full',
};

/**
 * Armour as a modifier (R1.8): the book uses the rating directly and suggests doubling
 * it as a variant for stronger armour.
 */
export function armourValue(armour: number, doubled = false): number {
  return doubled ? armour * 2 : armour;
}

/** Fire and melee pegged to experience in larger games: Veteran 10, Average 8, Green 6 (R1a.2). */
export function skillForExperience(exp: number): number {
  return 2 * exp;
}

/**
 * The total at which a morale failure becomes permanent (R3.30): 8, +1 Average, +2
 * Veteran, +3 Master; Green and worse stay at 8.
 */
export function routThreshold(exp: number): number {
  if (exp >= 6) return 11;
  if (exp === 5) return 10;
  if (exp === 4) return 9;
  return 8;
}

/** What a figure does after its action roll. */
export type ActionOutcome = 'acts' | 'hesitates' | 'cowers' | 'routs' | 'incapacitated';

export interface ActionRollInput {
  exp: number;
  woundPoints: number;
  /** Sum of the morale-check modifiers (moraleModifiers), 0 when the roll is no morale check. */
  morale?: number;
  /** Change to the number rolled against (e.g. -2 for a duckback check). */
  targetChange?: number;
  masterMode?: MasterMode;
}

export interface ActionRollResult extends Ruled {
  die: number;
  /** The master's confirming die (R1.3), when one was rolled. */
  confirmDie?: number;
  total: number;
  target: number;
  outcome: ActionOutcome;
}

/**
 * What a total means (R1.2, R3.27-R3.30): natural 1 always acts for a figure of 2 wound
 * points or fewer; at or under the target acts; up to 6 hesitates; above 6 a figure with a
 * serious wound or worse is incapacitated from 8, otherwise it cowers (7) or routs for
 * good from its experience's rout threshold.
 */
export function classifyAction(
  die: number,
  total: number,
  target: number,
  exp: number,
  woundPoints: number,
): { outcome: ActionOutcome; rule: string } {
  if (die === 1 && woundPoints <= 2) return { outcome: 'acts', rule: 'R3.27' };
  if (total <= target) return { outcome: 'acts', rule: 'R1.2' };
  if (total <= 6) return { outcome: 'hesitates', rule: 'R1.2' };
  // The checklist keeps the serious-wound collapse at 8 for every rating (R3.30's note).
  if (woundPoints >= 2 && total >= 8) return { outcome: 'incapacitated', rule: 'R3.29' };
  if (total >= routThreshold(exp)) return { outcome: 'routs', rule: 'R3.30' };
  return { outcome: 'cowers', rule: 'R3.28' };
}

/**
 * One action roll (R1.2). A master with no wounds and no morale modifiers follows the
 * house rule chosen (R1.3): 'auto' always acts; 'confirm' fails only on a 6 followed by
 * 4-6 on a second d6. A wounded or shaken master rolls like anyone else.
 */
export function rollAction(input: ActionRollInput, dice: DiceSource): ActionRollResult {
  const die = dice.roll(6);
  const total = die + input.woundPoints + (input.morale ?? 0);
  const target = input.exp + (input.targetChange ?? 0);
  // A master untouched by wounds and morale follows his house rule alone (R1.3): the book
  // names only those two as what can make him fail, so a check's own penalty (a duckback's
  // -2) does not.
  const steady = input.woundPoints === 0 && (input.morale ?? 0) === 0;
  if (input.exp >= 6 && input.masterMode && steady) {
    if (input.masterMode === 'auto' || die < 6)
      return { rule: 'R1.3', die, total, target, outcome: 'acts' };
    const confirmDie = dice.roll(6);
    const outcome = confirmDie >= 4 ? 'hesitates' : 'acts';
    return { rule: 'R1.3', die, confirmDie, total, target, outcome };
  }
  const { outcome, rule } = classifyAction(die, total, target, input.exp, input.woundPoints);
  return { rule, die, total, target, outcome };
}

/** The chance the action roll acts (exact over the d6 and any confirm die). */
export function chanceToAct(input: ActionRollInput): number {
  return chanceThat(
    (d) => rollAction(input, d),
    (r) => r.outcome === 'acts',
  );
}

/** The chance of each outcome of the action roll, for the preview. */
export function actionDistribution(input: ActionRollInput): Partial<Record<ActionOutcome, number>> {
  return distributionOf(
    (d) => rollAction(input, d),
    (r) => r.outcome,
  );
}

/** A figure of a unit as morale counts it. */
export interface MoraleMember {
  id: string;
  leader: boolean;
  woundPoints: number;
  /** Out of the fight: incapacitated, dead or run away (crippled comes from woundPoints). */
  out: boolean;
}

/** Lost for morale (R3.24, R3.25): incapacitated, crippled (3+ wound points), dead or run away. */
export function isLost(m: MoraleMember): boolean {
  return m.out || m.woundPoints >= 3;
}

/** A unit is eliminated when all its men are lost (R3.25). */
export function unitEliminated(members: readonly MoraleMember[]): boolean {
  return members.length > 0 && members.every(isLost);
}

export interface MoraleContext {
  /** Friendly units eliminated within 12" since the unit's last activation. */
  eliminatedWithin12?: number;
  /** Friendly units eliminated within 24" (and not within 12") since then. */
  eliminatedWithin24?: number;
  /**
   * Split units (R3.26): the ids of the unit's men this man knows the fate of; absent
   * when he knows of them all.
   */
  known?: readonly string[];
  /** Leader-influenced morale option (R3.32): how the leader's own roll went, if used. */
  leaderRoll?: 'acted' | 'panicked';
  /** Whether this man is near the leader for R3.32 (adjacent, or sees him within 3"). */
  nearLeader?: boolean;
}

/**
 * The morale-check modifiers for one man (R3.24): +1 per lost man (not the leader, not
 * himself), +2 for a lost leader, +1 per eliminated friendly unit within 24", +2 within
 * 12" (counted once, in the nearer band). His own wound points are added by the roll.
 */
export function moraleModifiers(
  members: readonly MoraleMember[],
  selfId: string,
  context: MoraleContext = {},
): Modifier[] {
  const knows = (m: MoraleMember) => !context.known || context.known.includes(m.id);
  const others = members.filter((m) => m.id !== selfId && knows(m));
  const lostMen = others.filter((m) => !m.leader && isLost(m)).length;
  let leaderLost = others.some((m) => m.leader && isLost(m));
  const out: Modifier[] = [];
  if (lostMen > 0) out.push({ rule: 'R3.24', label: 'men of the unit lost', value: lostMen });
  // R3.26: knowing of 3 or fewer of his unit, each known loss weighs one more.
  if (context.known && context.known.length <= 3) {
    const knownLosses = others.filter(isLost).length;
    if (knownLosses > 0)
      out.push({ rule: 'R3.26', label: 'cut off from his unit', value: knownLosses });
  }
  if (context.leaderRoll === 'panicked') leaderLost = true;
  if (leaderLost) out.push({ rule: 'R3.24', label: 'leader lost', value: 2 });
  const near = context.eliminatedWithin12 ?? 0;
  const far = context.eliminatedWithin24 ?? 0;
  if (far > 0) out.push({ rule: 'R3.24', label: 'friendly unit destroyed within 24"', value: far });
  if (near > 0)
    out.push({ rule: 'R3.24', label: 'friendly unit destroyed within 12"', value: 2 * near });
  // R3.32: a leader who acted steadies men near him by 1, only against these losses.
  if (context.leaderRoll === 'acted' && context.nearLeader && totalOf(out) > 0)
    out.push({ rule: 'R3.32', label: 'steadied by the leader', value: -1 });
  return out;
}

/**
 * The Heroes option (R3.33): a natural at or under the trigger (1 the first game) on a
 * figure's first morale-check roll lets him roll again against his unmodified experience;
 * success makes him immune to morale for the game and widens the trigger by 1 next game
 * (up to 6); a failure of either roll narrows it by 1 (not below 1).
 */
export function heroCheck(
  firstDie: number,
  trigger: number,
  exp: number,
  dice: DiceSource,
): Ruled & { inspired: boolean; secondDie?: number; nextTrigger: number } {
  if (firstDie > trigger)
    return { rule: 'R3.33', inspired: false, nextTrigger: Math.max(1, trigger - 1) };
  const secondDie = dice.roll(6);
  const inspired = secondDie <= exp;
  const nextTrigger = inspired ? Math.min(6, trigger + 1) : Math.max(1, trigger - 1);
  return { rule: 'R3.33', inspired, secondDie, nextTrigger };
}

/** Horsemanship (R1.9): experience + 2 for trained cavalry unless the scenario sets it. */
export function horsemanshipOf(exp: number, set?: number): number {
  return set ?? exp + 2;
}

/**
 * A horsemanship test (R1.9, R4.7): d6 plus the rider's and the horse's wound points plus
 * morale, at or under horsemanship. `extra` adds situational terms (jump height, woods).
 */
export function horsemanshipTest(
  input: {
    horsemanship: number;
    riderWounds: number;
    horseWounds: number;
    morale?: number;
    extra?: number;
  },
  dice: DiceSource,
): Ruled & { die: number; total: number; passed: boolean; missedBy: number } {
  const die = dice.roll(6);
  const total =
    die + input.riderWounds + input.horseWounds + (input.morale ?? 0) + (input.extra ?? 0);
  return {
    rule: 'R1.9',
    die,
    total,
    passed: total <= input.horsemanship,
    missedBy: Math.max(0, total - input.horsemanship),
  };
}

/**
 * Buttkicking (R3.19): a leader who acted spends his turn to order a man within 3" who did
 * not; an unwounded man acts, a wounded one rolls again and needs less than 7 minus his
 * wound points. Routed men can be rallied, incapacitated men cannot.
 */
export function buttkick(
  man: { woundPoints: number; incapacitated: boolean; distance: number },
  dice: DiceSource,
): Ruled & { acts: boolean; die?: number; why?: string } {
  if (man.incapacitated)
    return { rule: 'R3.19', acts: false, why: 'An incapacitated man cannot be ordered on.' };
  if (man.distance > 3)
    return { rule: 'R3.19', acts: false, why: 'The man is more than 3" from his leader.' };
  if (man.woundPoints === 0) return { rule: 'R3.19', acts: true };
  const die = dice.roll(6);
  return { rule: 'R3.19', acts: die < 7 - man.woundPoints, die };
}

/** The four orders where the leader's one die decides for the unit (R3.9). */
export type CollectiveOrder = 'follow-me' | 'formed-charge' | 'volley-fire' | 'follow-him';

export interface OrderMember {
  id: string;
  exp: number;
  woundPoints: number;
  leader: boolean;
}

/**
 * The experience the unit's one die is rolled against: the leader's for Follow Me and
 * Volley Fire (R3.10, R3.16), the lowest in the unit for a Formed Charge (R3.15) and for
 * Follow Him, unless that move goes away from the enemy, then the leader's (R3.17).
 */
export function orderTarget(
  order: CollectiveOrder,
  members: readonly OrderMember[],
  movingAway = false,
): Ruled & { target: number } {
  const leader = members.find((m) => m.leader) ?? members[0];
  const lowest = Math.min(...members.map((m) => m.exp));
  if (order === 'formed-charge') return { rule: 'R3.15', target: lowest };
  if (order === 'follow-him') return { rule: 'R3.17', target: movingAway ? leader.exp : lowest };
  return { rule: order === 'volley-fire' ? 'R3.16' : 'R3.10', target: leader.exp };
}

export interface OrderResult extends Ruled {
  die: number;
  target: number;
  /** Each man's result: the same die with his own wounds and the unit's morale (R3.10, R3.31). */
  men: { id: string; total: number; outcome: ActionOutcome }[];
  /** The leader's own result, which decides whether the unit goes. */
  leaderOutcome: ActionOutcome;
}

/**
 * A collective order: one die for the unit, re-read per man with his own wound points
 * (R3.10); a wounded man whose total fails stays put. Results above 6 fall on each man as
 * individually modified (R3.31); who sees a panicking leader is the caller's to decide.
 */
export function rollOrder(
  order: CollectiveOrder,
  members: readonly OrderMember[],
  dice: DiceSource,
  options: { morale?: number; movingAway?: boolean } = {},
): OrderResult {
  const { rule, target } = orderTarget(order, members, options.movingAway);
  const die = dice.roll(6);
  const morale = options.morale ?? 0;
  const men = members.map((m) => {
    const total = die + m.woundPoints + morale;
    return {
      id: m.id,
      total,
      outcome: classifyAction(die, total, target, m.exp, m.woundPoints).outcome,
    };
  });
  const leader = members.find((m) => m.leader) ?? members[0];
  const leaderOutcome = men.find((m) => m.id === leader.id)?.outcome ?? 'hesitates';
  return { rule, die, target, men, leaderOutcome };
}

/**
 * Volley Fire (R3.16): who may shoot and how. Followers fire a basic shot (half-turn aim,
 * no modifier); veterans and masters may use the aim they have built; the leader does not
 * fire. Null with a plain reason when the unit may not volley.
 */
export function volleyShooters(
  members: readonly (OrderMember & { loaded: boolean })[],
  unit: { inFormation: boolean; leaderSeesMenAndEnemy: boolean; inMelee: boolean },
): Ruled & { shooters: { id: string; mayAim: boolean }[] | null; why?: string } {
  if (!unit.inFormation)
    return { rule: 'R3.16', shooters: null, why: 'The unit is not in formation.' };
  if (!unit.leaderSeesMenAndEnemy)
    return { rule: 'R3.16', shooters: null, why: 'The leader cannot see his men and the enemy.' };
  if (unit.inMelee)
    return { rule: 'R3.16', shooters: null, why: 'The unit is fighting hand to hand.' };
  const followers = members.filter((m) => !m.leader);
  if (followers.some((m) => !m.loaded))
    return { rule: 'R3.16', shooters: null, why: 'Not every man has a loaded weapon.' };
  return { rule: 'R3.16', shooters: followers.map((m) => ({ id: m.id, mayAim: m.exp >= 5 })) };
}

/** Follow Me link distance between bases (R3.11): 1" green or worse, 2" average, 3" veteran, 4" master. */
export function linkDistance(exp: number): number {
  if (exp >= 6) return 4;
  if (exp === 5) return 3;
  if (exp === 4) return 2;
  return 1;
}

/** What a man who rolled 7 can see around him, for the surrender test (R3.28). */
export interface CowerSituation {
  /** A fit, unengaged enemy with a loaded weapon within its Short band of him (the checklist's "close fire range"). */
  loadedEnemyClose: boolean;
  /** A fit, unengaged enemy with a melee weapon within one move of him. */
  meleeEnemyWithinMove: boolean;
  friendCanIntervene: boolean;
  coverWithinReach: boolean;
  /** Fanatics kill prisoners, so no one gives himself up to them (R9.4, the checklist's reading). */
  enemyFanatic?: boolean;
}

/**
 * A 7 (R3.28): he falls back from the enemy into cover, or he surrenders when a fit,
 * unengaged enemy threatens him at close range, no friend can step in and no cover is
 * within reach.
 */
export function cowerChoice(s: CowerSituation): Ruled & { does: 'retreats' | 'surrenders' } {
  const threatened = s.loadedEnemyClose || s.meleeEnemyWithinMove;
  if (threatened && !s.friendCanIntervene && !s.coverWithinReach && !s.enemyFanatic)
    return { rule: 'R3.28', does: 'surrenders' };
  return { rule: 'R3.28', does: 'retreats' };
}
