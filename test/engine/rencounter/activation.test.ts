import { describe, expect, it } from 'vitest';
import { riggedDice } from '../../../src/engine/dice';
import {
  buildDeck,
  chanceNextCard,
  chanceToActThisTurn,
  counterDieSides,
  countersChances,
  countersRound,
  diceMarkersRound,
  drawCard,
  heldCardsAfterDraw,
  shuffleDeck,
  turnsAfterContest,
  unitsLeftOut,
  type Card,
} from '../../../src/engine/rulesets/rencounter/activation';
import { fitsInTurn } from '../../../src/engine/rulesets/rencounter/action-time';

const A = { unit: 'A' };
const B = { unit: 'B' };
const C = { unit: 'C' };
const J: Card = { joker: true };

describe('Rencounter activation', () => {
  it('R3.2 cards (§3 Method One): one card per unit plus the Reshuffle joker; the joker ends the turn and the rest do not move', () => {
    expect(buildDeck(['A', 'B', 'C'], { joker: true, cardsPerUnit: 1 })).toEqual([A, B, C, J]);
    // Rigged Fisher-Yates: d4=1 swaps the joker to the top... then d3=3, d2=2 keep places.
    const deck = shuffleDeck([A, B, C, J], riggedDice([1, 3, 2]));
    expect(deck).toEqual([J, B, C, A]);
    const pile: Card[] = [B, J, A, C];
    const first = drawCard(pile);
    expect(first).toMatchObject({ rule: 'R3.2', card: B, turnEnds: false });
    const second = drawCard(first.rest);
    expect(second.turnEnds).toBe(true);
    expect(unitsLeftOut(second.rest)).toEqual(['A', 'C']);
  });

  it('R3.3 cards without the joker (§3): every unit moves each turn; the turn ends when the deck is empty', () => {
    const deck = buildDeck(['A', 'B'], { joker: false, cardsPerUnit: 1 });
    expect(deck).toEqual([A, B]);
    const a = drawCard(deck);
    const b = drawCard(a.rest);
    expect([a.turnEnds, b.turnEnds]).toEqual([false, false]);
    expect(drawCard(b.rest)).toMatchObject({ rule: 'R3.3', card: null, turnEnds: true });
    expect(chanceToActThisTurn(deck, 'A')).toBe(1);
  });

  it("R3.4 three cards a unit (§3 test game): any of a unit's cards activates it; the chance to go before the joker is 3/4", () => {
    const deck = buildDeck(['A', 'B'], { joker: true, cardsPerUnit: 3 });
    expect(deck.length).toBe(7);
    expect(chanceToActThisTurn(deck, 'A')).toBe(3 / 4);
    expect(chanceNextCard(deck, 'B')).toBe(3 / 7);
    expect(chanceToActThisTurn(buildDeck(['A', 'B'], { joker: true, cardsPerUnit: 1 }), 'A')).toBe(
      1 / 2,
    );
  });

  it('R3.5 held cards (§3 optional): a second card for a holding unit discards the held one; the joker discards them all', () => {
    expect(heldCardsAfterDraw(['A'], B)).toEqual({ rule: 'R3.5', held: ['A'], discarded: [] });
    expect(heldCardsAfterDraw(['A', 'B'], A)).toEqual({
      rule: 'R3.5',
      held: ['B'],
      discarded: ['A'],
    });
    expect(heldCardsAfterDraw(['A', 'B'], J)).toEqual({
      rule: 'R3.5',
      held: [],
      discarded: ['A', 'B'],
    });
  });

  const units = [
    { id: 'r1', side: 'red' },
    { id: 'r2', side: 'red' },
    { id: 'b1', side: 'blue' },
  ];

  it('R3.6 dice and markers (§3 Method Two): highest d6 acts; a one-side top tie activates them all; a cross-side tie re-rolls the tied', () => {
    expect(diceMarkersRound(units, riggedDice([2, 5, 4]))).toMatchObject({
      rule: 'R3.6',
      activate: ['r2'],
    });
    expect(diceMarkersRound(units, riggedDice([6, 6, 4])).activate).toEqual(['r1', 'r2']);
    // r1 and b1 tie on 5: only they re-roll, 2 against 3, b1 acts.
    const r = diceMarkersRound(units, riggedDice([5, 1, 5, 2, 3]));
    expect(r.activate).toEqual(['b1']);
    expect(r.rolls.length).toBe(5);
  });

  it("R3.7 dice and markers variant (§3): all dice tied ends the turn; the last unit faces the opponent's die, a tie ends it", () => {
    expect(diceMarkersRound(units, riggedDice([3, 3, 3]), true)).toMatchObject({
      rule: 'R3.7',
      activate: [],
      turnEnds: true,
    });
    // Without the variant all tied is a cross-side tie: re-roll.
    expect(diceMarkersRound(units, riggedDice([3, 3, 3, 1, 2, 6])).activate).toEqual(['b1']);
    expect(diceMarkersRound([units[2]], riggedDice([4, 4]), true)).toMatchObject({
      rule: 'R3.7',
      turnEnds: true,
    });
    expect(diceMarkersRound([units[2]], riggedDice([4, 2]), true).activate).toEqual(['b1']);
    expect(diceMarkersRound([units[2]], riggedDice([])).activate).toEqual(['b1']);
  });

  it('R3.8 dice and counters (§3 Method Three): die plus tally, highest acts and resets, every other unit +1; 9 units roll a d10', () => {
    expect(counterDieSides(9)).toBe(10);
    expect(counterDieSides(3)).toBe(4);
    expect(counterDieSides(6)).toBe(6);
    const r = countersRound({ A: 0, B: 2, C: 1 }, riggedDice([4, 1, 2])); // totals 4, 3, 3
    // Totals 4, 3, 4: A and C tie and roll again, 2 against 4: C acts.
    const tied = countersRound({ A: 0, B: 2, C: 1 }, riggedDice([4, 1, 3, 2, 4]));
    expect(r.winner).toBe('A');
    expect(r.tallies).toEqual({ A: 0, B: 3, C: 2 });
    expect(tied.winner).toBe('C');
    expect(tied.tallies).toEqual({ A: 1, B: 3, C: 0 });
    // No common turn: one counts each time the reference unit acts.
    expect(turnsAfterContest(4, 'C', 'C')).toBe(5);
    expect(turnsAfterContest(4, 'A', 'C')).toBe(4);
  });

  it('R3.8 exact chances to win the next counters contest sum to 1 and favour the unit that waited', () => {
    const even = countersChances({ A: 0, B: 0 });
    expect(even.A).toBeCloseTo(0.5, 12);
    const c = countersChances({ A: 0, B: 2, C: 1 });
    expect(c.A + c.B + c.C).toBeCloseTo(1, 12);
    expect(c.B).toBeGreaterThan(c.C);
    expect(c.C).toBeGreaterThan(c.A);
    // Two units on a d4, B ahead by 3: A wins only on A=4, B=1 (a tie at 4 goes half and half).
    const two = countersChances({ A: 0, B: 3 });
    expect(two.A).toBeCloseTo(1 / 32, 12);
  });

  it('R3.21 action time (§3): two half-turn actions fit a turn; walking with a snap shot fits; moving while recovering from shock does not', () => {
    expect(fitsInTurn(['kneel', 'fire']).fits).toBe(true);
    expect(fitsInTurn(['move', 'fire', 'draw']).fits).toBe(true);
    expect(fitsInTurn(['stand-up', 'fire']).fits).toBe(false);
    expect(fitsInTurn(['move', 'recover-shock']).fits).toBe(false);
    expect(fitsInTurn(['dance']).why).toMatch(/no action/);
  });
});
