/**
 * The Oracle panel's key and its history (solitaire-gaming-rules I and II): O opens it by
 * default and can be rebound like the other battle keys, and the panel
 * lists a battle's questions from the engine's own oracle events with the rule of each.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_KEYS, KEY_COMMANDS, readKeyBindings, rebind } from '../../src/app/key-bindings';
import { applyCommand } from '../../src/engine/game';
import { initialUi } from '../../src/view/battle-ui';
import { keyAction } from '../../src/view/battle-intents';
import { oracleAnswers } from '../../src/view/oracle-panel';
import { boardGame, startWith } from '../engine/helpers';

const press = (key: string) => ({ key, shiftKey: false, repeat: false });

describe('the oracle key', () => {
  it('is O by default and listed among the rebindable keys', () => {
    expect(DEFAULT_KEYS.oracle).toBe('o');
    expect(KEY_COMMANDS).toContain('oracle');
    expect(keyAction(press('o'), initialUi(), 0)).toEqual({ kind: 'oracle' });
    expect(keyAction(press('O'), initialUi(), 0)).toEqual({ kind: 'oracle' });
  });

  it('can be rebound; a key taken or fixed is refused in plain words', () => {
    const moved = rebind(DEFAULT_KEYS, 'oracle', 'k');
    if (!('keys' in moved)) throw new Error(moved.error);
    expect(keyAction(press('k'), initialUi(), 0, moved.keys)).toEqual({ kind: 'oracle' });
    expect(keyAction(press('o'), initialUi(), 0, moved.keys)).toBeNull();
    expect(rebind(DEFAULT_KEYS, 'oracle', 't')).toEqual({
      error: 'T is already Threats. Choose another key, or rebind Threats first.',
    });
    expect(rebind(DEFAULT_KEYS, 'oracle', 'Enter')).toHaveProperty('error');
    // Bindings stored before the oracle had a key read with its default.
    const { oracle: _o, ...older } = DEFAULT_KEYS;
    expect(readKeyBindings({ ...older, undo: 'u' })).toEqual({ ...DEFAULT_KEYS, undo: 'u' });
  });
});

describe("the panel's history: the battle's oracle events, with the rule of each", () => {
  it('lists each question asked, oldest first', () => {
    let state = startWith(boardGame('#######\n#F...g#\n#######'), [4]).state;
    const events = [];
    for (const [question, about] of [
      ['next', 'the bridge holds'],
      ['yes-no', 'the door is locked'],
      ['secret', 'a key in the chest'],
    ] as const) {
      const r = applyCommand(state, { type: 'oracle', question, about });
      if (!r.ok) throw new Error(r.error);
      state = r.state;
      events.push(...r.events);
    }
    const shown = oracleAnswers(events);
    expect(shown.map((s) => [s.question, s.about, s.rule.section])).toEqual([
      ['next', 'the bridge holds', 'II What Happens Next: 1d20'],
      ['yes-no', 'the door is locked', 'II yes or no: 11+'],
      ['secret', 'a key in the chest', 'I Secrets: 16+'],
    ]);
    for (const s of shown) expect(s.roll).toBeGreaterThanOrEqual(1);
  });
});
