/**
 * The intent overlay, headless: what the dice-run monsters are about to do, with the odds,
 * as the Battle screen draws it. Every number comes from the engine (IntentWork: enemyIntent,
 * attackOdds, roundIntent, each module answering from its own tables); this file only picks
 * what to show and words it. The work for a state is kept with the state: the monster
 * shown is worked out at once, the others and the attack odds a piece at a time
 * (advanceIntentWork, a slice of each frame), the badges saying "estimating" until final.
 * A monster whose odds the real acting order may change (EnemyIntent.exactInOrder false)
 * shows its as-if-first odds at once, then, once the runs of the monsters' whole turn are
 * in, their figures for it in turn order ("estimated from N runs"); where nothing acting
 * before it can change them, the as-if-first odds are kept and called exact.
 */
import {
  hasFogOfWar,
  IntentWork,
  percent,
  type EnemyIntent,
  type PhaseOdds,
  type Facing,
  type GameState,
  type Point,
} from '../engine';

/** One place a monster may end its turn, with the chance, for a ghost on the board. */
export interface IntentGhost {
  at: Point;
  /** The likeliest facing there. */
  facing: Facing;
  chance: number;
  /** The chance as shown ("12.5%"). */
  text: string;
}

/** A monster's next turn as the overlay draws it. */
export interface IntentMark {
  unitId: string;
  name: string;
  from: Point;
  kind: EnemyIntent['kind'];
  /** Where it may end its turn (a patrol's outcomes; an alerted monster's likely square). */
  ghosts: IntentGhost[];
  /** The likeliest hero it strikes first, and how likely that strike wounds. */
  strike: {
    targetId: string;
    targetName: string;
    at: Point;
    chance: number;
    woundChance: number;
    text: string;
  } | null;
  /** Where a tie or a roll decides, in words. */
  note: string | null;
  /** Its outcomes in a few lines (the patrol table's rows with their odds...). */
  lines: string[];
  /**
   * In plain words, when others act before it in the phase: whether the odds hold in the
   * real acting order (exact), are worked out as if it acted first (while the runs of the
   * whole turn are still to come), or are estimated from those runs (null when it acts
   * first).
   */
  order: string | null;
  /**
   * Where the odds come from: 'exact' (as if first, which is the real order here, or every
   * roll of the turn counted), 'as-if-first' (the real order may change them; the runs of
   * the turn are not in yet), 'estimated' (from runs of the turn in the real order).
   */
  source: 'exact' | 'as-if-first' | 'estimated';
}

/** A monster's compact mark: what its next turn comes to, in one sign and colour. */
export function intentSign(mark: Pick<IntentMark, 'kind' | 'strike'>): {
  text: string;
  color: string;
} {
  if (mark.strike) return { text: '\u2694', color: '#ff8a7a' };
  if (mark.kind === 'patrol') return { text: '?', color: '#ffe2a8' };
  if (mark.kind === 'alerted') return { text: '\u00bb', color: '#ffd2c8' };
  return { text: '\u2022', color: '#d8d0c0' };
}

/** A hero's chance of being attacked next turn, for its card's badge. */
export interface AttackBadge {
  unitId: string;
  chance: number;
  text: string;
  /** How it was found: exact, or a Monte Carlo of so many runs. */
  tip: string;
}

/** The time of a frame (ms; 16.7 at 60 Hz) the Battle screen gives the overlay's work left. */
export const INTENT_SLICE_MS = 6;

/** The samples of the attack odds' Monte Carlo (the hero cards' badges). */
export const BADGE_SAMPLES = 100;

const works = new WeakMap<GameState, IntentWork>();

/** The overlay's work for `state`, kept with it (a state is never changed). */
export function intentWork(state: GameState): IntentWork {
  let work = works.get(state);
  if (!work) works.set(state, (work = new IntentWork(state, { samples: BADGE_SAMPLES })));
  return work;
}

/**
 * Spends up to `budgetMs` on the overlay's work left for `unitIds` (and the attack odds
 * when `odds`), a piece at a time; true when something new is ready to show. `now` is
 * the clock (performance.now by default).
 */
export function advanceIntentWork(
  state: GameState,
  unitIds: readonly string[],
  odds: boolean,
  budgetMs: number,
  now: () => number = () => performance.now(),
): boolean {
  if (state.phase !== 'heroes' || state.outcome) return false;
  const work = intentWork(state);
  const start = now();
  let progressed = false;
  while (work.step(unitIds, odds)) {
    progressed = true;
    if (now() - start >= budgetMs) break;
  }
  return progressed;
}

/** Whether the overlay's work for `unitIds` (and the odds when `odds`) is all done. */
export function intentWorkDone(
  state: GameState,
  unitIds: readonly string[],
  odds: boolean,
): boolean {
  if (state.phase !== 'heroes' || state.outcome) return true;
  return intentWork(state).done(unitIds, odds);
}

