/**
 * The Battle scene wires the battle's pieces together and never changes game state itself:
 * every change goes through `session.apply` (the engine's applyCommand). Its own state is
 * the UI record (view/battle-ui.ts); what to draw is derived from the game state, that
 * record and the rule module (view/battle-view.ts); clicks, taps and keys become a new
 * record or a command (view/battle-input.ts reads the gestures, view/battle-intents.ts
 * decides); the HUD and the board draw the result (view/battle-hud.ts, battle-board.ts)
 * and the animator plays the events that come back.
 */
import Phaser from 'phaser';
import {
  chooseHeroCommand,
  requireRules,
  commandKey,
  type Command,
  type GameEvent,
  type GameState,
  type Point,
  type RuleModule,
} from '../engine';
import { app, type BattleBridge, type DispatchOutcome } from '../app/app';
import type { BattleSession } from '../app/session';
import { ANIMATION_SPEEDS, speedFactor, type AnimationSpeed } from '../app/settings';
import { sounds } from '../audio/sound-bank';
import { Animator } from '../view/animator';
import { BattleBoard } from '../view/battle-board';
import { BattleHud } from '../view/battle-hud';
import { BattleInput } from '../view/battle-input';
import { noteSightings } from '../view/fog-overlay';
import { isLogged } from '../view/log-lines';
import { fogScript } from '../view/fog-events';
import * as intents from '../view/battle-intents';
import { battleLayout, LEAST_HUD_HEIGHT, type BattleLayout } from '../view/battle-layout';
import {
  followTurn,
  initialUi,
  showEvent,
  startAnimating,
  stopAnimating,
  type BattleUi,
} from '../view/battle-ui';
import { deriveBattleView, heroesWithCards, type BattleView } from '../view/battle-view';
import { scenarioMarksOf } from '../view/scenario-marks';
import { advanceIntentWork, INTENT_SLICE_MS } from '../view/intent-overlay';
import {
  isDueToForesee,
  isWorkAheadDone,
  nextToPonder,
  workAheadOf,
  type Rest,
  type WorkAhead,
} from '../view/intent-ahead';
import { coarsePointer } from '../view/frame';
import { screenNow } from '../view/screen';
import {
  currentReadingScale,
  fadeMs,
  setReadingFloor,
  setReadingZoom,
  setTextResolution,
} from '../view/theme';
import {
  advanceTutorial,
  isTutorialOver,
  skipTutorial,
  tutorialPrompt,
  type TutorialInput,
} from '../view/tutorial';
import { TutorialPanel } from '../view/tutorial-panel';
import { keptUi, type KeptUi } from '../view/panel-fold';
import {
  oracleAnswers,
  OraclePanel,
  type OracleAsked,
  type OracleDraft,
} from '../view/oracle-panel';

/**
 * The opening (a monster finding its lair, the monsters' first patrol before any hero has
 * moved) sets the board rather than fights: it plays in this share of the speed's time, so
 * the first hero's turn comes about 1.5 s after Start at Normal.
 */
const OPENING_PACE = 0.5;

const SPEED_LABEL: Record<AnimationSpeed, string> = {
  slow: 'Slow',
  normal: 'Normal',
  fast: 'Fast',
  instant: 'Instant',
};

