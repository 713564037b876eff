/**
 * The Battle scene wires the battle's pieces together and never changes game state itself:
 * every command goes through the battle's play (app/battle-play.ts: apply, tutorial,
 * autosave, animation, board sync, finish), which the automation API dispatches to as well.
 * Its own state is the UI record (view/battle-ui.ts); what to draw is derived from the game
 * state, that record and the rule module (view/battle-view.ts); clicks, taps and keys become
 * a new record or a command (view/battle-input.ts reads the gestures, battle-intents.ts
 * decides); the HUD and the board draw the result (view/battle-hud.ts, battle-board.ts) and
 * the animator plays the events that come back. The top bar's settings, the tutorial and
 * the Oracle panel have their own files beside this one (battle-*.ts).
 */
import Phaser from 'phaser';
import {
  requireRules,
  type GameEvent,
  type GameState,
  type Point,
  type RuleModule,
} from '../engine';
import { app } from '../app/app';
import { battleBridge } from './battle-bridge';
import { BattlePlay } from '../app/battle-play';
import { BattleTopBar } from './battle-top-bar';
import { speedFactor } from '../app/settings';
import { sounds } from '../audio/sound-bank';
import { Animator } from '../view/animator';
import { BattleBoard } from '../view/battle-board';
import { BattleHud } from '../view/battle-hud';
import { BattleInput } from '../view/battle-input';
import { noteSightings } from '../view/fog-overlay';
import { isLogged } from '../view/log-lines';
import { pictureOf, showsOf } from '../view/event-show';
import { fogScript } from '../view/fog-events';
import * as intents from '../view/battle-intents';
import { sizeBattle, type BattleLayout } from '../view/battle-layout';
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
import { INTENT_SLICE_MS } from '../view/intent-overlay';
import { IntentForesight } from '../view/intent-ahead';
import { coarsePointer } from '../view/frame';
import { screenNow } from '../view/screen';
import { TILE } from '../view/unit-view';
import {
  currentReadingScale,
  fadeMs,
  setReadingFloor,
  setReadingZoom,
  setTextResolution,
} from '../view/theme';
import type { TutorialInput } from '../view/tutorial';
import { BattleTutorial } from './battle-tutorial';
import { BattleOracle } from './battle-oracle';
import { keptUi, type KeptUi } from '../view/panel-fold';

/**
 * The opening (a monster finding its lair, the monsters' first patrol before any hero has
 * moved) sets the board rather than fights: it plays in this share of the speed's time, so
 * the first hero's turn comes about 1.5 s after Start at Normal.
 */
const OPENING_PACE = 0.5;

export class BattleScene extends Phaser.Scene {
  /** The commands' chain: apply, tutorial, autosave, animation, board sync, finish. */
  private play!: BattlePlay;
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
  private animateOpening = false;
  private relayout = false;
  /** Speed, sound and Settings (battle-top-bar.ts). */
  private readonly topBar = new BattleTopBar({
    scene: this,
    hud: () => this.hud,
    setAnimationFactor: (factor) => {
      if (this.animator) this.animator.factor = factor;
    },
    animating: () => this.ui.animating,
    readingZoom: () => this.readingZoom,
  });
  /** The tutorial's bubble, when this battle is the tutorial. */
  private tutorial: BattleTutorial | null = null;
  /** The Oracle panel, its contents kept while the scene is laid out again. */
  private readonly oracle = new BattleOracle(() => this.play);
  /** The text size the HUD's camera shows (its texts are drawn at their own size). */
  private readingZoom = 1;
  /** The intent overlay's work ahead of what is shown (intent-ahead.ts). */
  private foresight: IntentForesight | null = null;

  constructor() {
    super('Battle');
  }

  init(data: { animateOpening?: boolean; relayout?: boolean; keptUi?: KeptUi }): void {
    // Laid out again (settings, a new window size): the picture is the state as it is.
    this.animateOpening = data?.animateOpening === true && data?.relayout !== true;
    this.relayout = data?.relayout === true;
    this.ui = { ...initialUi(), usingTouch: coarsePointer(), ...data?.keptUi };
    this.view = null;
    this.foresight = null;
  }

