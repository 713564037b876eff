/**
 * The Battle scene: shows the session's engine state, takes the player's clicks and keys,
 * turns them into engine commands, and animates the events that come back. It never changes
 * game state itself: every change goes through `session.apply` (the engine's applyCommand).
 */
import Phaser from 'phaser';
import {
  chooseHeroCommand,
  computeCover,
  coverFor,
  coverLines,
  describeVictory,
  doesSquareBlockSight,
  requireRules,
  facingToward,
  FACING_NAMES,
  heroesInOrder,
  legalCommands,
  pointKey,
  isSamePoint,
  previewAttacks,
  previewAction,
  reachableSquares,
  squaresNoticedBy,
  squaresThreatenedBy,
  squaresThreatenedByAlerted,
  terrainAt,
  isTerrainPassable,
  type Command,
  type CoverLevel,
  type GameEvent,
  type GameState,
  type Point,
  type Unit,
} from '../engine';
import { app, type BattleBridge, type DispatchOutcome } from '../app/app';
import type { BattleSession } from '../app/session';
import { storeSession } from '../app/session';
import { ANIMATION_SPEEDS, speedFactor, type AnimationSpeed } from '../app/settings';
import { sounds } from '../audio/sound-bank';
import { Animator } from '../view/animator';
import { BoardView, type Viewport } from '../view/board-view';
import { Banner, CARD_H, CARD_W, DiceLog, HeroCard, InfoPanel } from '../view/hud';
import {
  COLORS,
  coverWords,
  CSS,
  GAME_HEIGHT,
  GAME_WIDTH,
  percent,
  textStyle,
  titleStyle,
} from '../view/theme';
import { Button, drawPanel, Toast, Tooltip } from '../view/ui';
import { UnitView } from '../view/unit-view';
import { onKeyDown } from '../view/keys';

const TOP = 48;
const SIDE = 252;
const MARGIN = 8;
const BAR_H = 52;

const SPEED_LABEL: Record<AnimationSpeed, string> = {
  slow: 'Slow',
  normal: 'Normal',
  fast: 'Fast',
  instant: 'Instant',
};

interface Target {
  unit: Unit;
  kind: 'attack' | 'heal';
  /** The commands that would act on it (one per usable weapon, or the heal). */
  commands: Command[];
}

export class BattleScene extends Phaser.Scene {
  private session!: BattleSession;
  private board!: BoardView;
  private units = new Map<string, UnitView>();
  private animator!: Animator;
  private ui!: Phaser.GameObjects.Container;
  private uiCam!: Phaser.Cameras.Scene2D.Camera;
  private viewport!: Viewport;
  private tooltip!: Tooltip;
  private toast!: Toast;
  private banner!: Banner;
  private help!: Phaser.GameObjects.Container;
  private log!: DiceLog;
  private info!: InfoPanel;
  private cards = new Map<string, HeroCard>();
  private turnText!: Phaser.GameObjects.Text;
  private hintText!: Phaser.GameObjects.Text;
  private goalText!: Phaser.GameObjects.Text;
  private undoButton!: Button;
  private endButton!: Button;
  private speedButton!: Button;
  private autoButton!: Button;
  /** Auto-battle: the hero autopilot gives the heroes' commands until switched off. */
  private autoBattle = false;
  /** Width available to the round/turn banner in the top bar. */
  private turnRoom = 400;
  private soundButton!: Button;

  private inspected: string | null = null;
  /** The squares the inspected monster can see (empty unless a monster is inspected). */
  private vision: Point[] = [];
  /** The squares where the inspected monster could strike a hero next turn. */
  private threat: Point[] = [];
  private reachCache: { state: GameState; unit: string; sees: Point[]; strikes: Point[] } | null =
    null;
  private lastActing: string | null = null;
  private selectedWeapon = new Map<string, string>();
  private hover: Point | null = null;
  private targets: Target[] = [];
  private selectedTarget = -1;
  private legal: Command[] = [];
  private reach = new Map<string, { path: Point[] }>();
  private queue: Promise<unknown> = Promise.resolve();
  private animating = false;
  private animateOpening = false;
  private drag: { x: number; y: number; moved: boolean; button: number; pointer: number } | null =
    null;
  /** Two fingers on the board: their last distance apart (pinch zoom). */
  private pinch: { distance: number } | null = null;
  /** Touch: the square tapped once; a second tap on it acts (the first only previews). */
  private armedTap: Point | null = null;
  /** The last press was a finger, not the mouse: hints say "tap". */
  private usingTouch = false;
  /** Show where every alerted monster could strike next turn (T). */
  private showThreats = false;
  private threatsButton!: Button;
  private sideThreatCache: { state: GameState; squares: Point[] } | null = null;
  private threatByMonster: { state: GameState; squares: Map<string, Set<number>> } | null = null;
  private panKeys!: Record<string, Phaser.Input.Keyboard.Key>;
  private mutedVolume: number | null = null;
  private leaving = false;
  private relayout = false;

  constructor() {
    super('Battle');
  }

  init(data: { animateOpening?: boolean; relayout?: boolean }): void {
    this.animateOpening = data?.animateOpening === true;
    this.relayout = data?.relayout === true;
    this.units = new Map();
    this.cards = new Map();
    this.selectedWeapon = new Map();
    this.inspected = null;
    this.vision = [];
    this.threat = [];
    this.reachCache = null;
    this.sideThreatCache = null;
    this.threatByMonster = null;
    this.lastActing = null;
    this.hover = null;
    this.targets = [];
    this.selectedTarget = -1;
    this.queue = Promise.resolve();
    this.animating = false;
    this.drag = null;
    this.pinch = null;
    this.armedTap = null;
    this.leaving = false;
  }

  create(): void {
    const session = app.session;
    if (!session) {
      app.goto('Menu');
      return;
    }
    this.session = session;
    this.cameras.main.setBackgroundColor(0x060508);

    this.viewport = {
      x: SIDE + MARGIN,
      y: TOP + MARGIN,
      width: GAME_WIDTH - 2 * (SIDE + MARGIN),
      height: GAME_HEIGHT - TOP - MARGIN - BAR_H - MARGIN,
    };

    // Two cameras: the world camera sees the board, the UI camera (on top) the HUD.
    this.ui = this.add.container(0, 0).setDepth(1000);
    this.uiCam = this.cameras.add(0, 0, GAME_WIDTH, GAME_HEIGHT, false, 'ui');
    this.cameras.main.ignore(this.ui);

    const start = this.animateOpening ? session.previousState : session.state;
    this.board = new BoardView(this, session.scenario.map, this.cameras.main, this.viewport);
    this.uiCam.ignore(this.board.layer);
    for (const u of start.units) {
      const v = new UnitView(this, u);
      this.board.unitLayer.add(v);
      this.units.set(u.id, v);
    }
    this.syncUnits(start);

    this.buildHud(start);
    this.animator = new Animator(this, {
      board: this.board,
      units: this.units,
      log: (e) => this.log.append(e, this.session.state),
      banner: (text, kind, hold) => this.showBanner(text, kind, hold),
      onEvent: (e) => this.onEventShown(e),
    });
    this.setupInput();

    const bridge: BattleBridge = {
      dispatch: (c) => this.dispatch(c),
      idle: () => this.queue.then(() => undefined),
      squareToGame: (x, y) => this.board.squareToScreen({ x, y }),
      speedChanged: () => this.updateSpeedButton(),
      inspection: () => ({
        unit: this.inspected,
        sees: this.vision.map((p) => ({ ...p })),
        strikes: this.threat.map((p) => ({ ...p })),
      }),
      boardZoom: () => this.board.zoom,
      info: () => this.info.shown,
    };
    app.battle = bridge;
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, () => {
      this.leaving = true;
      this.animator.abort();
      if (app.battle === bridge) app.battle = null;
      sounds.stopMusic();
    });
    sounds.startMusic();
    this.cameras.main.fadeIn(220, 6, 5, 8);
    this.uiCam.fadeIn(220, 6, 5, 8);

