/**
 * The glue between the scenes, the save slot, the settings and the automation API: one
 * object that knows the current battle session and which scene shows it. Scenes read and
 * call it; it never changes game state except through the session (the engine).
 */
import type Phaser from 'phaser';
import type {
  Command,
  GameConfig,
  GameEvent,
  GameState,
  ScenarioOptions,
  Side,
  UnitStats,
} from '../engine';
import type { LoadedMap } from '../maps/types';
import {
  markOf,
  nextTileMark,
  withTileMark,
  type TileMark,
  type TileMarks,
} from '../maps/tile-marks';
import { contentId } from './hash';
import { mapLoadNote } from './map-note';
import type { MapImageFile, PreparedImages } from './map-images';
import {
  findStoredMapByName,
  listStoredMaps,
  loadStoredMap,
  removeStoredMap,
  storeMap,
  storeMapMarks,
  type StoreResult,
  type StoredMapSummary,
} from './map-store';
import type { CustomMapSource } from './maps';
import type {
  CampaignDefinition,
  CampaignEvent,
  CampaignMap,
  CampaignState,
  Difficulty,
} from '../engine/campaign';
import type { FindKeptMap, FindOwnMap } from './campaign-play';
import type * as PlayKit from './play-kit';
import {
  parseSaveFile,
  saveFileText,
  SlotStore,
  slotName,
  type CampaignSlotId,
  type SlotId,
  type SlotResult,
} from './save-slots';
import type { BattleConfig, BattleSession } from './session';
import { readItem, STORAGE_KEYS } from './storage';
import { loadSettings, saveSettings, type AnimationSpeed, type Settings } from './settings';
import { noteTutorialOffered, TUTORIAL_BATTLE, type TutorialProgress } from './tutorial-flag';

export interface DispatchOutcome {
  ok: boolean;
  error?: string;
}

/** How the board draws a map's own art (view/map-art-view.ts MapArtStats, for the API). */
export interface BoardArt {
  artLayers: number;
  fallbackSquares: number;
  animatedTiles: number;
  scale: number;
}

/** What the Battle scene offers to the app (and so to the automation API). */
export interface BattleBridge {
  dispatch(command: Command): Promise<DispatchOutcome>;
  /** Resolves when the battle's current animation is over. */
  idle(): Promise<void>;
  /** Centre of a board square in game pixels, or null when off screen / no board. */
  squareToGame(x: number, y: number): { x: number; y: number } | null;
  /** Shows a new animation speed at once. */
  speedChanged(): void;
  /** The unit whose card is shown, and the squares it can see when it is a monster. */
  inspection(): {
    unit: string | null;
    sees: { x: number; y: number }[];
    strikes: { x: number; y: number }[];
  };
  /** The board camera's zoom. */
  boardZoom(): number;
  /** How the board draws the map's own art, or null when it draws the built-in tiles. */
  boardArt(): BoardArt | null;
  /** The info panel's title and text. */
  info(): { title: string; body: string };
  /** What the battle screen shows now, for tests (rectangles in game pixels). */
  look(): BattleLook;
}

/** A rectangle in game pixels (or page pixels, once the automation API converts it). */
export interface LookRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the battle screen shows now: the automation API's picture of it for tests. */
export interface BattleLook {
  animating: boolean;
  hint: string;
  info: { title: string; body: string };
  /** The turn banner at the top. */
  title: string;
  cards: { unit: string; status: string; acting: boolean; wounds: string }[];
  /**
   * The side panels: folded away or not, and whether the hero cards and the dice log are
   * on view now (folded or on a phone: while their panel is open).
   */
  panels?: { folded: boolean; cards: boolean; log: boolean };
  /** Target badges as drawn. */
  badges: { unit: string; text: string; rect: LookRect }[];
  /** Words drawn on the board (intent labels, the line-of-sight label) as laid out. */
  labels?: { kind: string; text: string; rect: LookRect }[];
  /** The move preview's "... would see you" under the square shown, as laid out (null: none). */
  spotters?: { text: string; rect: LookRect } | null;
  /** The board's window and where the whole board is drawn now. */
  viewport: LookRect;
  board: LookRect;
  zoom: number;
  /** The dice log's lines, oldest first, with each line's rule tag ('' when none). */
  log: { text: string; tag: string }[];
  /** The intent overlay as drawn: each monster's marks, the heroes' odds badges, the round's odds. */
  intent?: {
    marks: readonly {
      unitId: string;
      kind: string;
      ghosts: readonly { at: { x: number; y: number }; chance: number; text: string }[];
      strike: { targetId: string; chance: number; woundChance: number; text: string } | null;
      note: string | null;
      lines: readonly string[];
      /** How its figures stand to the acting order, in words (null: it acts first). */
      order: string | null;
      /** Exact, as if it acted first (runs still to come), or estimated from the runs. */
      source: 'exact' | 'as-if-first' | 'estimated';
    }[];
    odds: { unit: string; text: string; tip: string }[];
    roundOdds: string | null;
    /** Whether the overlay of the state shown still has work left (not yet whole). */
    pending?: boolean;
    /**
     * The work ahead (intent-ahead.ts): for a foreseen command (the click the pointer rests
     * on, the end of the turn, or one pondered) or the state a playing command leads to, and
     * whether the newest of it is all done.
     */
    ahead?: {
      for: 'foreseen' | 'playing';
      what?: 'click' | 'end-turn' | 'ponder';
      done: boolean;
    } | null;
    /**
     * The commands foreseen from the state shown whose overlay is all worked out (their
     * commandKey), and how many were pondered.
     */
    foreseen?: { ready: string[]; pondered: number };
  };
  /** Fog of war: the monsters it hides now (none without fog). */
  hiddenByFog?: string[];
  /** The tutorial's bubble as shown: its step and words, the square it marks, its frame. */
  tutorial?: {
    step: string;
    title: string;
    text: string;
    square: { x: number; y: number } | null;
    frame: LookRect | null;
  } | null;
}

