/**
 * Reading a campaign definition (a JSON file, docs/campaigns.md) from untrusted data: every
 * problem comes back as a plain sentence naming the mission and the field, never a throw.
 * It checks the shape, that every mission named (next, choice, onDefeat, start) exists,
 * that the heroes' kinds belong to installed rule modules that host campaigns, that every
 * mission can be reached and that winning always leads on to a final mission.
 */
import { findRuleModule } from '../rulesets/registry';
import type { OptionValue } from '../types';
import type {
  CampaignDefinition,
  HeroDefinition,
  MissionChoice,
  MissionDefinition,
  MissionPace,
} from './types';

export const CAMPAIGN_DEFINITION_VERSION = 1;
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
  if (raw.version !== CAMPAIGN_DEFINITION_VERSION) {
    const newer = typeof raw.version === 'number' && raw.version > CAMPAIGN_DEFINITION_VERSION;
    return {
      ok: false,
      errors: [
        newer
          ? `This campaign is written for a newer game (format ${raw.version}; this game reads format ${CAMPAIGN_DEFINITION_VERSION}).`
          : `A campaign file needs "version": ${CAMPAIGN_DEFINITION_VERSION}.`,
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
  const def: CampaignDefinition = {
    version: CAMPAIGN_DEFINITION_VERSION,
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