export class BattleScene extends Phaser.Scene {
  private session!: BattleSession;
  private rules!: RuleModule;
  private layout!: BattleLayout;
  private board!: BattleBoard;
  private hud!: BattleHud;
  private gestures!: BattleInput;
  private animator!: Animator;
  /** The screen's own state: what is inspected, hovered, picked (a plain record). */
  private ui: BattleUi = initialUi();
  /** What is drawn now, derived from the session's state and `ui`. */
  private view: BattleView | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private animateOpening = false;
  private relayout = false;
  private leaving = false;
  private mutedVolume: number | null = null;
  /** The tutorial's bubble, when this battle is the tutorial. */
  private tutorial: TutorialPanel | null = null;
  /** The Oracle panel (a DOM form over the canvas), built on first use. */
  private oracle: OraclePanel | null = null;
  /** The text size the HUD's camera shows (its texts are drawn at their own size). */
  private readingZoom = 1;
  /** The open Oracle panel's contents, kept while the scene is laid out again. */
  private oracleDraft: OracleDraft | null = null;
  /** The intent overlay's work for the state a playing command leads to (intent-ahead.ts). */
  private playing: WorkAhead | null = null;
  /** The work for states foreseen from `aheadFrom` (the state on screen), newest first. */
  private aheads: WorkAhead[] = [];
  private aheadFrom: GameState | null = null;
  /** Whether the acting hero's end of turn was foreseen from `aheadFrom`. */
  private endForeseen = false;
  /** The commands foreseen from `aheadFrom` (by commandKey), and how many were pondered. */
  private foreseenKeys = new Set<string>();
  private pondered = 0;
  /** Whether nothing is left to ponder from `aheadFrom` (no need to look each frame). */
  private ponderedAll = false;
  /** The square the pointer rests on, for foreseeing the click there. */
  private rest: Rest | null = null;

  constructor() {
    super('Battle');
  }

  init(data: { animateOpening?: boolean; relayout?: boolean; keptUi?: KeptUi }): void {
    // Laid out again (settings, a new window size): the picture is the state as it is.
    this.animateOpening = data?.animateOpening === true && data?.relayout !== true;
    this.relayout = data?.relayout === true;
    this.ui = { ...initialUi(), usingTouch: coarsePointer(), ...data?.keptUi };
    this.view = null;
    this.queue = Promise.resolve();
    this.leaving = false;
    this.playing = null;
    this.aheads = [];
    this.aheadFrom = null;
    this.rest = null;
  }