export interface UnitResult {
  id: string;
  name: string;
  kind: string;
  side: Side;
  alive: boolean;
  wounds: number;
  maxWounds: number;
  stats: UnitStats;
}

export interface BattleResult {
  /** The side that won; null for a draw. */
  winner: Side | null;
  reason: string;
  rounds: number;
  seed: number;
  scenarioName: string;
  units: UnitResult[];
  config: BattleConfig;
  /** The battle's engine config, commands and events (its statistics and its replay). */
  game: GameConfig;
  commands: Command[];
  events: GameEvent[];
  /** The battle's last state, and its map. */
  final: GameState;
  map: LoadedMap;
  /** Set when the battle was a campaign's mission. */
  campaign: { slot: CampaignSlotId; mission: string } | null;
}

/** The campaign being played: its slot, its definition and its state. */
export interface CampaignPlay {
  slot: CampaignSlotId;
  def: CampaignDefinition;
  state: CampaignState;
}

export interface SetupChoice {
  scenario: string;
  options: ScenarioOptions | null;
  seedMode: 'random' | 'typed';
  seedText: string;
}

/** What a click on the map's picture did: the kind of tile marked, its new mark, its squares. */
export type MarkTileOutcome =
  { ok: true; tile: number; mark: TileMark; squares: number } | { ok: false; error: string };

export type LoadMapOutcome =
  { ok: true; name: string; summary: string; warnings: string[] } | { ok: false; error: string };

/** The rules, campaign, replay and map loader (play-kit.ts), once loaded. */
let kit: typeof PlayKit | null = null;
let kitLoading: Promise<typeof PlayKit> | null = null;

/**
 * The play kit, for the app's synchronous steps: every screen past the Menu, and the
 * automation API once `ready`, run after it has loaded (app.loadScene and markReady wait
 * for it), so only a caller that skips those meets the error.
 */
export function playKit(): typeof PlayKit {
  if (!kit) throw new Error('The rules are still loading: wait for archfoe.ready.');
  return kit;
}

class App {
  game: Phaser.Game | null = null;
  settings: Settings = loadSettings();
  session: BattleSession | null = null;
  battle: BattleBridge | null = null;
  customMap: CustomMapSource | null = null;
  customMapName = '';
  /** The problems with the player's map's images (kept for its note when a mark redraws it). */
  private customMapProblems: string[] = [];
  /** A message the Menu shows once (a corrupt save that was set aside...). */
  menuMessage: string | null = null;
  /** The last load-your-own-map error or warnings, for the Setup screen. */
  mapMessage: { kind: 'error' | 'info'; text: string } | null = null;
  /** Map files being read and kept now (a drop or the file chooser); 0 when none. */
  filesLoading = 0;
  /** The player's kept maps ("my maps"), newest first; null until they have been listed. */
  myMaps: StoredMapSummary[] | null = null;
  /** Why maps cannot be kept in this browser, when they cannot (one plain sentence). */
  myMapsProblem: string | null = null;
  /**
   * The Setup screen's note on the player's map as drawn (set by the scene): its box, its
   * wrapped lines, the first shown and how many, and the text drawn. For the automation API.
   */
  setupNote: {
    box: { x: number; y: number; width: number; height: number };
    lines: string[];
    first: number;
    shown: number;
    text: Phaser.GameObjects.Text;
    /** A rectangle of the scene's world as game pixels on the screen (through its camera). */
    toScreen: (r: { x: number; y: number; width: number; height: number }) => {
      x: number;
      y: number;
      width: number;
      height: number;
    };
  } | null = null;
  /** What the Setup screen's map picture shows (set by the scene), for the automation API. */
  setupPreview: {
    ownArt: boolean;
    width: number;
    height: number;
    key: string;
    /** The picture's top left corner and one square's size, in game pixels on the screen. */
    picture?: { x: number; y: number; size: number };
  } | null = null;
  lastResult: BattleResult | null = null;
  /** The first-battle tutorial, while its battle is the one on screen (null otherwise). */
  tutorial: TutorialProgress | null = null;
  /** The save slots (opened by the Boot scene before the Menu shows). */
  readonly slots = new SlotStore();
  /** The campaign being played, or null (a quick battle, or none). */
  campaign: CampaignPlay | null = null;
  /** What happened after the last campaign battle, for the Aftermath screen. */
  aftermath: CampaignEvent[] | null = null;
  /** The aftermath's lines shown so far on the Aftermath screen (for tests). */
  aftermathShown: string[] = [];
  /** The Campaign slots screen's message (an import's outcome...), shown once. */
  campaignsMessage: { kind: 'error' | 'info'; text: string } | null = null;
  /** The battle the Replay screen steps through, and where it goes back to. */
  replay: {
    config: GameConfig;
    commands: Command[];
    map: LoadedMap;
    title: string;
    back: 'Results' | 'Campaign';
  } | null = null;
  /** The step the Replay screen shows (for tests). */
  replayAt = 0;
  /** The seed the next new campaign takes (set by tests through the automation API). */
  nextCampaignSeed: number | null = null;
  /** The last save problem (a refused write...), for tests and the screens. */
  saveProblem: string | null = null;
  setup: SetupChoice = {
    // The first scenario of the default rule module (the Setup screen lists it first),
    // set when the rules load (loadPlayKit).
    scenario: '',
    options: null,
    seedMode: 'random',
    seedText: '',
  };
  private readyResolve: (() => void) | null = null;
  readonly ready: Promise<void>;
  isReady = false;
  /** Called by the Battle scene once its first animation is over. */
  private battleShown: (() => void) | null = null;
  /** Who follows the settings (the sound bank's volumes), told of every change. */
  private settingsWatchers: ((settings: Settings) => void)[] = [];