    if (this.animateOpening) {
      this.animating = true;
      this.refresh();
      const opening = this.session.lastEvents;
      this.queue = this.runAnimation(opening, this.session.state).then(() => {
        app.notifyBattleShown();
      });
    } else {
      // Resumed: the log shows the recent past; the picture is the saved state.
      const recent = this.session.events.filter((e) => e.text).slice(-40);
      for (const e of recent) this.log.append(e, this.session.state);
      this.refresh();
      const acting = this.session.state.turn?.unitId;
      const actingUnit = acting ? this.session.state.units.find((u) => u.id === acting) : undefined;
      if (actingUnit?.position) this.board.ensureVisible(actingUnit.position, 0);
      if (!this.relayout) this.toast.show('Battle resumed.', 'info', 1400);
      this.time.delayedCall(0, () => app.notifyBattleShown());
    }
  }

  // ------------------------------------------------------------------ HUD

  private addUi<T extends Phaser.GameObjects.GameObject>(obj: T): T {
    this.ui.add(obj);
    return obj;
  }

  private buildHud(state: GameState): void {
    const W = GAME_WIDTH;
    const H = GAME_HEIGHT;
    const frame = this.addUi(this.add.graphics());
    // Top bar.
    frame.fillStyle(0x120e16, 1);
    frame.fillRect(0, 0, W, TOP);
    frame.lineStyle(2, COLORS.panelBorder, 1);
    frame.lineBetween(0, TOP, W, TOP);
    // Board frame.
    const v = this.viewport;
    frame.lineStyle(2, COLORS.panelBorder, 0.9);
    frame.strokeRoundedRect(v.x - 3, v.y - 3, v.width + 6, v.height + 6, 6);

    const name = this.addUi(
      this.add
        .text(16, 16, this.session.scenario.name, titleStyle(18, CSS.gold, { strokeThickness: 0 }))
        .setOrigin(0, 0.5),
    );
    for (let n = name.text.length; name.width > 250 && n > 4; n--)
      name.setText(`${this.session.scenario.name.slice(0, n)}\u2026`);
    this.goalText = this.addUi(
      this.add.text(16, 36, '', textStyle(12, CSS.muted)).setOrigin(0, 0.5),
    );
    this.turnText = this.addUi(
      this.add
        .text(W / 2 - 40, TOP / 2, '', titleStyle(19, CSS.parchment, { strokeThickness: 3 }))
        .setOrigin(0.5),
    );

    this.tooltip = new Tooltip(this);
    // Right-hand buttons, laid out from the right edge.
    const specs: {
      name: string;
      w: number;
      label: string;
      tip: string;
      onClick: () => void;
      icon?: string;
    }[] = [
      {
        name: 'help',
        w: 44,
        label: '?',
        tip: 'Keys and mouse (H)',
        onClick: () => this.toggleHelp(),
      },
      {
        name: 'threats',
        w: 78,
        label: 'Threats',
        tip: 'Red: where the alerted monsters could strike a hero next turn (T)',
        onClick: () => this.toggleThreats(),
      },
      {
        name: 'auto',
        w: 60,
        label: 'Auto',
        tip: 'Auto-battle: the autopilot plays the heroes turn after turn. Click again (or P) to take over.',
        onClick: () => this.toggleAutoBattle(),
      },
      {
        name: 'speed',
        w: 124,
        label: '',
        tip: 'Animation speed of the monsters\u2019 turns (Instant skips animation). Space or Enter skips the current animation.',
        onClick: () => this.cycleSpeed(),
      },
      {
        name: 'sound',
        w: 84,
        label: '',
        tip: 'Sound on or off (volumes are in Settings)',
        onClick: () => this.toggleSound(),
        icon: 'speaker-on',
      },
      {
        name: 'settings',
        w: 90,
        label: 'Settings',
        tip: 'Volumes, animation speed, dice log',
        onClick: () => this.openSettings(),
      },
      {
        name: 'to-menu',
        w: 80,
        label: 'Menu',
        tip: 'Back to the menu. The battle is saved: Continue resumes it.',
        onClick: () => {
          if (!this.leaving) app.goto('Menu');
        },
      },
    ];
    let bx = W - MARGIN - specs.reduce((sum, b) => sum + b.w, 0) - 6 * (specs.length - 1);
    // The round/turn banner sits centred in the room between the title and the buttons.
    this.turnText.setX((270 + bx) / 2);
    this.turnRoom = bx - 270 - 16;
    const made = new Map<string, Button>();
    for (const spec of specs) {
      const b = this.addUi(
        new Button(this, bx + spec.w / 2, TOP / 2, {
          name: spec.name,
          width: spec.w,
          height: 32,
          label: spec.label,
          fontSize: 14,
          tooltip: spec.tip,
          tooltipHost: this.tooltip,
          onClick: spec.onClick,
          icon: spec.icon ? this.icon(spec.icon) : null,
        }),
      );
      made.set(spec.name, b);
      bx += spec.w + 6;
    }
    this.speedButton = made.get('speed')!;
    this.autoButton = made.get('auto')!;
    this.threatsButton = made.get('threats')!;
    this.threatsButton.setSelected(this.showThreats);
    this.soundButton = made.get('sound')!;
    this.updateSpeedButton();
    this.updateSoundButton();

    // Hero cards, left.
    const heroes = state.units.filter((u) => u.side === 'heroes');
    const gap = Math.min(
      8,
      (H - TOP - MARGIN * 2 - heroes.length * CARD_H) / Math.max(1, heroes.length - 1),
    );
    heroes.slice(0, 4).forEach((u, i) => {
      const card = new HeroCard(
        this,
        MARGIN,
        TOP + MARGIN + i * (CARD_H + gap),
        u,
        this.tooltip,
        {
          onInspect: (id) => this.inspect(id),
          onWeapon: (id, weapon) => this.chooseWeapon(id, weapon),
          onHeal: (id) => this.chooseWeapon(id, '#heal'),
        },
        requireRules(state),
      );
      this.addUi(card);
      this.cards.set(u.id, card);
    });

    // Right: dice log and info.
    const rx = W - SIDE;
    const logH = app.settings.showLog ? 400 : 0;
    this.log = this.addUi(new DiceLog(this, rx, TOP + MARGIN, SIDE - MARGIN, Math.max(60, logH)));
    this.log.setVisible(app.settings.showLog);
    const infoY = TOP + MARGIN + (app.settings.showLog ? logH + MARGIN : 0);
    this.info = this.addUi(new InfoPanel(this, rx, infoY, SIDE - MARGIN, H - infoY - MARGIN));

    // Bottom action bar.
    const barY = H - BAR_H / 2 - MARGIN / 2;
    this.hintText = this.addUi(
      this.add
        .text(
          v.x + 4,
          barY,
          '',
          textStyle(14, CSS.muted, { wordWrap: { width: v.width - 366 }, lineSpacing: 2 }),
        )
        .setOrigin(0, 0.5),
    );
    this.undoButton = this.addUi(
      new Button(this, v.x + v.width - 282, barY, {
        name: 'undo',
        width: 136,
        height: 38,
        label: 'Undo (Z)',
        fontSize: 16,
        icon: this.icon('undo'),
        tooltipHost: this.tooltip,
        tooltip: 'Take back this turn\u2019s move (not after an attack, a roll or an alert).',
        onClick: () => this.undo(),
      }),
    );
    this.endButton = this.addUi(
      new Button(this, v.x + v.width - 104, barY, {
        name: 'end-turn',
        width: 204,
        height: 38,
        label: 'End turn (Space)',
        fontSize: 16,
        primary: true,
        icon: this.icon('end-turn'),
        tooltipHost: this.tooltip,
        tooltip: 'End this hero\u2019s turn. After the last hero, the monsters act.',
        onClick: () => this.endTurn(),
      }),
    );

    this.help = this.addUi(this.buildHelp());
    this.banner = this.addUi(new Banner(this, v.x + v.width / 2, v.y + v.height / 2, v.width));
    this.toast = this.addUi(new Toast(this, v.x + v.width / 2, v.y + v.height - 40));
    this.addUi(this.tooltip);
  }

  private buildHelp(): Phaser.GameObjects.Container {
    const v = this.viewport;
    const w = 680;
    const lines: [string, string][] = [
      [
        'Left click',
        'move to a blue square \u00b7 attack a marked foe \u00b7 heal a green friend \u00b7 open a marked door',
      ],
      ['Hover', 'path, line of sight and cover to any square; a foe\u2019s chances'],
      [
        'Click a monster',
        'one not a target: amber, where it would spot a hero; red, where it could strike',
      ],
      ['Right click', 'turn the acting hero to face a square'],
      ['Weapon buttons', 'choose the weapon on the hero card'],
      ['Tab / Shift+Tab', 'inspect the next hero (cards too)'],
      ['1-9, arrows', 'pick a target; the same number or Enter strikes'],
      ['Space', 'end the turn (or skip an animation)'],
      ['Z', 'undo a move not yet followed by an attack or a roll'],
      ['Esc', 'cancel the selection'],
      ['P / Auto button', 'auto-battle: the autopilot plays the heroes until you take over'],
      ['T / Threats', 'red: where the alerted monsters could strike next turn'],
      ['Wheel, + / -', 'zoom \u00b7 drag, WASD or arrows: pan on big maps'],
      ['Touch', 'tap to see, tap again to act \u00b7 drag to pan, pinch to zoom'],
      ['H', 'show or hide this help'],
    ];
    const c = this.add.container(0, 0);
    const g = this.add.graphics();
    c.add(g);
    c.add(
      this.add
        .text(w / 2, 18, 'Keys and mouse', titleStyle(22, CSS.gold, { strokeThickness: 0 }))
        .setOrigin(0.5, 0),
    );
    let y = 62;
    for (const [k, d] of lines) {
      c.add(this.add.text(24, y, k, textStyle(15, CSS.gold, { fontStyle: 'bold' })));
      const t = this.add.text(
        190,
        y,
        d,
        textStyle(15, CSS.parchment, { wordWrap: { width: w - 214 } }),
      );
      c.add(t);
      y += Math.max(26, t.height + 8);
    }
    const h = y + 16;
    drawPanel(g, 0, 0, w, h, { alpha: 0.97, border: COLORS.gold });
    c.setPosition(Math.round(v.x + v.width / 2 - w / 2), Math.round(v.y + v.height / 2 - h / 2));
    const zone = this.add.zone(w / 2, h / 2, w, h).setInteractive();
    zone.on('pointerup', () => this.toggleHelp(false));
    c.add(zone);
    c.setVisible(false).setDepth(6000);
    return c;
  }

  private toggleHelp(show?: boolean): void {
    this.help.setVisible(show ?? !this.help.visible);
  }

  private icon(name: string): { texture: string; frame: string } | null {
    return this.textures.exists('icons') && this.textures.get('icons').has(name)
      ? { texture: 'icons', frame: name }
      : null;
  }

  private showBanner(
    text: string,
    kind: 'round' | 'phase' | 'turn' | 'victory' | 'defeat',
    hold: number,
  ): void {
    const color =
      kind === 'victory'
        ? CSS.green
        : kind === 'defeat'
          ? CSS.red
          : kind === 'phase'
            ? CSS.parchment
            : CSS.gold;
    const size = kind === 'round' || kind === 'victory' || kind === 'defeat' ? 42 : 30;
    this.banner.play(text, color, size, hold);
  }

  private updateSpeedButton(): void {
    this.speedButton?.setLabel(`Speed: ${SPEED_LABEL[app.settings.speed]}`);
    if (this.animator) this.animator.factor = speedFactor(app.settings.speed);
    this.log?.setVisible(app.settings.showLog);
  }

  private cycleSpeed(): void {
    const i = ANIMATION_SPEEDS.indexOf(app.settings.speed);
    app.setSpeed(ANIMATION_SPEEDS[(i + 1) % ANIMATION_SPEEDS.length]);
    this.updateSpeedButton();
  }

  private updateSoundButton(): void {
    const on = app.settings.master > 0;
    this.soundButton.setLabel(on ? 'Sound' : 'Muted');
    this.soundButton.setIconFrame(on ? 'speaker-on' : 'speaker-off');
    this.soundButton.setSelected(!on);
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
    this.scene.launch('Settings', { overlay: true, returnTo: 'Battle' });
    this.scene.bringToTop('Settings');
    this.scene.pause();
    this.events.once(Phaser.Scenes.Events.RESUME, () => {
      if (app.settings.showLog !== showLog && !this.animating) {
        // The side panel changes shape: rebuild the scene from the (unchanged) state.
        this.scene.restart({ animateOpening: false, relayout: true });
        return;
      }
      this.updateSpeedButton();
      this.updateSoundButton();
    });
  }

  // ------------------------------------------------------------------ commands

  /** Applies a command through the session and animates its events. */
  dispatch(command: Command): Promise<DispatchOutcome> {
    const run = async (): Promise<DispatchOutcome> => {
      if (!this.sys.isActive() && !this.sys.isPaused())
        return { ok: false, error: 'The battle is not on screen.' };
      const result = this.session.apply(command);
      if (!result.ok) {
        this.toast.show(result.error);
        return { ok: false, error: result.error };
      }
      if (!storeSession(this.session))
        this.toast.show('The battle could not be saved in this browser.', 'info');
      await this.runAnimation(result.events, result.state);
      return { ok: true };
    };
    const p = this.queue.then(run, run);
    this.queue = p.catch(() => undefined);
    return p;
  }

  private async runAnimation(events: GameEvent[], state: GameState): Promise<void> {
    this.animating = true;
    this.armedTap = null;
    this.selectedTarget = -1;
    this.board.clearOverlays();
    this.clearBadges();
    this.refreshControls();
    this.animator.factor = speedFactor(app.settings.speed);
    await this.animator.play(events, state);
    // At instant speed nothing above waits for a frame: yield to the browser once so that
    // a script dispatching in a loop still lets the page draw and take input.
    if (this.animator.factor <= 0) await new Promise<void>((resolve) => setTimeout(resolve, 0));
    if (this.leaving) return;
    this.syncUnits(state);
    this.animating = false;
    if (state.phase === 'over') {
      this.leaving = true;
      app.finishBattle(state);
      const delay = this.animator.factor > 0 ? 900 : 0;
      await new Promise<void>((resolve) =>
        delay > 0 ? this.time.delayedCall(delay, resolve) : resolve(),
      );
      app.goto('Results');
      return;
    }
    this.refresh();
  }

  /** Sets the round/turn banner, shrinking it to fit between the title and the buttons. */
  private setTurnText(text: string): void {
    this.turnText.setScale(1).setText(text);
    if (this.turnText.width > this.turnRoom)
      this.turnText.setScale(this.turnRoom / this.turnText.width);
  }

  private toggleThreats(): void {
    this.showThreats = !this.showThreats;
    this.threatsButton.setSelected(this.showThreats);
    this.refresh();
  }

  /**
   * The alerted monsters that could strike a hero on `p` next turn (squaresThreatenedBy of
   * each), with each monster's squares remembered for one state: hovering asks often.
   */
  private monstersThreatening(state: GameState, p: Point): Unit[] {
    if (this.threatByMonster?.state !== state) this.threatByMonster = { state, squares: new Map() };
    const known = this.threatByMonster.squares;
    const i = p.y * state.map.width + p.x;
    return state.units.filter((u) => {
      if (!u.position || u.ai?.status !== 'alerted') return false;
      let squares = known.get(u.id);
      if (!squares) {
        squares = new Set(squaresThreatenedBy(state, u).map((q) => q.y * state.map.width + q.x));
        known.set(u.id, squares);
      }
      return squares.has(i);
    });
  }

  /** squaresThreatenedByAlerted, remembered for one state. */
  private sideThreatOf(state: GameState): Point[] {
    if (this.sideThreatCache?.state !== state)
      this.sideThreatCache = { state, squares: squaresThreatenedByAlerted(state) };
    return this.sideThreatCache.squares;
  }

  private toggleAutoBattle(): void {
    this.autoBattle = !this.autoBattle;
    this.autoButton.setSelected(this.autoBattle);
    if (this.autoBattle) void this.runAutoBattle();
  }

  /** Plays the autopilot's commands one at a time, animated, while auto-battle is on. */
  private async runAutoBattle(): Promise<void> {
    while (this.autoBattle && !this.leaving && this.session.state.phase === 'heroes') {
      const command = chooseHeroCommand(this.session.state);
      if (!command) break;
      const outcome = await this.dispatch(command);
      if (!outcome.ok) break;
    }
    if (this.autoBattle && !this.leaving) {
      this.autoBattle = false;
      this.autoButton.setSelected(false);
    }
  }

  private endTurn(): void {
    const id = this.actingId();
    if (!id || this.animating) return;
    void this.dispatch({ type: 'end-turn', unit: id });
  }

  private undo(): void {
    const id = this.actingId();
    if (!id || this.animating) return;
    void this.dispatch({ type: 'undo-move', unit: id });
  }

  // ------------------------------------------------------------------ derived view state

  private actingId(): string | null {
    const s = this.session.state;
    return s.phase === 'heroes' && s.turn ? s.turn.unitId : null;
  }

  private unit(id: string | null | undefined): Unit | undefined {
    return id ? this.session.state.units.find((u) => u.id === id) : undefined;
  }

  private unitAtSquare(p: Point): Unit | undefined {
    return this.session.state.units.find(
      (u) => u.position && u.position.x === p.x && u.position.y === p.y,
    );
  }

  /** Recomputes what the player may do now and redraws overlays and HUD. */
  private refresh(): void {
    const state = this.session.state;
    const acting = this.actingId();
    this.legal = this.animating ? [] : legalCommands(state);
    if (acting !== this.lastActing) {
      this.lastActing = acting;
      this.inspected = acting;
    }
    if (!this.inspected || !this.unit(this.inspected)?.position) this.inspected = acting;

    // Reachable squares of the inspected hero (the acting one's come from the legal moves).
    this.reach = new Map();
    const inspectedUnit = this.unit(this.inspected);
    if (!this.animating && inspectedUnit?.position) {
      if (inspectedUnit.id === acting) {
        const routes = reachableSquares(state, inspectedUnit);
        for (const c of this.legal) {
          if (c.type === 'move') {
            const r = routes.get(pointKey(c.to));
            if (r) this.reach.set(pointKey(c.to), { path: r.path });
          }
        }
      } else if (inspectedUnit.side === 'heroes' && state.phase === 'heroes') {
        for (const [k, r] of reachableSquares(state, inspectedUnit))
          this.reach.set(k, { path: r.path });
      }
    }

    // An inspected monster's reach: where it would notice a hero, where it could strike.
    const monsterReach =
      !this.animating && inspectedUnit?.side === 'enemies' && inspectedUnit.position
        ? this.monsterReachOf(state, inspectedUnit)
        : { sees: [], strikes: [] };
    this.vision = monsterReach.sees;
    this.threat = monsterReach.strikes;
    if (this.showThreats && !this.animating && inspectedUnit?.side !== 'enemies')
      this.threat = this.sideThreatOf(state);

    // Targets: foes any weapon may strike now, then friends the Priest may heal.
    const byTarget = new Map<string, Target>();
    for (const c of this.legal) {
      if (c.type === 'attack' || c.type === 'heal') {
        const u = this.unit(c.target);
        if (!u) continue;
        const t = byTarget.get(u.id) ?? { unit: u, kind: c.type, commands: [] };
        t.commands.push(c);
        byTarget.set(u.id, t);
      }
    }
    const actingUnit = this.unit(acting);
    const dist = (u: Unit): number =>
      actingUnit?.position && u.position
        ? Math.max(
            Math.abs(actingUnit.position.x - u.position.x),
            Math.abs(actingUnit.position.y - u.position.y),
          )
        : 0;
    this.targets = [...byTarget.values()].sort(
      (a, b) =>
        (a.kind === b.kind ? 0 : a.kind === 'attack' ? -1 : 1) ||
        dist(a.unit) - dist(b.unit) ||
        a.unit.id.localeCompare(b.unit.id),
    );
    if (this.selectedTarget >= this.targets.length) this.selectedTarget = -1;

    this.drawOverlays();
    this.refreshControls();
    this.refreshCards();
    this.updateHover();
  }

  /**
   * squaresNoticedBy and squaresThreatenedBy, remembered while the state stays the same
   * (hovering and re-inspecting redraw often; the answers change only with a command).
   */
  private monsterReachOf(state: GameState, monster: Unit): { sees: Point[]; strikes: Point[] } {
    if (this.reachCache?.state !== state || this.reachCache.unit !== monster.id) {
      this.reachCache = {
        state,
        unit: monster.id,
        sees: squaresNoticedBy(state, monster),
        strikes: squaresThreatenedBy(state, monster),
      };
    }
    return this.reachCache;
  }

  private drawOverlays(): void {
    const acting = this.actingId();
    this.board.showMonsterReach(this.vision, this.threat);
    const reachSquares = [...this.reach.keys()].map((k) => {
      const [x, y] = k.split(',').map(Number);
      return { x, y };
    });
    this.board.showReach(reachSquares, this.inspected !== acting);
    const doorMarks = this.legal.flatMap((c) =>
      c.type === 'open-door' ? [{ at: c.at, color: COLORS.door }] : [],
    );
    this.board.showMarks([
      ...this.targets.map((t, i) => ({
        at: t.unit.position!,
        color:
          t.kind === 'heal' ? COLORS.heal : i === this.selectedTarget ? COLORS.gold : COLORS.target,
      })),
      ...doorMarks,
    ]);
    this.clearBadges();
    this.targets.forEach((t, i) => {
      const v = this.units.get(t.unit.id);
      if (!v) return;
      const chance = this.bestChance(t);
      const n = i < 9 ? `${i + 1}` : '';
      v.setBadge(
        `${n}${n ? ' \u00b7 ' : ''}${percent(chance)}`,
        t.kind === 'heal' ? COLORS.heal : i === this.selectedTarget ? COLORS.gold : COLORS.target,
      );
    });
  }

  private clearBadges(): void {
    for (const v of this.units.values()) v.setBadge(null);
  }

  /** The chance of the command a click on `t` gives, from the rule module's preview. */
  private bestChance(t: Target): number {
    const cmd = this.commandFor(t);
    return cmd ? (previewAction(this.session.state, cmd)?.chance ?? 0) : 0;
  }

  /** The command a click on a target gives: the chosen weapon if it can, else the best that can. */
  private commandFor(t: Target): Command | null {
    if (t.kind === 'heal') return t.commands[0] ?? null;
    const acting = this.unit(this.actingId());
    if (!acting) return null;
    const chosen = this.selectedWeapon.get(acting.id);
    const byWeapon = new Map(
      t.commands.map((c) => [(c as Extract<Command, { type: 'attack' }>).weapon, c]),
    );
    if (chosen && byWeapon.has(chosen)) return byWeapon.get(chosen)!;
    for (const w of requireRules(this.session.state).rankWeapons(acting))
      if (byWeapon.has(w.id)) return byWeapon.get(w.id)!;
    return t.commands[0] ?? null;
  }

  private refreshControls(): void {
    const acting = this.actingId();
    const can = (type: string): boolean =>
      !this.animating && this.legal.some((c) => c.type === type);
    this.undoButton.setEnabled(can('undo-move'));
    this.endButton.setEnabled(can('end-turn'));
    // Nothing left but turning or ending: the End turn button lights up.
    const onlyEnd =
      !this.animating &&
      this.legal.length > 0 &&
      this.legal.every((c) => c.type === 'face' || c.type === 'end-turn');
    this.endButton.setSelected(onlyEnd);
    const state = this.session.state;
    const actingUnit = this.unit(acting);
    let title: string;
    if (state.phase === 'over') title = state.outcome?.winner === 'heroes' ? 'Victory' : 'Defeat';
    else if (this.animating && state.phase !== 'heroes')
      title = `Round ${state.round} \u00b7 the monsters act`;
    else if (actingUnit) title = `Round ${state.round} \u00b7 ${actingUnit.name}\u2019s turn`;
    else title = `Round ${Math.max(1, state.round)}`;
    // While animating, the events themselves update the title (onEventShown).
    if (!this.animating && this.turnText.text !== title) this.setTurnText(title);
    this.hintText.setText(this.hint());
    const goal = requireRules(state).describeObjective(state);
    if (this.goalText.text !== goal) this.goalText.setText(goal);
    this.board.showObjective(state);
  }

  private hint(): string {
    if (this.animating) return 'Space or Enter: skip the animation.';
    const state = this.session.state;
    const acting = this.unit(this.actingId());
    if (!acting || !state.turn) return '';
    const shown = this.inspected !== acting.id ? this.unit(this.inspected) : undefined;
    if (shown) {
      const what =
        shown.side === 'enemies'
          ? 'amber: where it would spot a hero; red: where it could strike next turn'
          : 'dim blue shows where it could move';
      const back = this.usingTouch
        ? `Tap ${acting.name} to go back.`
        : `Esc: back to ${acting.name}.`;
      return `${shown.name}: ${what}. ${back}`;
    }
    const parts: string[] = [];
    const verb = this.usingTouch ? 'tap (twice)' : 'click';
    if (!state.turn.moved && !state.turn.acted && this.legal.some((c) => c.type === 'move'))
      parts.push(`${verb} a blue square to move`);
    if (this.targets.some((t) => t.kind === 'attack'))
      parts.push(this.usingTouch ? 'a marked foe to attack' : 'a marked foe to attack (1-9)');
    if (this.targets.some((t) => t.kind === 'heal')) parts.push('a green friend to heal');
    if (parts.length === 0)
      return `${acting.name} is done: end the turn (${this.usingTouch ? 'the button' : 'Space'}).`;
    return `${acting.name}: ${parts.join(', ')}.`;
  }

  private refreshCards(): void {
    const state = this.session.state;
    const acting = this.actingId();
    const attackWeapons = new Set(
      this.legal
        .filter((c) => c.type === 'attack')
        .map((c) => (c as Extract<Command, { type: 'attack' }>).weapon),
    );
    const canHeal = this.legal.some((c) => c.type === 'heal');
    const order = heroesInOrder(state).map((u) => u.id);
    for (const [id, card] of this.cards) {
      const u = this.unit(id)!;
      const isActing = id === acting;
      const usable: Record<string, boolean> = {};
      for (const w of u.weapons) usable[w.id] = isActing && attackWeapons.has(w.id);
      if (u.heal) usable['#heal'] = isActing && canHeal;
      let status: string;
      if (!u.position) status = 'Fallen';
      else if (isActing) {
        const t = state.turn!;
        status = t.acted
          ? 'Acted \u2014 end the turn'
          : t.moved
            ? 'Moved \u2014 may still act'
            : 'Acting: move, then act';
      } else if (state.phase === 'heroes' && acting && order.indexOf(id) > order.indexOf(acting))
        status = 'Waiting';
      else status = state.phase === 'heroes' ? 'Done this round' : 'Ready';
      let chosen = this.selectedWeapon.get(id) ?? null;
      if (isActing && (!chosen || !usable[chosen])) {
        const best = requireRules(state)
          .rankWeapons(u)
          .find((w) => usable[w.id]);
        chosen = chosen && usable[chosen] ? chosen : (best?.id ?? chosen);
      }
      card.refreshCard(u, {
        acting: isActing,
        inspected: id === this.inspected && !isActing,
        selectedWeapon: chosen,
        usable,
        status,
      });
    }
  }

  private syncUnits(state: GameState): void {
    this.board.showDoors(state.doors);
    const acting = state.phase === 'heroes' ? state.turn?.unitId : undefined;
    for (const u of state.units) {
      const v = this.units.get(u.id);
      if (!v) continue;
      this.tweens.killTweensOf(v);
      if (!u.position) {
        v.setVisible(false);
        v.setHighlight(false);
        continue;
      }
      const c = this.board.squareCenter(u.position);
      this.tweens.killTweensOf(v.sprite);
      v.resetPose();
      v.setVisible(true).setPosition(c.x, c.y);
      v.setFacing(u.facing);
      v.setWounds(u.wounds, u.maxWounds);
      if (u.ai) v.setStatus(u.ai.status);
      v.setCarrying(Boolean(u.carrying));
      v.setHighlight(u.id === acting);
      v.setDepth(u.position.y);
    }
    this.board.unitLayer.sort('depth');
  }

  private onEventShown(e: GameEvent): void {
    if (e.type === 'turn-started') {
      for (const [id, v] of this.units) v.setHighlight(id === e.unit);
      const u = this.unit(e.unit);
      if (u)
        this.setTurnText(
          `Round ${Math.max(1, this.session.state.round)} \u00b7 ${u.name}\u2019s turn`,
        );
    } else if (e.type === 'phase-started' && e.side === 'enemies') {
      for (const v of this.units.values()) v.setHighlight(false);
      this.setTurnText(`Round ${e.round} \u00b7 the monsters act`);
    } else if (e.type === 'round-started') {
      this.setTurnText(`Round ${e.round}`);
    } else if (e.type === 'objective' && e.unit) {
      this.units.get(e.unit)?.setCarrying(e.what === 'picked-up');
    } else if (e.type === 'wounded') {
      this.cards.get(e.unit)?.showWounds(e.wounds, e.maxWounds, false);
    } else if (e.type === 'defeated') {
      const card = this.cards.get(e.unit);
      const u = this.session.state.units.find((x) => x.id === e.unit);
      if (card && u) card.showWounds(u.maxWounds, u.maxWounds, true);
    } else if (e.type === 'healed' && e.success) {
      const v = this.units.get(e.target);
      if (v) {
        const wounds = Math.max(0, v.wounds - 1);
        v.setWounds(wounds, v.maxWounds);
        this.cards.get(e.target)?.showWounds(wounds, v.maxWounds, false);
      }
    }
  }

  // ------------------------------------------------------------------ selection

  private inspect(id: string): void {
    const u = this.unit(id);
    if (!u?.position) return;
    this.inspected = id;
    this.board.ensureVisible(u.position);
    this.refresh();
  }

  private cycleInspect(step: number): void {
    const heroes = heroesInOrder(this.session.state);
    if (heroes.length === 0) return;
    const i = heroes.findIndex((h) => h.id === this.inspected);
    const next = heroes[(i + step + heroes.length) % heroes.length];
    this.inspect(next.id);
  }

  private chooseWeapon(heroId: string, weaponId: string): void {
    if (heroId !== this.actingId()) {
      this.inspect(heroId);
      return;
    }
    this.selectedWeapon.set(heroId, weaponId);
    if (weaponId === '#heal' && !this.targets.some((t) => t.kind === 'heal')) {
      this.toast.show('No wounded friend stands next to the Priest.');
    }
    this.refresh();
  }

  private selectTarget(index: number): void {
    if (index < 0 || index >= this.targets.length) return;
    if (this.selectedTarget === index) {
      this.confirmTarget();
      return;
    }
    this.selectedTarget = index;
    const t = this.targets[index];
    if (t.unit.position) {
      this.board.ensureVisible(t.unit.position);
      this.hover = t.unit.position;
    }
    this.drawOverlays();
    this.updateHover();
  }

  private confirmTarget(): void {
    const t = this.targets[this.selectedTarget];
    if (!t) return;
    const cmd = this.commandFor(t);
    if (cmd) void this.dispatch(cmd);
  }

  private cancel(): void {
    if (this.selectedTarget >= 0) {
      this.selectedTarget = -1;
      this.drawOverlays();
      this.updateHover();
      return;
    }
    const acting = this.actingId();
    if (acting) {
      this.selectedWeapon.delete(acting);
      this.inspected = acting;
    }
    this.hover = null;
    this.refresh();
  }

  // ------------------------------------------------------------------ hover and info

  private updateHover(): void {
    const p = this.hover;
    const state = this.session.state;
    if (this.animating) {
      this.board.showHover(null);
      this.board.showPath(null, []);
      this.board.showLineOfSight(null, null, null, '');
      this.info.show(
        'The monsters act',
        'Watch the dice log: every roll says which rule it served.\n\nSpace or Enter skips the animation.',
      );
      return;
    }
    const acting = this.unit(this.actingId());
    const viewer = this.unit(this.inspected) ?? acting;
    if (!p) {
      this.board.showHover(null);
      this.board.showPath(null, []);
      this.board.showLineOfSight(null, null, null, '');
      const sel = this.targets[this.selectedTarget];
      if (sel) this.showUnitInfo(sel.unit, acting);
      else if (viewer) this.showUnitInfo(viewer, acting);
      else this.info.show(this.session.scenario.name, describeVictory(state.options));
      return;
    }
    const occupant = this.unitAtSquare(p);
    const route = this.reach.get(pointKey(p));
    this.board.showHover(
      p,
      occupant ? (occupant.side === 'enemies' ? COLORS.target : COLORS.hero) : COLORS.parchment,
    );
    this.board.showPath(
      route && viewer?.position ? viewer.position : null,
      route ? route.path : [],
    );

    // Line of sight from the inspected hero (from where the hover path would end, if moving).
    if (viewer?.position && !(p.x === viewer.position.x && p.y === viewer.position.y)) {
      // The same lines the rules use: walls, and the viewer's foes other than the target.
      const blocksLine = (x: number, y: number): boolean => {
        if (doesSquareBlockSight(state.map, x, y)) return true;
        const u = state.units.find((o) => o.position && o.position.x === x && o.position.y === y);
        return u !== undefined && u.side !== viewer.side && u.id !== occupant?.id;
      };
      const cover: CoverLevel =
        occupant && occupant.side !== viewer.side
          ? coverFor(state, viewer, occupant)
          : computeCover(viewer.position, p, blocksLine);
      const far =
        Math.max(Math.abs(p.x - viewer.position.x), Math.abs(p.y - viewer.position.y)) > 1;
      const corners = far ? coverLines(viewer.position, p, blocksLine) : [];
      let label = coverWords(cover);
      const target = occupant ? this.targets.find((t) => t.unit.id === occupant.id) : undefined;
      if (target && target.kind === 'attack')
        label = `${percent(this.bestChance(target))} \u00b7 ${label}`;
      this.board.showLineOfSight(
        viewer.position,
        p,
        cover,
        route && !occupant ? '' : label,
        corners,
      );
    } else {
      this.board.showLineOfSight(null, null, null, '');
    }

    if (occupant) {
      this.showUnitInfo(occupant, acting);
    } else {
      const t = terrainAt(state.map, p.x, p.y);
      const lines = [
        `Terrain: ${t}${t === 'difficult' || t === 'water' ? ' (costs 2 to enter)' : t === 'dangerous' ? ' (d6 on entering: 1-3 wounds)' : ''}.`,
      ];
      if (route)
        lines.push(
          `${viewer?.name ?? 'The hero'} can move here (${route.path.length} square${route.path.length === 1 ? '' : 's'}).`,
        );
      const door = state.doors.find((d) => d.x === p.x && d.y === p.y);
      if (door) {
        lines[0] = door.open
          ? 'An open door.'
          : 'A closed door: it stops movement and sight. A hero beside it (not at a corner) clicks it to open it instead of moving, and may still attack.';
      }
      const lair = state.map.objects.find((o) => o.kind === 'lair' && o.x === p.x && o.y === p.y);
      if (lair) lines.push(`A lair of the Arch Foe (d6 roll ${lair.properties.roll}).`);
      if (isTerrainPassable(t)) {
        const threats = this.monstersThreatening(state, p);
        lines.push(
          threats.length === 0
            ? 'No alerted monster could strike here next turn.'
            : `Next turn ${threats.length === 1 ? 'this alerted monster' : `${threats.length} alerted monsters`} could strike here: ${threats.map((u) => u.name).join(', ')}.`,
        );
      }
      this.info.show(`Square ${p.x}, ${p.y}`, lines.join('\n'));
    }
  }

  private showUnitInfo(u: Unit, acting: Unit | undefined): void {
    const rules = requireRules(this.session.state);
    const def = rules.kinds.find((k) => k.kind === u.kind);
    const lines: string[] = [];
    const status = u.ai ? ` \u00b7 ${u.ai.status}${u.ai.archFoe ? ' \u00b7 Arch Foe' : ''}` : '';
    const sight =
      u.id === this.inspected && this.vision.length > 0
        ? u.ai?.status === 'patrolling'
          ? ' Sees the amber squares, ahead and beside it; could strike the red ones next turn once alerted.'
          : ' Sees the amber squares; could strike the red ones next turn.'
        : '';
    lines.push(
      `Wounds left ${u.maxWounds - u.wounds} of ${u.maxWounds}${status}. Faces ${FACING_NAMES[u.facing]}.${sight}`,
    );
    if (u.side === 'enemies' && acting) {
      const previews = previewAttacks(this.session.state, acting.id, u.id);
      const turn = this.session.state.turn;
      for (const pr of previews) {
        if (pr.allowed && !turn?.acted)
          lines.push(
            `\u2694 ${pr.weaponName}: ${percent(pr.chance)} to wound, ${coverWords(pr.cover)}.`,
          );
        else
          lines.push(
            `\u2715 ${pr.weaponName}: ${turn?.acted ? `${acting.name} has already acted.` : (pr.reason ?? 'not now.')}`,
          );
      }
    } else if (u.heal) {
      lines.push(`Heals left: ${u.heal.usesLeft} of ${u.heal.usesMax}.`);
    }
    if (u.side === 'enemies' || !acting)
      for (const w of u.weapons) lines.push(rules.describeWeapon(w));
    else if (def) lines.push(def.blurb);
    this.info.show(u.name, lines.join('\n'));
  }

  // ------------------------------------------------------------------ input

  private setupInput(): void {
    const input = this.input;
    input.mouse?.disableContextMenu();
    input.on('pointermove', (p: Phaser.Input.Pointer) => this.onPointerMove(p));
    input.on('pointerdown', (p: Phaser.Input.Pointer, over: Phaser.GameObjects.GameObject[]) =>
      this.onPointerDown(p, over),
    );
    input.on('pointerup', (p: Phaser.Input.Pointer) => this.onPointerUp(p));
    input.on('wheel', (p: Phaser.Input.Pointer, _over: unknown, _dx: number, dy: number) => {
      if (!this.inViewport(p.x, p.y)) return;
      this.board.zoomAt(dy > 0 ? 1 / 1.15 : 1.15, p.x, p.y);
    });
    const kb = input.keyboard;
    if (!kb) return;
    kb.addCapture('TAB,SPACE,UP,DOWN,LEFT,RIGHT');
    // Held keys (panning) from Phaser; presses from the DOM, exactly once each.
    this.panKeys = kb.addKeys('W,A,S,D,UP,DOWN,LEFT,RIGHT', false) as Record<
      string,
      Phaser.Input.Keyboard.Key
    >;
    onKeyDown(this, (e) => this.onKey(e));
  }

  private inViewport(x: number, y: number): boolean {
    const v = this.viewport;
    return x >= v.x && y >= v.y && x < v.x + v.width && y < v.y + v.height;
  }

  /** Touch pointers now down (the mouse is pointer 0). */
  private touchesDown(): Phaser.Input.Pointer[] {
    return this.input.manager.pointers.filter((q) => q.id !== 0 && q.isDown);
  }

  private onPointerMove(p: Phaser.Input.Pointer): void {
    const touches = this.touchesDown();
    if (touches.length >= 2) {
      // Pinch: zoom about the point between the two fingers; no tap comes of it.
      const [a, b] = touches;
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const mx = (a.x + b.x) / 2;
      const my = (a.y + b.y) / 2;
      if (this.pinch && this.pinch.distance > 0 && distance > 0 && this.inViewport(mx, my))
        this.board.zoomAt(distance / this.pinch.distance, mx, my);
      this.pinch = { distance };
      if (this.drag) this.drag.moved = true;
      return;
    }
    if (this.drag && p.isDown && p.id === this.drag.pointer) {
      const dx = p.x - this.drag.x;
      const dy = p.y - this.drag.y;
      if (this.drag.moved || Math.hypot(dx, dy) > 6) {
        this.drag.moved = true;
        this.board.panBy(-dx, -dy);
        this.drag.x = p.x;
        this.drag.y = p.y;
      }
      return;
    }
    const sq = this.board.squareAtScreen(p.x, p.y);
    if ((sq?.x ?? -1) === (this.hover?.x ?? -1) && (sq?.y ?? -1) === (this.hover?.y ?? -1)) return;
    this.hover = sq;
    this.updateHover();
  }

  private onPointerDown(p: Phaser.Input.Pointer, over: Phaser.GameObjects.GameObject[]): void {
    sounds.unlock();
    if (p.wasTouch !== this.usingTouch) {
      this.usingTouch = p.wasTouch;
      this.refreshControls();
    }
    // A press on a HUD object (help panel, buttons) is not a board click.
    if (!this.inViewport(p.x, p.y) || over.length > 0) {
      this.drag = null;
      return;
    }
    // A second finger turns the gesture into a pinch: the first finger's press is no tap.
    if (this.drag && this.touchesDown().length >= 2) {
      this.drag.moved = true;
      return;
    }
    this.drag = { x: p.x, y: p.y, moved: false, button: p.button, pointer: p.id };
  }

  private onPointerUp(p: Phaser.Input.Pointer): void {
    if (this.pinch) {
      if (this.touchesDown().length < 2) this.pinch = null;
      this.drag = null;
      return;
    }
    const drag = this.drag;
    if (drag && p.id !== drag.pointer) return;
    this.drag = null;
    if (!drag || drag.moved) return;
    const sq = this.board.squareAtScreen(p.x, p.y);
    if (!sq) return;
    if (drag.button === 2 || p.rightButtonReleased()) this.faceToward(sq);
    else if (p.wasTouch) this.tapSquare(sq);
    else this.clickSquare(sq);
  }

  /**
   * A tap: with no hover on a touch screen, the first tap on a square that would act (a
   * move, a target, a door) shows what hovering shows (path, line of sight, chances), and a
   * second tap on it acts. Other taps (inspecting a figure) act at once.
   */
  private tapSquare(sq: Point): void {
    const acting = this.unit(this.actingId());
    const occupant = this.unitAtSquare(sq);
    const isTarget = occupant !== undefined && this.targets.some((t) => t.unit.id === occupant.id);
    const isMove = !occupant && this.reach.has(pointKey(sq)) && this.inspected === acting?.id;
    const isDoor = this.session.state.doors.some((d) => !d.open && d.x === sq.x && d.y === sq.y);
    const armed = this.armedTap !== null && isSamePoint(this.armedTap, sq);
    if (!acting || this.animating || armed || !(isTarget || isMove || isDoor)) {
      this.armedTap = null;
      this.clickSquare(sq);
      return;
    }
    this.armedTap = sq;
    this.hover = sq;
    if (isTarget) this.selectTarget(this.targets.findIndex((t) => t.unit.id === occupant?.id));
    else this.updateHover();
  }

  private faceToward(sq: Point): void {
    const acting = this.unit(this.actingId());
    if (!acting?.position || this.animating) return;
    const facing = facingToward(acting.position, sq, acting.facing);
    if (facing === acting.facing) return;
    void this.dispatch({ type: 'face', unit: acting.id, facing });
  }

  private clickSquare(sq: Point): void {
    if (this.animating) return;
    const acting = this.unit(this.actingId());
    const occupant = this.unitAtSquare(sq);
    if (!acting) {
      if (occupant) this.showUnitInfo(occupant, undefined);
      return;
    }
    if (occupant) {
      const i = this.targets.findIndex((t) => t.unit.id === occupant.id);
      const t = this.targets[i];
      if (t) {
        const chosen = this.selectedWeapon.get(acting.id);
        // A hero who is also a heal target: heal only when the heal is chosen or nothing else fits.
        if (t.kind === 'attack' || chosen === '#heal' || occupant.side === 'heroes') {
          const cmd = this.commandFor(t);
          if (cmd) void this.dispatch(cmd);
          return;
        }
      }
      if (occupant.side === 'enemies') {
        // Not a target: let the engine say why not, in its own words, and show the
        // monster's card and what it can see.
        const weapon = this.selectedWeapon.get(acting.id);
        const w =
          acting.weapons.find((x) => x.id === weapon) ??
          requireRules(this.session.state).rankWeapons(acting)[0];
        if (w)
          void this.dispatch({
            type: 'attack',
            unit: acting.id,
            target: occupant.id,
            weapon: w.id,
          });
        this.inspect(occupant.id);
        return;
      }
      if (occupant.id !== acting.id) {
        if (this.selectedWeapon.get(acting.id) === '#heal') {
          void this.dispatch({ type: 'heal', unit: acting.id, target: occupant.id });
          return;
        }
        this.inspect(occupant.id);
        return;
      }
      // Clicking the acting hero: back to its own view.
      this.inspect(acting.id);
      return;
    }
    if (this.inspected !== acting.id) {
      this.inspected = acting.id;
      this.refresh();
    }
    const door = this.session.state.doors.find((d) => !d.open && d.x === sq.x && d.y === sq.y);
    if (door) {
      // A closed door: open it (the engine says why not when the hero is not beside it).
      void this.dispatch({ type: 'open-door', unit: acting.id, at: sq });
      return;
    }
    void this.dispatch({ type: 'move', unit: acting.id, to: sq });
  }

  private onKey(e: KeyboardEvent): void {
    sounds.unlock();
    if (!this.sys.isActive()) return;
    const key = e.key;
    if (key === 'Tab' || key === ' ' || key.startsWith('Arrow')) e.preventDefault();
    if (e.repeat && key !== '+' && key !== '-' && key !== '=' && !key.startsWith('Arrow')) return;
    if (this.animating) {
      if (key === ' ' || key === 'Enter' || key === 'Escape') this.animator.skip();
      if ((key === 'p' || key === 'P') && this.autoBattle) this.toggleAutoBattle();
      return;
    }
    if (key === 'h' || key === 'H' || key === '?') {
      this.toggleHelp();
      return;
    }
    if (key === 'Escape' && this.help.visible) {
      this.toggleHelp(false);
      return;
    }
    if (key === 'Tab') {
      e.preventDefault();
      this.cycleInspect(e.shiftKey ? -1 : 1);
    } else if (/^[1-9]$/.test(key)) {
      this.selectTarget(Number(key) - 1);
    } else if (key === 'Enter') {
      this.confirmTarget();
    } else if (key === ' ') {
      e.preventDefault();
      this.endTurn();
    } else if (key === 'z' || key === 'Z') {
      this.undo();
    } else if (key === 'p' || key === 'P') {
      this.toggleAutoBattle();
    } else if (key === 't' || key === 'T') {
      this.toggleThreats();
    } else if (key === 'Escape') {
      this.cancel();
    } else if (key === '+' || key === '=') {
      this.board.zoomAt(
        1.15,
        this.viewport.x + this.viewport.width / 2,
        this.viewport.y + this.viewport.height / 2,
      );
    } else if (key === '-' || key === '_') {
      this.board.zoomAt(
        1 / 1.15,
        this.viewport.x + this.viewport.width / 2,
        this.viewport.y + this.viewport.height / 2,
      );
    } else if (key.startsWith('Arrow') && this.targets.length > 0) {
      const step = key === 'ArrowLeft' || key === 'ArrowUp' ? -1 : 1;
      const n = this.targets.length;
      const next =
        this.selectedTarget < 0 ? (step > 0 ? 0 : n - 1) : (this.selectedTarget + step + n) % n;
      this.selectedTarget = next;
      const t = this.targets[next];
      if (t.unit.position) this.hover = t.unit.position;
      this.drawOverlays();
      this.updateHover();
    }
  }

  override update(_time: number, delta: number): void {
    const k = this.panKeys;
    if (!k || this.board.fitsWhole) return;
    const picking = this.targets.length > 0;
    const speed = 0.6 * delta;
    let dx = 0;
    let dy = 0;
    if (k.A.isDown || (!picking && k.LEFT.isDown)) dx -= speed;
    if (k.D.isDown || (!picking && k.RIGHT.isDown)) dx += speed;
    if (k.W.isDown || (!picking && k.UP.isDown)) dy -= speed;
    if (k.S.isDown || (!picking && k.DOWN.isDown)) dy += speed;
    if (dx !== 0 || dy !== 0) this.board.panBy(dx, dy);
  }
}