/** Sums a list of ends by square; each square shows its likeliest facing. */
function ghostsOf(ends: readonly { at: Point; facing: Facing; chance: number }[]): IntentGhost[] {
  const bySquare = new Map<string, { at: Point; chance: number; best: number; facing: Facing }>();
  for (const e of ends) {
    const key = `${e.at.x},${e.at.y}`;
    const g = bySquare.get(key) ?? { at: e.at, chance: 0, best: -1, facing: e.facing };
    g.chance += e.chance;
    if (e.chance > g.best) {
      g.best = e.chance;
      g.facing = e.facing;
    }
    bySquare.set(key, g);
  }
  return [...bySquare.values()]
    .sort((a, b) => b.chance - a.chance)
    .map((g) => ({ at: g.at, facing: g.facing, chance: g.chance, text: percent(g.chance) }));
}

/**
 * Whether the overlay of `unitIds` waits on the runs of the enemies' whole turn: a monster
 * among them whose worked-out intent may not hold in the real acting order.
 */
export function wantsOrderOdds(state: GameState, unitIds: readonly string[]): boolean {
  const work = intentWork(state);
  return unitIds.some((id) => work.has(id) && work.intent(id)?.exactInOrder === false);
}

/** Whether the runs of the enemies' whole turn are all in (the odds the overlay shows). */
export function orderOddsReady(state: GameState): boolean {
  return intentWork(state).attackOdds().final;
}

/** The overlay's picture of one monster's next turn (null: nothing to show). */
export function intentMarkOf(
  state: GameState,
  unitId: string,
  hidden: ReadonlySet<string> = new Set(),
): IntentMark | null {
  const unit = state.units.find((u) => u.id === unitId);
  if (!unit?.position) return null;
  const work = intentWork(state);
  const intent = work.intent(unitId);
  if (!intent) return null;
  const before = intent.actsAfter ?? [];
  const base = {
    unitId,
    name: unit.name,
    from: unit.position,
    kind: intent.kind,
    order: orderWords(state, before, hidden, intent.exactInOrder),
    source: intent.exactInOrder === false ? ('as-if-first' as const) : ('exact' as const),
  };
  if (intent.exactInOrder === false) {
    const { odds, final } = work.attackOdds();
    const inOrder = final ? odds?.enemies[unitId] : undefined;
    if (odds && inOrder) {
      const names = listNames(state, before, hidden);
      return markInOrder(state, { ...base, kind: intent.kind }, inOrder, {
        runs: odds.runs,
        exact: odds.method === 'exact',
        before: names,
        count: before.length,
      });
    }
  }
  if (intent.kind === 'holds')
    return { ...base, ghosts: [], strike: null, note: null, lines: [intent.text] };
  if (intent.kind === 'patrol') {
    return {
      ...base,
      ghosts: ghostsOf(intent.outcomes.flatMap((o) => o.ends)),
      strike: null,
      note: null,
      lines: intent.outcomes.map((o) => `${percent(o.chance)} ${o.label}`),
    };
  }
  const likely = intent.squares[0];
  const top = intent.strikes[0];
  const strike = top ? strikeMark(state, top, top.targetName) : null;
  const lines = [
    ...(likely ? [`${percent(likely.chance)} ends on (${likely.at.x}, ${likely.at.y})`] : []),
    strike ? strike.text : 'no hero within its reach this turn',
    ...(intent.note ? [intent.note] : []),
  ];
  return {
    ...base,
    ghosts: likely ? ghostsOf([likely]) : [],
    strike,
    note: intent.note,
    lines,
  };
}

/**
 * The marks for `unitIds` (the hovered monster, or every monster with Intent on); `hidden`:
 * the monsters fog of war hides (never named).
 */
export function intentMarks(
  state: GameState,
  unitIds: readonly string[],
  hidden: ReadonlySet<string> = new Set(),
): IntentMark[] {
  if (state.phase !== 'heroes' || state.outcome) return [];
  return unitIds.flatMap((id) => intentMarkOf(state, id, hidden) ?? []);
}