  constructor() {
    this.ready = new Promise((resolve) => {
      this.readyResolve = resolve;
    });
  }

  /** Calls `watcher` with the settings now and after every change (the volumes...). */
  watchSettings(watcher: (settings: Settings) => void): void {
    this.settingsWatchers.push(watcher);
    watcher(this.settings);
  }

  /**
   * The Menu is shown: the rules and the rest load behind it, and the app is ready (for the
   * automation API's synchronous calls) once they are there.
   */
  markReady(): void {
    if (this.isReady || this.readyPending) return;
    this.readyPending = true;
    void this.loadPlayKit().then(() => {
      this.isReady = true;
      this.readyResolve?.();
    });
  }
  private readyPending = false;

  /** Loads the play kit (the rules, the campaign, the map loader) once; later calls share it. */
  loadPlayKit(): Promise<typeof PlayKit> {
    kitLoading ??= import('./play-kit').then((loaded) => {
      kit = loaded;
      // The Setup screen's first choice: the first scenario of the default rule module.
      if (this.setup.scenario === '')
        this.setup = { ...this.setup, scenario: loaded.allScenarios()[0]?.id ?? '' };
      for (const then of this.kitWatchers.splice(0)) then();
      return loaded;
    });
    // A failed fetch (offline before the app was kept) may be tried again.
    kitLoading.catch(() => (kitLoading = null));
    return kitLoading;
  }

  /** Whether the play kit (and so the built-in rule modules) is loaded. */
  get rulesLoaded(): boolean {
    return kit !== null;
  }

  /**
   * Calls `then` once the play kit has loaded: at once when it is there already, without
   * starting the load (the Menu's figures and the sound bank's figure sounds wait for it).
   */
  whenRulesLoaded(then: () => void): void {
    if (kit) then();
    else this.kitWatchers.push(then);
  }
  private readonly kitWatchers: (() => void)[] = [];

  updateSettings(patch: Partial<Settings>): void {
    this.settings = { ...this.settings, ...patch };
    saveSettings(this.settings);
    for (const watcher of this.settingsWatchers) watcher(this.settings);
    this.battle?.speedChanged();
  }

  setSpeed(speed: AnimationSpeed): void {
    this.updateSettings({ speed });
  }

  /** The key of the scene on top (the one the player sees and uses). */
  activeSceneKey(): string {
    const game = this.game;
    if (!game) return 'None';
    // Scenes are kept bottom to top: the last running one is on top.
    let top: Phaser.Scene | null = null;
    for (const s of game.scene.scenes as Phaser.Scene[]) if (s.sys.isActive()) top = s;
    return top ? top.sys.settings.key : 'None';
  }

  /**
   * The screen changed size: every running scene builds itself again for it (the battle
   * from its unchanged state; one paused under an overlay when it resumes).
   */
  relayout(): void {
    const game = this.game;
    if (!game) return;
    for (const s of game.scene.getScenes(false) as Phaser.Scene[]) {
      if (s.sys.isActive()) s.scene.restart({ ...(s.sys.settings.data as object), relayout: true });
      else if (s.sys.isPaused())
        s.sys.settings.data = { ...(s.sys.settings.data as object), relayoutOnResume: true };
    }
  }

  /**
   * Scenes whose code is loaded when first shown (main.ts registers them): each loader
   * fetches its chunk and adds the scene to the game.
   */
  private readonly sceneLoaders = new Map<string, () => Promise<void>>();
  private readonly scenesLoading = new Map<string, Promise<void>>();

  /** Names a scene that is added to the game by `load` the first time it is shown. */
  registerLazyScene(key: string, load: () => Promise<void>): void {
    this.sceneLoaders.set(key, load);
  }

  /** Loads a scene's code now when it is not in the game yet (a no-op once it is). */
  loadScene(key: string): Promise<void> {
    if (this.game?.scene.getScene(key)) return Promise.resolve();
    const load = this.sceneLoaders.get(key);
    if (!load) return Promise.resolve();
    let loading = this.scenesLoading.get(key);
    if (!loading) {
      loading = Promise.all([this.loadPlayKit(), load()]).then(() => undefined);
      this.scenesLoading.set(key, loading);
      // A failed fetch (offline before the app was cached) may be tried again.
      loading.catch(() => this.scenesLoading.delete(key));
    }
    return loading;
  }

