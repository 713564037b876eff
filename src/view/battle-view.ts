/**
 * What the Battle screen draws, derived from the game state, the screen's UI record and
 * the game's rule module: reachable squares, targets with the module's chances, badges,
 * marks, the hover preview (path, line of sight and cover), the info panel, the hint, the
 * hero cards, the title and which buttons work. A pure function of its inputs (answers
 * that only depend on the state are remembered per state object): no Phaser, so it runs
 * and is tested headless. Every rule answer comes from the module or the engine.
 */
import {
  canNotice,
  describeVictory,
  noticing,
  formatChance,
  isTerrainPassable,
  legalCommands,
  pointKey,
  previewAttacks,
  reachableSquares,
  requireRules,
  squaresNoticedBy,
  squaresThreatenedBy,
  squaresThreatenedByAlerted,
  terrainAt,
  terrainMoveCost,
  type AbilityButton,
  type ActionPreview,
  type Command,
  type CoverLevel,
  type CoverLine,
  type GameState,
  type Point,
  type PreviewOutcome,
  type RuleModule,
  type ScenarioMark,
  type Unit,
  occupies,
  outcomeTitle,
} from '../engine';
import { actingUnitId, type BattleUi } from './battle-ui';
import { fogOf, type FogView } from './fog-overlay';
import {
  attackBadges,
  intentMarks,
  intentWork,
  intentWorkDone,
  orderOddsReady,
  wantsOrderOdds,
  roundOddsText,
  type AttackBadge,
  type IntentMark,
} from './intent-overlay';
import {
  drawScenarioMarks,
  marksOnSquare,
  scenarioMarksOf,
  type ScenarioDrawing,
} from './scenario-marks';
import { coverWords } from './words';

/** A unit the acting hero may act on now, and what a click on it does. */
export interface TargetView {
  unitId: string;
  name: string;
  at: Point;
  /** The ability whose command acts on it (its id), or null for an attack. */
  ability: string | null;
  /** Every legal command on it (one per usable weapon, or the ability's). */
  commands: Command[];
  /** The command a click gives: the chosen weapon if it can, else the best that can. */
  command: Command | null;
  /** The module's preview of that command: chance, cover, modifiers. */
  preview: ActionPreview | null;
  chance: number;
}

export type MarkTone = 'target' | 'selected' | 'ability' | 'door';

export interface CardView {
  unitId: string;
  status: string;
  acting: boolean;
  /** Wounds taken and whether the hero has fallen, as shown now (mid-animation: so far). */
  wounds: number;
  maxWounds: number;
  fallen: boolean;
  inspected: boolean;
  /** The weapon or ability (`#id`) shown as chosen. */
  chosen: string | null;
  /** Which of the card's choices may be used now. */
  usable: Record<string, boolean>;
}

export interface LineOfSightView {
  from: Point;
  to: Point;
  cover: CoverLevel;
  label: string;
  /** The module's corner lines (empty when it draws none, or for adjacent squares). */
  lines: CoverLine[];
  /** The attack's outcomes when the module gives several (drawn as a stacked bar), else none. */
  outcomes: readonly PreviewOutcome[];
}

export interface HoverView {
  at: Point;
  tone: 'foe' | 'friend' | 'square';
  /** The walk to the square, when the shown hero can move there. */
  path: { from: Point; steps: Point[] } | null;
  los: LineOfSightView | null;
  /** The patrolling monsters that would spot a hero standing on the square. */
  spottedBy: { unitId: string; name: string; at: Point }[];
  /** A hovered monster's view: the squares where it would notice a hero (drawn faintly). */
  sees: Point[];
}