  create(): void {
    const session = app.session;
    if (!session) {
      app.goto('Menu');
      return;
    }
    this.play = new BattlePlay(
      session,
      {
        autosave: () => app.autosave(),
        finishBattle: (state) => app.finishBattle(state),
        showResults: () => app.goto('Results'),
      },
      {
        onScreen: () => this.sys.isActive() || this.sys.isPaused(),
        toast: (text, kind) => this.hud.toast.show(text, kind),
        commandSeen: (command, ok) => this.tutorialSaw({ kind: 'command', command, ok }),
        animate: (events, state, before, pace) => this.animate(events, state, before, pace),
        animationFactor: () => this.animator.factor,
        settle: (state) => {
          this.board.sync(state);
          this.ui = stopAnimating(this.ui);
        },
        refresh: () => this.refresh(),
        wait: (ms) => new Promise<void>((resolve) => this.time.delayedCall(ms, resolve)),
      },
    );
    this.rules = requireRules(session.state);
    this.foresight = new IntentForesight({
      state: () => this.state,
      ui: () => this.ui,
      view: () => this.current(),
      rules: this.rules,
      context: { scenarioName: session.scenario.name },
      now: () => this.time.now,
      instant: () => speedFactor(app.settings.speed) <= 0,
      clickCommand: (square) => intents.clickSquare(this.here(), square).command ?? null,
      foresee: (command) => {
        const result = session.foresee(command);
        return result?.ok ? result.state : null;
      },
      refresh: () => this.refresh(),
    });
    this.cameras.main.setBackgroundColor(0x060508);
    const start = this.animateOpening ? session.previousState : session.state;
    // The HUD is laid out for the screen's real size; `zoom` canvas pixels make one of its pixels.
    const screen = screenNow();
    setReadingFloor(1);
    this.readingZoom = currentReadingScale();
    const { layout, grow } = sizeBattle(
      screen,
      this.readingZoom,
      heroesWithCards(start).length,
      app.settings.showLog,
      { width: start.map.width * TILE, height: start.map.height * TILE },
      app.settings.panelsFolded,
      coarsePointer(),
    );
    this.layout = layout;
    setReadingZoom(this.readingZoom);
    setTextResolution(screen.zoom * grow);

    // Two cameras: the world camera sees the board, the UI camera (on top) the HUD.
    const uiCam = this.cameras.add(0, 0, screen.gameWidth, screen.gameHeight, false, 'ui');
    uiCam.setOrigin(0, 0).setZoom(screen.zoom * grow);
    const map = session.scenario.map;
    // The board's camera: its window less the corner buttons' strip when they would cover it.
    const v = this.layout.boardArea;
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
        oracle: () => this.oracle.toggle(),
        speed: () => this.topBar.cycleSpeed(),
        sound: () => this.topBar.toggleSound(),
        settings: () => this.topBar.openSettings(),
        'to-menu': () => {
          // A campaign's battle goes back to its Campaign screen (saved: Resume carries on).
          if (!this.play.leaving) app.goto(app.campaign ? 'Campaign' : 'Menu');
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
    this.tutorial = BattleTutorial.open(
      this,
      this.layout,
      (p) => this.board.board.squareToScreen(p),
      () => (this.ui.animating ? null : this.state),
    );
    if (this.tutorial) {
      this.cameras.main.ignore(this.tutorial.panel.root);
      this.hud.log.onPress = () => this.tutorialSaw({ kind: 'log-pressed' });
    }
    this.topBar.showSpeed();
    this.topBar.showSound();

    this.animator = new Animator(this, {
      board: this.board.board,
      units: this.board.units,
      fx: this.board.fx,
      log: (e, order) => this.hud.log.append(e, this.state, order),
      banner: (text, kind, hold) => this.hud.showBanner(text, kind, hold),
      onEvent: (e) => this.onEventShown(e),
    });
    this.gestures = this.makeInput();

    const bridge = battleBridge({
      play: this.play,
      board: this.board,
      hud: this.hud,
      ui: () => this.ui,
      current: () => this.current(),
      drawn: () => this.view,
      foresight: () => this.foresight,
      tutorial: () => this.tutorial,
      speedChanged: () => this.topBar.showSpeed(),
    });
    app.battle = bridge;
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, () => {
      this.play.leave();
      setReadingZoom(1);
      this.oracle.keep();
      this.animator.abort();
      if (app.battle === bridge) app.battle = null;
      sounds.stopMusic();
    });
    sounds.startMusic();
    this.cameras.main.fadeIn(fadeMs(220), 6, 5, 8);
    uiCam.fadeIn(fadeMs(220), 6, 5, 8);

    if (this.animateOpening) {
      this.play.opening(OPENING_PACE, () => app.notifyBattleShown());
    } else {
      // Resumed: the log shows the recent past; the picture is the saved state.
      for (const e of session.events.filter((e) => isLogged(e, showsOf(session.state))).slice(-40))
        this.hud.log.append(e, session.state);
      this.refresh();
      const acting = this.state.units.find((u) => u.id === this.state.turn?.unitId);
      if (acting?.position) this.board.board.ensureVisible(acting.position, 0);
      if (!this.relayout) this.hud.toast.show('Battle resumed.', 'info', 1400);
      this.time.delayedCall(0, () => app.notifyBattleShown());
    }
    this.oracle.reopen(this.relayout);
  }