  /**
   * Switches to a scene, stopping whatever runs now. A scene whose code is not loaded yet
   * is loaded first; the current scene runs on until it is there.
   */
  goto(key: string, data?: object): void {
    const game = this.game;
    if (!game) return;
    if (!game.scene.getScene(key) && this.sceneLoaders.has(key)) {
      this.loadScene(key).then(
        () => this.goto(key, data),
        (e: unknown) => {
          // Offline before the app was kept: say so on the Menu rather than hang.
          this.menuMessage = `That screen could not be loaded (${String(e)}). Check the connection and try again.`;
          if (key !== 'Menu') this.goto('Menu');
        },
      );
      return;
    }
    for (const s of game.scene.getScenes(true)) {
      if (s.sys.settings.key !== key) game.scene.stop(s.sys.settings.key);
    }
    if (game.scene.isActive(key)) game.scene.stop(key);
    game.scene.start(key, data);
  }

  /** Starts a new battle and shows it. Resolves when the Battle scene has shown its opening. */
  async startBattle(config: BattleConfig, tutorial = false): Promise<DispatchOutcome> {
    await this.loadPlayKit();
    const created = playKit().BattleSession.create(config);
    if (!created.ok) return { ok: false, error: created.error };
    this.session = created.session;
    this.campaign = null;
    this.tutorial = tutorial ? { step: 0, finished: false, skipped: false } : null;
    void this.autosave();
    return this.showBattle(true);
  }

  /** Starts the guided first battle (and notes that the tutorial has been offered). */
  async startTutorial(): Promise<DispatchOutcome> {
    await this.loadPlayKit();
    noteTutorialOffered();
    const config: BattleConfig = {
      scenario: TUTORIAL_BATTLE.scenario,
      seed: TUTORIAL_BATTLE.seed,
      options: playKit().defaultOptions(),
      custom: null,
      seedTyped: true,
      diceVersion: TUTORIAL_BATTLE.diceVersion,
    };
    return this.startBattle(config, true);
  }

  private showBattle(animateOpening: boolean): Promise<DispatchOutcome> {
    // Without a game on the page (the app driven headless, in tests) there is nothing to show.
    if (!this.game) return Promise.resolve({ ok: true });
    const shown = new Promise<DispatchOutcome>((resolve) => {
      this.battleShown = () => resolve({ ok: true });
    });
    this.goto('Battle', { animateOpening });
    return shown;
  }

  notifyBattleShown(): void {
    const f = this.battleShown;
    this.battleShown = null;
    f?.();
  }

  /** What the Menu's Continue does: replays the saved quick battle and shows it. */
  async resume(): Promise<DispatchOutcome> {
    const record = this.slots.get('quick');
    if (!record) return { ok: false, error: 'There is no saved battle.' };
    await this.loadPlayKit();
    const loaded = playKit().loadBattleRecord(record);
    if (!loaded.ok) {
      this.menuMessage = loaded.error;
      if (this.activeSceneKey() === 'Menu') this.goto('Menu');
      return { ok: false, error: loaded.error };
    }
    this.session = loaded.session;
    this.campaign = null;
    this.tutorial = null;
    return this.restoreMapImages(loaded.session.config.custom).then(() => this.showBattle(false));
  }

  // ------------------------------------------------------------------ saves

  /** Opens the save slots and moves an older version's battle save into them. */
  async openSaves(): Promise<void> {
    await this.slots.open();
    // The rules load before the Menu only when a saved battle must be replayed to be checked.
    const toCheck = this.slots.get('quick') !== undefined || readItem(STORAGE_KEYS.save) !== null;
    if (toCheck) await this.loadPlayKit();
    const message = toCheck ? await playKit().migrateLegacySave(this.slots) : null;
    const problems = [message, ...this.slots.problems].filter((m): m is string => !!m);
    // A quick battle that no longer replays is set aside (kept for a bug report), as before.
    const quick = this.slots.get('quick');
    if (quick) {
      const loaded = playKit().loadBattleRecord(quick);
      if (!loaded.ok) {
        playKit().setAsideSave(loaded.error, JSON.stringify(quick));
        await this.slots.remove('quick');
        problems.push(`${loaded.error} It was set aside.`);
      }
    }
    if (problems.length > 0) this.menuMessage = problems.join(' ');
  }

  /**
   * Saves what is being played after a command or a step: the campaign (with its battle's
   * commands so far) in its slot, or the quick battle (a finished one empties its slot).
   */
  autosave(): Promise<SlotResult> {
    const play = this.campaign;
    let written: Promise<SlotResult>;
    if (play) {
      let state = play.state;
      if (state.battle && this.session) {
        const withCommands = playKit().withBattleCommands(state, this.session.commands);
        if (withCommands.ok) state = play.state = withCommands.state;
      }
      written = this.slots.put(playKit().campaignRecord(play.slot, play.def, state));
    } else if (this.session) {
      written = this.session.over
        ? this.slots.remove('quick')
        : this.slots.put(playKit().battleRecord(this.session));
    } else written = Promise.resolve({ ok: true });
    return written.then((r) => {
      this.saveProblem = r.ok ? null : r.error;
      return r;
    });
  }

