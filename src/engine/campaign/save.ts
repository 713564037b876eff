/**
 * Campaign saves. A save is the campaign's id, seed and options plus the player's inputs in
 * order (each battle's seed, rules version and commands; each choice; each rename; each
 * question to the oracle) and the
 * battle under way. Loading checks its shape, migrates an older version, and replays every
 * step through the same code that played it, so the state comes back exactly, roll for
 * roll; any problem is a plain message, never a throw.
 */
import { diceVersionOf, whyDiceVersionFails } from '../dice';
import { validateCommandShape } from '../game';
import type { Command } from '../types';
import {
  chooseMission,
  finishBattle,
  newCampaign,
  renameHero,
  startBattle,
  withBattleCommands,
  type CampaignResult,
  type ResolveScenario,
} from './campaign';
import { normaliseCampaignOptions } from './difficulty';
import { askCampaignOracle, oracleQuestionProblem } from './oracle';
import type { OracleQuestion } from '../systems/oracle';
import {
  CAMPAIGN_SAVE_FORMAT,
  CAMPAIGN_SAVE_VERSION,
  type BattleInProgress,
  type CampaignDefinition,
  type CampaignSave,
  type CampaignState,
  type CampaignStep,
} from './types';

/** The save of a campaign: everything needed to play it again exactly. */
export function campaignSave(state: CampaignState): CampaignSave {
  const save: CampaignSave = structuredClone({
    format: CAMPAIGN_SAVE_FORMAT,
    version: CAMPAIGN_SAVE_VERSION,
    campaign: state.campaign,
    seed: state.seed,
    options: state.options,
    steps: state.steps,
    battle: state.battle,
  });
  // Version 1 is what a save without the field means, so it is left out.
  const diceVersion = diceVersionOf(state.dice);
  if (diceVersion !== 1) save.diceVersion = diceVersion;
  // Likewise revision 1 of the campaign.
  if (state.revision !== undefined && state.revision !== 1) save.revision = state.revision;
  return save;
}

type Fields = Readonly<Record<string, unknown>>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Older saves brought up to this version, one version at a time. Version 1 is the first;
 * a change to the save's shape adds an entry here (version n -> n + 1) and a test with a
 * save of the old shape.
 */
const MIGRATIONS: Readonly<Record<number, (save: Fields) => Fields>> = {
  // 1 -> 2: a step may now be a question to the oracle; a version 1 save has none, and its
  // steps read as they are.
  1: (save) => ({ ...save, version: 2 }),
};

function readCommands(value: unknown, where: string): Command[] | string {
  if (!Array.isArray(value)) return `${where} has no list of commands.`;
  for (const [i, c] of value.entries()) {
    const problem = validateCommandShape(c);
    if (problem) return `${where}, command ${i + 1}: ${problem}`;
  }
  return value as Command[];
}

function readRulesVersion(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : null;
}

function readStep(value: unknown, index: number): CampaignStep | string {
  const where = `Step ${index + 1} of the save`;
  if (!isFields(value)) return `${where} is not an object.`;
  if (value.type === 'battle') {
    if (typeof value.mission !== 'string') return `${where} names no mission.`;
    if (!Number.isSafeInteger(value.seed)) return `${where} has no whole-number seed.`;
    const rulesVersion = readRulesVersion(value.rulesVersion);
    if (rulesVersion === null) return `${where} has no rules version.`;
    const commands = readCommands(value.commands, where);
    if (typeof commands === 'string') return commands;
    return {
      type: 'battle',
      mission: value.mission,
      seed: value.seed as number,
      rulesVersion,
      commands,
    };
  }
  if (value.type === 'choose') {
    if (typeof value.mission !== 'string') return `${where} chooses no mission.`;
    return { type: 'choose', mission: value.mission };
  }
  if (value.type === 'rename') {
    if (typeof value.hero !== 'string' || typeof value.name !== 'string')
      return `${where} renames no hero.`;
    return { type: 'rename', hero: value.hero, name: value.name };
  }
  if (value.type === 'oracle') {
    const problem = oracleQuestionProblem(value.question, value.about);
    if (problem) return `${where}: ${problem}`;
    if (value.lastPlace !== undefined && typeof value.lastPlace !== 'boolean')
      return `${where}: "lastPlace" is true or false.`;
    return {
      type: 'oracle',
      question: value.question as OracleQuestion,
      about: value.about as string,
      ...(value.lastPlace === true ? { lastPlace: true } : {}),
    };
  }
  return `${where} is of an unknown kind (${JSON.stringify(value.type)}).`;
}

function readBattle(value: unknown): BattleInProgress | null | string {
  if (value === null || value === undefined) return null;
  const where = 'The battle under way';
  if (!isFields(value) || typeof value.mission !== 'string' || !Number.isSafeInteger(value.seed))
    return `${where} has no mission or seed.`;
  const rulesVersion = readRulesVersion(value.rulesVersion);
  if (rulesVersion === null) return `${where} has no rules version.`;
  const commands = readCommands(value.commands, where);
  if (typeof commands === 'string') return commands;
  return { mission: value.mission, seed: value.seed as number, rulesVersion, commands };
}