export interface BattleView {
  acting: string | null;
  /** The unit shown (the UI record's, or the acting hero). */
  inspected: string | null;
  legal: Command[];
  /** Squares the shown hero can reach, each with its walk; dim when not the acting hero. */
  reach: { at: Point; path: Point[] }[];
  reachDim: boolean;
  /** Where the shown monster would notice a hero, and where it could strike next turn. */
  sees: Point[];
  strikes: Point[];
  /** With the threats shown: how many alerted monsters could strike each square. */
  threats: { at: Point; count: number }[];
  /** The hovered or shown monster's next turn with its odds; every monster's with Intent on. */
  intents: IntentMark[];
  /**
   * The monster whose intent numbers the board draws (hovered, else shown), or null: with
   * every monster's numbers at once the board is unreadable; the others show a mark.
   */
  intentFocus: string | null;
  /** With Intent on: each hero's chance to be attacked in the monsters' next turn. */
  attackBadges: AttackBadge[];
  /** Overlay work still to do (the scene advances it a slice of each frame), or null. */
  intentPending: { ids: string[]; odds: boolean } | null;
  /** With Intent on: the odds of the round's own roll (Random Enemy Action), or null. */
  roundOdds: string | null;
  /** What comes next in a module's own activation (the card in play, the queue), or null. */
  comingNext: string | null;
  /** Fog of war (a scenario's option): what the heroes see, the monsters hidden; or null. */
  fog: FogView | null;
  /** Heroes a monster can see now (each carries an eye marker); null while animating. */
  spotted: string[] | null;
  /**
   * Of those, the heroes an aware monster sees (a red, open eye): the others are only in
   * view of unaware ones, which take no notice until the heroes first move (a pale,
   * half-shut eye). Null while animating.
   */
  noticed: string[] | null;
  targets: TargetView[];
  marks: { at: Point; tone: MarkTone }[];
  /** Each target's badge; `at`: its figure's square (a press on the badge means that figure). */
  badges: { unitId: string; at: Point; text: string; tone: MarkTone }[];
  /** The hero cards. */
  cards: CardView[];
  controls: { undo: boolean; endTurn: boolean; endOnly: boolean };
  /** The round/turn banner (null while animating: the events set it). */
  title: string | null;
  hint: string;
  goal: string;
  hover: HoverView | null;
  info: { title: string; body: string };
  /**
   * The scenario's marks on the board (goal areas, objective markers, the object); while an
   * animation plays, those of the state it started from.
   */
  scenario: ScenarioDrawing;
}

/** What the view needs besides the state and the record. */
export interface ViewContext {
  /** The scenario's name, shown when nothing else is. */
  scenarioName: string;
}

// ------------------------------------------------------------------ per-state answers

const NONE: ReadonlySet<string> = new Set();

/** The monsters fog of war hides in `state` (none without fog). */
function hiddenBy(fog: FogView | null): ReadonlySet<string> {
  return fog ? new Set(fog.hidden) : NONE;
}

/** The figure on `p` the heroes may know of: a monster fog of war hides is not there for them. */
function knownUnitAt(state: GameState, p: Point, hidden: ReadonlySet<string>): Unit | undefined {
  const u = unitAt(state, p);
  return u && hidden.has(u.id) ? undefined : u;
}

const remembered = new WeakMap<GameState, Map<string, unknown>>();
const drawings = new WeakMap<readonly ScenarioMark[], ScenarioDrawing>();

/** The drawing of a list of marks, made once per list. */
function drawingOf(marks: readonly ScenarioMark[]): ScenarioDrawing {
  let d = drawings.get(marks);
  if (!d) drawings.set(marks, (d = drawScenarioMarks(marks)));
  return d;
}

/** An answer that depends on the state alone, computed once per state object. */
function perState<T>(state: GameState, key: string, make: () => T): T {
  let known = remembered.get(state);
  if (!known) remembered.set(state, (known = new Map()));
  if (!known.has(key)) known.set(key, make());
  return known.get(key) as T;
}

function unitById(state: GameState, id: string | null | undefined): Unit | undefined {
  return id ? state.units.find((u) => u.id === id) : undefined;
}

/** The figure standing on `p` (any square of a large figure's base). */
export function unitAt(state: GameState, p: Point): Unit | undefined {
  return state.units.find((u) => occupies(u, p.x, p.y));
}

function distance(a: Unit | undefined, b: Unit): number {
  return a?.position && b.position
    ? Math.max(Math.abs(a.position.x - b.position.x), Math.abs(a.position.y - b.position.y))
    : 0;
}

/** How many alerted monsters in view could strike a hero on each square next turn. */
function threatCounts(
  state: GameState,
  hidden: ReadonlySet<string>,
): { at: Point; count: number }[] {
  const counts = new Map<string, { at: Point; count: number }>();
  for (const u of state.units) {
    if (!u.position || u.ai?.status !== 'alerted' || hidden.has(u.id)) continue;
    for (const p of squaresThreatenedBy(state, u)) {
      const k = pointKey(p);
      const c = counts.get(k) ?? { at: p, count: 0 };
      c.count += 1;
      counts.set(k, c);
    }
  }
  return [...counts.values()];
}

/**
 * The heroes some monster in view can see now, by the engine's sight rule (one reading of
 * the board), and those of them an aware monster sees (`noticed`).
 */
