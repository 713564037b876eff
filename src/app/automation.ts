/**
 * `window.archfoe`: the automation API for tests and modders. Works the same on the dev
 * server and the production build. Everything goes through the app and the engine: the
 * API cannot change game state except by dispatching commands like a player.
 */
import Phaser from 'phaser';
import type {
  AttackOdds,
  EnemyIntent,
  Command,
  GameEvent,
  GameState,
  ScenarioOptions,
} from '../engine';
import {
  app,
  playKit,
  type BattleLook,
  type BoardArt,
  type DispatchOutcome,
  type LoadMapOutcome,
  type LookRect,
} from './app';
import {
  appliedComfort,
  controlNames,
  controlRect,
  focusedControl,
  lastToast,
  menuFrame,
  type MenuFrameNote,
  namedTextBox,
  toastCount,
} from './controls';
import type { ScenarioChoice } from './maps';
import { SLOT_IDS } from './save-slots';
import type { CampaignState } from '../engine/campaign';
import { isAnimationSpeed, type AnimationSpeed } from './settings';

export interface StartOptions {
  scenario?: string;
  seed?: number;
  options?: Partial<ScenarioOptions>;
  /** The dice version (src/engine/dice.ts); the current one unless a test pins an older one. */
  diceVersion?: number;
}

export interface PageRect {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Centre, in page (CSS) pixels: where to click. */
  cx: number;
  cy: number;
}

export interface ArchFoeApi {
  version: 1;
  ready: Promise<void>;
  readonly isReady: boolean;
  start(options?: StartOptions): Promise<DispatchOutcome>;
  /** The battle's state; once it is over, `outcome.winner` is the side that won, or null for a draw. */
  state(): GameState | null;
  legalCommands(): Command[];
  dispatch(command: Command): Promise<DispatchOutcome>;
  scene(): string;
  events(): GameEvent[];
  setSpeed(speed: AnimationSpeed): boolean;
  resume(): Promise<DispatchOutcome>;
  loadMap(text: string, extraFiles?: Record<string, string>, fileName?: string): LoadMapOutcome;
  scenarios(): ScenarioChoice[];
  /** Whether map files dropped or chosen are still being read and kept. */
  filesLoading(): boolean;
  /** The autopilot's choice for the acting hero (chooseHeroCommand), or null. */
  suggest(): Command | null;
  /** The campaign open now: its slot, where it stands, its party and history, or null. */
  campaign(): CampaignLook | null;
  /** What each save slot holds (title and line), or null for an empty one. */
  slots(): Record<string, { title: string; detail: string; kind: string } | null>;
  /** The lines the Aftermath screen has shown so far. */
  aftermathShown(): string[];
  /** Resolves when every save written so far is kept by the browser. */
  saved(): Promise<void>;
  /** Resolves when the current animation is over. */
  idle(): Promise<void>;
  /**
   * The engine's intent for a monster now (its patrol table's outcomes, or its likely square
   * and strike), and each hero's chance of being attacked next turn as the cards show it.
   */
  intent(unitId: string): EnemyIntent | null;
  attackOdds(): AttackOdds | null;
  /** Which renderer Phaser is drawing with: 'webgl' or 'canvas'. */
  renderer(): 'webgl' | 'canvas' | 'none';
  /** The first-battle tutorial's progress while its battle is on (null otherwise). */
  tutorial(): { step: number; finished: boolean; skipped: boolean } | null;
  debug: {
    /** A named button on the page: where, whether enabled, and its label's text and width. */
    buttonRect(
      name: string,
    ):
      | (PageRect & { enabled: boolean; label?: string; labelWidth?: number; labelRoom?: number })
      | null;
    buttonNames(): string[];
    /**
     * The menu screen on view now: its layout box and the box coordinates of the screen's
     * edges (null: the screen is not laid out as a menu).
     */
    menuFrame(): MenuFrameNote | null;
    squareToScreen(x: number, y: number): { x: number; y: number } | null;
    gameToPage(x: number, y: number): { x: number; y: number } | null;
    /** The last brief message shown (an illegal click's engine error, a save problem). */
    lastToast(): string;
    /** In a battle: the inspected unit and, for a monster, the squares shown as its sight. */
    inspection(): {
      unit: string | null;
      sees: { x: number; y: number }[];
      strikes: { x: number; y: number }[];
    } | null;
    /** In a battle: the board camera's zoom. */
    boardZoom(): number | null;
    /** In a battle: the info panel's title and text. */
    info(): { title: string; body: string } | null;
    /** In a battle: how the board draws the map's own art, or null when it draws the built-in tiles. */
    boardArt(): BoardArt | null;
    /** The last message about loading the player's own map (what the Setup screen shows), or null. */
    mapMessage(): { kind: 'error' | 'info'; text: string } | null;
    /** The Setup screen's choice now: the scenario id (a random field's seed in it) and options. */
    setup(): { scenario: string; options: ScenarioOptions | null };
    /** On the Setup screen: whether the map's picture shows its own art. */
    setupPreview(): { ownArt: boolean; width: number; height: number; key: string } | null;
    /** Where on the page the centre of square (x, y) of the Setup screen's map picture is. */
    setupPictureSquare(x: number, y: number): { x: number; y: number } | null;
    /**
     * The Setup screen's note on the player's map: its box and its text as drawn (page
     * pixels), all its wrapped lines, the first shown and how many are shown.
     */
    setupNote(): {
      box: LookRect;
      text: LookRect;
      lines: string[];
      first: number;
      shown: number;
      shownText: string;
    } | null;
    /** The player's kept maps ("my maps") as the Setup screen lists them, and why none can be kept. */
    myMaps(): { maps: { id: string; name: string }[] | null; problem: string | null };
    /** In a battle: what the screen shows now (rectangles in page pixels). */
    battle(): BattleLook | null;
    /** How many brief messages have been shown since the page loaded. */
    toastCount(): number;
    /** The button the keyboard focus ring is on (Tab on the menus), or null. */
    focusedButton(): string | null;
    /** The comfort settings as the screens apply them now (palette, text scale, motion). */
    comfort(): {
      colourBlind: boolean;
      readingScale: number;
      reducedMotion: boolean;
      heroColor: number;
    };
    /** The seed the next campaign started from the Campaign screen takes (for repeatable tests). */
    seedNextCampaign(seed: number): void;
    /** The text of a named text on the screen now (the campaign slots' message...), or null. */
    textOf(name: string): string | null;
    /** The words of every text named `name` shown now, top to bottom (the rows in view). */
    textsShown(name: string): string[];
    /** The texture and frame of every image or sprite named `name` in the running scenes. */
    imagesNamed(name: string): { texture: string; frame: string }[];
    /**
     * A named text's (or a named button's label's) rectangle on the page and its letters'
     * height as drawn (font size times its scale, in page pixels), or null; of several
     * texts of that name, the `nth` shown (the first unless given).
     */
    textBox(name: string, nth?: number): (LookRect & { letters: number }) | null;
    /**
     * How many animations of the running scenes are still to end: tweens playing or waiting
     * on their delay (not the endless ones, a flicker or a glow) and camera fades. 0 once a
     * screen's entrance is over, so tests wait on it rather than sleep a fixed time.
     */
    animating(): number;
  };
}

