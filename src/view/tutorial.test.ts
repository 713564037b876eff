import { beforeAll, describe, expect, it } from 'vitest';
import { applyCommand, defaultOptions, type GameState } from '../engine';
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
    p = advanceTutorial(p, { kind: 'command', command: { type: 'move', unit, to }, ok: true });
    expect(tutorialPrompt(p, moved.state)!.control).toBe('undo');
    // The monsters saw that move: nothing can be taken back, the bubble offers Got it.
    expect(tutorialPrompt(p, moved.state)!.acknowledge).toBe('Got it');
    expect(advanceTutorial({ ...p }, { kind: 'acknowledged' }).step).toBe(p.step + 1);
    // Acknowledging does nothing on a step that waits for an action.
    expect(advanceTutorial(startTutorial(), { kind: 'acknowledged' }).step).toBe(0);

    // A refused undo (a monster saw the move) is no undo: the step waits; Got it goes on.
    const tried = advanceTutorial(p, {
      kind: 'command',
      command: { type: 'undo-move', unit },
      ok: false,
    });
    expect(tried.step).toBe(p.step);
    // A real undo goes on too.
    expect(
      advanceTutorial(p, { kind: 'command', command: { type: 'undo-move', unit }, ok: true }).step,
    ).toBe(p.step + 1);
    p = advanceTutorial(p, { kind: 'acknowledged' });
    const attackPrompt = tutorialPrompt(p, moved.state)!;
    expect(attackPrompt.step).toBe('attack');
    // The marked square holds a monster the hero can strike.
    const target = moved.state.units.find(
      (u) => u.position?.x === attackPrompt.square!.x && u.position?.y === attackPrompt.square!.y,
    );
    expect(target?.side).toBe('enemies');

    p = advanceTutorial(p, {
      kind: 'command',
      command: { type: 'attack', unit, target: target!.id, weapon: 'any' },
      ok: true,
    });
    expect(tutorialPrompt(p, moved.state)!.control).toBe('log');
    p = advanceTutorial(p, { kind: 'log-pressed' });
    expect(tutorialPrompt(p, moved.state)!.control).toBe('threats');
    p = advanceTutorial(p, { kind: 'ui', ui: { ...initialUi(), showIntent: true } });
    expect(tutorialPrompt(p, moved.state)!.control).toBe('threats');
    p = advanceTutorial(p, { kind: 'ui', ui: { ...initialUi(), showThreats: true } });
    expect(tutorialPrompt(p, moved.state)!.control).toBe('intent');
    p = advanceTutorial(p, { kind: 'ui', ui: { ...initialUi(), showIntent: true } });
    expect(tutorialPrompt(p, moved.state)!.control).toBe('end-turn');
    expect(p.finished).toBe(false);
    p = advanceTutorial(p, { kind: 'command', command: { type: 'end-turn', unit }, ok: true });
    expect(p.finished).toBe(true);
    expect(tutorialPrompt(p, moved.state)!.step).toBe('finished');
    // Nothing moves it on any more.
    expect(advanceTutorial(p, { kind: 'log-pressed' })).toBe(p);
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