function spottedHeroes(
  state: GameState,
  hidden: ReadonlySet<string>,
): { spotted: string[]; noticed: string[] } {
  const notices = noticing(state);
  const monsters = state.units.filter(
    (u) => u.position && u.side === 'enemies' && u.ai && !hidden.has(u.id),
  );
  const spotted: string[] = [];
  const noticed: string[] = [];
  for (const h of state.units) {
    if (h.side !== 'heroes' || !h.position) continue;
    const watchers = monsters.filter((m) => notices(m, h));
    if (watchers.length === 0) continue;
    spotted.push(h.id);
    if (watchers.some(isAware)) noticed.push(h.id);
  }
  return { spotted, noticed };
}

/**
 * Whether a monster knows the heroes are there: not patrolling (or prepared, the
 * Skirmish's watchful wait). An unaware one that sees a hero takes no notice until the
 * heroes first move (the solo rules' Patrolling, "even if they are in line of sight").
 */
function isAware(monster: Unit): boolean {
  const status = monster.ai?.status;
  return status !== 'patrolling' && status !== 'prepared';
}

/** spottedHeroes once per state. */
function eyes(
  state: GameState,
  hidden: ReadonlySet<string>,
): { spotted: string[]; noticed: string[] } {
  return perState(state, 'spotted', () => spottedHeroes(state, hidden));
}

/** The info line of a hero in some monster's view: noticed, or only seen. */
function eyeWords(watchers: readonly Unit[]): string {
  const aware = watchers.filter(isAware);
  const names = (list: readonly Unit[]): string => list.map((m) => m.name).join(', ');
  if (aware.length > 0)
    return `Noticed by ${names(aware)}: they know where this hero is (the red eye over the figure).`;
  return `Seen by ${names(watchers)}, not yet noticed: unaware monsters take no notice until the heroes first move (the pale, half-shut eye over the figure).`;
}

/** Which eye a hero carries: none, seen but not yet noticed, or noticed. */
export type EyeMark = 'none' | 'seen' | 'noticed';

/** The eye `heroId` wears in `view` (none while an animation plays: the eyes stay as they were). */
export function eyeMarkOf(view: Pick<BattleView, 'spotted' | 'noticed'>, heroId: string): EyeMark {
  if (view.noticed?.includes(heroId)) return 'noticed';
  return view.spotted?.includes(heroId) ? 'seen' : 'none';
}

/**
 * The patrolling monsters that would notice a hero on `p` (their view arc, walls, figures);
 * under fog of war only those in view.
 */
export function patrollersSeeing(
  state: GameState,
  p: Point,
  hidden: ReadonlySet<string> = NONE,
): Unit[] {
  return state.units.filter((u) => {
    if (!u.position || u.ai?.status !== 'patrolling' || hidden.has(u.id)) return false;
    const squares = perState(
      state,
      `notices:${u.id}`,
      () => new Set(squaresNoticedBy(state, u).map(pointKey)),
    );
    return squares.has(pointKey(p));
  });
}

/** The alerted monsters (in view, under fog of war) that could strike a hero on `p` next turn. */
export function monstersThreatening(
  state: GameState,
  p: Point,
  hidden: ReadonlySet<string> = NONE,
): Unit[] {
  return state.units.filter((u) => {
    if (!u.position || u.ai?.status !== 'alerted' || hidden.has(u.id)) return false;
    const squares = perState(
      state,
      `strikes:${u.id}`,
      () => new Set(squaresThreatenedBy(state, u).map(pointKey)),
    );
    return squares.has(pointKey(p));
  });
}

// ------------------------------------------------------------------ the derivation

