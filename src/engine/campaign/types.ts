/**
 * A campaign as plain, serialisable data: its definition (the missions, read from a JSON
 * file), its options (the difficulty), its state (the persistent party, where the story
 * stands, the history of every mission fought and the rolls between them) and its save
 * (the seed, the options and the player's inputs: each battle's seed and commands, each
 * choice and rename), from which the state is rebuilt exactly. docs/campaigns.md.
 */
import type { DiceState } from '../dice';
import type { PartyMember } from '../rulesets/module';
import type { Command, OptionValue, RuleRef, Side } from '../types';

// ------------------------------------------------------------------ the definition

/** A hero the campaign starts with: a name and the figure it is in each rule set. */
export interface HeroDefinition {
  name: string;
  /** Rule module id -> that module's kind for this hero ("skirmish": "archer"). */
  kinds: Readonly<Record<string, string>>;
}

/** One way a choice between missions may go. */
export interface MissionChoice {
  mission: string;
  /** The button's words ("Through the crypt"). */
  label: string;
}

/**
 * What follows a won mission: the next one, a choice between two, or the end.
 * - 'rest': a month or more passes before the next mission, so the wound points that heal
 *   are gone (rencounter: "healed ... more than a month of campaign time after");
 * - 'march': the next battle follows within the same adventure, and the Recovery action
 *   (solitaire rules IV) decides what the heroes carry into it.
 */
export type MissionPace = 'rest' | 'march';

export interface MissionDefinition {
  id: string;
  name: string;
  /** A few lines of story, told before the battle. */
  story: readonly string[];
  /**
   * A scenario id: a module's scenario, `map:<bundled id>`, `field:skirmish:large:<seed>`,
   * `field:sheet:<seed>`, or `own:<name>`: a Tiled map the campaign carries in its `maps`.
   */
  scenario: string;
  /** The rule module to play a map under, when not the one the map names. */
  rules?: string;
  /** The scenario's options for this mission (victory, muster, `allies`...). */
  options?: Readonly<Record<string, OptionValue>>;
  /**
   * The options it had in earlier revisions of the campaign (CampaignDefinition.revision):
   * a campaign begun under one of them fights this mission's battle as it was then, so
   * its save replays as it was played.
   */
  earlierOptions?: readonly EarlierMissionOptions[];
  /** What follows: 'rest' unless the next battle comes at once ('march'). */
  pace?: MissionPace;
  /** 1 or 2 taken off every wound-recovery roll after it (a hazardous aftermath). */
  hazard?: number;
  /** The next mission after a victory... */
  next?: string;
  /** ...or a choice between two... */
  choice?: readonly MissionChoice[];
  /** ...or the end: winning it wins the campaign. */
  final?: boolean;
  /**
   * Where the story goes after a defeat, and after a draw (not won, though no defeat is
   * counted); absent: the mission is fought again.
   */
  onDefeat?: string;
}

/** A mission's options up to (and including) a revision of its campaign. */
export interface EarlierMissionOptions {
  upToRevision: number;
  options: Readonly<Record<string, OptionValue>>;
}

/** An image that came with a map copied from My maps: its size and the key it is decoded under. */
export interface CampaignMapImage {
  width: number;
  height: number;
  key: string;
}

/**
 * A Tiled map a campaign carries (written in the file, or copied from the player's My maps
 * when the file was loaded), so the campaign and its saves play wherever they go.
 */
export interface CampaignMap {
  /** The map's file name; its ending says Tiled XML (.tmx) or JSON (.tmj, .json). */
  file: string;
  /** The map file's text. */
  map: string;
  /** The files the map names (external tilesets, templates), by the path it names them by. */
  files: Readonly<Record<string, string>>;
  /** Copied from My maps: that map's id there (its images are kept under it in the browser). */
  id?: string;
  /** Copied from My maps: the images that came with it (drawn where the browser still has them). */
  images?: Readonly<Record<string, CampaignMapImage>>;
  /**
   * The map's images themselves, so they travel with the campaign: each image file's bytes
   * in base64, by the path the map (or its tileset) names it by. Checked when the campaign is
   * loaded (src/maps/campaign-maps.ts); absent in files written before it (drawn then where
   * the browser keeps the images, else in the built-in tiles).
   */
  art?: Readonly<Record<string, string>>;
  /**
   * Copied from My maps: the player's marks on the map's tiles (a tile id, as text, made
   * wall, floor or cover on the Setup screen), so the map plays the same in the campaign.
   */
  tileMarks?: Readonly<Record<string, 'wall' | 'floor' | 'cover'>>;
}

