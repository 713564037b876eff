/**
 * Reading a campaign definition (a JSON file, docs/campaigns.md) from untrusted data: every
 * problem comes back as a plain sentence naming the mission and the field, never a throw.
 * It checks the shape, that every mission named (next, choice, onDefeat, start) exists,
 * that the heroes' kinds belong to installed rule modules that host campaigns, that every
 * mission can be reached and that winning always leads on to a final mission. The Tiled
 * maps a campaign carries (`maps`, played as `own:<name>`) are checked here for their shape;
 * the map loader above the engine checks the maps themselves (src/maps/campaign-maps.ts).
 */
import { findRuleModule } from '../rulesets/registry';
import type { OptionValue } from '../types';
import type {
  CampaignDefinition,
  CampaignMap,
  CampaignMapImage,
  EarlierMissionOptions,
  HeroDefinition,
  MissionChoice,
  MissionDefinition,
  MissionPace,
} from './types';

/** The newest format this game reads; format 1 files (no maps of their own) read as they are. */
export const CAMPAIGN_DEFINITION_VERSION = 2;
/** The first format with maps of the campaign's own (`maps`, `own:<name>`). */
export const OWN_MAPS_VERSION = 2;
/** A mission's scenario naming a map the campaign carries: `own:<name>`. */
export const OWN_MAP_PREFIX = 'own:';
/** Most maps a campaign carries, and the longest name of one. */
export const MOST_CAMPAIGN_MAPS = 32;
const LONGEST_MAP_NAME = 80;
const MOST_MAP_FILES = 64;
const MAP_FILE = /\.(tmx|tmj|json)$/i;
const MOST_HEROES = 8;
const MOST_MISSIONS = 200;
const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

export type DefinitionResult =
  { ok: true; definition: CampaignDefinition } | { ok: false; errors: string[] };

type Fields = Readonly<Record<string, unknown>>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function quote(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `"${String(text).slice(0, 60)}"`;
}

/** Lines of text: an array of strings, or one string. */
function readLines(value: unknown, where: string, errors: string[]): string[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((l) => typeof l === 'string')) return [...value];
  errors.push(`${where} must be a line of text or a list of lines.`);
  return [];
}

function readText(value: unknown, where: string, errors: string[], longest = 80): string {
  if (typeof value === 'string' && value.trim().length > 0 && value.length <= longest)
    return value.trim();
  errors.push(`${where} must be a text of 1 to ${longest} characters.`);
  return '';
}

function readHero(value: unknown, where: string, errors: string[]): HeroDefinition | null {
  if (!isFields(value)) {
    errors.push(`${where} must be an object with a "name" and "kinds".`);
    return null;
  }
  const name = readText(value.name, `${where}'s "name"`, errors, 40);
  const kinds: Record<string, string> = {};
  if (!isFields(value.kinds) || Object.keys(value.kinds).length === 0) {
    errors.push(
      `${where} (${name || 'no name'}) needs "kinds": its figure in each rule set, e.g. { "skirmish": "archer" }.`,
    );
    return null;
  }
  for (const [moduleId, kind] of Object.entries(value.kinds)) {
    const rules = findRuleModule(moduleId);
    if (!rules) {
      errors.push(
        `${where} (${name}) names the rule set ${quote(moduleId)}, which this game does not have.`,
      );
      continue;
    }
    if (!rules.campaign) {
      errors.push(`The ${rules.name} rules cannot be played in a campaign (${where}, ${name}).`);
      continue;
    }
    if (typeof kind !== 'string' || rules.campaign.skills(kind).length === 0) {
      errors.push(`${where} (${name}): ${quote(kind)} is not a hero of the ${rules.name} rules.`);
      continue;
    }
    kinds[moduleId] = kind;
  }
  return { name, kinds };
}

function readOptions(
  value: unknown,
  where: string,
  errors: string[],
): Record<string, OptionValue> | undefined {
  if (value === undefined) return undefined;
  if (!isFields(value)) {
    errors.push(`${where} must be an object of option names and values.`);
    return undefined;
  }
  const out: Record<string, OptionValue> = {};
  for (const [key, v] of Object.entries(value)) {
    if (
      typeof v === 'string' ||
      typeof v === 'boolean' ||
      (typeof v === 'number' && Number.isFinite(v))
    )
      out[key] = v;
    else errors.push(`${where}: the option ${quote(key)} must be a text, a number or true/false.`);
  }
  return out;
}