/** Everything the Battle screen draws, from the game state and the UI record. */
export function deriveBattleView(
  state: GameState,
  ui: BattleUi,
  context: ViewContext,
  rules: RuleModule = requireRules(state),
): BattleView {
  const acting = actingUnitId(state);
  const actingUnit = unitById(state, acting);
  const legal = ui.animating ? [] : perState(state, 'legal', () => legalCommands(state));
  // Under fog of war a monster out of the heroes' sight shows nothing: no intent, threat,
  // badge, eye, name or sight of its own.
  const fog = perState(state, `fog:${JSON.stringify(ui.lastSeen)}`, () => fogOf(state, ui));
  const hiddenIds = hiddenBy(fog);
  const shown = unitById(state, ui.inspected);
  const inspected = shown?.position && !hiddenIds.has(shown.id) ? shown.id : acting;
  const inspectedUnit = unitById(state, inspected);

  const reach = ui.animating ? [] : reachOf(state, legal, inspectedUnit, acting);
  let sees: Point[] = [];
  let strikes: Point[] = [];
  if (!ui.animating && inspectedUnit?.side === 'enemies' && inspectedUnit.position) {
    sees = perState(state, `sees:${inspectedUnit.id}`, () =>
      squaresNoticedBy(state, inspectedUnit),
    );
    strikes = perState(state, `strike-list:${inspectedUnit.id}`, () =>
      squaresThreatenedBy(state, inspectedUnit),
    );
  } else if (!ui.animating && ui.showThreats) {
    strikes = perState(state, 'side-threat', () =>
      fog ? threatCounts(state, hiddenIds).map((t) => t.at) : squaresThreatenedByAlerted(state),
    );
  }
  const threats =
    !ui.animating && ui.showThreats && !(inspectedUnit?.side === 'enemies')
      ? perState(state, 'threat-counts', () => threatCounts(state, hiddenIds))
      : [];

  // The intent overlay: the monster under the pointer (or shown), or all of them.
  const hoveredUnit = ui.hover ? knownUnitAt(state, ui.hover, hiddenIds) : undefined;
  const focus = [hoveredUnit, inspectedUnit].find((u) => u?.side === 'enemies' && u.position);
  const intentOn = !ui.animating && state.phase === 'heroes' && !state.outcome;
  const intentIds = !intentOn
    ? []
    : ui.showIntent
      ? state.units.filter((u) => u.side === 'enemies' && u.position).map((u) => u.id)
      : focus
        ? [focus.id]
        : [];
  // Under fog of war a monster out of the heroes' sight shows nothing of its intent. The
  // monster shown is worked out at once; with Intent on, the others as their work is done
  // (the scene advances it a slice of each frame: intentPending).
  const shownIds = intentIds.filter((id) => !hiddenIds.has(id));
  const work = intentWork(state);
  // A mark is redrawn once the runs of the monsters' whole turn are in (a monster whose odds
  // the real acting order may change shows those runs' figures then).
  const runsIn = intentOn && orderOddsReady(state);
  const intents = shownIds
    .filter((id) => id === focus?.id || work.has(id))
    .map((id) =>
      perState(state, `intent:${id}:${fog ? fog.hidden.join() : ''}:${runsIn}`, () =>
        intentMarks(state, [id], hiddenIds),
      ),
    )
    .flat();
  const badgesOn = intentOn && ui.showIntent;
  const oddsOn = badgesOn || (intentOn && wantsOrderOdds(state, shownIds));
  const intentPending =
    intentOn && !intentWorkDone(state, shownIds, oddsOn) ? { ids: shownIds, odds: oddsOn } : null;

  const abilities = actingUnit ? rules.abilities(actingUnit) : [];
  const targets = targetsOf(state, rules, legal, actingUnit, abilities, ui).filter(
    (t) => !hiddenIds.has(t.unitId),
  );
  const selected = ui.selectedTarget < targets.length ? ui.selectedTarget : -1;
  const toneOf = (t: TargetView, i: number): MarkTone =>
    t.ability !== null ? 'ability' : i === selected ? 'selected' : 'target';
  const marks = [
    ...targets.map((t, i) => ({ at: t.at, tone: toneOf(t, i) })),
    ...legal.flatMap((c) =>
      c.type === 'open-door' ? [{ at: c.at, tone: 'door' as MarkTone }] : [],
    ),
  ];
  const badges = targets.map((t, i) => {
    const n = i < 9 ? `${i + 1} \u00b7 ` : '';
    return {
      unitId: t.unitId,
      at: t.at,
      text: `${n}${formatChance(t.chance)}`,
      tone: toneOf(t, i),
    };
  });

  const scenarioMarks =
    ui.shown?.marks ?? perState(state, 'scenario-marks', () => scenarioMarksOf(state, rules));
  const view: BattleView = {
    acting,
    inspected,
    legal,
    reach,
    reachDim: inspected !== acting,
    sees,
    strikes,
    threats,
    intents,
    intentFocus: focus && !hiddenIds.has(focus.id) ? focus.id : null,
    attackBadges: badgesOn ? attackBadges(state) : [],
    intentPending,
    roundOdds: badgesOn ? perState(state, 'round-odds', () => roundOddsText(state)) : null,
    comingNext: rules.whatComesNext?.(state)?.text ?? null,
    fog,
    // While an animation plays the eyes stay as they were (null): the state is its end.
    spotted: ui.animating ? null : eyes(state, hiddenIds).spotted,
    noticed: ui.animating ? null : eyes(state, hiddenIds).noticed,
    targets,
    marks,
    badges,
    cards: [],
    controls: {
      undo: legal.some((c) => c.type === 'undo-move'),
      endTurn: legal.some((c) => c.type === 'end-turn'),
      // Nothing left but turning or ending: the End turn button lights up.
      endOnly: legal.length > 0 && legal.every((c) => c.type === 'face' || c.type === 'end-turn'),
    },
    title: ui.animating ? null : titleOf(state, actingUnit),
    hint: '',
    goal: rules.describeObjective(state),
    hover: null,
    info: { title: '', body: '' },
    scenario: drawingOf(scenarioMarks),
  };
  view.cards = cardsOf(state, rules, view, acting, inspected, ui);
  view.hint = hintOf(state, ui, view, actingUnit, inspectedUnit, abilities);
  describeHover(state, ui, rules, view, context, hiddenIds, scenarioMarks);
  return view;
}

