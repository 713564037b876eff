/**
 * What the player's clicks, taps and keys mean on the Battle screen: each turns into a new
 * UI record (see battle-ui.ts), an engine command to dispatch, a square to scroll into
 * view or a brief message, never a change of game state. The gestures themselves (drag,
 * pinch, which pointer) are read in battle-input.ts; this file decides, without Phaser.
 */
import {
  facingToward,
  isSamePoint,
  requireRules,
  type Command,
  type GameState,
  type Point,
  type RuleModule,
} from '../engine';
import { boundTo, DEFAULT_KEYS, type KeyBindings, type KeyCommand } from '../app/key-bindings';
import { actingUnitId, type BattleUi } from './battle-ui';
import { unitAt, type BattleView } from './battle-view';

/** Where an input lands: the game state, the record, what is drawn of them, the rules. */
export interface Situation {
  state: GameState;
  ui: BattleUi;
  view: BattleView;
  rules: RuleModule;
}

/** The situation of `state` and `ui`, with what is drawn of them derived. */
export function situation(
  state: GameState,
  ui: BattleUi,
  view: BattleView,
  rules: RuleModule = requireRules(state),
): Situation {
  return { state, ui, view, rules };
}

/** What an input comes to. `ui` is the record after it (the same object when unchanged). */
export interface Outcome {
  ui: BattleUi;
  command?: Command;
  /** A square to bring into view. */
  reveal?: Point;
  toast?: string;
}

const ABILITY = '#';

function acting(state: GameState) {
  const id = actingUnitId(state);
  return id ? state.units.find((u) => u.id === id) : undefined;
}

/** Opens a panel (narrow screens), or closes it when it is open. */
export function togglePanel({ ui }: Situation, which: 'heroes' | 'log'): Outcome {
  return { ui: { ...ui, panel: ui.panel === which ? null : which } };
}

/** What a choice on a card comes to; on a narrow screen the cards' panel closes with it. */
export function fromPanel(outcome: Outcome): Outcome {
  return outcome.ui.panel === 'heroes'
    ? { ...outcome, ui: { ...outcome.ui, panel: null } }
    : outcome;
}

/** Shows a unit's card, reach or sight (a unit off the board: nothing happens). */
export function inspectUnit({ state, ui }: Situation, id: string): Outcome {
  const u = state.units.find((x) => x.id === id);
  if (!u?.position) return { ui };
  return { ui: { ...ui, inspected: id }, reveal: u.position };
}

/** Tab / Shift+Tab: the next or previous hero, in the order they act. */
export function cycleInspect(s: Situation, step: number): Outcome {
  const heroes = s.rules.heroOrder(s.state);
  if (heroes.length === 0) return { ui: s.ui };
  const i = heroes.findIndex((h) => h.id === s.ui.inspected);
  return inspectUnit(s, heroes[(i + step + heroes.length) % heroes.length].id);
}

/**
 * The command that hands the turn to hero `id` now (alternating activations), if any: one
 * its module declares as handing the turn to the figure it names (CommandSpec.activates).
 */
function activation({ view, rules }: Situation, id: string): Command | undefined {
  return view.legal.find(
    (c) => rules.commands[c.type]?.activates === true && 'unit' in c && c.unit === id,
  );
}

/** A hero's card pressed: that hero takes the turn when it may now, else it is shown. */
export function pressCard(s: Situation, heroId: string): Outcome {
  const command = activation(s, heroId);
  return command ? { ui: s.ui, command } : inspectUnit(s, heroId);
}

/**
 * A weapon or ability chosen on a hero card; on another hero's card, that hero takes the
 * turn with it when it may now, else the card just shows that hero.
 */
export function chooseOnCard(s: Situation, heroId: string, choice: string): Outcome {
  const { ui, view } = s;
  if (heroId !== view.acting) {
    const command = activation(s, heroId);
    if (!command) return inspectUnit(s, heroId);
    return { ui: { ...ui, chosen: { ...ui.chosen, [heroId]: choice } }, command };
  }
  const next = { ...ui, chosen: { ...ui.chosen, [heroId]: choice } };
  const ability = choice.startsWith(ABILITY) ? choice.slice(ABILITY.length) : null;
  if (ability !== null && !view.targets.some((t) => t.ability === ability))
    return { ui: next, toast: 'Nobody is in reach for that now.' };
  return { ui: next };
}

/** Picks a target by its number; picking the picked one again acts on it. */
export function selectTarget(s: Situation, index: number): Outcome {
  const { ui, view } = s;
  const t = view.targets[index];
  if (!t) return { ui };
  if (ui.selectedTarget === index) return confirmTarget(s);
  return { ui: { ...ui, selectedTarget: index, hover: t.at }, reveal: t.at };
}