  private get state(): GameState {
    return this.play.state;
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
        scenarioName: this.play.session.scenario.name,
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

  /** Tells the tutorial (when this battle is the tutorial) what happened. */
  private tutorialSaw(input: TutorialInput): void {
    this.tutorial?.saw(input);
  }

  private setUi(next: BattleUi, reveal?: Point): void {
    this.foresight?.markSquare(next.hover);
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
    if (outcome.command) void this.play.dispatch(outcome.command);
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
    const tutorial = this.tutorial;
    if (e.key === 'Escape' && tutorial?.escLeaves && !this.ui.helpOpen && !this.ui.animating)
      return tutorial.end();
    // While the oracle is open the board takes no keys; Esc or its own key closes it.
    if (this.oracle.isOpen) {
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
        return this.oracle.toggle();
    }
  }

  override update(_time: number, delta: number): void {
    this.gestures?.update(delta);
    this.board?.fitMarkers();
    this.tutorial?.panel.update(delta);
    this.foresight?.advance(INTENT_SLICE_MS);
  }

  // ------------------------------------------------------------------ commands

  /** End turn and undo: the acting hero's, when nothing is animating. */
  private command(type: 'end-turn' | 'undo-move'): void {
    const id = this.current().acting;
    if (id && !this.ui.animating) void this.play.dispatch({ type, unit: id });
  }

  /** Plays the events that led from `before` to `state`, `pace` times the speed's time. */
  private async animate(
    events: GameEvent[],
    state: GameState,
    before: GameState,
    pace: number,
  ): Promise<void> {
    this.setUi(startAnimating(this.ui, before, scenarioMarksOf(before, this.rules)));
    this.animator.factor = speedFactor(app.settings.speed) * pace;
    await this.animator.play(events, state, fogScript(before, events, state));
  }

  private onEventShown(e: GameEvent): void {
    this.hud.showTurnOf(e, this.state);
    if (e.type === 'turn-started') this.board.highlight(e.unit);
    else if (e.type === 'phase-started' && e.side === 'enemies') this.board.highlight(null);
    else if (e.type === 'objective' && e.unit)
      this.board.units.get(e.unit)?.setCarrying(e.what === 'picked-up');
    // A module's own event that changes wounds (a heal): the badge and the cards follow it.
    const picture = pictureOf(this.state, e);
    const w = picture?.wounds;
    if (w) this.board.units.get(w.unit)?.setWounds(w.wounds, w.maxWounds);
    this.setUi(showEvent(this.ui, e, picture));
  }

  // ------------------------------------------------------------------ top bar

  private toggleAutoBattle(): void {
    this.setUi({ ...this.ui, autoBattle: !this.ui.autoBattle });
    if (this.ui.autoBattle) void this.runAutoBattle();
  }

  /** Plays the autopilot's commands one at a time, animated, while auto-battle is on. */
  private async runAutoBattle(): Promise<void> {
    await this.play.autoBattle(() => this.ui.autoBattle);
    if (this.ui.autoBattle && !this.play.leaving) this.setUi({ ...this.ui, autoBattle: false });
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
}