/** The squares the shown hero can reach: the acting hero's from its legal moves. */
function reachOf(
  state: GameState,
  legal: readonly Command[],
  unit: Unit | undefined,
  acting: string | null,
): { at: Point; path: Point[] }[] {
  if (!unit?.position) return [];
  const routes = perState(state, `reach:${unit.id}`, () => reachableSquares(state, unit));
  if (unit.id === acting) {
    return legal.flatMap((c) => {
      const r = c.type === 'move' ? routes.get(pointKey(c.to)) : undefined;
      return c.type === 'move' && r ? [{ at: c.to, path: r.path }] : [];
    });
  }
  if (unit.side !== 'heroes' || state.phase !== 'heroes') return [];
  return [...routes].map(([key, r]) => {
    const [x, y] = key.split(',').map(Number);
    return { at: { x, y }, path: r.path };
  });
}

/** The walk to `p` among the reachable squares, if any. */
export function reachAt(view: BattleView, p: Point): Point[] | null {
  return view.reach.find((r) => r.at.x === p.x && r.at.y === p.y)?.path ?? null;
}

/** The command a click on a target gives: the chosen weapon if it can, else the best. */
function commandFor(
  rules: RuleModule,
  acting: Unit,
  commands: Command[],
  ability: string | null,
  chosen: string | undefined,
): Command | null {
  if (ability !== null) return commands[0] ?? null;
  const byWeapon = new Map(commands.flatMap((c) => (c.type === 'attack' ? [[c.weapon, c]] : [])));
  if (chosen && byWeapon.has(chosen)) return byWeapon.get(chosen)!;
  for (const w of rules.rankWeapons(acting)) if (byWeapon.has(w.id)) return byWeapon.get(w.id)!;
  return commands[0] ?? null;
}

/** Foes any weapon may strike now, then whoever the hero's abilities may act on. */
function targetsOf(
  state: GameState,
  rules: RuleModule,
  legal: readonly Command[],
  acting: Unit | undefined,
  abilities: readonly AbilityButton[],
  ui: BattleUi,
): TargetView[] {
  if (!acting) return [];
  const abilityOf = new Map(abilities.map((a) => [a.command, a.id]));
  const byUnit = new Map<string, { unit: Unit; ability: string | null; commands: Command[] }>();
  for (const c of legal) {
    const ability = abilityOf.get(c.type) ?? null;
    if (c.type !== 'attack' && ability === null) continue;
    const id = (c as { target?: unknown }).target;
    const unit = typeof id === 'string' ? unitById(state, id) : undefined;
    if (!unit?.position) continue;
    const entry = byUnit.get(unit.id) ?? { unit, ability, commands: [] };
    entry.commands.push(c);
    byUnit.set(unit.id, entry);
  }
  const chosen = ui.chosen[acting.id];
  return [...byUnit.values()]
    .sort(
      (a, b) =>
        Number(a.ability !== null) - Number(b.ability !== null) ||
        distance(acting, a.unit) - distance(acting, b.unit) ||
        a.unit.id.localeCompare(b.unit.id),
    )
    .map(({ unit, ability, commands }) => {
      const command = commandFor(rules, acting, commands, ability, chosen);
      const preview = command ? rules.previewAction(state, command) : null;
      return {
        unitId: unit.id,
        name: unit.name,
        at: unit.position!,
        ability,
        commands,
        command,
        preview,
        chance: preview?.chance ?? 0,
      };
    });
}