/** A mission's `earlierOptions`: `{ "upToRevision": n, "options": {...} }` for each. */
function readEarlierOptions(
  value: unknown,
  where: string,
  errors: string[],
): EarlierMissionOptions[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    errors.push(`${where}'s "earlierOptions" must be a list.`);
    return undefined;
  }
  const out: EarlierMissionOptions[] = [];
  for (const [i, e] of value.entries()) {
    const at = `${where}'s "earlierOptions", entry ${i + 1}`;
    if (!isFields(e) || !isWholeAtLeast(e.upToRevision, 1)) {
      errors.push(`${at} needs an "upToRevision" of 1 or more and its "options".`);
      continue;
    }
    out.push({
      upToRevision: e.upToRevision,
      options: readOptions(e.options ?? {}, at, errors) ?? {},
    });
  }
  return out;
}

function isWholeAtLeast(value: unknown, least: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= least;
}

function readChoice(value: unknown, where: string, errors: string[]): MissionChoice[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length !== 2) {
    errors.push(`${where} must list exactly two missions to choose between.`);
    return undefined;
  }
  const out: MissionChoice[] = [];
  for (const [i, c] of value.entries()) {
    if (!isFields(c) || typeof c.mission !== 'string') {
      errors.push(`${where}, way ${i + 1}, needs a "mission" id and a "label".`);
      continue;
    }
    out.push({
      mission: c.mission,
      label: readText(c.label, `${where}, way ${i + 1}'s "label"`, errors),
    });
  }
  return out;
}

function readMission(value: unknown, index: number, errors: string[]): MissionDefinition | null {
  if (!isFields(value)) {
    errors.push(`Mission ${index + 1} must be an object.`);
    return null;
  }
  const id = typeof value.id === 'string' && ID.test(value.id) ? value.id : '';
  if (!id)
    errors.push(
      `Mission ${index + 1} needs an "id" of lower-case letters, digits and dashes (got ${quote(value.id)}).`,
    );
  const where = `Mission "${id || index + 1}"`;
  const mission: MissionDefinition = {
    id,
    name: readText(value.name, `${where}'s "name"`, errors),
    story: readLines(value.story, `${where}'s "story"`, errors),
    scenario: readText(value.scenario, `${where}'s "scenario"`, errors, 200),
  };
  if (value.rules !== undefined) {
    const rules = findRuleModule(value.rules);
    if (!rules)
      errors.push(
        `${where} asks for the rule set ${quote(value.rules)}, which this game does not have.`,
      );
    else if (!rules.campaign)
      errors.push(`${where}: the ${rules.name} rules cannot be played in a campaign.`);
    else mission.rules = rules.id;
  }
  const options = readOptions(value.options, `${where}'s "options"`, errors);
  if (options) mission.options = options;
  const earlier = readEarlierOptions(value.earlierOptions, where, errors);
  if (earlier) mission.earlierOptions = earlier;
  if (value.pace !== undefined) {
    if (value.pace === 'rest' || value.pace === 'march') mission.pace = value.pace as MissionPace;
    else errors.push(`${where}'s "pace" must be "rest" or "march".`);
  }
  if (value.hazard !== undefined) {
    if (value.hazard === 0 || value.hazard === 1 || value.hazard === 2)
      mission.hazard = value.hazard;
    else errors.push(`${where}'s "hazard" must be 0, 1 or 2.`);
  }
  const ends = [value.next !== undefined, value.choice !== undefined, value.final === true];
  if (ends.filter(Boolean).length !== 1)
    errors.push(
      `${where} needs exactly one of "next" (a mission), "choice" (two missions) or "final": true.`,
    );
  if (value.next !== undefined) {
    if (typeof value.next === 'string') mission.next = value.next;
    else errors.push(`${where}'s "next" must be a mission id.`);
  }
  const choice = readChoice(value.choice, `${where}'s "choice"`, errors);
  if (choice) mission.choice = choice;
  if (value.final === true) mission.final = true;
  if (value.onDefeat !== undefined) {
    if (typeof value.onDefeat === 'string') mission.onDefeat = value.onDefeat;
    else errors.push(`${where}'s "onDefeat" must be a mission id.`);
  }
  return mission;
}

/** The map name of an `own:<name>` scenario, or null for any other scenario. */
export function ownMapName(scenario: string): string | null {
  return scenario.startsWith(OWN_MAP_PREFIX) ? scenario.slice(OWN_MAP_PREFIX.length) : null;
}

