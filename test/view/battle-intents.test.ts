/**
 * What clicks, taps and keys mean on the Battle screen: a new UI record or an engine
 * command, decided headless from real engine states.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_KEYS, rebind, type KeyBindings } from '../../src/app/key-bindings';
import { applyCommand, legalCommands, type GameState } from '../../src/engine';
import { skirmishGame } from '../engine/skirmish/helpers';
import {
  cancel,
  chooseOnCard,
  clickSquare,
  cycleInspect,
  faceSquare,
  keyAction,
  moveCursor,
  pressCard,
  selectTarget,
  situation,
  stepTarget,
  tapSquare,
} from '../../src/view/battle-intents';
import { followTurn, initialUi, startAnimating, type BattleUi } from '../../src/view/battle-ui';
import { deriveBattleView } from '../../src/view/battle-view';
import { unit } from '../engine/helpers';
import { edited, heroesTurn, turnOf } from './helpers';

const CONTEXT = { scenarioName: 'A test' };
const view = (s: GameState, ui: BattleUi) => deriveBattleView(s, ui, CONTEXT);
/** Where an input lands: `state` and `ui`, with the view derived from them. */
const at = (s: GameState, ui: BattleUi) => situation(s, ui, view(s, ui));
const fresh = (s: GameState) => followTurn(initialUi(), s);

/** The Fighting Man beside a troll, a goblin out of reach, the Priest behind him. */
const ROOM = `
  ########
  #P.....#
  #F.....#
  #t....g#
  ########`;