function titleOf(state: GameState, acting: Unit | undefined): string {
  if (state.phase === 'over')
    return state.outcome ? outcomeTitle(state.outcome.winner) : 'Game over';
  if (acting) return `Round ${state.round} \u00b7 ${acting.name}\u2019s turn`;
  return `Round ${Math.max(1, state.round)}`;
}

function hintOf(
  state: GameState,
  ui: BattleUi,
  view: BattleView,
  acting: Unit | undefined,
  shown: Unit | undefined,
  abilities: readonly AbilityButton[],
): string {
  if (ui.animating)
    return ui.usingTouch ? 'Tap the board to skip.' : 'Space or Enter: skip the animation.';
  if (!acting || !state.turn) return '';
  if (shown && shown.id !== acting.id) {
    const what =
      shown.side === 'enemies'
        ? 'amber: where it would spot a hero; red: where it could strike next turn'
        : 'dim blue shows where it could move';
    const back = ui.usingTouch ? `Tap ${acting.name} to go back.` : `Esc: back to ${acting.name}.`;
    return `${shown.name}: ${what}. ${back}`;
  }
  const parts: string[] = [];
  const verb = ui.usingTouch ? 'tap (twice)' : 'click';
  if (!state.turn.moved && !state.turn.acted && view.legal.some((c) => c.type === 'move'))
    parts.push(`${verb} a blue square to move`);
  if (view.targets.some((t) => t.ability === null))
    parts.push(ui.usingTouch ? 'a marked foe to attack' : 'a marked foe to attack (1-9)');
  for (const a of abilities)
    if (view.targets.some((t) => t.ability === a.id)) parts.push(`a green mark to ${a.command}`);
  if (parts.length === 0)
    return `${acting.name} is done: end the turn (${ui.usingTouch ? 'the button' : 'Space'}).`;
  return `${acting.name}: ${parts.join(', ')}.`;
}

/**
 * The figures of the player's army that have a hero card: every one of them (a paged
 * column when they do not all fit), but a scenario's building (a structure) is no figure.
 */
export function heroesWithCards(state: GameState): Unit[] {
  return state.units.filter((u) => u.side === 'heroes' && !u.structure);
}

function cardsOf(
  state: GameState,
  rules: RuleModule,
  view: Pick<BattleView, 'legal' | 'controls'>,
  acting: string | null,
  inspected: string | null,
  ui: BattleUi,
): CardView[] {
  const legal = view.legal;
  const attackWeapons = new Set(legal.flatMap((c) => (c.type === 'attack' ? [c.weapon] : [])));
  const order = rules.heroOrder(state).map((u) => u.id);
  // Mid-animation the cards show the turn and the wounds shown so far, not the end state.
  const shown = ui.animating ? ui.shown : null;
  const turnShown = shown ? shown.turn : acting;
  const heroesShown = shown
    ? state.units.some((u) => u.id === turnShown && u.side === 'heroes')
    : state.phase === 'heroes';
  return heroesWithCards(state).map((u) => {
    const isActing = u.id === turnShown;
    const hurt = shown?.wounds[u.id];
    const fallen = hurt ? hurt.fallen : !u.position;
    const usable: Record<string, boolean> = {};
    for (const w of u.weapons) usable[w.id] = u.id === acting && attackWeapons.has(w.id);
    for (const a of rules.abilities(u))
      usable[`#${a.id}`] = u.id === acting && legal.some((c) => c.type === a.command);
    let status: string;
    if (fallen) status = 'Fallen';
    else if (isActing && u.id !== acting) status = 'Acting';
    else if (isActing) {
      const t = state.turn!;
      status =
        t.acted || view.controls.endOnly
          ? 'Done \u2014 end the turn'
          : t.moved
            ? 'Moved \u2014 may still act'
            : 'Acting: move, then act';
    } else if (!heroesShown) status = 'Waiting';
    else if (turnShown && order.indexOf(u.id) > order.indexOf(turnShown)) status = 'Waiting';
    else status = 'Done this round';
    let chosen = ui.chosen[u.id] ?? null;
    if (u.id === acting && (!chosen || !usable[chosen])) {
      const best = rules.rankWeapons(u).find((w) => usable[w.id]);
      chosen = best?.id ?? chosen;
    }
    return {
      unitId: u.id,
      status,
      acting: isActing,
      wounds: hurt ? hurt.wounds : u.wounds,
      maxWounds: u.maxWounds,
      fallen,
      inspected: u.id === inspected && !isActing && !shown,
      chosen,
      usable,
    };
  });
}