/** The monsters `before` in words ("A, B and one monster out of sight"); hidden ones unnamed. */
function listNames(
  state: GameState,
  before: readonly string[],
  hidden: ReadonlySet<string>,
): string {
  const names = before
    .filter((id) => !hidden.has(id))
    .map((id) => state.units.find((u) => u.id === id)?.name ?? id);
  const unseen = before.length - names.length;
  if (unseen > 0) names.push(unseen === 1 ? 'one monster out of sight' : `${unseen} out of sight`);
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Says how the odds stand to the acting order, naming those before it (hidden ones
 * unnamed): exact (nothing they may do changes it), or worked out as if it acted first
 * while the runs in the real order are still to come; null when it acts first.
 */
function orderWords(
  state: GameState,
  before: readonly string[],
  hidden: ReadonlySet<string>,
  exactInOrder: boolean | undefined,
): string | null {
  if (before.length === 0) {
    return exactInOrder === false
      ? 'Worked out as things stand now; what happens before it acts (or whether it acts before the heroes\u2019 next turn) may change this: estimating in turn order\u2026'
      : null;
  }
  const list = listNames(state, before, hidden);
  const verb = `act${before.length === 1 ? 's' : ''}`;
  if (exactInOrder === true)
    return `Exact: ${list} ${verb} before it this phase, but nothing they may do can change this.`;
  if (exactInOrder === false)
    return `Worked out as if it acted first: ${list} ${verb} before it this phase and may change this; estimating in turn order\u2026`;
  return `Worked out as if it acted first: ${list} ${verb} before it this phase and may change this.`;
}

/** The squares a monster ends on, in a few lines (the likeliest first). */
function endLines(ends: readonly IntentGhost[], most: number): string[] {
  const lines = ends.slice(0, most).map((g) => `${g.text} ends on (${g.at.x}, ${g.at.y})`);
  const rest = ends.length - most;
  if (rest > 0) lines.push(`${rest} more square${rest === 1 ? '' : 's'}`);
  return lines;
}

/**
 * The mark's likeliest strike: on the hero's square, with its chance and wound chance
 * (null when that hero is off the board). Named `targetName`, else by the hero's name.
 */
function strikeMark(
  state: GameState,
  top: { target: string; chance: number; woundChance: number },
  targetName?: string,
): IntentMark['strike'] {
  const target = state.units.find((u) => u.id === top.target);
  if (!target?.position) return null;
  const name = targetName ?? target.name;
  return {
    targetId: top.target,
    targetName: name,
    at: target.position,
    chance: top.chance,
    woundChance: top.woundChance,
    text: `${percent(top.chance)} strikes the ${name}, ${percent(top.woundChance)} to wound`,
  };
}

/**
 * A monster's next turn from the runs of the enemies' whole turn in the real acting order:
 * where it ends (a patrol's every square, an alerted monster's likeliest), whom it strikes
 * first and how often that wounds, whether it acts at all.
 */
function markInOrder(
  state: GameState,
  base: Omit<IntentMark, 'ghosts' | 'strike' | 'note' | 'lines' | 'order' | 'source'>,
  odds: PhaseOdds,
  how: { runs: number; exact: boolean; before: string; count: number },
): IntentMark {
  const ends = ghostsOf(odds.ends);
  const ghosts = base.kind === 'alerted' ? ends.slice(0, 1) : ends;
  const top = odds.strikes[0];
  const strike = top ? strikeMark(state, top) : null;
  const others = odds.strikes
    .slice(1)
    .map(
      (s) =>
        `${percent(s.chance)} the ${state.units.find((u) => u.id === s.target)?.name ?? s.target}`,
    );
  const lines = [
    ...endLines(ends, base.kind === 'alerted' ? 1 : 4),
    strike ? strike.text : 'no hero struck',
    ...(others.length > 0 ? [`or ${others.join(', ')}`] : []),
    ...(odds.acts <= 0
      ? ['does not act before the heroes\u2019 next turn']
      : odds.acts < 0.9995
        ? [`${percent(odds.acts)} acts before the heroes\u2019 next turn`]
        : []),
    ...(odds.gone > 0.0005 ? [`${percent(odds.gone)} falls`] : []),
  ];
  const who = how.count > 0 ? ` (${how.before} act${how.count === 1 ? 's' : ''} before it)` : '';
  const order = how.exact
    ? `Exact in turn order: every roll of the enemy phase counted, in ${how.runs} runs of it${who}.`
    : `Estimated from ${how.runs} runs of the enemy phase in turn order${who}.`;
  return {
    ...base,
    ghosts,
    strike,
    // The lines say it all; the board keeps its notes for the ties a die decides.
    note: null,
    lines,
    order,
    source: how.exact ? 'exact' : 'estimated',
  };
}

/**
 * Every hero's chance of being attacked in the monsters' next turn, for the cards: as far
 * as worked out (advanceIntentWork), empty before a first estimate; the tip says when it is
 * still estimating.
 */
export function attackBadges(state: GameState): AttackBadge[] {
  if (state.phase !== 'heroes' || state.outcome) return [];
  const { odds, final } = intentWork(state).attackOdds();
  if (!odds) return [];
  const fog = hasFogOfWar(state);
  const how = !final
    ? `estimating: ${odds.runs} simulated monster turns so far, more to come`
    : odds.method === 'exact'
      ? `exact: every roll that matters counted, in ${odds.runs} runs of the monsters' turn`
      : `Monte Carlo: ${odds.runs} simulated monster turns with dice of their own`;
  return Object.entries(odds.chances).map(([unitId, chance]) => ({
    unitId,
    chance,
    text: percent(chance),
    tip: `Chance a monster ${fog ? 'in sight ' : ''}attacks this hero in its next turn: ${percent(chance)} (${how}).${fog ? ' Fog of war: monsters out of sight are not counted.' : ''}`,
  }));
}

/** The odds of the round's own roll before it is made, in a line (null: none). */
export function roundOddsText(state: GameState): string | null {
  const odds = intentWork(state).round;
  if (!odds) return null;
  return `${odds.label} next round: ${odds.rows.map((r) => `${r.label} ${percent(r.chance)}`).join(' \u00b7 ')}`;
}
