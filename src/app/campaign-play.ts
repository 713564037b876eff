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
  parseCampaignDefinition,
  readCampaignDefinition,
  type CampaignDefinition,
  type CampaignState,
  type MissionBoard,
  type ResolveScenario,
} from '../engine/campaign';
import { findRuleModule } from '../engine';
import { resolveScenario, type ResolvedScenario } from './maps';
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

/** The campaign file largest read (the bundled one of eleven missions is about 12 kB). */
export const MAX_CAMPAIGN_BYTES = 1024 * 1024;

/**
 * A campaign file's text read and checked, and listed for the picker (one loaded again
 * with the same id replaces the earlier one). A bundled campaign's id is refused: a save
 * names its campaign by id. Every problem is a plain message; nothing saved is touched.
 */
export function addCampaignFile(
  text: string,
): { ok: true; def: CampaignDefinition } | { ok: false; error: string } {
  const read = parseCampaignDefinition(text);
  if (!read.ok) return { ok: false, error: read.errors.slice(0, 4).join(' ') };
  const def = read.definition;
  if (isBundledCampaign(def))
    return {
      ok: false,
      error: `Its id "${def.id}" is the id of a campaign that comes with the game: give yours an id of its own.`,
    };
  const at = playerCampaigns.findIndex((c) => c.id === def.id);
  if (at >= 0) playerCampaigns.splice(at, 1);
  playerCampaigns.push(def);
  return { ok: true, def };
}

/** The rule sets a campaign's missions are fought under, by name ("Dungeon Crawl, Skirmish"). */
export function campaignRuleSets(def: CampaignDefinition): string[] {
  const ids = new Set<string>();
  for (const m of def.missions) {
    const found = m.rules ?? resolveMissionScenario(m.scenario);
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
    .filter((m) => !resolveMissionScenario(m.scenario).ok)
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

/** The campaign engine's resolver over the game's own maps. */
export const resolveCampaignScenario: ResolveScenario = (id) => {
  const found = resolveMissionScenario(id);
  if (!found.ok) return found;
  const s: ResolvedScenario = found.scenario;
  const board: MissionBoard = {
    map: s.map.battleMap,
    ruleModule: s.ruleModule,
    defaults: s.defaults,
  };
  return { ok: true, board };
};

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
    def = read.definition;
  }
  if (!def)
    return {
      ok: false,
      error: `The save is of a campaign this game does not have ("${id || 'none named'}").`,
    };
  const loaded = loadCampaign(record.data, def, resolveCampaignScenario);
  if (!loaded.ok) return loaded;
  return { ok: true, def, state: loaded.state };
}
