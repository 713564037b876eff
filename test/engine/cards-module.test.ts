/**
 * The Card Skirmish test module (test/modules/cards.ts): activation by a seeded card deck
 * and a shot that is a roll-under d12 with a confirm roll and a damage table, by
 * rencounter.txt (Sequence of Play, Method One, Cards; Fire Combat; Damage). Whole games
 * play headless to the end, the same from the same seed, and replay from seed + commands.
 */
import { describe, expect, it } from 'vitest';
import { CARDS_BOARD, cardsModule, rollNeeded } from '../modules/cards';
import { previewAction } from '../../src/engine/game';
import { createGame } from '../../src/engine/setup';
import { playAutoGame, replayGame } from '../../src/engine/simulate';
import type { GameEvent, GameState } from '../../src/engine/types';
import { play, rollsOf, unit } from './helpers';

const config = (seed: number) => ({
  scenarioId: 'cards',
  map: CARDS_BOARD,
  seed,
  ruleModule: cardsModule.id,
});

function newSkirmish(): GameState {
  const r = createGame(config(1));
  if (!r.ok) throw new Error(r.error);
  return r.state;
}

/** Shuffle rolls (d5, d4, d3, d2) that keep the five cards as declared: m1, m2, b1, b2, Joker. */
const DECLARED_ORDER = [5, 4, 3, 2];

/** The game started with musketeer-1's card up, musketeer-1 at `at` and bandit-1 at `foe`. */
function standing(at: { x: number; y: number }, foe: { x: number; y: number }): GameState {
  const { state } = play(newSkirmish(), { type: 'start' }, DECLARED_ORDER);
  state.units = state.units.map((u) =>
    u.id === 'musketeer-1'
      ? { ...u, position: at }
      : u.id === 'bandit-1'
        ? { ...u, position: foe }
        : u,
  );
  return state;
}

const shot = { type: 'attack', unit: 'musketeer-1', target: 'bandit-1', weapon: 'musket' } as const;

function types(events: readonly GameEvent[]): string[] {
  return events.map((e) => e.type);
}

describe('activation by cards (Rencounter, Sequence of Play, Method One)', () => {
  it('shuffles one card a figure and a Joker with the game dice; the drawn figure acts', () => {
    const { state, events } = play(newSkirmish(), { type: 'start' }, DECLARED_ORDER);
    expect(types(events)).toEqual(['game-started', 'deck-shuffled', 'card-drawn', 'turn-started']);
    expect(state.phase).toBe('heroes');
    expect(state.turn?.unitId).toBe('musketeer-1');
    expect(cardsModule.whatComesNext?.(state)?.text).toBe(
      'Card: Musketeer 1 \u00b7 4 left, the Joker among them',
    );
  });

  it('the Reshuffle card ends the turn: the rest do not move, and the cards are shuffled again', () => {
    // d5=2 puts the Joker second: musketeer-1, Joker, bandit-1, bandit-2, musketeer-2.
    let { state } = play(newSkirmish(), { type: 'start' }, [2, 4, 3, 2]);
    expect(state.turn?.unitId).toBe('musketeer-1');
    // The new turn's shuffle (cards by id: b1, b2, Joker, m1, m2): d5=1 brings m2 up first.
    const r = play(state, { type: 'end-turn', unit: 'musketeer-1' }, [1, 4, 3, 2]);
    state = r.state;
    expect(types(r.events)).toEqual([
      'turn-ended',
      'card-drawn',
      'round-started',
      'deck-shuffled',
      'card-drawn',
      'turn-started',
    ]);
    expect(r.events[1].text).toBe('The Joker: the turn ends.');
    expect(state.round).toBe(2);
    expect(state.turn?.unitId).toBe('musketeer-2');
    // The bandits never acted in turn 1.
    expect(r.events.some((e) => e.type === 'moved' || e.type === 'shot')).toBe(false);
  });
});