export interface CampaignDefinition {
  /** The version of the definition format (1; 2 when it plays maps of its own). */
  version: number;
  /**
   * The campaign's own revision (absent: 1), raised when a mission's battle is changed;
   * the mission keeps its old options in `earlierOptions` for campaigns begun before.
   */
  revision?: number;
  id: string;
  name: string;
  story: readonly string[];
  party: readonly HeroDefinition[];
  /** Names for the recruits who join when a hero dies, in order. */
  recruits: readonly string[];
  start: string;
  missions: readonly MissionDefinition[];
  /** The closing lines for a won and a lost campaign. */
  ending: { victory: readonly string[]; defeat: readonly string[] };
  /** The Tiled maps it carries, by the name its missions give them (`own:<name>`). */
  maps?: Readonly<Record<string, CampaignMap>>;
}

// ------------------------------------------------------------------ options

export type Difficulty = 'story' | 'normal' | 'hard' | 'ironman';

/** The campaign's options: its difficulty's settings, any of which may be changed. */
export interface CampaignOptions {
  difficulty: Difficulty;
  /** The enemies other than the Arch Foe, in percent of each mission's count. */
  enemyPercent: number;
  /** Wounds added to (or taken from) every Arch Foe. */
  archFoeWounds: number;
  /** Prompt, good care: one reroll of a wound-recovery 1 or 2 (rencounter), where nothing is hazardous. */
  goodCare: boolean;
  /** Taken off every wound-recovery roll (0-2): a hard road for the wounded. */
  hazard: number;
  /** A hero who falls is grievously wounded instead of killed (high-adventure). */
  grievousWounds: boolean;
  /** Lost missions the campaign survives; one more and it is lost. */
  defeatsAllowed: number;
  /** One save, autosaved, no reloading (the app enforces it). */
  ironman: boolean;
}

// ------------------------------------------------------------------ the party

export type HeroStatus = 'alive' | 'grievously-wounded' | 'dead';

export interface CampaignHero {
  id: string;
  name: string;
  kinds: Readonly<Record<string, string>>;
  /** Skill levels by rule module, then skill id. */
  skills: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** Wound points still healing, carried into the next battle. */
  wounds: number;
  permanentWounds: number;
  kills: number;
  /** Missions fought. */
  missions: number;
  status: HeroStatus;
  /** The mission after which it joined; null for the heroes the campaign starts with. */
  joined: string | null;
  /** The mission it died after; null while it lives. */
  died: string | null;
}

// ------------------------------------------------------------------ the log

/**
 * The events between missions, by type; every event also has `text`, a plain-words line,
 * and the rolls name the rule book and section they serve (as the battles' do).
 */
export interface CampaignEventTypes {
  /** `winner` null: a draw. */
  'mission-ended': { mission: string; winner: Side | null; reason: string; survivors: number };
  roll: {
    hero: string;
    die: number;
    value: number;
    purpose: 'recovery' | 'recovery-reroll' | 'improvement';
    need: number | null;
    success: boolean | null;
  };
  'wounds-rolled': {
    hero: string;
    healed: number;
    permanent: number;
    sepsis: number;
    modifier: number;
  };
  'grievously-wounded': { hero: string };
  died: { hero: string; cause: 'fell' | 'complications' };
  improved: { hero: string; skill: string; from: number; to: number };
  /** What a hero carries into the next battle, and how it got there. */
  carried: { hero: string; wounds: number; how: 'rest' | 'recovery' };
  recruited: { hero: string; replaces: string };
  'next-mission': { mission: string };
  'choice-offered': { missions: string[] };
  'mission-chosen': { mission: string };
  'campaign-over': { result: 'victory' | 'defeat' };
}