/** A save read from untrusted data (parsed JSON): its shape checked and migrated, or a message. */
export function readCampaignSave(
  raw: unknown,
): { ok: true; save: CampaignSave } | { ok: false; error: string } {
  if (!isFields(raw) || raw.format !== CAMPAIGN_SAVE_FORMAT)
    return { ok: false, error: 'This is not an Arch Foe campaign save.' };
  if (typeof raw.version !== 'number' || !Number.isInteger(raw.version) || raw.version < 1)
    return { ok: false, error: 'The campaign save has no version.' };
  if (raw.version > CAMPAIGN_SAVE_VERSION)
    return {
      ok: false,
      error: `The campaign save comes from a newer game (save version ${raw.version}; this game reads up to ${CAMPAIGN_SAVE_VERSION}).`,
    };
  let fields: Fields = raw;
  for (let v = raw.version; v < CAMPAIGN_SAVE_VERSION; v++) {
    const migrate = MIGRATIONS[v];
    if (!migrate)
      return { ok: false, error: `The campaign save's version ${v} cannot be brought up to date.` };
    fields = migrate(fields);
  }
  if (typeof fields.campaign !== 'string' || fields.campaign.length === 0)
    return { ok: false, error: 'The campaign save does not say which campaign it is.' };
  if (!Number.isSafeInteger(fields.seed))
    return { ok: false, error: 'The campaign save has no seed.' };
  if (!isFields(fields.options)) return { ok: false, error: 'The campaign save has no options.' };
  if (!Array.isArray(fields.steps)) return { ok: false, error: 'The campaign save has no steps.' };
  const steps: CampaignStep[] = [];
  for (const [i, s] of fields.steps.entries()) {
    const step = readStep(s, i);
    if (typeof step === 'string') return { ok: false, error: step };
    steps.push(step);
  }
  const battle = readBattle(fields.battle);
  if (typeof battle === 'string') return { ok: false, error: battle };
  // A save without a dice version was made before they were kept: version 1, kept as it is.
  const diceVersion = fields.diceVersion ?? 1;
  const badDice = whyDiceVersionFails(diceVersion);
  if (badDice)
    return { ok: false, error: `The campaign save's dice cannot be rebuilt: ${badDice}` };
  // A save without a revision was begun under the campaign's first (or only) one.
  const revision = fields.revision ?? 1;
  if (typeof revision !== 'number' || !Number.isInteger(revision) || revision < 1)
    return { ok: false, error: "The campaign save's revision is not a whole number of 1 or more." };
  return {
    ok: true,
    save: {
      ...(diceVersion === 1 ? {} : { diceVersion: diceVersion as number }),
      ...(revision === 1 ? {} : { revision }),
      format: CAMPAIGN_SAVE_FORMAT,
      version: CAMPAIGN_SAVE_VERSION,
      campaign: fields.campaign,
      seed: fields.seed as number,
      options: normaliseCampaignOptions(fields.options),
      steps,
      battle,
    },
  };
}

/** Starts the battle a step or the save's battle under way records, checking its mission and seed. */
function startRecordedBattle(
  state: CampaignState,
  def: CampaignDefinition,
  resolve: ResolveScenario,
  recorded: { mission: string; seed: number; rulesVersion: number; commands: Command[] },
  where: string,
): CampaignResult {
  const started = startBattle(state, def, resolve);
  if (!started.ok) return { ok: false, error: `${where}: ${started.error}` };
  const battle = started.state.battle!;
  if (battle.mission !== recorded.mission)
    return {
      ok: false,
      error: `${where} was fought at "${recorded.mission}", but the campaign "${def.name}" now leads to "${battle.mission}" (was the campaign changed?).`,
    };
  if (battle.seed !== recorded.seed)
    return {
      ok: false,
      error: `${where}'s seed does not match the campaign's dice: the save is damaged.`,
    };
  const pinned = { ...started.state, battle: { ...battle, rulesVersion: recorded.rulesVersion } };
  return withBattleCommands(pinned, recorded.commands);
}

/** Plays a save's steps again from its seed: the campaign exactly as it was. */
export function replayCampaign(
  save: CampaignSave,
  def: CampaignDefinition,
  resolve: ResolveScenario,
): CampaignResult {
  if (save.campaign !== def.id)
    return { ok: false, error: `The save is of the campaign "${save.campaign}", not "${def.id}".` };
  const revision = save.revision ?? 1;
  if (revision > (def.revision ?? 1))
    return {
      ok: false,
      error: `The save was begun under revision ${revision} of the campaign "${def.name}", newer than this game's (${def.revision ?? 1}).`,
    };
  try {
    let state = newCampaign(def, save.seed, save.options, save.diceVersion ?? 1, revision);
    for (const [i, step] of save.steps.entries()) {
      const where = `Step ${i + 1} of the save`;
      let result: CampaignResult;
      if (step.type === 'battle') {
        const started = startRecordedBattle(state, def, resolve, step, where);
        if (!started.ok) return started;
        result = finishBattle(started.state, def, resolve);
      } else if (step.type === 'choose') result = chooseMission(state, step.mission);
      else if (step.type === 'oracle')
        result = askCampaignOracle(state, step.question, step.about, step.lastPlace === true);
      else result = renameHero(state, step.hero, step.name);
      if (!result.ok) return { ok: false, error: `${where}: ${result.error}` };
      state = result.state;
    }
    if (save.battle) {
      const started = startRecordedBattle(state, def, resolve, save.battle, 'The battle under way');
      if (!started.ok) return started;
      state = started.state;
    }
    return { ok: true, state };
  } catch (e) {
    return {
      ok: false,
      error: `The campaign save could not be replayed: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
}

/** Loads a save from parsed JSON (or its text): checked, migrated and replayed. */
export function loadCampaign(
  raw: unknown,
  def: CampaignDefinition,
  resolve: ResolveScenario,
): CampaignResult {
  let parsed = raw;
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw);
    } catch {
      return { ok: false, error: 'The campaign save is not valid JSON: the file is damaged.' };
    }
  }
  const read = readCampaignSave(parsed);
  if (!read.ok) return read;
  return replayCampaign(read.save, def, resolve);
}