describe('the shot (Rencounter, Fire Combat and Damage)', () => {
  it('fire 7 at 3 squares needs 5; a 2 hits by 3 (damage -1), and a damage 3 reads 2: struck dead', () => {
    const state = standing({ x: 4, y: 1 }, { x: 7, y: 1 });
    expect(rollNeeded(state, unit(state, 'musketeer-1'), unit(state, 'bandit-1'))).toBe(5);
    const r = play(state, shot, [2, 3]);
    expect(rollsOf(r.events).map((x) => [x.purpose, x.value])).toEqual([
      ['attack', 2],
      ['damage', 3],
    ]);
    expect(r.events.find((e) => e.type === 'shot')).toMatchObject({ outcome: 'dead' });
    expect(unit(r.state, 'bandit-1').position).toBeNull();
    // Its card is out of the deck for good.
    const deck = r.state.flow?.deck as { pile: { owner: string | null }[] };
    expect(deck.pile.some((c) => c.owner === 'bandit-1')).toBe(false);
  });

  it('"Rolling a natural 12 is always unsuccessful", even with fire 14', () => {
    const state = standing({ x: 4, y: 1 }, { x: 5, y: 1 });
    state.units = state.units.map((u) => (u.id === 'musketeer-1' ? { ...u, fire: 14 } : u));
    const r = play(state, shot, [12]);
    expect(r.events.find((e) => e.type === 'shot')).toMatchObject({ outcome: 'miss' });
  });

  it('needing -1: a natural 1, then 7 or less on the confirming d12, then the damage', () => {
    const state = standing({ x: 4, y: 1 }, { x: 7, y: 1 });
    state.units = state.units.map((u) => (u.id === 'musketeer-1' ? { ...u, fire: 1 } : u));
    expect(rollNeeded(state, unit(state, 'musketeer-1'), unit(state, 'bandit-1'))).toBe(-1);
    const hit = play(state, shot, [1, 7, 9]);
    expect(rollsOf(hit.events).map((x) => x.purpose)).toEqual(['attack', 'confirm', 'damage']);
    expect(unit(hit.state, 'bandit-1').wounds).toBe(1); // 9: a minor wound, 1 point
    const missed = play(state, shot, [1, 8]);
    expect(missed.events.find((e) => e.type === 'shot')).toMatchObject({ outcome: 'miss' });
  });

  it('the preview carries every outcome with its exact chance (needing 5)', () => {
    const state = standing({ x: 4, y: 1 }, { x: 7, y: 1 });
    const preview = previewAction(state, shot);
    const chances = Object.fromEntries((preview?.outcomes ?? []).map((o) => [o.label, o.chance]));
    // Hit by 3 on 1-2 (damage -1: dead on 1-3), a hit on 3-5 (dead on 1-2); a miss on 6-12.
    expect(chances['Struck dead']).toBeCloseTo((2 / 12) * (3 / 12) + (3 / 12) * (2 / 12), 12);
    expect(chances.Miss).toBeCloseTo(7 / 12, 12);
    const total = (preview?.outcomes ?? []).reduce((s, o) => s + o.chance, 0);
    expect(total).toBeCloseTo(1, 12);
    // Every hit wounds here (the damage never reads above 12): the one chance is the hit's.
    expect(chances['No effect']).toBeUndefined();
    expect(preview?.chance).toBeCloseTo(5 / 12, 12);
    expect(preview?.summary).toBe('Musket: 5 or less on a d12, 42% to wound');
  });
});

describe('whole games, headless', () => {
  const GAMES = 12;

  it(`plays ${GAMES} seeded games to the end, each the same twice, and replays one exactly`, () => {
    const purposes = new Set<string>();
    let jokers = 0;
    const endings: string[] = [];
    for (let seed = 1; seed <= GAMES; seed++) {
      const game = playAutoGame(config(seed), (_s, _c, events) => {
        for (const e of events) {
          if (e.type === 'roll') purposes.add(e.purpose);
          if (e.type === 'card-drawn' && e.unit === null) jokers++;
        }
      });
      expect(game.state.phase).toBe('over');
      endings.push(`${game.state.outcome?.winner ?? 'draw'}:${game.commands.length}`);
      const again = playAutoGame(config(seed));
      expect(again.commands).toEqual(game.commands);
      expect(JSON.stringify(again.state)).toBe(JSON.stringify(game.state));
    }
    // The games used the deck's Joker and the confirm roll, and did not all end alike.
    expect(jokers).toBeGreaterThan(0);
    expect(purposes).toContain('confirm');
    expect(purposes).toContain('damage');
    expect(new Set(endings).size).toBeGreaterThan(1);
    const one = playAutoGame(config(5));
    const states = replayGame(config(5), one.commands);
    expect(JSON.stringify(states[states.length - 1])).toBe(JSON.stringify(one.state));
  });
});