// ------------------------------------------------------------------ hover and info

function describeHover(
  state: GameState,
  ui: BattleUi,
  rules: RuleModule,
  view: BattleView,
  context: ViewContext,
  hidden: ReadonlySet<string>,
  marks: readonly ScenarioMark[],
): void {
  const acting = unitById(state, view.acting);
  if (ui.animating) {
    const turn = unitById(state, ui.shown?.turn);
    // How to skip is the hint's to say, once (issue 29: a phone showed it twice).
    view.info =
      turn?.side === 'heroes'
        ? { title: turn.name, body: 'Watch the board and the dice log.' }
        : {
            title: 'The monsters act',
            body: 'Watch the dice log: every roll says which rule it served.',
          };
    return;
  }
  const viewer = unitById(state, view.inspected) ?? acting;
  const p = ui.hover;
  if (!p) {
    const selected = view.targets[ui.selectedTarget];
    const unit = selected ? unitById(state, selected.unitId) : viewer;
    view.info = unit
      ? unitInfo(state, rules, view, unit, acting, hidden, marks)
      : { title: context.scenarioName, body: describeVictory(state.options) };
    return;
  }
  const occupant = knownUnitAt(state, p, hidden);
  const path = reachAt(view, p);
  const target = occupant ? view.targets.find((t) => t.unitId === occupant.id) : undefined;
  const open = !occupant && isTerrainPassable(terrainAt(state.map, p.x, p.y));
  view.hover = {
    at: p,
    tone: occupant ? (occupant.side === 'enemies' ? 'foe' : 'friend') : 'square',
    path: path && viewer?.position ? { from: viewer.position, steps: path } : null,
    los: null,
    spottedBy: open
      ? patrollersSeeing(state, p, hidden).map((u) => ({
          unitId: u.id,
          name: u.name,
          at: u.position!,
        }))
      : [],
    sees:
      occupant?.side === 'enemies' && occupant.id !== view.inspected
        ? perState(state, `sees:${occupant.id}`, () => squaresNoticedBy(state, occupant))
        : [],
  };
  // Line of sight from the shown unit, by the module's cover model.
  if (viewer?.position && !(p.x === viewer.position.x && p.y === viewer.position.y)) {
    const attack = target?.ability === null ? target.preview : null;
    const cover = attack?.cover ?? rules.coverBetween(state, viewer, viewer.position, p);
    const label = attack
      ? `${formatChance(attack.chance)} \u00b7 ${coverWords(cover)}`
      : path && !occupant
        ? ''
        : coverWords(cover);
    const lines = rules.coverLinesBetween?.(state, viewer, viewer.position, p) ?? [];
    const outcomes = attack?.outcomes ?? [];
    view.hover.los = { from: viewer.position, to: p, cover, label, lines, outcomes };
  }
  view.info = occupant
    ? unitInfo(state, rules, view, occupant, acting, hidden, marks)
    : squareInfo(state, p, path, viewer, view.hover.spottedBy, hidden, marksOnSquare(marks, p));
}