  /** A slot's save as a file's name and text, or a plain message. */
  exportSlot(
    slot: SlotId,
  ): { ok: true; name: string; text: string } | { ok: false; error: string } {
    const record = this.slots.get(slot);
    if (!record) return { ok: false, error: `Nothing is saved in ${slotName(slot)}.` };
    const ironman = (record.data as { options?: { ironman?: unknown } }).options?.ironman === true;
    if (ironman)
      return { ok: false, error: 'An ironman campaign has one save: it cannot be exported.' };
    const stem = record.title
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase();
    return {
      ok: true,
      name: `arch-foe-${stem || 'save'}-${slot}.json`,
      text: saveFileText(record),
    };
  }

  /**
   * exportSlot, with the images of the maps a campaign copied from My maps before maps
   * carried their images pulled in from My maps where it still keeps the same map
   * (playKit().withKeptArt), so the file draws them on another machine; the slot itself is not
   * changed. `notes`: a sentence for each such map whose images could not be added, naming
   * the missions that play it (no longer under My maps, or a different map of its name there).
   */
  async exportSlotFile(
    slot: SlotId,
    findKeptMap: FindKeptMap = async (id) => {
      const kept = await loadStoredMap(id);
      return kept ? { source: kept.source, images: kept.images } : null;
    },
    findByName: FindOwnMap = (name) => findStoredMapByName(name),
  ): Promise<
    { ok: true; name: string; text: string; notes: string[] } | { ok: false; error: string }
  > {
    await this.loadPlayKit();
    const made = this.exportSlot(slot);
    if (!made.ok) return made;
    const record = this.slots.get(slot);
    if (!record || record.kind !== 'campaign' || record.definition === undefined)
      return { ...made, notes: [] };
    const loaded = playKit().loadCampaignRecord(record);
    if (!loaded.ok) return { ...made, notes: [] };
    const pulled = await playKit().withKeptArt(loaded.def, findKeptMap, findByName);
    const notes = pulled.notes;
    if (pulled.added.length === 0) return { ...made, notes };
    const text = saveFileText({ ...record, definition: structuredClone(pulled.def) });
    return { ...made, text, notes };
  }

  /**
   * Reads a save file into a slot (a campaign into `slot`, or the first empty campaign
   * slot; a battle into the quick battle slot). The whole save is checked, replayed
   * included, before anything is written: a damaged or foreign file changes nothing.
   */
  async importSave(
    text: string,
    slot?: CampaignSlotId,
  ): Promise<{ ok: true; slot: SlotId; message: string } | { ok: false; error: string }> {
    await this.loadPlayKit();
    const probe = parseSaveFile(text);
    const kind = probe.ok ? probe.record.kind : 'campaign';
    const target: SlotId | null =
      kind === 'battle' ? 'quick' : (slot ?? this.slots.freeCampaignSlot());
    if (!target)
      return { ok: false, error: 'Every campaign slot is taken: delete one to make room.' };
    const parsed = parseSaveFile(text, target);
    if (!parsed.ok) return parsed;
    const record = parsed.record;
    if (record.kind === 'campaign') {
      const loaded = playKit().loadCampaignRecord(record);
      if (!loaded.ok) return { ok: false, error: `The file cannot be loaded. ${loaded.error}` };
    } else {
      const loaded = playKit().loadBattleRecord(record);
      if (!loaded.ok) return { ok: false, error: `The file cannot be loaded. ${loaded.error}` };
    }
    const stored = await this.slots.put(record);
    if (!stored.ok) return stored;
    return { ok: true, slot: target, message: `"${record.title}" is now in ${slotName(target)}.` };
  }

  // ------------------------------------------------------------------ campaigns

  /** Starts a campaign in a slot and shows its screen. */
  async newCampaign(
    slot: CampaignSlotId,
    campaignId: string,
    difficulty: Difficulty,
    seed?: number,
  ): Promise<DispatchOutcome> {
    await this.loadPlayKit();
    seed ??= this.nextCampaignSeed ?? playKit().randomSeed();
    this.nextCampaignSeed = null;
    const def = playKit().findCampaign(campaignId);
    if (!def) return { ok: false, error: `There is no campaign "${campaignId}".` };
    this.campaign = {
      slot,
      def,
      state: playKit().newCampaign(def, seed, playKit().campaignOptions(difficulty)),
    };
    this.session = null;
    const saved = await this.autosave();
    this.goto('Campaign');
    return saved.ok ? { ok: true } : { ok: false, error: saved.error };
  }

  /** Loads the campaign in a slot (replaying its save) and shows its screen. */
  openCampaign(slot: CampaignSlotId): DispatchOutcome {
    const record = this.slots.get(slot);
    if (!record) return { ok: false, error: `Nothing is saved in ${slotName(slot)}.` };
    const loaded = playKit().loadCampaignRecord(record);
    if (!loaded.ok) return { ok: false, error: `${slotName(slot)}: ${loaded.error}` };
    this.campaign = { slot, def: loaded.def, state: loaded.state };
    this.session = null;
    this.goto('Campaign');
    return { ok: true };
  }

  /** Changes the campaign through an engine step and saves it. */
  private campaignStep(
    step: (
      state: CampaignState,
    ) => { ok: true; state: CampaignState } | { ok: false; error: string },
  ): DispatchOutcome {
    const play = this.campaign;
    if (!play) return { ok: false, error: 'No campaign is open.' };
    const result = step(play.state);
    if (!result.ok) return result;
    play.state = result.state;
    void this.autosave();
    return { ok: true };
  }

