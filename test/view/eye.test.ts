/**
 * The eye over a hero (issue 29): a hero in view of a patrolling monster before the heroes
 * have moved is seen but not yet noticed (the solo rules' Patrolling: "they do not know of
 * the heroes initially (even if they are in line of sight)"), and wears a mark and words of
 * its own; once a hero moves the monster notices (Alerted: it "could reasonably see a
 * hero") and the eye becomes the noticed one.
 */
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../src/engine';
import { followTurn, initialUi, type BattleUi } from '../../src/view/battle-ui';
import { deriveBattleView, eyeMarkOf } from '../../src/view/battle-view';
import { play, unit } from '../engine/helpers';
import { heroesTurn } from './helpers';

const derive = (state: GameState, patch: Partial<BattleUi> = {}) =>
  deriveBattleView(
    state,
    { ...followTurn(initialUi(), state), ...patch },
    { scenarioName: 'A test' },
  );

// A goblin facing south (the boards' default) with the Fighting Man and the Thief in
// front of it: both stand in its view.
const HALL = `
  #######
  #..g..#
  #.....#
  #.....#
  #.F.T.#
  #######`;

describe('the eye over a hero', () => {
  it('before the heroes move: seen, not yet noticed, in its own mark and words', () => {
    const s = heroesTurn(HALL, 1);
    expect(unit(s, 'goblin-1').ai!.status).toBe('patrolling');
    const view = derive(s);
    expect(view.spotted).toEqual(['fighting-man-1', 'thief-1']);
    expect(view.noticed).toEqual([]);
    expect(eyeMarkOf(view, 'fighting-man-1')).toBe('seen');
    const body = derive(s, { hover: { x: 2, y: 4 } }).info.body;
    expect(body).toContain('Seen by Goblin, not yet noticed');
    expect(body).toContain('half-shut eye');
    expect(body).not.toContain('Noticed by');
  });

  it('after the first move the goblin notices: the noticed eye and words', () => {
    const s = heroesTurn(HALL, 1);
    const moved = play(s, { type: 'move', unit: 'fighting-man-1', to: { x: 2, y: 3 } }).state;
    expect(unit(moved, 'goblin-1').ai!.status).toBe('alerted');
    const view = derive(moved);
    expect(view.noticed).toEqual(['fighting-man-1', 'thief-1']);
    expect(eyeMarkOf(view, 'thief-1')).toBe('noticed');
    const body = derive(moved, { hover: { x: 4, y: 4 } }).info.body;
    expect(body).toContain('Noticed by Goblin: they know where this hero is');
    expect(body).toContain('red eye');
    expect(body).not.toContain('not yet noticed');
  });

  it('a hero no monster sees carries no eye and no line', () => {
    const s = heroesTurn(
      `
      #######
      #..g..#
      #######
      #.F...#
      #######`,
      1,
    );
    const view = derive(s);
    expect(view.spotted).toEqual([]);
    expect(eyeMarkOf(view, 'fighting-man-1')).toBe('none');
    const body = derive(s, { hover: { x: 2, y: 3 } }).info.body;
    expect(body).not.toMatch(/Seen by|Noticed by/);
  });

  it('while an animation plays the eyes keep what they showed (nothing new is said)', () => {
    const s = heroesTurn(HALL, 1);
    const view = derive(s, { animating: true });
    expect(view.spotted).toBeNull();
    expect(view.noticed).toBeNull();
    expect(eyeMarkOf(view, 'fighting-man-1')).toBe('none');
  });
});
