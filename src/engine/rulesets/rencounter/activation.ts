/**
 * The order units act in (§3 Order of Units): the card deck (R3.2-R3.5), dice and
 * markers (R3.6-R3.7) and dice and counters (R3.8), as plain data and pure steps.
 */
import type { DiceSource } from '../../dice';
import type { Ruled } from './types';

/** A card names a unit, or is the Reshuffle joker that ends the turn. */
export type Card = { unit: string } | { joker: true };

export interface DeckOptions {
  /** One Reshuffle joker in the deck (R3.2); without it every unit goes each turn (R3.3). */
  joker: boolean;
  /** Cards per unit: 1, or 3 as in the author's test game (R3.4). */
  cardsPerUnit: number;
}

/** The deck's composition: cardsPerUnit cards for each unit, plus the joker if used. */
export function buildDeck(unitIds: readonly string[], options: DeckOptions): Card[] {
  const deck: Card[] = [];
  for (const unit of unitIds) for (let i = 0; i < options.cardsPerUnit; i++) deck.push({ unit });
  if (options.joker) deck.push({ joker: true });
  return deck;
}

/** A shuffle with the game's dice (Fisher-Yates: one roll per card but the last). */
export function shuffleDeck(deck: readonly Card[], dice: DiceSource): Card[] {
  const out = [...deck];
  for (let i = out.length - 1; i > 0; i--) {
    const j = dice.roll(i + 1) - 1;
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export interface DrawResult extends Ruled {
  card: Card | null;
  rest: Card[];
  /** The turn is over: the joker came up (R3.2) or the deck ran out (R3.3). */
  turnEnds: boolean;
}

/** Draws the top card. */
export function drawCard(pile: readonly Card[]): DrawResult {
  if (pile.length === 0) return { rule: 'R3.3', card: null, rest: [], turnEnds: true };
  const [card, ...rest] = pile;
  if ('joker' in card) return { rule: 'R3.2', card, rest, turnEnds: true };
  return { rule: 'R3.2', card, rest, turnEnds: false };
}

/** The units whose cards were still in the pile when the joker ended the turn (R3.2). */
export function unitsLeftOut(pile: readonly Card[]): string[] {
  const out: string[] = [];
  for (const c of pile) if ('unit' in c && !out.includes(c.unit)) out.push(c.unit);
  return out;
}

/**
 * The chance a unit's next card comes before the joker, from what is left in the pile:
 * with k of its cards and one joker, k/(k+1); without the joker, 1 when any card is left.
 */
export function chanceToActThisTurn(pile: readonly Card[], unit: string): number {
  const k = pile.filter((c) => 'unit' in c && c.unit === unit).length;
  if (k === 0) return 0;
  const jokers = pile.filter((c) => 'joker' in c).length;
  return jokers === 0 ? 1 : k / (k + 1);
}

/** The chance the very next card is this unit's. */
export function chanceNextCard(pile: readonly Card[], unit: string): number {
  if (pile.length === 0) return 0;
  return pile.filter((c) => 'unit' in c && c.unit === unit).length / pile.length;
}

/**
 * The held-card option (R3.5): after a card is drawn, what becomes of held cards. A unit
 * drawn while holding loses its held card without acting (it may hold the new one); the
 * joker discards every held card.
 */
export function heldCardsAfterDraw(
  held: readonly string[],
  card: Card,
): Ruled & { held: string[]; discarded: string[] } {
  if ('joker' in card) return { rule: 'R3.5', held: [], discarded: [...held] };
  if (held.includes(card.unit))
    return { rule: 'R3.5', held: held.filter((u) => u !== card.unit), discarded: [card.unit] };
  return { rule: 'R3.5', held: [...held], discarded: [] };
}

/** A unit in the dice methods. */
export interface Contender {
  id: string;
  side: string;
}

export interface MarkerRound extends Ruled {
  /** The units that act now (every top-tied unit of one side), or none when the turn ends. */
  activate: string[];
  turnEnds: boolean;
  /** Every die rolled, in order, for the log. */
  rolls: { id: string; die: number }[];
}

/**
 * One activation contest of Dice and Markers (R3.6): a d6 for each unit without a marker,
 * highest acts, a top tie of one side's units all act, a top tie across sides re-rolls the
 * tied dice. The variant (R3.7): all dice tied ends the turn; a lone unit left faces an
 * opponent's die, and a tie ends the turn.
 */
export function diceMarkersRound(
  waiting: readonly Contender[],
  dice: DiceSource,
  variant = false,
): MarkerRound {
  const rolls: { id: string; die: number }[] = [];
  if (waiting.length === 0) return { rule: 'R3.6', activate: [], turnEnds: true, rolls };
  if (waiting.length === 1) {
    if (!variant) return { rule: 'R3.6', activate: [waiting[0].id], turnEnds: false, rolls };
    const own = dice.roll(6);
    const opponent = dice.roll(6);
    rolls.push({ id: waiting[0].id, die: own }, { id: 'opponent', die: opponent });
    if (own === opponent) return { rule: 'R3.7', activate: [], turnEnds: true, rolls };
    return { rule: 'R3.7', activate: [waiting[0].id], turnEnds: false, rolls };
  }
  let rolling = [...waiting];
  let first = true;
  for (;;) {
    const round = rolling.map((u) => ({ u, die: dice.roll(6) }));
    for (const r of round) rolls.push({ id: r.u.id, die: r.die });
    const top = Math.max(...round.map((r) => r.die));
    const tied = round.filter((r) => r.die === top);
    if (first && variant && tied.length === round.length)
      return { rule: 'R3.7', activate: [], turnEnds: true, rolls };
    first = false;
    const sides = new Set(tied.map((r) => r.u.side));
    if (sides.size === 1)
      return { rule: 'R3.6', activate: tied.map((r) => r.u.id), turnEnds: false, rolls };
    rolling = tied.map((r) => r.u);
  }
}

/**
 * Dice and Counters' die (R3.8): as many sides as units in play, "or the next size up that
 * fits". The checklist takes the common dice d4, d6, d8, d10, d12, d20, so 3 units roll a
 * d4 (the book's words could also allow a d3); past 20 units the d20 stays.
 */
export function counterDieSides(unitsInPlay: number): number {
  for (const sides of [4, 6, 8, 10, 12, 20]) if (sides >= unitsInPlay) return sides;
  return 20;
}

export interface CounterRound extends Ruled {
  winner: string;
  /** The tallies after the contest: the winner back to 0, every other unit +1. */
  tallies: Record<string, number>;
  rolls: { id: string; die: number; total: number }[];
}

/**
 * One Dice and Counters contest (R3.8): each unit rolls the die plus its tally, the
 * highest total acts (tied units roll the die again among themselves until one is
 * highest), the winner's tally resets and every other unit's grows by 1.
 */
export function countersRound(
  tallies: Readonly<Record<string, number>>,
  dice: DiceSource,
): CounterRound {
  const ids = Object.keys(tallies);
  if (ids.length === 0) throw new Error('no units are left to act');
  const sides = counterDieSides(ids.length);
  const rolls: { id: string; die: number; total: number }[] = [];
  let tied = ids.map((id) => {
    const die = dice.roll(sides);
    const total = die + tallies[id];
    rolls.push({ id, die, total });
    return { id, total };
  });
  let best = Math.max(...tied.map((t) => t.total));
  tied = tied.filter((t) => t.total === best);
  while (tied.length > 1) {
    tied = tied.map((t) => {
      const die = dice.roll(sides);
      rolls.push({ id: t.id, die, total: die });
      return { id: t.id, total: die };
    });
    best = Math.max(...tied.map((t) => t.total));
    tied = tied.filter((t) => t.total === best);
  }
  const winner = tied[0].id;
  const next: Record<string, number> = {};
  for (const id of ids) next[id] = id === winner ? 0 : tallies[id] + 1;
  return { rule: 'R3.8', winner, tallies: next, rolls };
}

/**
 * Each unit's exact chance to win the next counters contest (R3.8). Tie-break rolls are
 * fair among the tied, so a k-way tie on the top total gives each 1/k.
 */
export function countersChances(tallies: Readonly<Record<string, number>>): Record<string, number> {
  const ids = Object.keys(tallies);
  const sides = counterDieSides(ids.length);
  const out: Record<string, number> = {};
  for (const id of ids) {
    let win = 0;
    for (let face = 1; face <= sides; face++) {
      const total = face + tallies[id];
      // ways[k]: chance that exactly k of the others tie at `total` and the rest are below.
      let ways = [1];
      for (const other of ids) {
        if (other === id) continue;
        const below = Math.min(sides, Math.max(0, total - tallies[other] - 1)) / sides;
        const equal =
          total - tallies[other] >= 1 && total - tallies[other] <= sides ? 1 / sides : 0;
        const next = new Array<number>(ways.length + 1).fill(0);
        ways.forEach((w, k) => {
          next[k] += w * below;
          next[k + 1] += w * equal;
        });
        ways = next;
      }
      win += ways.reduce((s, w, k) => s + w / (k + 1), 0) / sides;
    }
    out[id] = win;
  }
  return out;
}

/**
 * Turns under Dice and Counters (R3.8), which has no common turn: one is counted each
 * time the chosen reference unit acts.
 */
export function turnsAfterContest(turns: number, winner: string, referenceUnit: string): number {
  return winner === referenceUnit ? turns + 1 : turns;
}