  renameHero(hero: string, name: string): DispatchOutcome {
    return this.campaignStep((s) => playKit().renameHero(s, hero, name));
  }

  /** Puts a question to the oracle between missions (a campaign step, saved). */
  askOracle(
    question: 'next' | 'yes-no' | 'secret',
    about: string,
    lastPlace: boolean,
  ): DispatchOutcome {
    return this.campaignStep((s) => playKit().askCampaignOracle(s, question, about, lastPlace));
  }

  chooseMission(mission: string): DispatchOutcome {
    return this.campaignStep((s) => playKit().chooseMission(s, mission));
  }

  /** Throws away the battle under way's moves: it starts again, same seed (not in ironman). */
  restartMission(): DispatchOutcome {
    if (this.campaign?.state.options.ironman)
      return { ok: false, error: 'Ironman: a battle cannot be fought again.' };
    return this.campaignStep((s) => playKit().withBattleCommands(s, []));
  }

  /** Shows the Replay of the last battle's Results. */
  replayLastResult(): DispatchOutcome {
    const r = this.lastResult;
    if (!r) return { ok: false, error: 'No battle has ended yet.' };
    this.replay = {
      config: r.game,
      commands: r.commands,
      map: r.map,
      title: r.scenarioName,
      back: 'Results',
    };
    this.goto('Replay');
    return { ok: true };
  }

  /** Shows the Replay of the campaign's last battle (from its seed and commands). */
  replayCampaignBattle(index?: number): DispatchOutcome {
    const play = this.campaign;
    const rec = play?.state.history[index ?? (play?.state.history.length ?? 0) - 1];
    if (!play || !rec)
      return { ok: false, error: 'No mission of this campaign has been fought yet.' };
    const found = playKit().resolveMission(play.def, rec.scenario);
    if (!found.ok) return found;
    const mission = play.def.missions.find((m) => m.id === rec.mission);
    this.replay = {
      config: {
        scenarioId: rec.scenario,
        map: found.scenario.map.battleMap,
        seed: rec.seed,
        options: structuredClone(rec.options) as GameConfig['options'],
        ruleModule: rec.ruleModule,
        party: structuredClone(rec.party),
        rulesVersion: rec.rulesVersion,
        // Every battle of a campaign rolls dice of the campaign's own dice version.
        diceVersion: playKit().diceVersionOf(play.state.dice),
      },
      commands: structuredClone(rec.commands),
      map: found.scenario.map,
      title: mission?.name ?? rec.mission,
      back: 'Campaign',
    };
    this.goto('Replay');
    return { ok: true };
  }

  /** Starts (or resumes) the campaign's next battle and shows it. */
  async playMission(): Promise<DispatchOutcome> {
    await this.loadPlayKit();
    const play = this.campaign;
    if (!play) return { ok: false, error: 'No campaign is open.' };
    const started = playKit().startBattle(
      play.state,
      play.def,
      playKit().campaignResolver(play.def),
    );
    if (!started.ok) return started;
    const { config: game, mission } = started.setup;
    const found = playKit().resolveMission(play.def, mission.scenario);
    if (!found.ok) return found;
    // A map the campaign carries is drawn in its own art: the images it carries, or (a
    // campaign copied from My maps before maps carried their images) where this browser keeps them.
    const carried = play.def.maps?.[playKit().ownMapName(mission.scenario) ?? ''];
    if (carried) await this.restoreCarriedArt(carried);
    const battle = started.state.battle!;
    const made = playKit().BattleSession.fromGameConfig(
      {
        scenario: mission.scenario,
        seed: battle.seed,
        options: (game.options ?? {}) as ScenarioOptions,
        custom: null,
        seedTyped: true,
        rulesVersion: battle.rulesVersion,
        diceVersion: game.diceVersion,
      },
      game,
      { ...found.scenario, name: mission.name },
      battle.commands,
    );
    if (!made.ok) return made;
    play.state = started.state;
    this.session = made.session;
    this.tutorial = null;
    await this.autosave();
    if (made.session.over) {
      // The save was made after the last blow and before the rolls: finish it now.
      this.finishBattle(made.session.state);
      this.goto('Aftermath');
      return { ok: true };
    }
    return this.showBattle(battle.commands.length === 0);
  }

  /** Config for a new battle from the Setup choice. */
  configFromSetup(
    scenario: string,
    options: ScenarioOptions,
    seedMode: 'random' | 'typed',
    seedText: string,
  ): BattleConfig {
    const typed = seedMode === 'typed' && /^-?\d+$/.test(seedText.trim());
    return {
      scenario,
      seed: typed ? Number(seedText.trim()) : playKit().randomSeed(),
      options,
      custom: scenario === 'custom' || scenario.endsWith(':custom') ? this.customMap : null,
      seedTyped: typed,
    };
  }