  create(): void {
    const session = app.session;
    if (!session) {
      app.goto('Menu');
      return;
    }
    this.session = session;
    this.rules = requireRules(session.state);
    this.cameras.main.setBackgroundColor(0x060508);
    const start = this.animateOpening ? session.previousState : session.state;
    const heroes = heroesWithCards(start).length;
    // The HUD is laid out for the screen's real size; `zoom` canvas pixels make one of its pixels.
    const screen = screenNow();
    // The text size grows the whole HUD (texts, buttons, cards, log, panels) alike: it is
    // laid out for a screen that much smaller and drawn by a camera that much closer, no
    // lower than the layout holds (a phone on its side is laid out low already, and grows
    // by less). The texts are drawn at their own size: the camera shows the text size.
    // (The menus' least text size on a short screen is not the battle's: see screenMetrics.)
    setReadingFloor(1);
    const wanted = currentReadingScale();
    const grow = Math.min(wanted, Math.max(1, screen.height / LEAST_HUD_HEIGHT));
    this.readingZoom = wanted;
    setReadingZoom(wanted);
    setTextResolution(screen.zoom * grow);
    this.layout = battleLayout(
      screen.width / grow,
      screen.height / grow,
      heroes,
      app.settings.showLog,
      screen.narrow,
      (screen.zoom / screen.dpr) * grow,
      start.map.width / Math.max(1, start.map.height),
      app.settings.panelsFolded,
    );

    // Two cameras: the world camera sees the board, the UI camera (on top) the HUD.
    const uiCam = this.cameras.add(0, 0, screen.gameWidth, screen.gameHeight, false, 'ui');
    uiCam.setOrigin(0, 0).setZoom(screen.zoom * grow);
    const map = session.scenario.map;
    const v = this.layout.viewport;
    const z = screen.zoom;
    const hz = z * grow;
    this.board = new BattleBoard(
      this,
      map,
      this.cameras.main,
      { x: v.x * hz, y: v.y * hz, width: v.width * hz, height: v.height * hz },
      start,
      this.rules,
      z,
    );
    uiCam.ignore(this.board.board.layer);
    this.hud = new BattleHud(this, this.layout, start, this.rules, session.scenario.name, {
      top: {
        help: () => this.setUi({ ...this.ui, helpOpen: !this.ui.helpOpen }),
        threats: () => this.setUi({ ...this.ui, showThreats: !this.ui.showThreats }),
        intent: () => this.setUi({ ...this.ui, showIntent: !this.ui.showIntent }),
        auto: () => this.toggleAutoBattle(),
        oracle: () => this.toggleOracle(),
        speed: () => this.cycleSpeed(),
        sound: () => this.toggleSound(),
        settings: () => this.openSettings(),
        'to-menu': () => {
          // A campaign's battle goes back to its Campaign screen (saved: Resume carries on).
          if (!this.leaving) app.goto(app.campaign ? 'Campaign' : 'Menu');
        },
      },
      recentre: () => this.board.board.refit(),
      panel: (which) => this.act(intents.togglePanel(this.here(), which)),
      fold: () => this.foldPanels(),
      undo: () => this.command('undo-move'),
      endTurn: () => this.command('end-turn'),
      keys: app.settings.keys,
      inspect: (id) => this.act(intents.fromPanel(intents.pressCard(this.here(), id))),
      choose: (id, choice) =>
        this.act(intents.fromPanel(intents.chooseOnCard(this.here(), id, choice))),
    });
    this.cameras.main.ignore(this.hud.root);
    this.tutorial = null;
    if (app.tutorial && !isTutorialOver(app.tutorial)) {
      this.tutorial = new TutorialPanel(this, this.layout, {
        dismiss: () => this.endTutorial(),
        next: () => this.tutorialSaw({ kind: 'acknowledged' }),
        squareToGame: (p) => this.board.board.squareToScreen(p),
      });
      this.cameras.main.ignore(this.tutorial.root);
      this.hud.log.onPress = () => this.tutorialSaw({ kind: 'log-pressed' });
    }
    this.updateSpeedButton();
    this.updateSoundButton();

    this.animator = new Animator(this, {
      board: this.board.board,
      units: this.board.units,
      fx: this.board.fx,
      log: (e, order) => this.hud.log.append(e, this.state, order),
      banner: (text, kind, hold) => this.hud.showBanner(text, kind, hold),
      onEvent: (e) => this.onEventShown(e),
    });
    this.gestures = this.makeInput();

    const bridge: BattleBridge = {
      dispatch: (c) => this.dispatch(c),
      idle: () => this.queue.then(() => undefined),
      squareToGame: (x, y) => this.board.board.squareToScreen({ x, y }),
      speedChanged: () => this.updateSpeedButton(),
      inspection: () => ({
        unit: this.ui.inspected,
        sees: this.current().sees.map((p) => ({ ...p })),
        strikes: this.current().strikes.map((p) => ({ ...p })),
      }),
      boardZoom: () => this.board.board.zoom,
      info: () => this.hud.info.shown,
      look: () => ({
        animating: this.ui.animating,
        ...this.hud.look(),
        ...this.board.look(),
        intent: {
          marks: this.board.intentShown,
          odds: this.hud.oddsShown(),
          roundOdds: this.view?.roundOdds ?? null,
          pending: !this.ui.animating && this.current().intentPending !== null,
          ahead: this.ui.animating
            ? this.playing && { for: 'playing', done: isWorkAheadDone(this.playing) }
            : this.aheads[0] && {
                for: 'foreseen',
                what: this.aheads[0].what,
                done: isWorkAheadDone(this.aheads[0]),
              },
          foreseen: {
            ready: this.aheadFrom === this.state ? this.readyKeys() : [],
            pondered: this.aheadFrom === this.state ? this.pondered : 0,
          },
        },
        hiddenByFog: this.board.hiddenByFog,
        tutorial: this.tutorial?.shown() ?? null,
      }),
    };
    app.battle = bridge;
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, () => {
      this.leaving = true;
      setReadingZoom(1);
      this.oracleDraft = this.oracle?.draft() ?? null;
      this.oracle?.destroy();
      this.oracle = null;
      this.animator.abort();
      if (app.battle === bridge) app.battle = null;
      sounds.stopMusic();
    });
    sounds.startMusic();
    this.cameras.main.fadeIn(fadeMs(220), 6, 5, 8);
    uiCam.fadeIn(fadeMs(220), 6, 5, 8);