function unitInfo(
  state: GameState,
  rules: RuleModule,
  view: BattleView,
  u: Unit,
  acting: Unit | undefined,
  hidden: ReadonlySet<string>,
  marks: readonly ScenarioMark[],
): { title: string; body: string } {
  const [first = '', ...rest] = rules.describeUnit(state, u);
  const sight =
    u.id === view.inspected && view.sees.length > 0
      ? u.ai?.status === 'alerted'
        ? ' Sees the amber squares; could strike the red ones next turn.'
        : ' Sees the amber squares; could strike the red ones next turn once alerted.'
      : '';
  const chances: string[] = [];
  const turn = state.turn;
  if (u.side === 'enemies' && acting) {
    for (const pr of previewAttacks(state, acting.id, u.id)) {
      if (pr.allowed && !turn?.acted) {
        chances.push(`\u2694 ${pr.preview.summary}, ${coverWords(pr.cover)}.`);
        const outcomes = pr.preview.outcomes ?? [];
        if (outcomes.length > 0) chances.push(outcomeBreakdown(outcomes));
      } else
        chances.push(
          `\u2715 ${pr.weaponName}: ${turn?.acted ? `${acting.name} has already acted.` : (pr.reason ?? 'not now.')}`,
        );
    }
  }
  const watchers =
    u.side === 'heroes' && view.spotted?.includes(u.id)
      ? state.units.filter(
          (m) => m.side === 'enemies' && m.ai && !hidden.has(m.id) && canNotice(state, m, u),
        )
      : [];
  const seen = watchers.length ? [eyeWords(watchers)] : [];
  // Its next turn with the odds, when the overlay shows it, and the order they assume.
  const mark = view.intents.find((m) => m.unitId === u.id);
  const next = mark
    ? [`Next turn: ${mark.lines.join('; ')}.`, ...(mark.order ? [mark.order] : [])]
    : [];
  // A hero: the intent overlay's numbers aimed at it, monster by monster (the board draws
  // only a mark per monster, the numbers of the one in focus).
  const aimed = u.side === 'heroes' ? view.intents.filter((m) => m.strike?.targetId === u.id) : [];
  const attacked = u.side === 'heroes' ? view.attackBadges.find((b) => b.unitId === u.id) : null;
  const threat = [
    ...(attacked ? [`Attacked in the monsters\u2019 next turn: ${attacked.text}.`] : []),
    ...(aimed.length > 0
      ? [
          `Likeliest to strike it first: ${aimed
            .map(
              (m) =>
                `${m.name} ${formatChance(m.strike!.chance)} (wound ${formatChance(m.strike!.woundChance)})`,
            )
            .join(', ')}.`,
        ]
      : []),
  ];
  // The scenario's marks under it (a goal, an objective it stands on).
  const under = marks
    .filter((m) => m.squares.some((q) => occupies(u, q.x, q.y)))
    .map((m) => sentence(`Stands on: ${m.label}`))
    .filter((line, i, all) => all.indexOf(line) === i);
  return {
    title: u.name,
    body: [`${first}${sight}`, ...seen, ...chances, ...next, ...threat, ...rest, ...under].join(
      '\n',
    ),
  };
}

/** Words ending as a sentence does. */
function sentence(words: string): string {
  return /[.!?]$/.test(words) ? words : `${words}.`;
}

function squareInfo(
  state: GameState,
  p: Point,
  path: Point[] | null,
  viewer: Unit | undefined,
  spottedBy: readonly { name: string }[],
  hidden: ReadonlySet<string>,
  marked: readonly string[] = [],
): { title: string; body: string } {
  const t = terrainAt(state.map, p.x, p.y);
  const cost = isTerrainPassable(t) ? terrainMoveCost(t) : 1;
  const lines = [
    `Terrain: ${t}${cost > 1 ? ` (costs ${cost} to enter)` : t === 'dangerous' ? ' (entering it may wound)' : ''}.`,
  ];
  if (path)
    lines.push(
      `${viewer?.name ?? 'The hero'} can move here (${path.length} square${path.length === 1 ? '' : 's'}).`,
    );
  const door = state.doors.find((d) => d.x === p.x && d.y === p.y);
  if (door) {
    lines[0] = door.open
      ? 'An open door.'
      : 'A closed door: it stops movement and sight. A hero beside it (not at a corner) clicks it to open it instead of moving, and may still attack.';
  }
  const lair = state.map.objects.find((o) => o.kind === 'lair' && o.x === p.x && o.y === p.y);
  // Only where the Arch Foe starts: it patrols away like any monster (the book's set-up).
  if (lair)
    lines.push(
      `A lair: the Arch Foe starts here on a roll of ${lair.properties.roll}, then patrols like any monster.`,
    );
  // The scenario's marks here, in the module's words.
  for (const label of marked) lines.push(sentence(label));
  if (isTerrainPassable(t) && !door) {
    lines.push(
      spottedBy.length === 0
        ? 'No patrolling monster would see a hero here.'
        : `${spottedBy.map((u) => u.name).join(', ')} would see you here.`,
    );
  }
  if (isTerrainPassable(t)) {
    const threats = monstersThreatening(state, p, hidden);
    lines.push(
      threats.length === 0
        ? 'No alerted monster could strike here next turn.'
        : `Next turn ${threats.length === 1 ? 'this alerted monster' : `${threats.length} alerted monsters`} could strike here: ${threats.map((u) => u.name).join(', ')}.`,
    );
  }
  return { title: `Square ${p.x}, ${p.y}`, body: lines.join('\n') };
}

/** A preview's outcomes as a breakdown line, each with its chance ("Dead 8% \u00b7 Miss 50%"). */
export function outcomeBreakdown(outcomes: readonly PreviewOutcome[]): string {
  return outcomes.map((o) => `${o.label} ${formatChance(o.chance)}`).join(' \u00b7 ');
}