/** A Tiled file given as its text, or (JSON) as the object itself. */
function readFileText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (isFields(value) || Array.isArray(value)) return JSON.stringify(value);
  return null;
}

function readMapImages(
  value: unknown,
  where: string,
  errors: string[],
): Record<string, CampaignMapImage> | undefined {
  if (value === undefined) return undefined;
  const out: Record<string, CampaignMapImage> = {};
  const sized = (n: unknown): boolean => Number.isInteger(n) && (n as number) > 0;
  if (isFields(value))
    for (const [path, image] of Object.entries(value))
      if (
        isFields(image) &&
        sized(image.width) &&
        sized(image.height) &&
        typeof image.key === 'string'
      )
        out[path] = {
          width: image.width as number,
          height: image.height as number,
          key: image.key,
        };
  if (!isFields(value) || Object.keys(out).length !== Object.keys(value).length)
    errors.push(`${where}'s "images" must give each image's width, height and key.`);
  return out;
}

/**
 * The images a map carries (`art`): base64 text by path. Only the shape is read here; each
 * image is checked as an image by the map loader's side (src/maps/campaign-maps.ts).
 */
function readMapArt(
  value: unknown,
  where: string,
  errors: string[],
): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  const out: Record<string, string> = {};
  if (isFields(value) && Object.keys(value).length <= MOST_MAP_FILES)
    for (const [path, text] of Object.entries(value))
      if (typeof text === 'string' && path.length > 0 && path.length <= 200) out[path] = text;
  if (!isFields(value) || Object.keys(out).length !== Object.keys(value).length)
    errors.push(
      `${where}'s "art" must be an object of up to ${MOST_MAP_FILES} images, each its file in base64 by the path the map names it by.`,
    );
  return out;
}

function readCampaignMap(value: unknown, name: string, errors: string[]): CampaignMap | null {
  const where = `The map "${name.slice(0, LONGEST_MAP_NAME)}"`;
  if (name.trim().length === 0 || name.length > LONGEST_MAP_NAME)
    errors.push(`A map's name in "maps" must be 1 to ${LONGEST_MAP_NAME} characters.`);
  if (!isFields(value)) {
    errors.push(`${where} must be an object with its "file" name and its "map".`);
    return null;
  }
  const file = typeof value.file === 'string' ? value.file : '';
  if (!MAP_FILE.test(file) || file.length > 200)
    errors.push(
      `${where} needs a "file": the map's file name, ending .tmx (Tiled XML) or .tmj (Tiled JSON).`,
    );
  const map = readFileText(value.map);
  if (map === null || map.trim().length === 0)
    errors.push(`${where} needs its "map": the map file's text, or its Tiled JSON itself.`);
  const files: Record<string, string> = {};
  if (value.files !== undefined) {
    if (!isFields(value.files) || Object.keys(value.files).length > MOST_MAP_FILES)
      errors.push(
        `${where}'s "files" must be an object of up to ${MOST_MAP_FILES} tilesets and templates by file name.`,
      );
    else
      for (const [path, f] of Object.entries(value.files)) {
        const text = readFileText(f);
        if (text === null)
          errors.push(`${where}'s file ${quote(path)} must be its text, or its Tiled JSON.`);
        else files[path] = text;
      }
  }
  const out: CampaignMap = { file, map: map ?? '', files };
  if (value.id !== undefined) {
    if (typeof value.id === 'string' && /^[A-Za-z0-9_-]{1,80}$/.test(value.id)) out.id = value.id;
    else errors.push(`${where}'s "id" must be letters, digits, dashes and underscores.`);
  }
  const images = readMapImages(value.images, where, errors);
  if (images) out.images = images;
  const art = readMapArt(value.art, where, errors);
  if (art) out.art = art;
  const marks = readMapTileMarks(value.tileMarks, where, errors);
  if (marks) out.tileMarks = marks;
  return out;
}

/** Most tile marks a carried map may hold (as My maps keeps them: src/maps/tile-marks.ts). */
const MOST_TILE_MARKS = 512;
const TILE_MARK_VALUES: readonly string[] = ['wall', 'floor', 'cover'];