describe('the battle input decisions', () => {
  it('a click on a reachable square moves; on a target attacks with the chosen weapon', () => {
    const s = heroesTurn(ROOM, 2);
    const ui = fresh(s);
    expect(clickSquare(at(s, ui), { x: 3, y: 2 }).command).toEqual({
      type: 'move',
      unit: 'fighting-man-1',
      to: { x: 3, y: 2 },
    });
    expect(clickSquare(at(s, ui), { x: 1, y: 3 }).command).toEqual({
      type: 'attack',
      unit: 'fighting-man-1',
      target: 'troll-1',
      weapon: 'sword',
    });
  });

  it('the keyboard alone moves: arrows walk a square from the acting hero, kept on the board; Enter moves there', () => {
    const s = heroesTurn(ROOM, 2);
    let ui = fresh(s);
    // The Fighting Man stands at (1, 2); two steps right, one up.
    for (const [dx, dy] of [
      [1, 0],
      [1, 0],
      [0, -1],
    ])
      ui = moveCursor(at(s, ui), dx, dy).ui;
    expect(ui.hover).toEqual({ x: 3, y: 1 });
    for (let i = 0; i < 20; i++) ui = moveCursor(at(s, ui), 0, -1).ui;
    expect(ui.hover).toEqual({ x: 3, y: 0 });
    ui = moveCursor(at(s, ui), 0, 2).ui;
    expect(keyAction({ key: 'Enter', shiftKey: false, repeat: false }, ui, 0)).toEqual({
      kind: 'press-cursor',
    });
    expect(clickSquare(at(s, ui), ui.hover!).command).toEqual({
      type: 'move',
      unit: 'fighting-man-1',
      to: { x: 3, y: 2 },
    });
  });

  it('a click on a foe that is no target shows the foe, silently, with no command', () => {
    const s = heroesTurn(ROOM, 2);
    const ui = fresh(s);
    const out = clickSquare(at(s, ui), { x: 6, y: 3 });
    expect(out.command).toBeUndefined();
    expect(out.toast).toBeUndefined();
    expect(out.ui.inspected).toBe('goblin-1');
    expect(out.reveal).toEqual({ x: 6, y: 3 });
    // Esc goes back to the acting hero.
    expect(cancel(at(s, out.ui)).ui.inspected).toBe('fighting-man-1');
  });

  it('a click on a friend shows it; with an ability chosen, it uses the ability', () => {
    const s = turnOf(heroesTurn(ROOM, 2), 'priest-1');
    const ui = fresh(s);
    const shown = clickSquare(at(s, ui), { x: 1, y: 2 });
    expect(shown.command).toBeUndefined();
    expect(shown.ui.inspected).toBe('fighting-man-1');

    const picked = chooseOnCard(at(s, ui), 'priest-1', '#heal');
    expect(picked.toast).toMatch(/Nobody is in reach/);
    const out = clickSquare(at(s, picked.ui), { x: 1, y: 2 });
    expect(out.command).toEqual({ type: 'heal', unit: 'priest-1', target: 'fighting-man-1' });
  });

  it('heals a wounded friend by a click once it is a target', () => {
    const healthy = turnOf(heroesTurn(ROOM, 2), 'priest-1');
    const s = edited(healthy, (x) => (unit(x, 'fighting-man-1').wounds = 1));
    const ui = fresh(s);
    expect(chooseOnCard(at(s, ui), 'priest-1', '#heal').toast).toBeUndefined();
    expect(clickSquare(at(s, ui), { x: 1, y: 2 }).command).toEqual({
      type: 'heal',
      unit: 'priest-1',
      target: 'fighting-man-1',
    });
  });

  it('a card of another hero shows that hero; a weapon picked on the acting card is kept', () => {
    const s = heroesTurn(ROOM, 2);
    const ui = fresh(s);
    expect(chooseOnCard(at(s, ui), 'priest-1', 'mace').ui.inspected).toBe('priest-1');
    expect(chooseOnCard(at(s, ui), 'fighting-man-1', 'sword').ui.chosen).toEqual({
      'fighting-man-1': 'sword',
    });
    expect(cycleInspect(at(s, ui), 1).ui.inspected).not.toBe('fighting-man-1');
  });

  it('a first tap previews a move, the second tap on the same square moves', () => {
    const s = heroesTurn(ROOM, 2);
    const ui = { ...fresh(s), usingTouch: true };
    const sq = { x: 3, y: 2 };
    const first = tapSquare(at(s, ui), sq);
    expect(first.command).toBeUndefined();
    expect(first.ui).toMatchObject({ armedTap: sq, hover: sq });
    const second = tapSquare(at(s, first.ui), sq);
    expect(second.command).toEqual({ type: 'move', unit: 'fighting-man-1', to: sq });
    expect(second.ui.armedTap).toBeNull();
  });

  it('number keys pick a target and strike on the second press; arrows step through', () => {
    const s = heroesTurn(ROOM, 2);
    const ui = fresh(s);
    expect(keyAction({ key: '1', shiftKey: false, repeat: false }, ui, 1)).toEqual({
      kind: 'pick-target',
      index: 0,
    });
    const picked = selectTarget(at(s, ui), 0);
    expect(picked.command).toBeUndefined();
    expect(picked.ui.selectedTarget).toBe(0);
    expect(view(s, picked.ui).marks).toContainEqual({ at: { x: 1, y: 3 }, tone: 'selected' });
    expect(selectTarget(at(s, picked.ui), 0).command).toMatchObject({ type: 'attack' });
    expect(stepTarget(at(s, ui), -1).ui.selectedTarget).toBe(0);
    expect(cancel(at(s, picked.ui)).ui.selectedTarget).toBe(-1);
  });

  it('right click turns the acting hero, and nothing acts while animating', () => {
    const s = heroesTurn(ROOM, 2);
    const ui = fresh(s);
    const facing = unit(s, 'fighting-man-1').facing;
    const face = faceSquare(at(s, ui), { x: 6, y: 2 });
    expect(face.command).toMatchObject({ type: 'face', unit: 'fighting-man-1' });
    expect(face.command).not.toMatchObject({ facing });
    const busy = startAnimating(ui);
    expect(clickSquare(at(s, busy), { x: 3, y: 2 }).command).toBeUndefined();
    expect(faceSquare(at(s, busy), { x: 6, y: 2 }).command).toBeUndefined();
  });

  it('maps keys to actions: Space ends the turn, or skips an animation; repeats are dropped', () => {
    const ui = initialUi();
    const key = (k: string, extra: Partial<{ shiftKey: boolean; repeat: boolean }> = {}) =>
      keyAction({ key: k, shiftKey: false, repeat: false, ...extra }, ui, 0);
    expect(key(' ')).toEqual({ kind: 'end-turn' });
    expect(key('z')).toEqual({ kind: 'undo' });
    expect(key('t')).toEqual({ kind: 'toggle-threats' });
    expect(key('Tab', { shiftKey: true })).toEqual({ kind: 'inspect-next', step: -1 });
    expect(key('h')).toEqual({ kind: 'help', show: true });
    expect(key(' ', { repeat: true })).toBeNull();
    expect(key('+', { repeat: true })).toMatchObject({ kind: 'zoom' });
    // With no targets, arrows move the keyboard's square; Enter then acts on it like a click.
    expect(key('ArrowLeft')).toEqual({ kind: 'move-cursor', dx: -1, dy: 0 });
    expect(key('Enter')).toEqual({ kind: 'confirm' });
    expect(
      keyAction(
        { key: 'Enter', shiftKey: false, repeat: false },
        { ...ui, hover: { x: 2, y: 3 } },
        0,
      ),
    ).toEqual({ kind: 'press-cursor' });
    // With targets, arrows step through them; Shift+arrows still move the square.
    expect(keyAction({ key: 'ArrowDown', shiftKey: false, repeat: false }, ui, 2)).toEqual({
      kind: 'step-target',
      step: 1,
    });
    expect(keyAction({ key: 'ArrowDown', shiftKey: true, repeat: false }, ui, 2)).toEqual({
      kind: 'move-cursor',
      dx: 0,
      dy: 1,
    });
    const busy = startAnimating(ui);
    expect(keyAction({ key: ' ', shiftKey: false, repeat: false }, busy, 0)).toEqual({
      kind: 'skip-animation',
    });
    expect(
      keyAction({ key: 'Escape', shiftKey: false, repeat: false }, { ...ui, helpOpen: true }, 0),
    ).toEqual({ kind: 'help', show: false });
  });

  it("follows the player's key bindings: a rebound action answers its new key only", () => {
    const ui = initialUi();
    const keys: KeyBindings = { ...DEFAULT_KEYS, 'end-turn': 'e', undo: 'u', help: 'k' };
    const key = (k: string, bindings: Readonly<KeyBindings> = keys, at: BattleUi = ui) =>
      keyAction({ key: k, shiftKey: false, repeat: false }, at, 0, bindings);
    expect(key('e')).toEqual({ kind: 'end-turn' });
    expect(key('E')).toEqual({ kind: 'end-turn' }); // with Shift or Caps Lock too
    expect(key(' ')).toBeNull();
    expect(key('u')).toEqual({ kind: 'undo' });
    expect(key('z')).toBeNull();
    // The fixed keys keep their meaning whatever is bound: ? still opens the help.
    expect(key('?')).toEqual({ kind: 'help', show: true });
    expect(key('Enter')).toEqual({ kind: 'confirm' });
    expect(key('3')).toEqual({ kind: 'pick-target', index: 2 });
    // While the monsters move, the end-turn key (no longer Space) skips the animation.
    const busy = startAnimating(ui);
    expect(key('e', keys, busy)).toEqual({ kind: 'skip-animation' });
    expect(key(' ', keys, busy)).toBeNull();
    // Two actions swapped through rebind (the second needs the first's key freed).
    const swapped = rebind(DEFAULT_KEYS, 'threats', 'x');
    if (!('keys' in swapped)) throw new Error(swapped.error);
    const both = rebind(swapped.keys, 'intent', 't');
    if (!('keys' in both)) throw new Error(both.error);
    expect(key('t', both.keys)).toEqual({ kind: 'toggle-intent' });
    expect(key('x', both.keys)).toEqual({ kind: 'toggle-threats' });
    expect(key('i', both.keys)).toBeNull();
  });

  it('refuses a rebinding onto a fixed key or a key another action has, saying why', () => {
    const clash = rebind(DEFAULT_KEYS, 'end-turn', 'T');
    expect(clash).toEqual({
      error: 'T is already Threats. Choose another key, or rebind Threats first.',
    });
    for (const fixed of ['Enter', 'Escape', 'Tab', '5', 'ArrowUp', '+', '-', '=', '_', '?', 'w'])
      expect(rebind(DEFAULT_KEYS, 'undo', fixed)).toMatchObject({ error: expect.any(String) });
    expect(rebind(DEFAULT_KEYS, 'undo', 'F2')).toEqual({
      error: 'F2 cannot be bound; choose a letter, a sign or Space.',
    });
    // Rebinding an action to its own key changes nothing and is no clash.
    expect(rebind(DEFAULT_KEYS, 'undo', 'Z')).toEqual({ keys: DEFAULT_KEYS });
  });

  it('a click on another hero who may act now (Skirmish, alternating activations) hands that hero the turn', () => {
    const FIELD2 = `
      ##########
      #...e....#
      #........#
      #........#
      #..h.h...#
      ##########`;
    // The first seed whose first activation is the heroes' (the initiative d20s decide it).
    let s: GameState | null = null;
    for (let seed = 1; seed < 40 && !s; seed++) {
      const r = applyCommand(
        skirmishGame(FIELD2, ['swordsman', 'knight'], ['swordsman'], {}, seed),
        {
          type: 'start',
        },
      );
      if (r.ok && r.state.phase === 'heroes' && r.state.turn) s = r.state;
    }
    expect(s, 'a game where a hero acts first').not.toBeNull();
    const acting = s!.turn!.unitId;
    const other = s!.units.find((u) => u.side === 'heroes' && u.id !== acting)!;
    expect(legalCommands(s!)).toContainEqual({ type: 'activate', unit: other.id });
    const ui = fresh(s!);
    expect(clickSquare(at(s!, ui), other.position!).command).toEqual({
      type: 'activate',
      unit: other.id,
    });
    // So does a press on that hero's card, or on a weapon of it (the weapon then chosen).
    expect(pressCard(at(s!, ui), other.id).command).toEqual({ type: 'activate', unit: other.id });
    const weapon = other.weapons[0].id;
    const chose = chooseOnCard(at(s!, ui), other.id, weapon);
    expect(chose.command).toEqual({ type: 'activate', unit: other.id });
    expect(chose.ui.chosen[other.id]).toBe(weapon);
    // The acting hero's own square still shows the hero; once moved, the other cannot take over.
    expect(
      clickSquare(at(s!, ui), s!.units.find((u) => u.id === acting)!.position!).command,
    ).toBeUndefined();
    const move = legalCommands(s!).find((c) => c.type === 'move')!;
    const moved = applyCommand(s!, move);
    expect(moved.ok).toBe(true);
    if (!moved.ok) return;
    const after = moved.state;
    expect(clickSquare(at(after, fresh(after)), other.position!).command).toBeUndefined();
    const shown = pressCard(at(after, fresh(after)), other.id);
    expect(shown.command).toBeUndefined();
    expect(shown.ui.inspected).toBe(other.id);
  });
});
