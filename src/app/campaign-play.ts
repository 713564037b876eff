/**
 * Campaigns in the browser: the campaign files of campaigns/ (bundled by Vite, checked on
 * load), the scenario resolver over the game's own maps (src/app/maps.ts), and a campaign's
 * save slot record (written after every command and every step between missions, read back
 * by replaying the save exactly). Never throws: every problem is a plain message.
 */
import {
  campaignSave,
  DIFFICULTY_NAMES,
  findMission,
  loadCampaign,
  mapsNotCarried,
  ownMapName,
  parseCampaignDefinition,
  readCampaignDefinition,
  type CampaignDefinition,
  type CampaignState,
  type MissionBoard,
  type ResolveScenario,
} from '../engine/campaign';
import { findRuleModule } from '../engine';
import { carriedMap, checkCampaignMaps, loadCampaignMap } from '../maps/campaign-maps';
import type { OwnMapSource } from '../maps/own-map';
import { resolveScenario, type ResolveResult, type ResolvedScenario } from './maps';
import { SLOT_FORMAT, SLOT_VERSION, type CampaignSlotId, type SlotRecord } from './save-slots';

const CAMPAIGN_FILES = import.meta.glob('../../campaigns/*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

interface CampaignList {
  campaigns: CampaignDefinition[];
  problems: string[];
}

let list: CampaignList | null = null;

/** Every bundled campaign that reads cleanly, and a line for each that does not. */
export function bundledCampaigns(): CampaignList {
  if (list) return list;
  const campaigns: CampaignDefinition[] = [];
  const problems: string[] = [];
  for (const [path, text] of Object.entries(CAMPAIGN_FILES).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const read = parseCampaignDefinition(text);
    if (read.ok) campaigns.push(read.definition);
    else problems.push(`${path.split('/').pop()}: ${read.errors.join(' ')}`);
  }
  list = { campaigns, problems };
  return list;
}

/** Campaigns the player loaded from files on this page (not yet started, or started). */
const playerCampaigns: CampaignDefinition[] = [];

/** A bundled campaign or one the player loaded on this page, by id. */
export function findCampaign(id: string): CampaignDefinition | null {
  return (
    bundledCampaigns().campaigns.find((c) => c.id === id) ??
    playerCampaigns.find((c) => c.id === id) ??
    null
  );
}

/** Whether a campaign is one of the game's own (its saves name it; a player's carries it). */
export function isBundledCampaign(def: CampaignDefinition): boolean {
  return bundledCampaigns().campaigns.some((c) => c.id === def.id);
}

/** What the campaign picker lists: the bundled campaigns, then the player's loaded ones. */
export function pickableCampaigns(): CampaignDefinition[] {
  return [...bundledCampaigns().campaigns, ...playerCampaigns];
}

/**
 * Finds one of the player's kept maps (My maps) by the name a campaign gives it, with its
 * images' bytes by path (copied into the campaign so they travel with it), or null.
 */
export type FindOwnMap = (
  name: string,
) => Promise<{ source: OwnMapSource; images?: Record<string, Uint8Array> } | null>;

/**
 * The campaign with every map it plays of the player's (`own:<name>`, not carried in the
 * file) copied in from My maps, so it goes whole with its save; or the missions whose map
 * the player does not have, named.
 */
async function withOwnMaps(
  def: CampaignDefinition,
  findOwnMap: FindOwnMap,
): Promise<{ ok: true; def: CampaignDefinition } | { ok: false; error: string }> {
  const wanted = mapsNotCarried(def);
  if (wanted.length === 0) return { ok: true, def };
  const maps = { ...(def.maps ?? {}) };
  const lacking: string[] = [];
  for (const { mission, map } of wanted) {
    if (maps[map]) continue;
    const found = await findOwnMap(map).catch(() => null);
    if (found) maps[map] = carriedMap(found.source, found.images);
    else lacking.push(`Mission "${mission}" plays your map "${map}", which is not under My maps.`);
  }
  if (lacking.length > 0)
    return {
      ok: false,
      error: `${lacking.slice(0, 4).join(' ')} Load ${lacking.length > 1 ? 'each' : 'it'} on the Setup screen (Load your own map) and then this file again, or put the map in the file's "maps".`,
    };
  return { ok: true, def: { ...def, maps } };
}

/** Finds a map kept under My maps by its id there, with its images' bytes by path (null: not kept). */
export type FindKeptMap = (
  id: string,
) => Promise<{ source: OwnMapSource; images: Record<string, Uint8Array> } | null>;

/**
 * The campaign with its images added to the maps it copied from My maps before maps
 * carried their images (an `id` and `images`, no `art`), where My maps still keeps the same
 * map. "The same map" is the same content, not the same name: My maps keeps a map under
 * its content id (a hash of its files' names and texts and its images' paths and bytes,
 * app.loadMapWithImages), and the kept map found under the copy's id must also have the
 * very text and files of the campaign's copy and every image the copy names. A map of
 * the same name under another id is a different map and gives nothing. The images are
 * checked as a loaded campaign's are (checkCampaignMaps: signature, size, count); a map
 * whose images cannot be had so is left as it was, named in `lacking` (by the name the
 * campaign gives it), with a sentence in `notes` naming the missions that play it and why.
 * `findByName` (My maps by name) only tells "no longer kept" from "a different map now".
 */
export async function withKeptArt(
  def: CampaignDefinition,
  findKeptMap: FindKeptMap,
  findByName: FindOwnMap = () => Promise.resolve(null),
): Promise<{ def: CampaignDefinition; added: string[]; lacking: string[]; notes: string[] }> {
  const maps = { ...(def.maps ?? {}) };
  const added: string[] = [];
  const lacking: string[] = [];
  const notes: string[] = [];
  const lack = (name: string, why: string): void => {
    lacking.push(name);
    notes.push(`${missionsPlaying(def, name)} your map "${name}", ${why}`);
  };
  const drawn = 'so the exported file draws it in the built-in tiles.';
  for (const [name, map] of Object.entries(maps)) {
    const paths = Object.keys(map.images ?? {});
    if (!map.id || map.art || paths.length === 0) continue;
    const kept = await findKeptMap(map.id).catch(() => null);
    const same =
      kept !== null &&
      kept.source.text === map.map &&
      JSON.stringify(sortedEntries(kept.source.files)) ===
        JSON.stringify(sortedEntries(map.files)) &&
      paths.every((p) => kept.images[p] !== undefined);
    if (!same) {
      const named = kept ? kept : await findByName(name).catch(() => null);
      lack(
        name,
        named
          ? `but My maps now keeps a different map of that name: its images were not added, ${drawn}`
          : `whose images are no longer under My maps, ${drawn}`,
      );
      continue;
    }
    const art = carriedMap({ ...kept.source, images: { ...map.images } }, kept.images).art;
    const trial = { ...def, maps: { ...maps, [name]: { ...map, art } } };
    const problem = art ? checkCampaignMaps(trial)[0] : 'It has no images.';
    if (problem !== undefined) {
      const why = problem.replace(/^Mission "[^"]*" cannot be played: t/, 'T');
      lack(name, `whose images under My maps cannot be carried, ${drawn} ${why}`);
      continue;
    }
    maps[name] = { ...map, art };
    added.push(name);
  }
  return { def: added.length > 0 ? { ...def, maps } : def, added, lacking, notes };
}

/** 'Mission "A" plays' / 'Missions "A" and "B" play': the missions that play own map `name`. */
function missionsPlaying(def: CampaignDefinition, name: string): string {
  const names = def.missions
    .filter((m) => ownMapName(m.scenario) === name)
    .map((m) => `"${m.name}"`);
  if (names.length === 0) return 'No mission plays';
  if (names.length === 1) return `Mission ${names[0]} plays`;
  return `Missions ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} play`;
}

function sortedEntries(record: Readonly<Record<string, string>>): [string, string][] {
  return Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * A campaign file's text read and checked, and listed for the picker (one loaded again
 * with the same id replaces the earlier one). The maps it plays of the player's are copied
 * in from My maps, and every map it carries is checked by the own-map loader. A bundled
 * campaign's id is refused: a save names its campaign by id. Every problem is a plain
 * message; nothing saved is touched.
 */
export async function addCampaignFile(
  text: string,
  findOwnMap: FindOwnMap = () => Promise.resolve(null),
): Promise<{ ok: true; def: CampaignDefinition } | { ok: false; error: string }> {
  const read = parseCampaignDefinition(text);
  if (!read.ok) return { ok: false, error: read.errors.slice(0, 4).join(' ') };
  if (isBundledCampaign(read.definition))
    return {
      ok: false,
      error: `Its id "${read.definition.id}" is the id of a campaign that comes with the game: give yours an id of its own.`,
    };
  const filled = await withOwnMaps(read.definition, findOwnMap);
  if (!filled.ok) return filled;
  const def = filled.def;
  const problems = checkCampaignMaps(def);
  if (problems.length > 0) return { ok: false, error: problems.slice(0, 4).join(' ') };
  const at = playerCampaigns.findIndex((c) => c.id === def.id);
  if (at >= 0) playerCampaigns.splice(at, 1);
  playerCampaigns.push(def);
  return { ok: true, def };
}

/** The rule sets a campaign's missions are fought under, by name ("Dungeon Crawl, Skirmish"). */
export function campaignRuleSets(def: CampaignDefinition): string[] {
  const ids = new Set<string>();
  for (const m of def.missions) {
    const found = m.rules ?? resolveMission(def, m.scenario);
    if (typeof found === 'string') ids.add(found);
    else if (found.ok) ids.add(found.scenario.ruleModule);
  }
  return [...ids].map((id) => findRuleModule(id)?.name ?? id);
}

/**
 * The missions whose board this game cannot find (a map named `map:<id>` that is not among
 * its maps): each as "Mission name (map:id)". Such a mission cannot be fought; the campaign
 * can be started, and stops with a message naming the map when it comes to that mission.
 */
export function missingBoards(def: CampaignDefinition): string[] {
  return def.missions
    .filter((m) => !resolveMission(def, m.scenario).ok)
    .map((m) => `${m.name} (${m.scenario})`);
}

const resolved = new Map<string, ReturnType<typeof resolveScenario>>();

/** A scenario id as the game resolves it, once (the maps are parsed once per page). */
export function resolveMissionScenario(id: string): ReturnType<typeof resolveScenario> {
  let found = resolved.get(id);
  if (!found) {
    try {
      found = resolveScenario(id, null);
    } catch (e) {
      found = { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
    resolved.set(id, found);
  }
  return found;
}

/**
 * A mission's scenario as the game resolves it for campaign `def`: a map the campaign
 * carries (`own:<name>`), or any of the game's own scenarios.
 */
export function resolveMission(def: CampaignDefinition, id: string): ResolveResult {
  const name = ownMapName(id);
  if (name === null) return resolveMissionScenario(id);
  const loaded = loadCampaignMap(def, name);
  return loaded.ok ? { ok: true, scenario: { id, ...loaded.scenario } } : loaded;
}

function boardOf(found: ResolveResult): ReturnType<ResolveScenario> {
  if (!found.ok) return found;
  const s: ResolvedScenario = found.scenario;
  const board: MissionBoard = {
    map: s.map.battleMap,
    ruleModule: s.ruleModule,
    defaults: s.defaults,
  };
  return { ok: true, board };
}

/** The campaign engine's resolver over the game's own maps (for campaigns carrying none). */
export const resolveCampaignScenario: ResolveScenario = (id) => boardOf(resolveMissionScenario(id));

/** The campaign engine's resolver for campaign `def`: its own maps, then the game's. */
export function campaignResolver(def: CampaignDefinition): ResolveScenario {
  return (id) => boardOf(resolveMission(def, id));
}

/** Where a campaign stands, in a few words for the slot lists. */
export function campaignDetail(def: CampaignDefinition, state: CampaignState): string {
  const level = DIFFICULTY_NAMES[state.options.difficulty];
  const pos = state.position;
  const done = state.history.filter((h) => h.winner === 'heroes').length;
  if (pos.at === 'over')
    return `${level}: ${pos.result === 'victory' ? 'won' : 'lost'} after ${state.history.length} battles`;
  if (pos.at === 'choice') return `${level}: ${done} missions won, a choice of roads`;
  const mission = findMission(def, pos.mission);
  const fighting = state.battle ? ' (battle under way)' : '';
  return `${level}: ${done} won, next "${mission?.name ?? pos.mission}"${fighting}`;
}

/** A campaign's slot record: its save, with a title and a line for the lists. */
export function campaignRecord(
  slot: CampaignSlotId,
  def: CampaignDefinition,
  state: CampaignState,
): SlotRecord {
  return {
    format: SLOT_FORMAT,
    version: SLOT_VERSION,
    slot,
    kind: 'campaign',
    savedAt: new Date().toISOString(),
    title: def.name,
    detail: campaignDetail(def, state),
    data: campaignSave(state),
    // A player's campaign goes with its save: a reload, an export and an import carry it.
    ...(isBundledCampaign(def) ? {} : { definition: structuredClone(def) }),
  };
}

/** A campaign from its slot record: the save checked, migrated and replayed exactly. */
export function loadCampaignRecord(
  record: SlotRecord,
): { ok: true; def: CampaignDefinition; state: CampaignState } | { ok: false; error: string } {
  if (record.kind !== 'campaign') return { ok: false, error: 'That slot holds no campaign.' };
  const data = record.data as { campaign?: unknown };
  const id = typeof data?.campaign === 'string' ? data.campaign : '';
  let def = findCampaign(id);
  if (record.definition !== undefined && !bundledCampaigns().campaigns.some((c) => c.id === id)) {
    // The campaign kept with the save (a player's own), checked as a file would be.
    const read = readCampaignDefinition(record.definition);
    if (!read.ok)
      return {
        ok: false,
        error: `The campaign kept with the save is damaged: ${read.errors.slice(0, 3).join(' ')}`,
      };
    if (read.definition.id !== id)
      return { ok: false, error: 'The save and the campaign kept with it do not match.' };
    // Its maps and the images they carry, checked as when its file was loaded.
    const problems = checkCampaignMaps(read.definition);
    if (problems.length > 0)
      return {
        ok: false,
        error: `The campaign kept with the save cannot be played: ${problems.slice(0, 3).join(' ')}`,
      };
    def = read.definition;
  }
  if (!def)
    return {
      ok: false,
      error: `The save is of a campaign this game does not have ("${id || 'none named'}").`,
    };
  const loaded = loadCampaign(record.data, def, campaignResolver(def));
  if (!loaded.ok) return loaded;
  return { ok: true, def, state: loaded.state };
}
