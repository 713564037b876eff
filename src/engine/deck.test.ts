/**
 * The activation deck (deck.ts), by rencounter.txt, Sequence of Play, Method One, Cards:
 * "one Joker added signifying 'Reshuffle' ... When the Reshuffle card comes up, the turn
 * ends, and remaining units do not move in that turn"; "Or play without a Reshuffle card";
 * three cards per unit; and the held action ("If another card for the same unit came up,
 * the held card was discarded ... All held cards were lost when the reshuffle card came up").
 */
import { describe, expect, it } from 'vitest';
import { createDiceState, openDice, riggedDice } from './dice';
import {
  buildDeck,
  deckView,
  drawCard,
  holdCard,
  newTurn,
  playHeldCard,
  removeOwner,
  whyDeckFails,
  type DeckSpec,
  type DeckState,
} from './deck';

const threeUnits: DeckSpec = {
  owners: [{ owner: 'A' }, { owner: 'B' }, { owner: 'C' }],
  jokers: 1,
  reshuffleOnJoker: true,
  mayHold: true,
};

/** Fisher-Yates rolls that leave 4 cards in declared order: d4=4, d3=3, d2=2. */
const KEEP_ORDER_4 = [4, 3, 2];

function ids(deck: DeckState): string[] {
  return deck.pile.map((c) => c.id);
}

function drawOwner(deck: DeckState): [string | null, DeckState] {
  const d = drawCard(deck);
  return [d.kind === 'card' ? d.card.owner : null, d.deck];
}

describe('building and shuffling with the game dice', () => {
  it('one card per unit and a Joker, shuffled by n-1 rolls (d4, d3, d2)', () => {
    const dice = riggedDice(KEEP_ORDER_4);
    expect(ids(buildDeck(threeUnits, dice))).toEqual(['A', 'B', 'C', 'joker#1']);
    expect(dice.remaining()).toBe(0);
    // d4=1 swaps the Joker with A; then d3=3, d2=2 keep the rest.
    expect(ids(buildDeck(threeUnits, riggedDice([1, 3, 2])))).toEqual(['joker#1', 'B', 'C', 'A']);
  });

  it('three cards per unit (the test game of Method One)', () => {
    const spec: DeckSpec = { ...threeUnits, owners: [{ owner: 'A', copies: 3 }] };
    const deck = buildDeck(spec, riggedDice([4, 3, 2]));
    expect(ids(deck)).toEqual(['A#1', 'A#2', 'A#3', 'joker#1']);
  });

  it('the same seed deals the same deck; another seed another', () => {
    const deal = (seed: number) =>
      ids(buildDeck(threeUnits, openDice(createDiceState(seed)))).join();
    expect(deal(7)).toBe(deal(7));
    const deals = new Set(Array.from({ length: 20 }, (_, s) => deal(s)));
    expect(deals.size).toBeGreaterThan(1);
  });

  it('refuses a bad declaration in plain words', () => {
    expect(whyDeckFails({ ...threeUnits, jokers: -1 })).toMatch(/Jokers/);
    expect(whyDeckFails({ ...threeUnits, owners: [{ owner: 'A' }, { owner: 'A' }] })).toMatch(
      /twice/,
    );
    expect(whyDeckFails({ ...threeUnits, owners: [{ owner: 'A', copies: 0 }] })).toMatch(/cards/);
    expect(() => buildDeck({ ...threeUnits, owners: [] }, riggedDice([]))).toThrow(/owner/);
  });
});

describe('drawing', () => {
  it('draws in order; the Reshuffle card ends the turn and the rest do not move', () => {
    let deck = buildDeck(threeUnits, riggedDice([2, 3, 2])); // A, joker, C, B
    expect(ids(deck)).toEqual(['A', 'joker#1', 'C', 'B']);
    let owner: string | null;
    [owner, deck] = drawOwner(deck);
    expect(owner).toBe('A');
    const joker = drawCard(deck);
    expect(joker).toMatchObject({ kind: 'turn-over', card: { owner: null } });
    expect(deckView(joker.deck)).toMatchObject({ left: 2, drawnOwners: ['A'] });
    // The next turn: all four cards back, shuffled (three rolls).
    const next = newTurn(joker.deck, riggedDice([4, 3, 2]));
    expect(ids(next)).toEqual(['A', 'B', 'C', 'joker#1']);
    expect(next.turn).toBe(2);
  });

  it('without a Reshuffle card every unit moves, and the empty pile ends the turn', () => {
    let deck = buildDeck({ ...threeUnits, jokers: 0 }, riggedDice([3, 2]));
    const owners: (string | null)[] = [];
    for (;;) {
      const d = drawCard(deck);
      deck = d.deck;
      if (d.kind === 'turn-over') break;
      owners.push(d.card.owner);
    }
    expect(owners).toEqual(['A', 'B', 'C']);
  });

  it('a held card is thrown away when its unit\u2019s next card comes up; held cards die with the turn', () => {
    const spec: DeckSpec = { ...threeUnits, owners: [{ owner: 'A', copies: 2 }, { owner: 'B' }] };
    let deck = buildDeck(spec, riggedDice(KEEP_ORDER_4)); // A#1, A#2, B, joker
    deck = drawCard(deck).deck;
    const held = holdCard(deck);
    if (typeof held === 'string') throw new Error(held);
    expect(deckView(held).held.map((c) => c.id)).toEqual(['A#1']);
    const second = drawCard(held);
    expect(second).toMatchObject({
      kind: 'card',
      card: { id: 'A#2' },
      discardedHeld: { id: 'A#1' },
    });
    // The new card may be held in its turn.
    const heldAgain = holdCard(second.deck);
    if (typeof heldAgain === 'string') throw new Error(heldAgain);
    expect(playHeldCard(heldAgain, 'B')).toMatch(/holds no card/);
    const played = playHeldCard(heldAgain, 'A');
    expect(typeof played === 'string' ? played : played.held).toEqual([]);
    // Held, then the Joker: lost, and the new turn has all four cards again.
    const afterB = drawCard(heldAgain).deck;
    const over = drawCard(afterB);
    expect(over.kind).toBe('turn-over');
    const fresh = newTurn(over.deck, riggedDice([4, 3, 2]));
    expect(fresh.held).toEqual([]);
    expect(ids(fresh)).toEqual(['A#1', 'A#2', 'B', 'joker#1']);
  });

  it('holding is refused where the game does not allow it', () => {
    const deck = drawCard(buildDeck({ ...threeUnits, mayHold: false }, riggedDice(KEEP_ORDER_4)));
    expect(holdCard(deck.deck)).toMatch(/may not be held/);
  });

  it('a removed unit\u2019s cards leave the deck for good, this turn and the next', () => {
    let deck = buildDeck(threeUnits, riggedDice(KEEP_ORDER_4));
    deck = removeOwner(deck, 'B');
    expect(ids(deck)).toEqual(['A', 'C', 'joker#1']);
    expect(ids(newTurn(deck, riggedDice([3, 2])))).toEqual(['A', 'C', 'joker#1']);
  });

  it('the view tells what is in play and how many are left, not the order of the pile', () => {
    const deck = drawCard(buildDeck(threeUnits, riggedDice(KEEP_ORDER_4))).deck;
    const view = deckView(deck);
    expect(view).toEqual({
      turn: 1,
      inPlay: { id: 'A', owner: 'A' },
      held: [],
      left: 3,
      jokersLeft: 1,
      drawnOwners: ['A'],
    });
    expect(JSON.stringify(view)).not.toContain('"C"');
  });
});