    if (this.animateOpening) {
      this.queue = this.runAnimation(session.lastEvents, session.state, start, OPENING_PACE).then(
        () => app.notifyBattleShown(),
      );
    } else {
      // Resumed: the log shows the recent past; the picture is the saved state.
      for (const e of session.events.filter(isLogged).slice(-40))
        this.hud.log.append(e, session.state);
      this.refresh();
      const acting = this.state.units.find((u) => u.id === this.state.turn?.unitId);
      if (acting?.position) this.board.board.ensureVisible(acting.position, 0);
      if (!this.relayout) this.hud.toast.show('Battle resumed.', 'info', 1400);
      this.time.delayedCall(0, () => app.notifyBattleShown());
    }
    // A new window size: the Oracle panel that was open opens again as it was.
    const draft = this.oracleDraft;
    this.oracleDraft = null;
    if (draft && this.relayout) this.toggleOracle(draft);
  }

  private get state(): GameState {
    return this.session.state;
  }

  private makeInput(): BattleInput {
    const board = this.board.board;
    const v = board.camera;
    return new BattleInput(this, {
      inViewport: (x, y) => x >= v.x && y >= v.y && x < v.x + v.width && y < v.y + v.height,
      // A target badge stands for its own figure, whichever square it is drawn over.
      squareAt: (x, y) => this.board.squareAtScreen(x, y),
      hover: (sq) => this.setUi({ ...this.ui, hover: sq }),
      press: (sq, how) => this.press(sq, how),
      touchChanged: (usingTouch) => this.setUi({ ...this.ui, usingTouch }),
      zoomAt: (factor, x, y) => board.zoomAt(factor, x, y),
      panBy: (dx, dy) => board.panBy(dx, dy),
      fitsWhole: () => board.fitsWhole,
      // The arrows move the keyboard's square or pick targets, never pan (WASD pans).
      picking: () => true,
      pressed: () => sounds.unlock(),
      key: (e) => this.onKey(e),
    });
  }

  // ------------------------------------------------------------------ the UI record

  /** The derived view of the state and the record now. */
  private current(): BattleView {
    this.view ??= deriveBattleView(
      this.state,
      this.ui,
      {
        scenarioName: this.session.scenario.name,
      },
      this.rules,
    );
    return this.view;
  }

  /**
   * Takes the game's news into the record, derives what to draw and draws it. While an
   * animation plays the cards show what it has shown so far (the record's `shown`).
   */
  private refresh(): void {
    this.ui = followTurn(this.ui, this.state);
    if (!this.ui.animating) this.ui = noteSightings(this.ui, this.state);
    this.view = null;
    const view = this.current();
    this.board.render(view, this.state);
    this.hud.render(view, this.state);
    this.hud.showHelp(this.ui.helpOpen);
    this.hud.showPanel(this.ui.panel);
    this.hud.setButton('threats', { selected: this.ui.showThreats });
    this.hud.setButton('intent', { selected: this.ui.showIntent });
    this.hud.setButton('auto', { selected: this.ui.autoBattle });
    this.tutorialSaw({ kind: 'ui', ui: this.ui });
  }

  // ------------------------------------------------------------------ tutorial

  /** Tells the tutorial what happened and shows its step now. */
  private tutorialSaw(input: TutorialInput): void {
    if (!this.tutorial || !app.tutorial) return;
    app.tutorial = advanceTutorial(app.tutorial, input);
    const logHidden = !this.layout.logShown && !this.layout.narrow && !this.layout.folded;
    this.tutorial.render(
      this.ui.animating
        ? null
        : tutorialPrompt(app.tutorial, this.state, { logHidden, keys: app.settings.keys }),
    );
  }

  /** Skip (or Close once finished): the bubble goes for good. */
  private endTutorial(): void {
    if (!app.tutorial) return;
    app.tutorial = app.tutorial.finished ? null : skipTutorial(app.tutorial);
    this.tutorial?.render(null);
  }

  private setUi(next: BattleUi, reveal?: Point): void {
    // The square marked (by the pointer, the keys or a first tap) rests from now on.
    const at = next.hover;
    if (at?.x !== this.rest?.square.x || at?.y !== this.rest?.square.y)
      this.rest = at ? { square: at, since: this.time.now, foreseen: false } : null;
    if (next !== this.ui) {
      this.ui = next;
      this.refresh();
    }
    if (reveal) this.board.board.ensureVisible(reveal);
  }

  /** Carries out what an input came to: the new record, then the command or message. */
  private act(outcome: intents.Outcome): void {
    this.setUi(outcome.ui, outcome.reveal);
    if (outcome.toast) this.hud.toast.show(outcome.toast);
    if (outcome.command) void this.dispatch(outcome.command);
  }

  /** The game state, the record and what is drawn of them: where an input lands. */
  private here(): intents.Situation {
    return intents.situation(this.state, this.ui, this.current(), this.rules);
  }

  private press(sq: Point, how: 'click' | 'tap' | 'face'): void {
    // A touch screen's Space or Enter: a tap on the board skips the animation.
    if (how === 'tap' && this.ui.animating) {
      this.animator.skip();
      return;
    }
    const decide = { face: intents.faceSquare, tap: intents.tapSquare, click: intents.clickSquare };
    this.act(decide[how](this.here(), sq));
  }

  private onKey(e: KeyboardEvent): void {
    if (e.key === 'Tab' || e.key === ' ' || e.key.startsWith('Arrow')) e.preventDefault();
    // Esc leaves the tutorial (before it cancels a pick), unless the help is open.
    if (
      e.key === 'Escape' &&
      this.tutorial &&
      app.tutorial &&
      !this.ui.helpOpen &&
      !this.ui.animating
    ) {
      if (!isTutorialOver(app.tutorial) || app.tutorial.finished) return this.endTutorial();
    }
    // While the oracle is open the board takes no keys; Esc or its own key closes it.
    if (this.oracle?.isOpen) {
      if (
        e.key === 'Escape' ||
        intents.keyAction(e, this.ui, 0, app.settings.keys)?.kind === 'oracle'
      )
        this.oracle.close();
      return;
    }
    const here = this.here();
    const action = intents.keyAction(e, here.ui, here.view.targets.length, app.settings.keys);
    if (!action) return;
    const ui = here.ui;
    const v = this.board.board.camera;
    switch (action.kind) {
      case 'skip-animation':
        return this.animator.skip();
      case 'toggle-auto':
        return this.toggleAutoBattle();
      case 'help':
        return this.setUi({ ...ui, helpOpen: action.show });
      case 'inspect-next':
        return this.act(intents.cycleInspect(here, action.step));
      case 'pick-target':
        return this.act(intents.selectTarget(here, action.index));
      case 'step-target':
        return this.act(intents.stepTarget(here, action.step));
      case 'move-cursor':
        return this.act(intents.moveCursor(here, action.dx, action.dy));
      case 'press-cursor':
        return ui.hover ? this.press(ui.hover, 'click') : undefined;
      case 'confirm':
        return this.act(intents.confirmTarget(here));
      case 'end-turn':
        return this.command('end-turn');
      case 'undo':
        return this.command('undo-move');
      case 'toggle-threats':
        return this.setUi({ ...ui, showThreats: !ui.showThreats });
      case 'toggle-intent':
        return this.setUi({ ...ui, showIntent: !ui.showIntent });
      case 'cancel':
        return this.act(intents.cancel(here));
      case 'zoom':
        return this.board.board.zoomAt(action.factor, v.x + v.width / 2, v.y + v.height / 2);
      case 'recentre':
        return this.board.board.refit();
      case 'fold-panels':
        return this.foldPanels();
      case 'oracle':
        return this.toggleOracle();
    }
  }

  /**
   * Opens or closes the Oracle panel (or opens it filled from a draft); its questions are
   * commands like any other.
   */
  private toggleOracle(draft?: OracleDraft): void {
    this.oracle ??= new OraclePanel({
      where: 'In battle',
      ask: (question, about, lastPlace) =>
        this.askOracle({ type: 'oracle', question, about, lastPlace }),
      history: () => oracleAnswers(this.session.events),
    });
    if (draft) this.oracle.open(draft);
    else this.oracle.toggle();
  }

  private async askOracle(command: Command): Promise<OracleAsked> {
    const from = this.session.events.length;
    const done = await this.dispatch(command);
    if (!done.ok) return { ok: false, error: done.error ?? 'The oracle cannot be asked now.' };
    const shown = oracleAnswers(this.session.events.slice(from)).pop();
    return shown ? { ok: true, shown } : { ok: false, error: 'The oracle gave no answer.' };
  }

  override update(_time: number, delta: number): void {
    this.gestures?.update(delta);
    this.board?.fitMarkers();
    this.tutorial?.update(delta);
    this.advanceIntent();
  }

  /**
   * The intent overlay's work left (the other monsters' intents with Intent on, the attack
   * odds' estimate refined): a slice of each frame, redrawn when something new is ready.
   */
  private advanceIntent(): void {
    const pending = this.view?.intentPending;
    if (pending && !this.ui.animating) {
      if (advanceIntentWork(this.state, pending.ids, pending.odds, INTENT_SLICE_MS)) this.refresh();
      return;
    }
    // Nothing left for the state shown: the work for the state about to be shown.
    const ahead = this.workAhead();
    if (ahead) advanceIntentWork(ahead.state, ahead.ids, ahead.odds, INTENT_SLICE_MS);
  }

  /**
   * The state about to be shown and its overlay's work. While a command's events play, the
   * state they lead to. Else, with Intent on, states the next command may lead to, foreseen
   * by the session (the command, when given, gives that very state): the click on the square
   * the pointer rests on, first; with nothing else to do at Instant speed, the acting hero
   * ending its turn; then, still idle, the hero's other commands, nearest the pointer first
   * (intent-ahead.ts nextToPonder).
   * Those foreseen from the state on screen are worked on newest first until each is done.
   */
  private workAhead(): WorkAhead | null {
    const context = { scenarioName: this.session.scenario.name };
    if (this.ui.animating) {
      if (this.playing?.state !== this.state)
        this.playing = workAheadOf(this.state, this.ui, context, this.rules);
      return this.playing;
    }
    if (this.aheadFrom !== this.state) {
      this.aheadFrom = this.state;
      this.aheads = [];
      this.endForeseen = false;
      this.foreseenKeys = new Set();
      this.pondered = 0;
      this.ponderedAll = false;
    }
    if (!this.ui.showIntent) return null;
    let command: Command | null = null;
    let what: WorkAhead['what'] = 'click';
    const idle = this.aheads.every(isWorkAheadDone);
    const rest = this.rest;
    const around = rest?.square ?? this.unitSquare(this.current().acting);
    if (isDueToForesee(rest, this.time.now)) {
      rest.foreseen = true;
      command = intents.clickSquare(this.here(), rest.square).command ?? null;
    } else if (!this.endForeseen && speedFactor(app.settings.speed) <= 0 && idle) {
      // Only at Instant speed: slower, the monsters' own turn gives the time to work it out
      // (the playing command's work ahead), and a wasted guess would cost a monsters' phase.
      this.endForeseen = true;
      what = 'end-turn';
      const acting = this.current().acting;
      command = acting ? { type: 'end-turn', unit: acting } : null;
    } else if (idle && !this.ponderedAll) {
      command = nextToPonder(
        this.state,
        this.current().legal,
        around,
        this.foreseenKeys,
        this.pondered,
      );
      if (command) {
        this.pondered++;
        what = 'ponder';
      } else this.ponderedAll = true;
    }
    if (!command) return this.aheads.find((a) => !isWorkAheadDone(a)) ?? null;
    const key = commandKey(command);
    this.foreseenKeys.add(key);
    const next = this.foreseeState(command);
    if (next) {
      // Foreseen before (pondered): the work for it moves to the front all the same.
      const known = this.aheads.find((a) => a.state === next);
      this.aheads = this.aheads.filter((a) => a !== known);
      this.aheads.unshift(
        known
          ? { ...known, what }
          : { ...workAheadOf(next, this.ui, context, this.rules), what, key },
      );
    }
    return this.aheads.find((a) => !isWorkAheadDone(a)) ?? null;
  }

  /** The keys of the commands foreseen from the state shown whose overlay is all worked out. */
  private readyKeys(): string[] {
    return this.aheads.filter((a) => a.key && isWorkAheadDone(a)).map((a) => a.key!);
  }

  /** Where the unit `id` stands (null: nowhere, or no unit). */
  private unitSquare(id: string | null): Point | null {
    return (id && this.state.units.find((u) => u.id === id)?.position) || null;
  }

  /** The state `command` would lead to from the state on screen (BattleSession.foresee). */
  private foreseeState(command: Command): GameState | null {
    const result = this.session.foresee(command);
    return result?.ok ? result.state : null;
  }

  // ------------------------------------------------------------------ commands

  /** End turn and undo: the acting hero's, when nothing is animating. */
  private command(type: 'end-turn' | 'undo-move'): void {
    const id = this.current().acting;
    if (id && !this.ui.animating) void this.dispatch({ type, unit: id });
  }

  /** Applies a command through the session and animates its events. */
  dispatch(command: Command): Promise<DispatchOutcome> {
    const run = async (): Promise<DispatchOutcome> => {
      if (!this.sys.isActive() && !this.sys.isPaused())
        return { ok: false, error: 'The battle is not on screen.' };
      const before = this.state;
      const result = this.session.apply(command);
      if (!result.ok) {
        this.hud.toast.show(result.error);
        this.tutorialSaw({ kind: 'command', command, ok: false });
        return { ok: false, error: result.error };
      }
      this.tutorialSaw({ kind: 'command', command, ok: true });
      void app.autosave().then((saved) => {
        if (!saved.ok && this.sys.isActive()) this.hud.toast.show(saved.error, 'info');
      });
      await this.runAnimation(result.events, result.state, before);
      return { ok: true };
    };
    const p = this.queue.then(run, run);
    this.queue = p.catch(() => undefined);
    return p;
  }

  /** Plays the events that led from `before` to `state`, `pace` times the speed's time. */
  private async runAnimation(
    events: GameEvent[],
    state: GameState,
    before: GameState,
    pace = 1,
  ): Promise<void> {
    this.setUi(startAnimating(this.ui, before, scenarioMarksOf(before, this.rules)));
    this.animator.factor = speedFactor(app.settings.speed) * pace;
    await this.animator.play(events, state, fogScript(before, events, state));
    // At instant speed nothing above waits for a frame: yield to the browser once so that
    // a script dispatching in a loop still lets the page draw and take input.
    if (this.animator.factor <= 0) await new Promise<void>((resolve) => setTimeout(resolve, 0));
    if (this.leaving) return;
    this.board.sync(state);
    this.ui = stopAnimating(this.ui);
    if (state.phase === 'over') {
      this.leaving = true;
      app.finishBattle(state);
      // A moment on the final picture before the Results.
      const delay = this.animator.factor > 0 ? 1600 * Math.max(0.6, this.animator.factor) : 0;
      await new Promise<void>((resolve) =>
        delay > 0 ? this.time.delayedCall(delay, resolve) : resolve(),
      );
      app.goto('Results');
      return;
    }
    this.refresh();
  }

  private onEventShown(e: GameEvent): void {
    const round = Math.max(1, this.state.round);
    if (e.type === 'turn-started') {
      this.board.highlight(e.unit);
      const u = this.state.units.find((x) => x.id === e.unit);
      if (u) this.hud.setTurnText(`Round ${round} \u00b7 ${u.name}\u2019s turn`);
    } else if (e.type === 'phase-started' && e.side === 'enemies') {
      this.board.highlight(null);
      this.hud.setTurnText(`Round ${e.round} \u00b7 the monsters act`);
    } else if (e.type === 'round-started') {
      this.hud.setTurnText(`Round ${e.round}`);
    } else if (e.type === 'objective' && e.unit) {
      this.board.units.get(e.unit)?.setCarrying(e.what === 'picked-up');
    } else if (e.type === 'healed' && e.success) {
      const v = this.board.units.get(e.target);
      if (v) v.setWounds(Math.max(0, v.wounds - 1), v.maxWounds);
    }
    // The cards and the panel follow what has been shown.
    this.setUi(showEvent(this.ui, e));
  }

  // ------------------------------------------------------------------ top bar

  private toggleAutoBattle(): void {
    this.setUi({ ...this.ui, autoBattle: !this.ui.autoBattle });
    if (this.ui.autoBattle) void this.runAutoBattle();
  }

  /** Plays the autopilot's commands one at a time, animated, while auto-battle is on. */
  private async runAutoBattle(): Promise<void> {
    while (this.ui.autoBattle && !this.leaving && this.state.phase === 'heroes') {
      const command = chooseHeroCommand(this.state);
      if (!command) break;
      const outcome = await this.dispatch(command);
      if (!outcome.ok) break;
    }
    if (this.ui.autoBattle && !this.leaving) this.setUi({ ...this.ui, autoBattle: false });
  }

  /** Folds the side panels away or back (kept in the settings): the screen is laid out again. */
  private foldPanels(): void {
    if (this.layout.narrow) return;
    if (this.ui.animating) {
      this.hud.toast.show('The panels fold once this animation is over.', 'info', 1400);
      return;
    }
    app.updateSettings({ panelsFolded: !app.settings.panelsFolded });
    this.scene.restart({ animateOpening: false, relayout: true, keptUi: keptUi(this.ui) });
  }

  private updateSpeedButton(): void {
    this.hud?.setButton('speed', { label: `Speed: ${SPEED_LABEL[app.settings.speed]}` });
    if (this.animator) this.animator.factor = speedFactor(app.settings.speed);
    this.hud?.log.setVisible(app.settings.showLog);
  }

  private cycleSpeed(): void {
    const i = ANIMATION_SPEEDS.indexOf(app.settings.speed);
    app.setSpeed(ANIMATION_SPEEDS[(i + 1) % ANIMATION_SPEEDS.length]);
    this.updateSpeedButton();
  }

  private updateSoundButton(): void {
    const on = app.settings.master > 0;
    this.hud.setButton('sound', {
      label: on ? 'Sound' : 'Muted',
      icon: on ? 'speaker-on' : 'speaker-off',
      selected: !on,
    });
  }

  private toggleSound(): void {
    if (app.settings.master > 0) {
      this.mutedVolume = app.settings.master;
      app.updateSettings({ master: 0 });
    } else {
      app.updateSettings({ master: this.mutedVolume ?? 0.8 });
    }
    this.updateSoundButton();
  }

  private openSettings(): void {
    const showLog = app.settings.showLog;
    // The Settings screen's texts take the whole text size (the HUD's zoom is the battle's).
    setReadingZoom(1);
    this.scene.launch('Settings', { overlay: true, returnTo: 'Battle' });
    this.scene.bringToTop('Settings');
    this.scene.pause();
    this.events.once(Phaser.Scenes.Events.RESUME, () => {
      setReadingFloor(1);
      setReadingZoom(this.readingZoom);
      const settings = this.sys.settings;
      const resized = (settings.data as { relayoutOnResume?: boolean })?.relayoutOnResume;
      if (resized) settings.data = { ...(settings.data as object), relayoutOnResume: false };
      if ((app.settings.showLog !== showLog || resized) && !this.ui.animating) {
        // The side panel changes shape: rebuild the scene from the (unchanged) state.
        this.scene.restart({ animateOpening: false, relayout: true });
        return;
      }
      this.updateSpeedButton();
      this.updateSoundButton();
    });
  }
}