  /**
   * Loads a map of the player's from file texts (and the images prepared with it); errors
   * come back in plain words. Sync: the images, if any, are already decoded.
   */
  loadMapFiles(
    files: { name: string; text: string }[],
    images?: PreparedImages,
    id?: string,
    tileMarks?: TileMarks,
  ): LoadMapOutcome {
    const source = playKit().customMapFromFiles(files, images?.sizes, id);
    if (!('error' in source) && tileMarks && Object.keys(tileMarks).length > 0)
      source.tileMarks = { ...tileMarks };
    if ('error' in source) {
      this.mapMessage = { kind: 'error', text: source.error };
      return { ok: false, error: source.error };
    }
    const loaded = playKit().loadCustomMap(source);
    if (!loaded.ok) {
      const error = `${source.fileName}: ${loaded.error}`;
      this.mapMessage = { kind: 'error', text: error };
      return { ok: false, error };
    }
    this.customMap = source;
    this.customMapName = loaded.map.battleMap.name || source.fileName;
    this.setup = { ...this.setup, scenario: 'custom', options: null };
    const problems = [...(images?.problems ?? [])];
    this.customMapProblems = problems;
    const warnings = [...problems, ...loaded.map.warnings];
    this.mapMessage = {
      kind: 'info',
      text: mapLoadNote(`Loaded ${source.fileName}.`, loaded.map, problems),
    };
    return { ok: true, name: this.customMapName, summary: loaded.map.summary, warnings };
  }

  /** Whether the scenario chosen on the Setup screen plays the player's own map. */
  playsOwnMap(): boolean {
    const s = this.setup.scenario;
    return (
      this.customMap !== null &&
      (s === playKit().CUSTOM_SCENARIO_ID || s.endsWith(`:${playKit().CUSTOM_SCENARIO_ID}`))
    );
  }

  /**
   * A click on square (x, y) of the player's map's picture: the kind of tile drawn on top
   * there becomes a wall (a further click: floor, then cover, then a wall again), every
   * square of it at once. The map is loaded again with the mark (its figures placed anew
   * where the map has none of its own), kept with the map in My maps, and the next battle
   * plays it. A mark the map cannot be played with (one of its own figures would stand in
   * a wall) is refused in plain words and nothing changes.
   */
  async markTileKind(x: number, y: number): Promise<MarkTileOutcome> {
    await this.loadPlayKit();
    const source = this.customMap;
    if (!source || !this.playsOwnMap())
      return { ok: false, error: 'Only a map of your own can be marked.' };
    const before = playKit().loadCustomMap(source);
    if (!before.ok) return before;
    const m = before.map.battleMap;
    if (
      !Number.isInteger(x) ||
      !Number.isInteger(y) ||
      x < 0 ||
      y < 0 ||
      x >= m.width ||
      y >= m.height
    )
      return { ok: false, error: `There is no square ${x}, ${y} on this map.` };
    const tile = before.map.squareTiles[y * m.width + x] ?? 0;
    if (tile === 0) return { ok: false, error: `Nothing is painted on square ${x}, ${y}.` };
    const mark = nextTileMark(markOf(source.tileMarks, tile));
    const marked: CustomMapSource = {
      ...source,
      tileMarks: withTileMark(source.tileMarks, tile, mark),
    };
    const after = playKit().loadCustomMap(marked);
    if (!after.ok) {
      const error = `Tile ${tile} cannot be made ${mark === 'wall' ? 'a wall' : mark}: ${after.error}`;
      return { ok: false, error };
    }
    this.customMap = marked;
    const squares = after.map.squareTiles.filter((t) => t === tile).length;
    const words = mark === 'wall' ? 'a wall' : mark === 'cover' ? 'cover' : 'floor';
    const again = mark === 'wall' ? 'floor' : mark === 'floor' ? 'cover' : 'a wall';
    this.mapMessage = {
      kind: 'info',
      text: mapLoadNote(
        `${source.fileName}: tile ${tile} is now ${words} (${squares} square${squares === 1 ? '' : 's'}); click one again for ${again}.`,
        after.map,
        this.customMapProblems,
      ),
    };
    if (marked.id && this.myMaps?.some((k) => k.id === marked.id)) {
      const kept = await storeMapMarks(marked.id, marked.tileMarks ?? {});
      this.noteStoreResult(kept);
    }
    return { ok: true, tile, mark, squares };
  }

  /**
   * Loads a map of the player's from the files that came (texts and images): checks and
   * decodes the images, loads the map, and keeps it under "my maps" (a plain note is added
   * to the Setup message when it cannot be kept; it still plays).
   */
  async loadMapWithImages(
    texts: { name: string; text: string }[],
    imageFiles: MapImageFile[],
    problems: string[] = [],
  ): Promise<LoadMapOutcome> {
    await this.loadPlayKit();
    const sorted = [...texts].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const images = [...imageFiles].sort((a, b) => (a.path < b.path ? -1 : 1));
    const id = contentId([
      ...sorted.flatMap((f) => [f.name, f.text]),
      ...images.flatMap((f) => [f.path, f.bytes]),
    ]);
    const prepared = await playKit().prepareMapImages(images, id);
    prepared.problems.unshift(...problems);
    // The same files dropped again are the same kept map: the player's marks on it stay.
    const keptBefore = await loadStoredMap(id);
    const outcome = this.loadMapFiles(texts, prepared, id, keptBefore?.source.tileMarks);
    if (!outcome.ok || !this.customMap) return outcome;
    const source = this.customMap;
    const bytes =
      texts.reduce((n, f) => n + f.text.length, 0) +
      Object.values(prepared.bytes).reduce((n, b) => n + b.length, 0);
    const stored = await storeMap({
      summary: {
        id,
        name: this.customMapName,
        fileName: source.fileName,
        savedAt: new Date().toISOString(),
        bytes,
        images: Object.keys(prepared.bytes).length,
      },
      source,
      images: prepared.bytes,
    });
    this.noteStoreResult(stored);
    await this.refreshMyMaps();
    return outcome;
  }

