/**
 * The battle as a player feels it, headless (issue 10): badges laid out apart, what an
 * animation has shown so far on the cards and the panel, sneaking you can read (who would
 * spot a hero on a square, who sees a hero now, a hovered monster's view, threats counted
 * per square), on real engine states.
 */
import { describe, expect, it } from 'vitest';
import {
  canNotice,
  squaresNoticedBy,
  squaresThreatenedBy,
  type GameEvent,
  type GameState,
} from '../../src/engine';
import { badgeBox, boxesOverlap, layoutBadges } from '../../src/view/badge-layout';
import {
  followTurn,
  initialUi,
  showEvent,
  startAnimating,
  stopAnimating,
  type BattleUi,
} from '../../src/view/battle-ui';
import { deriveBattleView } from '../../src/view/battle-view';
import { alertAll, play, unit } from '../engine/helpers';
import { heroesTurn } from './helpers';

const CONTEXT = { scenarioName: 'A test' };
const derive = (state: GameState, patch: Partial<BattleUi> = {}) =>
  deriveBattleView(state, { ...followTurn(initialUi(), state), ...patch }, CONTEXT);

describe('target badges', () => {
  it('never overlap: side by side, stacked, crowded', () => {
    const wish = (id: string, x: number, y: number) => ({ id, x, y, width: 44, height: 13 });
    for (const wishes of [
      [wish('a', 112, 130), wish('b', 144, 130)],
      [wish('a', 100, 100), wish('b', 100, 100), wish('c', 100, 100)],
      Array.from({ length: 12 }, (_, i) =>
        wish(`u${i}`, 100 + (i % 4) * 32, 100 + Math.floor(i / 4) * 32),
      ),
    ]) {
      const placed = layoutBadges(wishes);
      expect(placed.map((p) => p.id)).toEqual(wishes.map((w) => w.id));
      placed.forEach((a, i) =>
        placed
          .slice(i + 1)
          .forEach((b) => expect(boxesOverlap(badgeBox(a), badgeBox(b))).toBe(false)),
      );
    }
    // Alone, a badge stays over its figure, with no leader line.
    expect(layoutBadges([wish('a', 50, 60)])).toEqual([{ ...wish('a', 50, 60), moved: false }]);
  });
});

describe('what an animation has shown so far', () => {
  const ROOM = '#######\n#FP..t#\n#######';

  it('cards show the turn and wounds as the events arrive, not the state they lead to', () => {
    const s = heroesTurn(ROOM, 1);
    let ui = startAnimating(followTurn(initialUi(), s), s);
    const cards = () => deriveBattleView(s, ui, CONTEXT).cards;
    expect(cards().find((c) => c.unitId === 'fighting-man-1')?.acting).toBe(true);
    const event = (e: object) => e as GameEvent;
    ui = showEvent(ui, event({ type: 'phase-started', side: 'enemies', round: 2, text: '' }));
    expect(cards().filter((c) => c.acting)).toEqual([]);
    expect(cards().every((c) => c.status.startsWith('Waiting'))).toBe(true);
    expect(deriveBattleView(s, ui, CONTEXT).info.title).toBe('The monsters act');
    ui = showEvent(
      ui,
      event({ type: 'wounded', unit: 'priest-1', by: null, wounds: 2, maxWounds: 3, text: '' }),
    );
    expect(cards().find((c) => c.unitId === 'priest-1')).toMatchObject({
      wounds: 2,
      fallen: false,
    });
    ui = showEvent(ui, event({ type: 'defeated', unit: 'priest-1', by: null, text: '' }));
    expect(cards().find((c) => c.unitId === 'priest-1')).toMatchObject({
      status: 'Fallen',
      fallen: true,
    });
    ui = showEvent(ui, event({ type: 'turn-started', unit: 'fighting-man-1', text: '' }));
    expect(cards().find((c) => c.acting)?.unitId).toBe('fighting-man-1');
    const done = stopAnimating(ui);
    expect(done.shown).toBeNull();
    expect(
      deriveBattleView(s, done, CONTEXT).cards.find((c) => c.unitId === 'priest-1')?.fallen,
    ).toBe(false);
  });

  it('a hero with only the end of the turn left is "Done", on the card as in the hint', () => {
    const s = heroesTurn('#####\n#F#t#\n#####', 1);
    const view = derive(s);
    expect(view.hint).toContain('is done');
    expect(view.cards[0].status).toBe('Done \u2014 end the turn');
  });

  it('drops a hover a key set when an action starts, keeps the pointer’s', () => {
    const s = heroesTurn(ROOM, 1);
    const keyed = { ...followTurn(initialUi(), s), hover: { x: 5, y: 1 }, selectedTarget: 0 };
    expect(startAnimating(keyed, s).hover).toBeNull();
    const pointed = { ...followTurn(initialUi(), s), hover: { x: 4, y: 1 } };
    expect(startAnimating(pointed, s).hover).toEqual({ x: 4, y: 1 });
  });
});

