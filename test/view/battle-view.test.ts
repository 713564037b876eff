/**
 * What the Battle screen draws, derived headless from real engine states (ASCII boards),
 * a UI record and the rule module: reach, targets with the module's chances, badges,
 * marks, the hover preview, the info panel, the hint, the cards and the buttons.
 */
import { describe, expect, it } from 'vitest';
import {
  formatChance,
  requireRules,
  squaresNoticedBy,
  squaresThreatenedBy,
  squaresThreatenedByAlerted,
  type GameState,
  type Point,
} from '../../src/engine';
import { followTurn, initialUi, startAnimating, type BattleUi } from '../../src/view/battle-ui';
import { deriveBattleView, reachAt } from '../../src/view/battle-view';
import { alertAll, play, unit } from '../engine/helpers';
import { edited, heroesTurn, turnOf } from './helpers';

const CONTEXT = { scenarioName: 'A test' };

function derive(state: GameState, patch: Partial<BattleUi> = {}) {
  const ui = { ...followTurn(initialUi(), state), ...patch };
  return deriveBattleView(state, ui, CONTEXT);
}

const keys = (ps: readonly Point[]) => ps.map((p) => `${p.x},${p.y}`).sort();

describe('the derived battle view', () => {
  const ROOM = `
    #########
    #F......#
    #.......#
    #.....t.#
    #########`;

  it('offers the legal moves as reach, and after a move the square no longer says "can move here"', () => {
    const s = heroesTurn(ROOM, 1);
    const to = { x: 2, y: 2 };
    const before = derive(s, { hover: to });
    expect(before.acting).toBe('fighting-man-1');
    expect(reachAt(before, to)).not.toBeNull();
    expect(before.info.body).toContain('can move here');
    expect(before.hover?.path?.steps.at(-1)).toEqual(to);
    expect(before.hint).toContain('click a blue square to move');

    const moved = play(s, { type: 'move', unit: 'fighting-man-1', to }).state;
    const elsewhere = derive(moved, { hover: { x: 3, y: 1 } });
    expect(elsewhere.reach).toEqual([]);
    expect(elsewhere.info.body).not.toContain('can move here');
    const onHero = derive(moved, { hover: to });
    expect(onHero.info.title).toBe('Fighting Man');
    expect(onHero.hover?.tone).toBe('friend');
    expect(onHero.controls.undo).toBe(true);
  });

  it('gives targets the module’s chance, on badges, marks and the line-of-sight label', () => {
    const s = heroesTurn('########\n#......#\n#.F....#\n#...t..#\n########', 1);
    const near = play(s, { type: 'move', unit: 'fighting-man-1', to: { x: 3, y: 2 } }).state;
    const view = derive(near);
    const rules = requireRules(near);
    expect(view.targets.map((t) => t.unitId)).toEqual(['troll-1']);
    const [t] = view.targets;
    expect(t.command).toMatchObject({ type: 'attack', target: 'troll-1', weapon: 'sword' });
    const preview = rules.previewAction(near, t.command!)!;
    expect(t.chance).toBe(preview.chance);
    expect(view.badges).toEqual([
      {
        unitId: 'troll-1',
        at: { x: 4, y: 3 },
        text: `1 \u00b7 ${formatChance(preview.chance)}`,
        tone: 'target',
      },
    ]);
    expect(view.marks).toContainEqual({ at: { x: 4, y: 3 }, tone: 'target' });
    const hovered = derive(near, { hover: { x: 4, y: 3 } });
    expect(hovered.hover?.tone).toBe('foe');
    expect(hovered.hover?.los?.label).toBe(
      `${formatChance(preview.chance)} \u00b7 clear line of sight`,
    );
    expect(hovered.info.body).toContain(preview.summary);
  });

  it('picks the chosen weapon for a target when it can, else the module’s best', () => {
    const s = turnOf(heroesTurn('########\n#M....t#\n########', 1), 'magic-user-1');
    expect(derive(s).targets[0].command).toMatchObject({ weapon: 'fireball' });
    const staffOnly = derive(s, { chosen: { 'magic-user-1': 'staff' } });
    expect(staffOnly.targets[0].command).toMatchObject({ weapon: 'fireball' });
    expect(staffOnly.cards.find((c) => c.unitId === 'magic-user-1')?.chosen).toBe('fireball');
  });

  it("shows the Priest's heal target when a friend is wounded and adjacent, not otherwise", () => {
    const ascii = '#######\n#FP..t#\n#######';
    const healthy = turnOf(heroesTurn(ascii, 1), 'priest-1');
    expect(derive(healthy).targets.filter((t) => t.ability !== null)).toEqual([]);
    expect(derive(healthy).cards.find((c) => c.unitId === 'priest-1')?.usable['#heal']).toBe(false);

    const hurt = edited(healthy, (s) => (unit(s, 'fighting-man-1').wounds = 2));
    const view = derive(hurt);
    const heal = view.targets.find((t) => t.ability === 'heal');
    expect(heal).toMatchObject({ unitId: 'fighting-man-1', command: { type: 'heal' } });
    expect(heal!.chance).toBe(requireRules(hurt).previewAction(hurt, heal!.command!)!.chance);
    expect(view.marks).toContainEqual({ at: { x: 1, y: 1 }, tone: 'ability' });
    expect(view.hint).toContain('a green mark to heal');
    expect(view.cards.find((c) => c.unitId === 'priest-1')?.usable['#heal']).toBe(true);
  });

  it('draws the line of sight with the module’s cover and corner lines', () => {
    const s = heroesTurn('#######\n#F....#\n#..#..#\n#....t#\n#######', 1);
    const rules = requireRules(s);
    const hero = unit(s, 'fighting-man-1');
    const to = { x: 5, y: 3 };
    const view = derive(s, { hover: to });
    const los = view.hover!.los!;
    expect(los.cover).toBe(rules.coverBetween(s, hero, hero.position!, to));
    expect(los.lines).toEqual(rules.coverLinesBetween!(s, hero, hero.position!, to));
    expect(los.lines).toHaveLength(4);
  });

  it('shows an inspected monster’s sight and strikes, and the alerted monsters’ threat (T)', () => {
    const s = heroesTurn(ROOM, 1);
    const troll = unit(s, 'troll-1');
    const shown = derive(s, { inspected: 'troll-1' });
    expect(shown.inspected).toBe('troll-1');
    expect(keys(shown.sees)).toEqual(keys(squaresNoticedBy(s, troll)));
    expect(keys(shown.strikes)).toEqual(keys(squaresThreatenedBy(s, troll)));
    expect(shown.hint).toContain('amber: where it would spot a hero');
    expect(shown.reach).toEqual([]);

    const alerted = alertAll(s);
    const threats = derive(alerted, { showThreats: true });
    expect(keys(threats.strikes)).toEqual(keys(squaresThreatenedByAlerted(alerted)));
    expect(threats.strikes.length).toBeGreaterThan(0);
    const spot = threats.strikes.find(
      (p) => !alerted.units.some((u) => u.position?.x === p.x && u.position.y === p.y),
    )!;
    expect(derive(alerted, { hover: spot }).info.body).toContain('could strike here: Troll');
  });

  it('gives nothing to pick while animating, and leaves the title to the events', () => {
    const s = heroesTurn(ROOM, 1);
    const view = deriveBattleView(s, startAnimating(followTurn(initialUi(), s)), CONTEXT);
    expect(view.reach).toEqual([]);
    expect(view.targets).toEqual([]);
    expect(view.controls).toEqual({ undo: false, endTurn: false, endOnly: false });
    expect(view.title).toBeNull();
    expect(view.hint).toBe('Space or Enter: skip the animation.');
    // A touch screen has no Space or Enter: a tap on the board skips (issue 29).
    const touch = { ...startAnimating(followTurn(initialUi(), s)), usingTouch: true };
    const onTouch = deriveBattleView(s, touch, CONTEXT);
    expect(onTouch.hint).toBe('Tap the board to skip.');
    expect(onTouch.info.body).not.toMatch(/Space|Enter/);
    // Said once, by the hint: the info panel does not repeat it (issue 29: a phone showed it twice).
    for (const v of [view, onTouch]) expect(v.info.body).not.toMatch(/skip/i);
  });

  it('says who acts on the cards and the title, and lights End turn when nothing else is left', () => {
    const s = heroesTurn('#######\n#FP..t#\n#######', 1);
    const view = derive(s);
    expect(view.title).toBe('Round 1 \u00b7 Fighting Man\u2019s turn');
    const status = Object.fromEntries(view.cards.map((c) => [c.unitId, c.status]));
    expect(status).toEqual({ 'fighting-man-1': 'Acting: move, then act', 'priest-1': 'Waiting' });
    expect(view.controls.endOnly).toBe(false);
    const walled = heroesTurn('#####\n#F#t#\n#####', 1);
    expect(derive(walled).controls).toMatchObject({ endTurn: true, endOnly: true });
  });

  it('follows the turn: the next hero is shown once the acting one ends its turn', () => {
    const s = heroesTurn('#######\n#FP..t#\n#######', 1);
    const ui = followTurn({ ...initialUi(), inspected: 'priest-1' }, s);
    expect(ui.inspected).toBe('fighting-man-1');
    const shownPriest = { ...ui, inspected: 'priest-1' };
    expect(followTurn(shownPriest, s)).toBe(shownPriest);
    const next = play(s, { type: 'end-turn', unit: 'fighting-man-1' }).state;
    expect(followTurn(shownPriest, next).inspected).toBe('priest-1');
    expect(followTurn({ ...ui, inspected: 'fighting-man-1' }, next).inspected).toBe('priest-1');
  });
});
