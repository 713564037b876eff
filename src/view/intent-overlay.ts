/**
 * The intent overlay, headless: what the dice-run monsters are about to do, with the odds,
 * as the Battle screen draws it. Every number comes from the engine (IntentWork: enemyIntent,
 * attackOdds, roundIntent, each module answering from its own tables); this file only picks
 * what to show and words it. The work for a state is kept with the state: the monster
 * shown is worked out at once, the others and the attack odds a piece at a time
 * (advanceIntentWork, a slice of each frame), the badges saying "estimating" until final.
 */
import {
  hasFogOfWar,
  IntentWork,
  percent,
  type EnemyIntent,
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
   * In plain words, when others act before it in the phase: the odds are worked out as if
   * it acted first (null when it does act first).
   */
  order: string | null;
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

/** The overlay's picture of one monster's next turn (null: nothing to show). */
export function intentMarkOf(
  state: GameState,
  unitId: string,
  hidden: ReadonlySet<string> = new Set(),
): IntentMark | null {
  const unit = state.units.find((u) => u.id === unitId);
  if (!unit?.position) return null;
  const intent = intentWork(state).intent(unitId);
  if (!intent) return null;
  const base = {
    unitId,
    name: unit.name,
    from: unit.position,
    kind: intent.kind,
    order: orderWords(state, intent.actsAfter ?? [], hidden),
  };
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
  const target = top ? state.units.find((u) => u.id === top.target) : undefined;
  const strike =
    top && target?.position
      ? {
          targetId: top.target,
          targetName: top.targetName,
          at: target.position,
          chance: top.chance,
          woundChance: top.woundChance,
          text: `${percent(top.chance)} strikes the ${top.targetName}, ${percent(top.woundChance)} to wound`,
        }
      : null;
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

/** Says that the odds assume it acts first, naming those before it (hidden ones unnamed). */
function orderWords(
  state: GameState,
  before: readonly string[],
  hidden: ReadonlySet<string>,
): string | null {
  if (before.length === 0) return null;
  const names = before
    .filter((id) => !hidden.has(id))
    .map((id) => state.units.find((u) => u.id === id)?.name ?? id);
  const unseen = before.length - names.length;
  if (unseen > 0) names.push(unseen === 1 ? 'one monster out of sight' : `${unseen} out of sight`);
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `Worked out as if it acted first: ${list} act${before.length === 1 ? 's' : ''} before it this phase and may change this.`;
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
      ? `exact: every roll that matters counted (${odds.runs} ways)`
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
