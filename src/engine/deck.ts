/**
 * A deck of activation cards kept in the game state (Rencounter, Sequence of Play, Method
 * One: one card per unit, or three, and a Joker that ends the turn and reshuffles), built
 * from a module's declaration and shuffled with the game's one dice source, so a game is
 * still its seed plus its commands. Plain JSON throughout: a module keeps its deck in
 * `state.flow`. Every function here returns a new deck and never changes the one given.
 */
import type { DiceSource } from './dice';

/** A card: whose it is (a unit or a group's id), or none for a Joker. */
export type Card = { readonly id: string; readonly owner: string | null };

/** What a module declares to build its deck. */
export type DeckSpec = {
  /** The owners in the deck (units, groups), each with `copies` cards (1 when absent). */
  readonly owners: readonly { readonly owner: string; readonly copies?: number }[];
  /** Jokers in the deck (0: none; the turn then ends when the pile runs out). */
  readonly jokers: number;
  /** A Joker ends the turn and every card goes back and is shuffled ("Reshuffle"). */
  readonly reshuffleOnJoker: boolean;
  /** Whether an owner may hold a drawn card to act later in the turn (Rencounter 3.5). */
  readonly mayHold: boolean;
};

export type DeckState = {
  /** The cards still to draw, the next first. */
  readonly pile: readonly Card[];
  /** The cards drawn this turn, in order (the last is the card in play). */
  readonly drawn: readonly Card[];
  /** Cards their owners hold back to act later this turn. */
  readonly held: readonly Card[];
  /** Owners whose cards are out of the deck for good (a unit destroyed). */
  readonly removed: readonly string[];
  /** Turns begun with a shuffle, 1 after the first. */
  readonly turn: number;
  readonly reshuffleOnJoker: boolean;
  readonly mayHold: boolean;
};

/** Why a deck declaration cannot be built (in plain words), or null when it can. */
export function whyDeckFails(spec: DeckSpec): string | null {
  if (!Number.isInteger(spec.jokers) || spec.jokers < 0)
    return `A deck has a whole number of Jokers from 0, not ${spec.jokers}.`;
  const seen = new Set<string>();
  for (const { owner, copies = 1 } of spec.owners) {
    if (seen.has(owner)) return `"${owner}" is named twice in the deck.`;
    seen.add(owner);
    if (!Number.isInteger(copies) || copies < 1)
      return `"${owner}" needs a whole number of cards from 1, not ${copies}.`;
  }
  if (spec.owners.length === 0) return 'A deck needs at least one owner\u2019s card.';
  return null;
}

/** Every card of a declaration, in declared order (owners' cards, then the Jokers). */
function allCards(spec: DeckSpec): Card[] {
  const cards: Card[] = [];
  for (const { owner, copies = 1 } of spec.owners)
    for (let i = 1; i <= copies; i++)
      cards.push({ id: copies === 1 ? owner : `${owner}#${i}`, owner });
  for (let i = 1; i <= spec.jokers; i++) cards.push({ id: `joker#${i}`, owner: null });
  return cards;
}

