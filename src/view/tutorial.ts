/**
 * The first-battle tutorial as a plain model: its steps, what each one waits for (the
 * player's own input reaching the battle: a command, a toggle, a click on the log), what
 * it says and what it points at. No Phaser here: the Battle scene feeds it what happened
 * and draws the prompt (view/tutorial-panel.ts); tests drive it headless.
 */
import { applyCommand, legalCommands, type Command, type GameState, type Point } from '../engine';
import { DEFAULT_KEYS, keyLabel, type KeyBindings } from '../app/key-bindings';
import type { TutorialProgress } from '../app/tutorial-flag';
import type { BattleUi } from './battle-ui';

/**
 * The steps in order. Undo comes with the second hero: on the Dungeon Crawl's map the
 * monsters by the entrance see the heroes' start, so the first move of the game is always
 * noticed and can never be taken back; once they know, a quiet move can be.
 */
export const TUTORIAL_STEPS = [
  'move',
  'attack',
  'log',
  'threats',
  'intent',
  'end-turn',
  'undo',
] as const;

export type TutorialStep = (typeof TUTORIAL_STEPS)[number];

export type { TutorialProgress };

/** What happened on the battle screen, as far as the tutorial cares. */
export type TutorialInput =
  /** A command reached the battle (`ok`: the engine took it). */
  | { kind: 'command'; command: Command; ok: boolean }
  /** The screen's record changed (threats or intent switched, a panel opened). */
  | { kind: 'ui'; ui: BattleUi }
  /** The player pressed on the dice log. */
  | { kind: 'log-pressed' }
  /** The player pressed the bubble's own button (a step with nothing to try: "Got it"). */
  | { kind: 'acknowledged' };

/** What the tutorial shows now: the bubble's text and what it points at. */
export interface TutorialPrompt {
  step: TutorialStep | 'finished';
  /** "Step 2 of 7" (empty when finished). */
  counter: string;
  title: string;
  text: string;
  /** A board square to point at, if any. */
  square: Point | null;
  /** A named control to point at ('undo', 'end-turn', 'threats', 'intent', 'log'), if any. */
  control: string | null;
  /** The label of the bubble's own go-on button, when the step has nothing to try. */
  acknowledge: string | null;
}

export function startTutorial(): TutorialProgress {
  return { step: 0, finished: false, skipped: false };
}

export function isTutorialOver(p: TutorialProgress): boolean {
  return p.finished || p.skipped;
}

export function currentStep(p: TutorialProgress): TutorialStep | null {
  return isTutorialOver(p) ? null : (TUTORIAL_STEPS[p.step] ?? null);
}

/** Whether `input` is the action the step waits for. */
export function stepDone(step: TutorialStep, input: TutorialInput): boolean {
  switch (step) {
    case 'move':
      return input.kind === 'command' && input.ok && input.command.type === 'move';
    case 'undo':
      // A move really taken back (the engine took the undo and the hero stands where it
      // was); when nothing can be taken back, the bubble's "Got it".
      return (
        (input.kind === 'command' && input.ok && input.command.type === 'undo-move') ||
        input.kind === 'acknowledged'
      );
    case 'attack':
      return input.kind === 'command' && input.ok && input.command.type === 'attack';
    case 'log':
      return (
        input.kind === 'log-pressed' ||
        input.kind === 'acknowledged' ||
        (input.kind === 'ui' && input.ui.panel === 'log')
      );
    case 'threats':
      return input.kind === 'ui' && input.ui.showThreats;
    case 'intent':
      return input.kind === 'ui' && input.ui.showIntent;
    case 'end-turn':
      return input.kind === 'command' && input.ok && input.command.type === 'end-turn';
  }
}

/** The progress after `input`: the next step when it was the awaited action. */
export function advanceTutorial(p: TutorialProgress, input: TutorialInput): TutorialProgress {
  const step = currentStep(p);
  if (!step || !stepDone(step, input)) return p;
  const next = p.step + 1;
  return next >= TUTORIAL_STEPS.length
    ? { ...p, step: next, finished: true }
    : { ...p, step: next };
}

export function skipTutorial(p: TutorialProgress): TutorialProgress {
  return isTutorialOver(p) ? p : { ...p, skipped: true };
}

/** The acting hero's legal commands of one type. */
function actingCommands<T extends Command['type']>(
  state: GameState,
  type: T,
): Extract<Command, { type: T }>[] {
  if (state.phase !== 'heroes' || !state.turn) return [];
  return legalCommands(state).filter((c): c is Extract<Command, { type: T }> => c.type === type);
}

/** A square the acting hero can move to and strike from (asked of the engine), if any. */
export function squareToStrikeFrom(state: GameState): Point | null {
  const moves = actingCommands(state, 'move');
  for (const m of moves) {
    const after = applyCommand(state, m);
    if (after.ok && legalCommands(after.state).some((c) => c.type === 'attack')) return m.to;
  }
  return moves[0]?.to ?? null;
}