/** A carried map's "tileMarks": tile ids (whole numbers as text) to wall, floor or cover. */
function readMapTileMarks(
  value: unknown,
  where: string,
  errors: string[],
): Record<string, 'wall' | 'floor' | 'cover'> | null {
  if (value === undefined) return null;
  const problem = `${where}'s "tileMarks" must be an object of up to ${MOST_TILE_MARKS} tile ids, each "wall", "floor" or "cover".`;
  if (!isFields(value) || Object.keys(value).length > MOST_TILE_MARKS) {
    errors.push(problem);
    return null;
  }
  const out: Record<string, 'wall' | 'floor' | 'cover'> = {};
  for (const [key, mark] of Object.entries(value)) {
    if (
      !/^[1-9]\d{0,9}$/.test(key) ||
      typeof mark !== 'string' ||
      !TILE_MARK_VALUES.includes(mark)
    ) {
      errors.push(problem);
      return null;
    }
    Object.defineProperty(out, key, {
      value: mark,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** The maps a campaign carries (`maps`), each by the name its missions give it. */
function readCampaignMaps(
  value: unknown,
  errors: string[],
): Record<string, CampaignMap> | undefined {
  if (value === undefined) return undefined;
  if (!isFields(value) || Object.keys(value).length > MOST_CAMPAIGN_MAPS) {
    errors.push(
      `The campaign's "maps" must be an object of up to ${MOST_CAMPAIGN_MAPS} maps, each by its name.`,
    );
    return undefined;
  }
  const out: Record<string, CampaignMap> = {};
  for (const [name, m] of Object.entries(value)) {
    const map = readCampaignMap(m, name, errors);
    if (map) out[name] = map;
  }
  return out;
}

/**
 * The missions that play a map of the campaign's own (`own:<name>`) that the campaign does
 * not carry: the game fills them from the player's My maps when the file is loaded; a
 * campaign checked anywhere else must carry them.
 */
export function mapsNotCarried(def: CampaignDefinition): { mission: string; map: string }[] {
  const out: { mission: string; map: string }[] = [];
  for (const m of def.missions) {
    const name = ownMapName(m.scenario);
    if (name !== null && !def.maps?.[name]) out.push({ mission: m.name, map: name });
  }
  return out;
}

/** The missions a won mission leads to. */
export function missionsAfterVictory(mission: MissionDefinition): string[] {
  if (mission.next) return [mission.next];
  if (mission.choice) return mission.choice.map((c) => c.mission);
  return [];
}

/** Checks the missions named exist, all are reachable, and winning always reaches a final one. */
function checkStory(def: CampaignDefinition, errors: string[]): void {
  const byId = new Map(def.missions.map((m) => [m.id, m]));
  const missing = (id: string, where: string): void => {
    if (!byId.has(id))
      errors.push(`${where} names a mission ${quote(id)} that the campaign does not have.`);
  };
  missing(def.start, 'The campaign\'s "start"');
  for (const m of def.missions) {
    if (m.next) missing(m.next, `Mission "${m.id}"'s "next"`);
    for (const c of m.choice ?? []) missing(c.mission, `Mission "${m.id}"'s "choice"`);
    if (m.onDefeat) missing(m.onDefeat, `Mission "${m.id}"'s "onDefeat"`);
  }
  if (!def.missions.some((m) => m.final))
    errors.push('The campaign needs a final mission ("final": true).');
  if (errors.length > 0) return;
  // Reachable from the start, by victory or defeat.
  const reached = new Set<string>();
  const queue = [def.start];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (reached.has(id)) continue;
    reached.add(id);
    const m = byId.get(id)!;
    queue.push(...missionsAfterVictory(m), ...(m.onDefeat ? [m.onDefeat] : []));
  }
  for (const m of def.missions)
    if (!reached.has(m.id)) errors.push(`Mission "${m.id}" can never be reached from the start.`);
  // Winning must never lead round in a circle (the campaign would never end).
  const state = new Map<string, 'open' | 'done'>();
  const visit = (id: string, path: string[]): void => {
    if (state.get(id) === 'done') return;
    if (state.get(id) === 'open') {
      errors.push(
        `Winning leads round in a circle: ${[...path.slice(path.indexOf(id)), id].join(' -> ')}.`,
      );
      return;
    }
    state.set(id, 'open');
    for (const next of missionsAfterVictory(byId.get(id)!)) visit(next, [...path, id]);
    state.set(id, 'done');
  };
  visit(def.start, []);
}

/** Reads a campaign definition from parsed JSON, or says in plain words what is wrong with it. */
export function readCampaignDefinition(raw: unknown): DefinitionResult {
  const errors: string[] = [];
  if (!isFields(raw)) return { ok: false, errors: ['A campaign file must hold one JSON object.'] };
  if (raw.version !== 1 && raw.version !== CAMPAIGN_DEFINITION_VERSION) {
    const newer = typeof raw.version === 'number' && raw.version > CAMPAIGN_DEFINITION_VERSION;
    return {
      ok: false,
      errors: [
        newer
          ? `This campaign is written for a newer game (format ${raw.version}; this game reads format ${CAMPAIGN_DEFINITION_VERSION}).`
          : `A campaign file needs "version": 1 (or ${OWN_MAPS_VERSION}, when it plays maps of its own).`,
      ],
    };
  }
  const id = typeof raw.id === 'string' && ID.test(raw.id) ? raw.id : '';
  if (!id)
    errors.push(
      `The campaign needs an "id" of lower-case letters, digits and dashes (got ${quote(raw.id)}).`,
    );
  const name = readText(raw.name, 'The campaign\'s "name"', errors);
  const story = readLines(raw.story, 'The campaign\'s "story"', errors);
  const party: HeroDefinition[] = [];
  if (!Array.isArray(raw.party) || raw.party.length === 0 || raw.party.length > MOST_HEROES)
    errors.push(`The campaign needs a "party" of 1 to ${MOST_HEROES} heroes.`);
  else
    for (const [i, h] of raw.party.entries()) {
      const hero = readHero(h, `Hero ${i + 1}`, errors);
      if (hero) party.push(hero);
    }
  const recruits =
    raw.recruits === undefined ? [] : readLines(raw.recruits, 'The campaign\'s "recruits"', errors);
  const missions: MissionDefinition[] = [];
  if (
    !Array.isArray(raw.missions) ||
    raw.missions.length === 0 ||
    raw.missions.length > MOST_MISSIONS
  )
    errors.push(`The campaign needs "missions": a list of 1 to ${MOST_MISSIONS}.`);
  else
    for (const [i, m] of raw.missions.entries()) {
      const mission = readMission(m, i, errors);
      if (mission) missions.push(mission);
    }
  const ids = missions.map((m) => m.id).filter((m) => m);
  for (const dup of new Set(ids.filter((m, i) => ids.indexOf(m) !== i)))
    errors.push(`Two missions have the id "${dup}".`);
  const start = typeof raw.start === 'string' ? raw.start : (missions[0]?.id ?? '');
  const ending = isFields(raw.ending) ? raw.ending : {};
  const maps = readCampaignMaps(raw.maps, errors);
  const own = missions.filter((m) => ownMapName(m.scenario) !== null);
  for (const m of own)
    if (ownMapName(m.scenario)!.trim() === '')
      errors.push(`Mission "${m.id}"'s "scenario" "own:" needs the name of a map after it.`);
  if ((own.length > 0 || maps) && raw.version !== OWN_MAPS_VERSION)
    errors.push(
      `A campaign with maps of its own ("maps", or a mission's "own:" map) is format ${OWN_MAPS_VERSION}: write "version": ${OWN_MAPS_VERSION}.`,
    );
  if (raw.revision !== undefined && !isWholeAtLeast(raw.revision, 1))
    errors.push('The campaign\'s "revision" must be a whole number of 1 or more.');
  const revision = isWholeAtLeast(raw.revision, 1) ? raw.revision : 1;
  for (const m of missions)
    for (const e of m.earlierOptions ?? [])
      if (e.upToRevision >= revision)
        errors.push(
          `Mission "${m.id}"'s "earlierOptions" up to revision ${e.upToRevision} must be older than the campaign's "revision" (${revision}).`,
        );
  const def: CampaignDefinition = {
    version: raw.version,
    ...(revision !== 1 ? { revision } : {}),
    id,
    name,
    story,
    party,
    recruits,
    start,
    missions,
    ending: {
      victory: readLines(ending.victory, 'The campaign\'s "ending.victory"', errors),
      defeat: readLines(ending.defeat, 'The campaign\'s "ending.defeat"', errors),
    },
    ...(maps ? { maps } : {}),
  };
  if (errors.length === 0) checkStory(def, errors);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, definition: def };
}

/** Reads a campaign definition from a file's text. */
export function parseCampaignDefinition(text: string): DefinitionResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return {
      ok: false,
      errors: [
        `The campaign file is not valid JSON: ${e instanceof Error ? e.message : String(e)}`,
      ],
    };
  }
  return readCampaignDefinition(raw);
}

export function findMission(def: CampaignDefinition, id: string): MissionDefinition | undefined {
  return def.missions.find((m) => m.id === id);
}
