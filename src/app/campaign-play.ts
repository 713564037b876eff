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
  type CampaignDefinition,
  type CampaignState,
  type MissionBoard,
  type ResolveScenario,
} from '../engine/campaign';
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

export function findCampaign(id: string): CampaignDefinition | null {
  return bundledCampaigns().campaigns.find((c) => c.id === id) ?? null;
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
  };
}

/** A campaign from its slot record: the save checked, migrated and replayed exactly. */
export function loadCampaignRecord(
  record: SlotRecord,
): { ok: true; def: CampaignDefinition; state: CampaignState } | { ok: false; error: string } {
  if (record.kind !== 'campaign') return { ok: false, error: 'That slot holds no campaign.' };
  const data = record.data as { campaign?: unknown };
  const id = typeof data?.campaign === 'string' ? data.campaign : '';
  const def = findCampaign(id);
  if (!def)
    return {
      ok: false,
      error: `The save is of a campaign this game does not have ("${id || 'none named'}").`,
    };
  const loaded = loadCampaign(record.data, def, resolveCampaignScenario);
  if (!loaded.ok) return loaded;
  return { ok: true, def, state: loaded.state };
}