  private noteStoreResult(stored: StoreResult): void {
    if (stored.ok || !this.mapMessage) return;
    this.mapMessage = { ...this.mapMessage, text: `${stored.error} ${this.mapMessage.text}` };
  }

  /** Lists the kept maps again (app.myMaps), or notes why they cannot be kept. */
  async refreshMyMaps(): Promise<void> {
    const listed = await listStoredMaps();
    if (listed.ok) {
      this.myMaps = listed.maps;
      this.myMapsProblem = null;
    } else {
      this.myMaps = [];
      this.myMapsProblem = listed.error;
    }
  }

  /** Makes a kept map the player's map (with its images), as when it was dropped. */
  async openMyMap(id: string): Promise<LoadMapOutcome> {
    await this.loadPlayKit();
    const stored = await loadStoredMap(id);
    if (!stored) {
      const error = 'That map is no longer kept in this browser.';
      this.mapMessage = { kind: 'error', text: error };
      await this.refreshMyMaps();
      return { ok: false, error };
    }
    const prepared = await playKit().prepareMapImages(
      Object.entries(stored.images).map(([path, bytes]) => ({ path, bytes })),
      id,
    );
    const s = stored.source;
    return this.loadMapFiles(
      [
        { name: s.fileName, text: s.text },
        ...Object.entries(s.files).map(([name, text]) => ({ name, text })),
      ],
      prepared,
      id,
      s.tileMarks,
    );
  }

  /** Removes a kept map; when it is the map in use, the Setup screen goes back to the first scenario. */
  async removeMyMap(id: string): Promise<StoreResult> {
    await this.loadPlayKit();
    const removed = await removeStoredMap(id);
    if (removed.ok && this.customMap?.id === id) {
      this.customMap = null;
      this.customMapName = '';
      this.mapMessage = null;
      this.setup = {
        ...this.setup,
        scenario: playKit().allScenarios()[0]?.id ?? '',
        options: null,
      };
    }
    if (!removed.ok) this.mapMessage = { kind: 'error', text: removed.error };
    await this.refreshMyMaps();
    return removed;
  }

  /**
   * Brings back the images of a player's map from "my maps" when they are not decoded (a
   * saved battle resumed after a reload). Without them the board draws the built-in tiles.
   */
  async restoreMapImages(source: CustomMapSource | null): Promise<void> {
    await this.loadPlayKit();
    if (!source?.id || !source.images) return;
    const keys = Object.values(source.images).map((i) => i.key);
    if (playKit().hasMapImages(keys)) return;
    const stored = await loadStoredMap(source.id);
    if (!stored) return;
    await playKit().prepareMapImages(
      Object.entries(stored.images).map(([path, bytes]) => ({ path, bytes })),
      source.id,
    );
  }

  /** Decodes the images a campaign's map carries (when not yet decoded), else restoreMapImages. */
  async restoreCarriedArt(carried: CampaignMap): Promise<void> {
    await this.loadPlayKit();
    const source = playKit().campaignMapSource(carried);
    const files = playKit().carriedMapImages(carried);
    if (files.length === 0 || !source.id) return this.restoreMapImages(source);
    const keys = Object.values(source.images ?? {}).map((i) => i.key);
    if (!playKit().hasMapImages(keys)) await playKit().prepareMapImages(files, source.id);
  }

  /**
   * Records the end of a battle for the Results screen; a campaign's battle is finished in
   * the campaign too (the rolls between missions made and saved; app.aftermath shows them).
   */
  finishBattle(state: GameState): void {
    const session = this.session;
    if (!session || !state.outcome) return;
    const play = this.campaign;
    let campaign: BattleResult['campaign'] = null;
    if (play?.state.battle) {
      const mission = play.state.battle.mission;
      const withCommands = playKit().withBattleCommands(play.state, session.commands);
      const finished = withCommands.ok
        ? playKit().finishBattle(withCommands.state, play.def, playKit().campaignResolver(play.def))
        : withCommands;
      if (finished.ok) {
        play.state = finished.state;
        this.aftermath = finished.state.history[finished.state.history.length - 1]?.log ?? [];
        void this.autosave();
      } else this.saveProblem = finished.error;
      campaign = { slot: play.slot, mission };
    }
    this.lastResult = {
      game: session.game,
      commands: structuredClone(session.commands),
      events: session.events.slice(),
      final: state,
      map: session.scenario.map,
      campaign,
      winner: state.outcome.winner,
      reason: state.outcome.reason,
      rounds: state.round,
      seed: state.dice.seed,
      scenarioName: session.scenario.name,
      units: state.units.map((u) => ({
        id: u.id,
        name: u.name,
        kind: u.kind,
        side: u.side,
        alive: u.position !== null,
        wounds: u.wounds,
        maxWounds: u.maxWounds,
        stats: { ...u.stats },
      })),
      config: session.config,
    };
  }
}

export const app = new App();