/** Arrow keys: the next or previous target. */
export function stepTarget({ ui, view }: Situation, step: number): Outcome {
  const n = view.targets.length;
  if (n === 0) return { ui };
  const next = ui.selectedTarget < 0 ? (step > 0 ? 0 : n - 1) : (ui.selectedTarget + step + n) % n;
  return { ui: { ...ui, selectedTarget: next, hover: view.targets[next].at } };
}

/** Enter: acts on the picked target. */
export function confirmTarget({ ui, view }: Situation): Outcome {
  const command = view.targets[ui.selectedTarget]?.command;
  return command ? { ui, command } : { ui };
}

/** Esc: closes an open panel, else drops the picked target, the chosen weapon and any inspected unit. */
export function cancel({ state, ui }: Situation): Outcome {
  if (ui.panel) return { ui: { ...ui, panel: null } };
  if (ui.selectedTarget >= 0) return { ui: { ...ui, selectedTarget: -1 } };
  const id = actingUnitId(state);
  if (!id) return { ui: { ...ui, hover: null } };
  const { [id]: _dropped, ...chosen } = ui.chosen;
  return { ui: { ...ui, chosen, inspected: id, hover: null } };
}

/** Right click: the acting hero turns to face the square. */
export function faceSquare({ state, ui }: Situation, sq: Point): Outcome {
  const hero = acting(state);
  if (!hero?.position || ui.animating) return { ui };
  const facing = facingToward(hero.position, sq, hero.facing);
  if (facing === hero.facing) return { ui };
  return { ui, command: { type: 'face', unit: hero.id, facing } };
}

/**
 * A click on a square: act on a target, open a door, move, or show a unit. A click on a
 * foe that is no target shows the foe (its card, sight and reach), silently: the panel
 * says why it cannot be attacked now.
 */
export function clickSquare(s: Situation, sq: Point): Outcome {
  const { state, ui, view, rules } = s;
  if (ui.animating) return { ui };
  const hero = acting(state);
  const occupant = unitAt(state, sq);
  // A monster fog of war hides is not there for the player: it only blocks the square.
  if (occupant && view.fog?.hidden.includes(occupant.id))
    return { ui, toast: 'Something in the dark blocks that square.' };
  if (!hero) return occupant ? { ui: { ...ui, hover: sq } } : { ui };
  const chosen = ui.chosen[hero.id];
  if (occupant) {
    const t = view.targets.find((x) => x.unitId === occupant.id);
    // A friend who is also an ability's target: the ability acts when chosen or nothing else fits.
    if (
      t?.command &&
      (t.ability === null || chosen === ABILITY + t.ability || occupant.side === hero.side)
    )
      return { ui, command: t.command };
    // Another hero who may act now (alternating activations): that hero takes the turn.
    const activate = activation(s, occupant.id);
    if (activate && !chosen?.startsWith(ABILITY)) return { ui, command: activate };
    if (occupant.side !== hero.side || occupant.id === hero.id) return inspectUnit(s, occupant.id);
    const ability = chosen?.startsWith(ABILITY)
      ? rules.abilities(hero).find((a) => ABILITY + a.id === chosen)
      : undefined;
    // An ability's command names its user and target (the engine says why it cannot).
    if (ability)
      return {
        ui,
        command: { type: ability.command, unit: hero.id, target: occupant.id } as Command,
      };
    return inspectUnit(s, occupant.id);
  }
  const next = ui.inspected === hero.id ? ui : { ...ui, inspected: hero.id };
  if (state.doors.some((d) => !d.open && d.x === sq.x && d.y === sq.y))
    return { ui: next, command: { type: 'open-door', unit: hero.id, at: sq } };
  return { ui: next, command: { type: 'move', unit: hero.id, to: sq } };
}

/**
 * A tap: with no hover on a touch screen, the first tap on a square that would act (a
 * move, a target, a door) shows what hovering shows (path, line of sight, chances), and a
 * second tap on it acts. Other taps (showing a unit) act at once.
 */
export function tapSquare(s: Situation, sq: Point): Outcome {
  const { state, ui, view } = s;
  const hero = acting(state);
  const found = unitAt(state, sq);
  const occupant = found && view.fog?.hidden.includes(found.id) ? undefined : found;
  const target = occupant ? view.targets.findIndex((t) => t.unitId === occupant.id) : -1;
  // A square the acting hero can move to (whoever is shown: the first tap shows the hero's way).
  const isMove = !occupant && view.legal.some((c) => c.type === 'move' && isSamePoint(c.to, sq));
  const isDoor = state.doors.some((d) => !d.open && d.x === sq.x && d.y === sq.y);
  const armed = ui.armedTap !== null && isSamePoint(ui.armedTap, sq);
  if (!hero || ui.animating || armed || !(target >= 0 || isMove || isDoor))
    return clickSquare({ ...s, ui: { ...ui, armedTap: null } }, sq);
  const next = { ...ui, armedTap: sq, hover: sq, inspected: isMove ? hero.id : ui.inspected };
  return target >= 0 ? selectTarget({ ...s, ui: next }, target) : { ui: next };
}