declare global {
  interface Window {
    archfoe: ArchFoeApi;
  }
}

function canvasRect(): DOMRect | null {
  const canvas = app.game?.canvas;
  return canvas ? canvas.getBoundingClientRect() : null;
}

/** A rectangle in game pixels as page pixels. */
function rectToPage(r: LookRect): LookRect {
  const a = gameToPage(r.x, r.y);
  const b = gameToPage(r.x + r.width, r.y + r.height);
  if (!a || !b) return r;
  return { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y };
}

function gameToPage(x: number, y: number): { x: number; y: number } | null {
  const r = canvasRect();
  const size = app.game?.scale.gameSize;
  if (!r || !size) return null;
  return { x: r.left + (x * r.width) / size.width, y: r.top + (y * r.height) / size.height };
}

/** The campaign open now, as the automation API tells it. */
export interface CampaignLook {
  slot: string;
  campaign: string;
  difficulty: string;
  position: CampaignState['position'];
  battle: { mission: string; commands: number } | null;
  party: { id: string; name: string; wounds: number; kills: number; missions: number }[];
  fallen: string[];
  /** Each battle fought: `winner` the side that won it, null for a draw. */
  history: { mission: string; winner: string | null; rolls: number }[];
}

function textBoxOf(name: string, nth = 0): (LookRect & { letters: number }) | null {
  const r = app.game ? namedTextBox(name, app.game.scene.getScenes(true), nth) : null;
  if (!r) return null;
  const page = rectToPage(r);
  return { ...page, letters: (r.letters * page.height) / Math.max(1e-6, r.height) };
}

/**
 * Every game object of the running scenes, depth first, inside containers and layers; with
 * `shownOnly`, not inside a hidden container or layer.
 */
function* gameObjects(shownOnly = false): Generator<Phaser.GameObjects.GameObject> {
  const game = app.game;
  if (!game) return;
  function* walk(
    list: readonly Phaser.GameObjects.GameObject[],
  ): Generator<Phaser.GameObjects.GameObject> {
    for (const o of list) {
      yield o;
      if (
        (o instanceof Phaser.GameObjects.Container || o instanceof Phaser.GameObjects.Layer) &&
        (!shownOnly || o.visible)
      )
        yield* walk(o.list);
    }
  }
  for (const s of game.scene.getScenes(true) as Phaser.Scene[]) yield* walk(s.children.list);
}