export type CampaignEvent = {
  [K in keyof CampaignEventTypes]: {
    type: K;
    text: string;
    rule?: RuleRef;
  } & CampaignEventTypes[K];
}[keyof CampaignEventTypes];

// ------------------------------------------------------------------ the state and the save

/** A battle under way: its mission, seed, rules version and the commands given so far. */
export interface BattleInProgress {
  mission: string;
  seed: number;
  rulesVersion: number;
  commands: Command[];
}

/** One of the player's inputs, in order: a fought battle, a choice, a new name, a question. */
export type CampaignStep =
  | { type: 'battle'; mission: string; seed: number; rulesVersion: number; commands: Command[] }
  | { type: 'choose'; mission: string }
  | { type: 'rename'; hero: string; name: string }
  | {
      type: 'oracle';
      question: 'next' | 'yes-no' | 'secret';
      about: string;
      lastPlace?: boolean;
    };

/** A question put to the oracle between missions, and its answer (solitaire rules I, II). */
export interface CampaignOracleAnswer {
  question: 'next' | 'yes-no' | 'secret';
  /** What was asked about ("the old bridge holds"); 'the question' when left empty. */
  about: string;
  /** For a secret: asked at the last place it could be. */
  lastPlace: boolean;
  /** The d20 and the number it needed (null for What Happens Next). */
  roll: number;
  need: number | null;
  answer: string;
  /** How many battles had been fought when it was asked (where it sits in the chronicle). */
  afterMissions: number;
  /** The line for the chronicle, and the rule it was answered by. */
  text: string;
  rule: RuleRef;
}

/** A mission fought, and what came of it. */
export interface MissionRecord {
  mission: string;
  /** 1 for the first try at it, 2 for the second... */
  attempt: number;
  seed: number;
  scenario: string;
  ruleModule: string;
  rulesVersion: number;
  /** The options the battle was set up with. */
  options: Readonly<Record<string, unknown>>;
  /** The party as it went in (before the module's seating). */
  party: PartyMember[];
  commands: Command[];
  /** The side that won the battle; null for a draw. */
  winner: Side | null;
  reason: string;
  rounds: number;
  /** The between-mission log: the result, every roll, deaths, recruits, what comes next. */
  log: CampaignEvent[];
}

/** Where the story stands. */
export type CampaignPosition =
  | { at: 'mission'; mission: string }
  | { at: 'choice'; choice: readonly MissionChoice[] }
  | { at: 'over'; result: 'victory' | 'defeat' };

export const CAMPAIGN_SAVE_FORMAT = 'arch-foe-campaign';
/** 2: the oracle's questions between missions are steps of the save. */
export const CAMPAIGN_SAVE_VERSION = 2;

export interface CampaignState {
  campaign: string;
  seed: number;
  options: CampaignOptions;
  /** The campaign's own dice (mission seeds and the rolls between missions). */
  dice: DiceState;
  /** The living heroes, in marching order. */
  party: CampaignHero[];
  /** The heroes who died, in the order they fell. */
  fallen: CampaignHero[];
  /** How many recruits have joined (the next takes the next name). */
  recruited: number;
  /** Lost missions so far (a drawn one is not counted). */
  defeats: number;
  position: CampaignPosition;
  battle: BattleInProgress | null;
  history: MissionRecord[];
  /** The questions put to the oracle between missions, in order. */
  oracle: CampaignOracleAnswer[];
  /** The player's inputs: with the seed and options, the whole save. */
  steps: CampaignStep[];
  /** The revision of the campaign it was begun under (CampaignDefinition.revision); absent: 1. */
  revision?: number;
}

/** A campaign save: the seed, the options and the player's inputs; loading replays them. */
export interface CampaignSave {
  format: typeof CAMPAIGN_SAVE_FORMAT;
  version: number;
  campaign: string;
  seed: number;
  options: CampaignOptions;
  steps: CampaignStep[];
  battle: BattleInProgress | null;
  /**
   * How seeds become dice, for the campaign's own dice and every battle of it
   * (src/engine/dice.ts); absent in saves made before dice versions were kept: version 1.
   */
  diceVersion?: number;
  /** The revision of the campaign it was begun under; absent in saves made before: 1. */
  revision?: number;
}