describe('sneaking you can read', () => {
  const HALL = `
    ##########
    #F.......#
    #........#
    #....g...#
    #........#
    ##########`;

  it('names the patrolling monsters that would spot a hero on the hovered square', () => {
    const s = heroesTurn(HALL, 1);
    const goblin = unit(s, 'goblin-1');
    const seen = squaresNoticedBy(s, goblin);
    const reach = derive(s).reach.map((r) => r.at);
    const inSight = reach.find((p) => seen.some((q) => q.x === p.x && q.y === p.y));
    const hidden = reach.find((p) => !seen.some((q) => q.x === p.x && q.y === p.y));
    expect(inSight).toBeDefined();
    const there = derive(s, { hover: inSight! });
    expect(there.hover?.spottedBy.map((u) => u.unitId)).toEqual(['goblin-1']);
    expect(there.info.body).toContain(`${goblin.name} would see you here.`);
    if (hidden) {
      const safe = derive(s, { hover: hidden });
      expect(safe.hover?.spottedBy).toEqual([]);
      expect(safe.info.body).toContain('No patrolling monster would see a hero here.');
    }
  });

  it('marks the heroes a monster can see now, by the engine’s sight', () => {
    const s = heroesTurn(HALL, 1);
    const seen = canNotice(s, unit(s, 'goblin-1'), unit(s, 'fighting-man-1'));
    expect(derive(s).spotted).toEqual(seen ? ['fighting-man-1'] : []);
    const alerted = alertAll(s);
    expect(derive(alerted).spotted).toEqual(['fighting-man-1']);
  });

  it('draws a hovered monster’s view faintly, its own squares', () => {
    const s = heroesTurn(HALL, 1);
    const view = derive(s, { hover: { x: 5, y: 3 } });
    expect(view.hover?.sees.length).toBe(squaresNoticedBy(s, unit(s, 'goblin-1')).length);
  });

  it('counts, per square, how many alerted monsters could strike there', () => {
    const s = alertAll(heroesTurn('##########\n#F.......#\n#........#\n#..g..g..#\n##########', 2));
    const view = derive(s, { showThreats: true });
    const a = squaresThreatenedBy(s, unit(s, 'goblin-1')).map((p) => `${p.x},${p.y}`);
    const b = squaresThreatenedBy(s, unit(s, 'goblin-2')).map((p) => `${p.x},${p.y}`);
    for (const { at, count } of view.threats) {
      const k = `${at.x},${at.y}`;
      expect(count).toBe(Number(a.includes(k)) + Number(b.includes(k)));
    }
    expect(view.threats.some((t) => t.count === 2)).toBe(true);
    expect(derive(s).threats).toEqual([]);
  });
});

// The state after a move, for the panel: the square the hero stands on is no "move here".
it('after a move the panel shows the hero, not the square', () => {
  const s = heroesTurn('#######\n#F....#\n#....t#\n#######', 1);
  const to = { x: 2, y: 1 };
  const moved = play(s, { type: 'move', unit: 'fighting-man-1', to }).state;
  const view = derive(moved, { hover: to });
  expect(view.info.title).toBe('Fighting Man');
  expect(view.info.body).not.toContain('can move here');
});