/** The words of every shown text named `name`, top to bottom (then left to right). */
function textsShown(name: string): string[] {
  const found: Phaser.GameObjects.Text[] = [];
  for (const o of gameObjects(true))
    if (o instanceof Phaser.GameObjects.Text && o.name === name && o.visible) found.push(o);
  return found.sort((a, b) => a.y - b.y || a.x - b.x).map((t) => t.text);
}

function animating(): number {
  let count = 0;
  for (const scene of (app.game?.scene.getScenes(true) ?? []) as Phaser.Scene[]) {
    for (const t of scene.tweens.getTweens())
      if (
        !('isInfinite' in t && t.isInfinite) &&
        !t.paused &&
        !t.isFinished() &&
        !t.isPendingRemove() &&
        !t.isDestroyed()
      )
        count++;
    for (const camera of scene.cameras.cameras) if (camera.fadeEffect.isRunning) count++;
  }
  return count;
}

function imagesNamed(name: string): { texture: string; frame: string }[] {
  const found: { texture: string; frame: string }[] = [];
  for (const o of gameObjects())
    if (
      (o instanceof Phaser.GameObjects.Image || o instanceof Phaser.GameObjects.Sprite) &&
      o.name === name
    )
      found.push({ texture: o.texture.key, frame: String(o.frame.name) });
  return found;
}

function textOnScreen(name: string): string | null {
  for (const o of gameObjects())
    if (o instanceof Phaser.GameObjects.Text && o.name === name) return o.text;
  return null;
}