/** What a key press asks for (the scene carries it out). */
export type KeyAction =
  | { kind: 'skip-animation' }
  | { kind: 'toggle-auto' }
  | { kind: 'help'; show: boolean }
  | { kind: 'inspect-next'; step: 1 | -1 }
  | { kind: 'pick-target'; index: number }
  | { kind: 'step-target'; step: 1 | -1 }
  | { kind: 'move-cursor'; dx: number; dy: number }
  | { kind: 'press-cursor' }
  | { kind: 'confirm' }
  | { kind: 'end-turn' }
  | { kind: 'undo' }
  | { kind: 'toggle-threats' }
  | { kind: 'toggle-intent' }
  | { kind: 'cancel' }
  | { kind: 'zoom'; factor: number }
  | { kind: 'recentre' }
  | { kind: 'fold-panels' }
  | { kind: 'oracle' };

export const ZOOM_STEP = 1.15;

const ARROW_STEPS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The keyboard's square after an arrow: from the square shown (else the acting hero's),
 * one step, kept on the board.
 */
export function moveCursor({ state, ui }: Situation, dx: number, dy: number): Outcome {
  const from = ui.hover ?? acting(state)?.position ?? { x: 0, y: 0 };
  const at = {
    x: Math.max(0, Math.min(state.map.width - 1, from.x + dx)),
    y: Math.max(0, Math.min(state.map.height - 1, from.y + dy)),
  };
  return { ui: { ...ui, hover: at, selectedTarget: -1 }, reveal: at };
}

/** What each rebindable key asks for. */
const BOUND_ACTIONS: Record<KeyCommand, (ui: BattleUi) => KeyAction> = {
  'end-turn': () => ({ kind: 'end-turn' }),
  undo: () => ({ kind: 'undo' }),
  auto: () => ({ kind: 'toggle-auto' }),
  threats: () => ({ kind: 'toggle-threats' }),
  intent: () => ({ kind: 'toggle-intent' }),
  recentre: () => ({ kind: 'recentre' }),
  panels: () => ({ kind: 'fold-panels' }),
  oracle: () => ({ kind: 'oracle' }),
  help: (ui) => ({ kind: 'help', show: !ui.helpOpen }),
};

/**
 * The action of a key press under the player's key bindings, or null when the key means
 * nothing now. Enter, Esc, Tab, ?, the digits, the arrows and + / - are fixed.
 */
export function keyAction(
  key: { key: string; shiftKey: boolean; repeat: boolean },
  ui: BattleUi,
  targetCount: number,
  keys: Readonly<KeyBindings> = DEFAULT_KEYS,
): KeyAction | null {
  const k = key.key;
  const bound = boundTo(keys, k);
  const zoom = k === '+' || k === '=' || k === '-' || k === '_';
  if (key.repeat && !zoom && !k.startsWith('Arrow')) return null;
  if (ui.animating) {
    if (bound === 'end-turn' || k === 'Enter' || k === 'Escape') return { kind: 'skip-animation' };
    if (bound === 'auto' && ui.autoBattle) return { kind: 'toggle-auto' };
    return null;
  }
  if (k === '?') return { kind: 'help', show: !ui.helpOpen };
  if (k === 'Escape' && ui.helpOpen) return { kind: 'help', show: false };
  if (k === 'Tab') return { kind: 'inspect-next', step: key.shiftKey ? -1 : 1 };
  if (/^[1-9]$/.test(k)) return { kind: 'pick-target', index: Number(k) - 1 };
  // Enter acts on the keyboard's square (a click there) unless a target is picked by keys.
  if (k === 'Enter')
    return ui.hover && ui.selectedTarget < 0 ? { kind: 'press-cursor' } : { kind: 'confirm' };
  if (bound) return BOUND_ACTIONS[bound](ui);
  if (k === 'Escape') return { kind: 'cancel' };
  if (k === '+' || k === '=') return { kind: 'zoom', factor: ZOOM_STEP };
  if (k === '-' || k === '_') return { kind: 'zoom', factor: 1 / ZOOM_STEP };
  if (k.startsWith('Arrow') && targetCount > 0 && !key.shiftKey)
    return { kind: 'step-target', step: k === 'ArrowLeft' || k === 'ArrowUp' ? -1 : 1 };
  // Arrows (Shift+arrows while there are targets) move the keyboard's square on the board.
  const arrow = ARROW_STEPS[k];
  if (arrow) return { kind: 'move-cursor', dx: arrow[0], dy: arrow[1] };
  return null;
}
