import { beforeAll, describe, expect, it } from 'vitest';
import { applyCommand, defaultOptions, legalCommands, type GameState } from '../engine';
import { BattleSession } from '../app/session';
import { DEFAULT_KEYS } from '../app/key-bindings';
import { TUTORIAL_BATTLE } from '../app/tutorial-flag';
import { initialUi } from './battle-ui';
import {
  advanceTutorial,
  skipTutorial,
  startTutorial,
  TUTORIAL_STEPS,
  tutorialPrompt,
  type TutorialProgress,
} from './tutorial';

let start: GameState;
beforeAll(() => {
  const mem = new Map<string, string>();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => mem.get(k) ?? null,
    setItem: (k: string, v: string) => void mem.set(k, v),
    removeItem: (k: string) => void mem.delete(k),
  };
  // The tutorial's own battle (see app.startTutorial).
  const made = BattleSession.create({
    scenario: TUTORIAL_BATTLE.scenario,
    seed: TUTORIAL_BATTLE.seed,
    options: defaultOptions(),
    custom: null,
    seedTyped: true,
    diceVersion: TUTORIAL_BATTLE.diceVersion,
  });
  if (!made.ok) throw new Error(made.error);
  start = made.session.state;
});

describe('the tutorial model', () => {
  it('waits for each step’s own action and ignores the others', () => {
    let p: TutorialProgress = startTutorial();
    const unit = start.turn!.unitId;
    // Switching threats on during the move step does nothing.
    p = advanceTutorial(p, { kind: 'ui', ui: { ...initialUi(), showThreats: true } });
    expect(p.step).toBe(0);
    // A refused move does nothing either.
    p = advanceTutorial(p, {
      kind: 'command',
      command: { type: 'move', unit, to: { x: 0, y: 0 } },
      ok: false,
    });
    expect(p.step).toBe(0);

    const prompt = tutorialPrompt(p, start)!;
    expect(prompt.step).toBe('move');
    expect(prompt.counter).toBe('Step 1 of 7');
    const to = prompt.square!;
    const moved = applyCommand(start, { type: 'move', unit, to });
    expect(moved.ok).toBe(true);
    if (!moved.ok) return;
    // The monsters by the entrance saw the heroes' start: the first move is noticed and
    // cannot be taken back, so the tutorial teaches Undo later, not here.
    expect(legalCommands(moved.state).some((c) => c.type === 'undo-move')).toBe(false);
    p = advanceTutorial(p, { kind: 'command', command: { type: 'move', unit, to }, ok: true });
    const attackPrompt = tutorialPrompt(p, moved.state)!;
    expect(attackPrompt.step).toBe('attack');
    // Acknowledging does nothing on a step that waits for an action.
    expect(advanceTutorial(p, { kind: 'acknowledged' })).toBe(p);
    // The marked square holds a monster the hero can strike.
    const target = moved.state.units.find(
      (u) => u.position?.x === attackPrompt.square!.x && u.position?.y === attackPrompt.square!.y,
    );
    expect(target?.side).toBe('enemies');
    const strike = legalCommands(moved.state).find(
      (c) => c.type === 'attack' && c.target === target!.id,
    )!;
    const struck = applyCommand(moved.state, strike);
    if (!struck.ok) throw new Error(struck.error);

    p = advanceTutorial(p, { kind: 'command', command: strike, ok: true });
    expect(tutorialPrompt(p, struck.state)!.control).toBe('log');
    p = advanceTutorial(p, { kind: 'log-pressed' });
    expect(tutorialPrompt(p, struck.state)!.control).toBe('threats');
    p = advanceTutorial(p, { kind: 'ui', ui: { ...initialUi(), showIntent: true } });
    expect(tutorialPrompt(p, struck.state)!.control).toBe('threats');
    p = advanceTutorial(p, { kind: 'ui', ui: { ...initialUi(), showThreats: true } });
    expect(tutorialPrompt(p, struck.state)!.control).toBe('intent');
    p = advanceTutorial(p, { kind: 'ui', ui: { ...initialUi(), showIntent: true } });
    expect(tutorialPrompt(p, struck.state)!.control).toBe('end-turn');
    const ended = applyCommand(struck.state, { type: 'end-turn', unit });
    if (!ended.ok) throw new Error(ended.error);
    p = advanceTutorial(p, { kind: 'command', command: { type: 'end-turn', unit }, ok: true });

    // 7. Undo, with the next hero: the bubble marks a square whose move can be taken back.
    const next = ended.state.turn!.unitId;
    expect(next).not.toBe(unit);
    const walk = tutorialPrompt(p, ended.state)!;
    expect(walk.step).toBe('undo');
    expect(walk.acknowledge).toBeNull();
    expect(walk.text).toMatch(/Walk to the marked square, then Undo \(or Z\)/);
    // A move alone does not finish the step.
    const quietMove = { type: 'move' as const, unit: next, to: walk.square! };
    const quiet = applyCommand(ended.state, quietMove);
    if (!quiet.ok) throw new Error(quiet.error);
    p = advanceTutorial(p, { kind: 'command', command: quietMove, ok: true });
    expect(p.finished).toBe(false);
    // Now Undo is possible (the engine offers it) and the bubble points at the button.
    expect(legalCommands(quiet.state)).toContainEqual({ type: 'undo-move', unit: next });
    const press = tutorialPrompt(p, quiet.state)!;
    expect(press.control).toBe('undo');
    expect(press.acknowledge).toBeNull();
    expect(press.text).toMatch(/Try it/);
    // A refused undo is no undo: the step waits.
    const tried = advanceTutorial(p, {
      kind: 'command',
      command: { type: 'undo-move', unit: next },
      ok: false,
    });
    expect(tried).toBe(p);
    const undone = applyCommand(quiet.state, { type: 'undo-move', unit: next });
    expect(undone.ok).toBe(true);
    p = advanceTutorial(p, {
      kind: 'command',
      command: { type: 'undo-move', unit: next },
      ok: true,
    });
    expect(p.finished).toBe(true);
    expect(tutorialPrompt(p, ended.state)!.step).toBe('finished');
    // Nothing moves it on any more.
    expect(advanceTutorial(p, { kind: 'log-pressed' })).toBe(p);
  });

  it('on the undo step, a move that cannot be taken back is explained, and Got it goes on', () => {
    const p = { ...startTutorial(), step: TUTORIAL_STEPS.indexOf('undo') };
    const unit = start.turn!.unitId;
    // The first move of the tutorial battle is noticed: no undo.
    const to = tutorialPrompt(startTutorial(), start)!.square!;
    const moved = applyCommand(start, { type: 'move', unit, to });
    if (!moved.ok) throw new Error(moved.error);
    const shown = tutorialPrompt(p, moved.state)!;
    expect(shown.control).toBe('undo');
    expect(shown.acknowledge).toBe('Got it');
    expect(shown.text).toMatch(/greyed out: the move stands/);
    expect(advanceTutorial(p, { kind: 'acknowledged' }).finished).toBe(true);
  });

  it('the dice log step also counts the log panel opened on a narrow screen', () => {
    const p = { ...startTutorial(), step: TUTORIAL_STEPS.indexOf('log') };
    expect(advanceTutorial(p, { kind: 'ui', ui: { ...initialUi(), panel: 'log' } }).step).toBe(
      p.step + 1,
    );
    expect(advanceTutorial(p, { kind: 'ui', ui: { ...initialUi(), panel: 'heroes' } })).toBe(p);
    // With the log hidden by the settings, the bubble says where it is and Got it goes on.
    const hidden = tutorialPrompt(p, start, { logHidden: true })!;
    expect(hidden.acknowledge).toBe('Got it');
    expect(hidden.control).toBeNull();
    expect(advanceTutorial(p, { kind: 'acknowledged' }).step).toBe(p.step + 1);
  });

  it('can be skipped at any step, and then shows nothing', () => {
    for (let step = 0; step < TUTORIAL_STEPS.length; step++) {
      const p = skipTutorial({ ...startTutorial(), step });
      expect(p.skipped).toBe(true);
      expect(tutorialPrompt(p, start)).toBeNull();
      expect(advanceTutorial(p, { kind: 'log-pressed' })).toBe(p);
    }
  });

  it('names the keys as the player has bound them', () => {
    const p = { ...startTutorial(), step: TUTORIAL_STEPS.indexOf('end-turn') };
    expect(tutorialPrompt(p, start)!.text).toMatch(/\(or Space\)/);
    const keys = { ...DEFAULT_KEYS, 'end-turn': 'e' };
    expect(tutorialPrompt(p, start, { keys })!.text).toMatch(/\(or E\)/);
  });

  it('every step has a short text of its own', () => {
    const texts = new Set<string>();
    for (let step = 0; step <= TUTORIAL_STEPS.length; step++) {
      const p = { ...startTutorial(), step, finished: step === TUTORIAL_STEPS.length };
      const prompt = tutorialPrompt(p, start)!;
      expect(prompt.text.length).toBeLessThan(160);
      texts.add(prompt.text);
    }
    expect(texts.size).toBe(TUTORIAL_STEPS.length + 1);
  });
});