export function installAutomation(): ArchFoeApi {
  const api: ArchFoeApi = {
    version: 1,
    ready: app.ready,
    get isReady() {
      return app.isReady;
    },
    async start(options: StartOptions = {}) {
      await app.ready;
      const scenario = options.scenario ?? playKit().allScenarios()[0]?.id ?? '';
      const resolved = playKit().resolveScenario(scenario, app.customMap);
      if (!resolved.ok) return { ok: false, error: resolved.error };
      const seeded = typeof options.seed === 'number' && Number.isFinite(options.seed);
      return app.startBattle({
        scenario,
        seed: seeded ? Math.trunc(options.seed!) : playKit().randomSeed(),
        // Under the scenario's own rule module, or another module's options are dropped.
        options: playKit().normaliseOptions(
          { ...resolved.scenario.defaults, ...(options.options ?? {}) },
          resolved.scenario.ruleModule,
        ),
        custom: scenario === 'custom' ? app.customMap : null,
        seedTyped: seeded,
        diceVersion: options.diceVersion,
      });
    },
    state() {
      return app.session ? structuredClone(app.session.state) : null;
    },
    legalCommands() {
      return app.session ? playKit().legalCommands(app.session.state) : [];
    },
    async dispatch(command: Command) {
      if (!app.session || !app.battle) return { ok: false, error: 'No battle is on screen.' };
      return app.battle.dispatch(command);
    },
    scene() {
      return app.activeSceneKey();
    },
    renderer() {
      const type = app.game?.renderer?.type;
      return type === Phaser.WEBGL ? 'webgl' : type === Phaser.CANVAS ? 'canvas' : 'none';
    },
    tutorial() {
      return app.tutorial ? { ...app.tutorial } : null;
    },
    events() {
      return app.session ? structuredClone(app.session.events) : [];
    },
    setSpeed(speed: AnimationSpeed) {
      if (!isAnimationSpeed(speed)) return false;
      app.setSpeed(speed);
      return true;
    },
    resume() {
      return app.resume();
    },
    loadMap(text: string, extraFiles: Record<string, string> = {}, fileName = 'custom-map.tmj') {
      const files = [
        { name: fileName, text },
        ...Object.entries(extraFiles).map(([name, t]) => ({ name, text: t })),
      ];
      const result = app.loadMapFiles(files);
      if (app.activeSceneKey() === 'Setup') app.goto('Setup');
      return result;
    },
    scenarios() {
      return playKit().listScenarios(app.customMap, app.customMapName);
    },
    filesLoading() {
      return app.filesLoading > 0;
    },
    suggest() {
      return app.session ? playKit().chooseHeroCommand(app.session.state) : null;
    },
    async idle() {
      await app.battle?.idle();
    },
    intent(unitId: string) {
      return app.session ? playKit().enemyIntent(app.session.state, unitId) : null;
    },
    attackOdds() {
      // The same number of samples as the hero cards' badges (intent-overlay.ts).
      return app.session ? playKit().attackOdds(app.session.state, { samples: 100 }) : null;
    },
    campaign() {
      const play = app.campaign;
      if (!play) return null;
      const s = play.state;
      return {
        slot: play.slot,
        campaign: s.campaign,
        difficulty: s.options.difficulty,
        position: structuredClone(s.position),
        battle: s.battle ? { mission: s.battle.mission, commands: s.battle.commands.length } : null,
        party: s.party.map((h) => ({
          id: h.id,
          name: h.name,
          wounds: h.wounds,
          kills: h.kills,
          missions: h.missions,
        })),
        fallen: s.fallen.map((h) => h.name),
        history: s.history.map((h) => ({
          mission: h.mission,
          winner: h.winner,
          rolls: h.log.filter((e) => e.type === 'roll').length,
        })),
      };
    },
    slots() {
      const out: Record<string, { title: string; detail: string; kind: string } | null> = {};
      for (const id of SLOT_IDS) {
        const r = app.slots.get(id);
        out[id] = r ? { title: r.title, detail: r.detail, kind: r.kind } : null;
      }
      return out;
    },
    aftermathShown() {
      return [...app.aftermathShown];
    },
    async saved() {
      await app.slots.flush();
    },
    debug: {
      buttonRect(name: string) {
        const r = controlRect(name);
        if (!r) return null;
        const a = gameToPage(r.x, r.y);
        const b = gameToPage(r.x + r.width, r.y + r.height);
        if (!a || !b) return null;
        return {
          x: a.x,
          y: a.y,
          width: b.x - a.x,
          height: b.y - a.y,
          cx: (a.x + b.x) / 2,
          cy: (a.y + b.y) / 2,
          enabled: r.enabled,
          ...(r.label !== undefined
            ? {
                label: r.label,
                labelWidth: ((r.labelWidth ?? 0) * (b.x - a.x)) / Math.max(1e-9, r.width),
                labelRoom: ((r.labelRoom ?? 0) * (b.x - a.x)) / Math.max(1e-9, r.width),
              }
            : {}),
        };
      },
      buttonNames: controlNames,
      menuFrame: () => menuFrame(app.activeSceneKey()),
      squareToScreen(x: number, y: number) {
        const g = app.battle?.squareToGame(x, y);
        return g ? gameToPage(g.x, g.y) : null;
      },
      gameToPage,
      lastToast,
      inspection: () => app.battle?.inspection() ?? null,
      boardZoom: () => app.battle?.boardZoom() ?? null,
      info: () => app.battle?.info() ?? null,
      boardArt: () => app.battle?.boardArt() ?? null,
      mapMessage: () => (app.mapMessage ? { ...app.mapMessage } : null),
      setup: () => ({
        scenario: app.setup.scenario,
        options: app.setup.options ? { ...app.setup.options } : null,
      }),
      setupPreview: () =>
        app.activeSceneKey() === 'Setup' && app.setupPreview ? { ...app.setupPreview } : null,
      setupPictureSquare(x: number, y: number) {
        const p = app.activeSceneKey() === 'Setup' ? app.setupPreview?.picture : undefined;
        return p ? gameToPage(p.x + (x + 0.5) * p.size, p.y + (y + 0.5) * p.size) : null;
      },
      setupNote() {
        const n = app.activeSceneKey() === 'Setup' ? app.setupNote : null;
        if (!n || !n.text.active) return null;
        const b = n.text.getBounds();
        return {
          box: rectToPage(n.toScreen(n.box)),
          text: rectToPage(n.toScreen({ x: b.x, y: b.y, width: b.width, height: b.height })),
          lines: [...n.lines],
          first: n.first,
          shown: n.shown,
          // As drawn: its lines as wrapped (none, or whole lines set one by one).
          shownText: n.text.visible ? n.text.getWrappedText(n.text.text).join('\n') : '',
        };
      },
      myMaps: () => ({
        maps: app.myMaps ? app.myMaps.map((m) => ({ id: m.id, name: m.name })) : null,
        problem: app.myMapsProblem,
      }),
      battle() {
        const look = app.battle?.look();
        if (!look) return null;
        return {
          ...look,
          badges: look.badges.map((b) => ({ ...b, rect: rectToPage(b.rect) })),
          labels: look.labels?.map((b) => ({ ...b, rect: rectToPage(b.rect) })),
          spotters: look.spotters && { ...look.spotters, rect: rectToPage(look.spotters.rect) },
          viewport: rectToPage(look.viewport),
          board: rectToPage(look.board),
          tutorial: look.tutorial && {
            ...look.tutorial,
            frame: look.tutorial.frame && rectToPage(look.tutorial.frame),
          },
        };
      },
      toastCount,
      focusedButton: focusedControl,
      comfort: appliedComfort,
      textOf: textOnScreen,
      textsShown,
      animating,
      imagesNamed,
      textBox: textBoxOf,
      seedNextCampaign(seed: number) {
        app.nextCampaignSeed = Math.trunc(seed);
      },
    },
  };
  window.archfoe = api;
  return api;
}