/**
 * A square the acting hero can move to and then take the move back from (asked of the
 * engine: no monster newly notices it, no die is rolled), if any.
 */
export function squareToUndoFrom(state: GameState): Point | null {
  for (const m of actingCommands(state, 'move')) {
    const after = applyCommand(state, m);
    if (after.ok && legalCommands(after.state).some((c) => c.type === 'undo-move')) return m.to;
  }
  return null;
}

/** The square of a monster the acting hero can strike now, if any. */
export function targetSquare(state: GameState): Point | null {
  for (const a of actingCommands(state, 'attack')) {
    const at = state.units.find((u) => u.id === a.target)?.position;
    if (at) return at;
  }
  return null;
}

function actingName(state: GameState): string {
  const id = state.turn?.unitId;
  return state.units.find((u) => u.id === id)?.name ?? 'your hero';
}

/**
 * The undo step: a quiet square to walk to first, then the Undo button to press; when the
 * move taken cannot be taken back (or no quiet square is left), why, and the bubble's
 * Got it.
 */
function undoPrompt(
  state: GameState,
  base: Omit<TutorialPrompt, 'text'>,
  who: string,
  undoKey: string,
): TutorialPrompt {
  const rule = `Undo (or ${undoKey}) takes a move back while no monster newly noticed it and no die was rolled.`;
  if (actingCommands(state, 'undo-move').length > 0)
    return { ...base, text: `${rule} Try it.`, control: 'undo' };
  const quiet = state.turn?.moved ? null : squareToUndoFrom(state);
  if (quiet)
    return {
      ...base,
      text: `${who}'s turn. Walk to the marked square, then Undo (or ${undoKey}) takes the move back: no monster newly noticed it, no die was rolled.`,
      square: quiet,
    };
  return {
    ...base,
    text: `${rule} This move cannot be, so Undo is greyed out: the move stands.`,
    control: 'undo',
    acknowledge: 'Got it',
  };
}

/** What the tutorial says and points at now, or null when it is over (skipped). */
export function tutorialPrompt(
  p: TutorialProgress,
  state: GameState,
  screen: { logHidden?: boolean; keys?: KeyBindings } = {},
): TutorialPrompt | null {
  const key = (k: keyof KeyBindings): string => keyLabel((screen.keys ?? DEFAULT_KEYS)[k]);
  if (p.skipped) return null;
  const step = currentStep(p);
  const counter = step ? `Step ${p.step + 1} of ${TUTORIAL_STEPS.length}` : '';
  const base = { counter, square: null, control: null, acknowledge: null };
  const who = actingName(state);
  switch (step) {
    case null:
      return {
        ...base,
        step: 'finished',
        title: 'You are ready',
        text: `That is the whole loop. Play on: clear the dungeon, or leave by the Menu. Press ${key('help')} at any time for every key.`,
      };
    case 'move':
      return {
        ...base,
        step,
        title: 'Move',
        text: `It is ${who}'s turn. Click the marked square to walk there. Monsters that see a hero (the pale eye) notice once you move.`,
        square: squareToStrikeFrom(state),
      };
    case 'undo':
      return undoPrompt(state, { ...base, step, title: 'Undo' }, who, key('undo'));
    case 'attack': {
      const target = targetSquare(state);
      return {
        ...base,
        step,
        title: 'Attack',
        text: target
          ? 'A monster in reach shows a badge with your chance to hit. Click it to strike.'
          : 'Walk to the marked square first; a monster in reach then shows a badge with your chance to hit. Click it to strike.',
        square: target ?? squareToStrikeFrom(state),
      };
    }
    case 'log':
      if (screen.logHidden)
        return {
          ...base,
          step,
          title: 'The dice log',
          text: 'Every roll is written in the dice log: the die, the number needed, what came of it. It is hidden now; Settings shows it.',
          acknowledge: 'Got it',
        };
      return {
        ...base,
        step,
        title: 'The dice log',
        text: 'Every roll is written here: the die, the number you needed and what came of it. Click the log to go on.',
        control: 'log',
      };
    case 'threats':
      return {
        ...base,
        step,
        title: 'Threats',
        text: `Threats (or ${key('threats')}) marks every square an alerted monster could strike next turn. Switch it on.`,
        control: 'threats',
      };
    case 'intent':
      return {
        ...base,
        step,
        title: 'Intent',
        text: `Monsters act by dice. Intent (or ${key('intent')}) shows each one's likely next move, with its odds. Switch it on.`,
        control: 'intent',
      };
    case 'end-turn':
      return {
        ...base,
        step,
        title: 'End turn',
        text: `Done with this hero? End turn (or ${key('end-turn')}) passes to the next one; after the heroes, the monsters act.`,
        control: 'end-turn',
      };
  }
}