/** Fisher-Yates with the game's dice: n-1 rolls (d n, d n-1, ... d2) for n cards. */
function shuffled(cards: readonly Card[], dice: DiceSource): Card[] {
  const out = [...cards];
  for (let i = out.length - 1; i > 0; i--) {
    const j = dice.roll(i + 1) - 1;
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** A new deck from a declaration, shuffled for the first turn. Throws on a bad declaration. */
export function buildDeck(spec: DeckSpec, dice: DiceSource): DeckState {
  const why = whyDeckFails(spec);
  if (why) throw new Error(why);
  return {
    pile: shuffled(allCards(spec), dice),
    drawn: [],
    held: [],
    removed: [],
    turn: 1,
    reshuffleOnJoker: spec.reshuffleOnJoker,
    mayHold: spec.mayHold,
  };
}

/** Every card the deck has, less the removed owners' (a held card is among the drawn). */
function cardsInPlay(deck: DeckState): Card[] {
  return [...deck.pile, ...deck.drawn].filter(
    (c) => c.owner === null || !deck.removed.includes(c.owner),
  );
}

/** The next turn: every card back (held cards are lost), shuffled. */
export function newTurn(deck: DeckState, dice: DiceSource): DeckState {
  // A fixed order before the shuffle (by id), so the shuffle alone decides the new pile.
  const cards = cardsInPlay(deck).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { ...deck, pile: shuffled(cards, dice), drawn: [], held: [], turn: deck.turn + 1 };
}

/** What a draw gave. */
export type Draw =
  | {
      readonly kind: 'card';
      readonly card: Card;
      readonly deck: DeckState;
      /** A card of the same owner that was held, now thrown away (Rencounter 3.5). */
      readonly discardedHeld: Card | null;
    }
  /** A Joker, or an empty pile: the turn is over and the module begins the next. */
  | { readonly kind: 'turn-over'; readonly card: Card | null; readonly deck: DeckState };

/**
 * Draws the top card. A Joker with `reshuffleOnJoker` ends the turn, as does an empty
 * pile (a Joker without it is set aside and the next card drawn). A drawn card whose
 * owner holds one throws the held one away: "the held card was discarded without giving
 * an action but the new one could be held" (Rencounter, Method One).
 */
export function drawCard(deck: DeckState): Draw {
  let pile = deck.pile;
  let drawn = deck.drawn;
  for (;;) {
    const [top, ...rest] = pile;
    if (!top) return { kind: 'turn-over', card: null, deck: { ...deck, pile, drawn } };
    pile = rest;
    drawn = [...drawn, top];
    if (top.owner === null) {
      if (deck.reshuffleOnJoker)
        return { kind: 'turn-over', card: top, deck: { ...deck, pile, drawn } };
      continue;
    }
    if (deck.removed.includes(top.owner)) continue;
    const heldBefore = deck.held.find((c) => c.owner === top.owner) ?? null;
    const held = heldBefore ? deck.held.filter((c) => c !== heldBefore) : deck.held;
    return {
      kind: 'card',
      card: top,
      deck: { ...deck, pile, drawn, held },
      discardedHeld: heldBefore,
    };
  }
}

/** The card in play (the last drawn), or null before the first draw of a turn. */
export function cardInPlay(deck: DeckState): Card | null {
  return deck.drawn.length > 0 ? deck.drawn[deck.drawn.length - 1] : null;
}

/** Holds the card in play for its owner to act later this turn; an error sentence if not. */
export function holdCard(deck: DeckState): DeckState | string {
  if (!deck.mayHold) return 'Cards may not be held in this game.';
  const card = cardInPlay(deck);
  if (!card || card.owner === null) return 'There is no card in play to hold.';
  if (deck.held.some((c) => c.id === card.id)) return 'That card is already held.';
  return { ...deck, held: [...deck.held, card] };
}

/** Plays `owner`'s held card (it acts now): the deck without it, or an error sentence. */
export function playHeldCard(deck: DeckState, owner: string): DeckState | string {
  const card = deck.held.find((c) => c.owner === owner);
  if (!card) return `"${owner}" holds no card.`;
  return { ...deck, held: deck.held.filter((c) => c !== card) };
}

/** Takes an owner's cards out of the deck for good (a unit destroyed, routed off). */
export function removeOwner(deck: DeckState, owner: string): DeckState {
  if (deck.removed.includes(owner)) return deck;
  return {
    ...deck,
    removed: [...deck.removed, owner],
    pile: deck.pile.filter((c) => c.owner !== owner),
    held: deck.held.filter((c) => c.owner !== owner),
  };
}

/**
 * What the screen may show of a deck: the card in play, the cards held, how many are
 * left to draw and who has had a card this turn. The order of the pile is the dice's
 * secret and not shown.
 */
export type DeckView = {
  readonly turn: number;
  readonly inPlay: Card | null;
  readonly held: readonly Card[];
  readonly left: number;
  readonly jokersLeft: number;
  /** Owners drawn this turn, in order. */
  readonly drawnOwners: readonly string[];
};

export function deckView(deck: DeckState): DeckView {
  return {
    turn: deck.turn,
    inPlay: cardInPlay(deck),
    held: deck.held,
    left: deck.pile.length,
    jokersLeft: deck.pile.filter((c) => c.owner === null).length,
    drawnOwners: deck.drawn.flatMap((c) => (c.owner === null ? [] : [c.owner])),
  };
}
