/**
 * Playing a campaign: a new campaign from its definition, the set-up of the next battle
 * (its map from a resolver the caller passes in, its options with the difficulty's enemy
 * strength, the party seated by the module), the end of a battle (replayed from its seed
 * and commands, then the rolls between missions and where the story goes next), choices
 * and renames. Every function is pure: it returns a new state, or a plain message and no
 * state, and never throws on bad input. docs/campaigns.md.
 */
import { createDiceState, CURRENT_DICE_VERSION, diceVersionOf, openDice } from '../dice';
import { applyCommand } from '../game';
import type { BattleMap } from '../map';
import type { PartyMember, RuleModule } from '../rulesets/module';
import { findRuleModule } from '../rulesets/registry';
import { createGame, olderRulesMessage, oldestRulesVersion, type GameConfig } from '../setup';
import { outcomeTitle } from '../systems/victory';
import type { Command, GameEvent, GameState, OptionValue, Side } from '../types';
import { findMission, missionsAfterVictory } from './definition';
import { rollBetweenMissions, type HeroInBattle } from './recovery';
import type {
  CampaignDefinition,
  CampaignEvent,
  CampaignHero,
  CampaignOptions,
  CampaignState,
  HeroDefinition,
  MissionDefinition,
} from './types';

/** A scenario's board as the game resolves it: its map, its rule module and its default options. */
export interface MissionBoard {
  map: BattleMap;
  ruleModule: string;
  defaults: Readonly<Record<string, unknown>>;
}

/**
 * Turns a scenario id into its board. The engine cannot read maps itself (they live above
 * it): the app passes its own resolver, the tools and tests one that reads maps from disk.
 */
export type ResolveScenario = (
  scenarioId: string,
) => { ok: true; board: MissionBoard } | { ok: false; error: string };

export type CampaignResult = { ok: true; state: CampaignState } | { ok: false; error: string };

/** The largest mission seed (a positive 31-bit number). */
const SEED_SIDES = 2_147_483_647;

function copy<T>(value: T): T {
  return structuredClone(value);
}

function rulesWithCampaign(id: string): RuleModule | null {
  const rules = findRuleModule(id);
  return rules?.campaign ? rules : null;
}

/** A new hero of the definition (or a recruit), at every rule set's starting skill levels. */
function newHero(id: string, def: HeroDefinition, joined: string | null): CampaignHero {
  const skills: Record<string, Record<string, number>> = {};
  for (const [moduleId, kind] of Object.entries(def.kinds)) {
    const rules = rulesWithCampaign(moduleId);
    if (rules)
      skills[moduleId] = Object.fromEntries(
        rules.campaign!.skills(kind).map((s) => [s.id, s.level]),
      );
  }
  return {
    id,
    name: def.name,
    kinds: { ...def.kinds },
    skills,
    wounds: 0,
    permanentWounds: 0,
    kills: 0,
    missions: 0,
    status: 'alive',
    joined,
    died: null,
  };
}

/**
 * A new campaign at its first mission; nothing is rolled yet. `diceVersion` and `revision`
 * are a save's own when it is replayed; new campaigns take the current dice and the
 * campaign's own revision.
 */
export function newCampaign(
  def: CampaignDefinition,
  seed: number,
  options: CampaignOptions,
  diceVersion: number = CURRENT_DICE_VERSION,
  revision: number = def.revision ?? 1,
): CampaignState {
  const dice = createDiceState(seed, diceVersion);
  return {
    // Revision 1 is what a campaign without the field means, so it is left out.
    ...(revision !== 1 ? { revision } : {}),
    campaign: def.id,
    seed: dice.seed,
    options: copy(options),
    dice,
    party: def.party.map((h, i) => newHero(`hero-${i + 1}`, h, null)),
    fallen: [],
    recruited: 0,
    defeats: 0,
    position: { at: 'mission', mission: def.start },
    battle: null,
    history: [],
    oracle: [],
    steps: [],
  };
}

/**
 * A mission's options for a campaign begun under `revision`: those of the first earlier
 * revision at or after it, else its own (the current ones).
 */
export function missionOptionsAt(
  mission: MissionDefinition,
  revision: number,
): Readonly<Record<string, OptionValue>> {
  const earlier = [...(mission.earlierOptions ?? [])].sort(
    (a, b) => a.upToRevision - b.upToRevision,
  );
  return earlier.find((e) => revision <= e.upToRevision)?.options ?? mission.options ?? {};
}

/** The strength a mission's enemies take the field with: its own, changed by the difficulty. */
function missionStrengthOptions(
  rules: RuleModule,
  own: Readonly<Record<string, OptionValue>>,
  options: CampaignOptions,
): Record<string, OptionValue> {
  const percent = typeof own.enemyPercent === 'number' ? own.enemyPercent : 100;
  const wounds = typeof own.archFoeWounds === 'number' ? own.archFoeWounds : 0;
  return rules.campaign!.strengthOptions({
    enemyPercent: Math.round((percent * options.enemyPercent) / 100),
    archFoeWounds: wounds + options.archFoeWounds,
  });
}

/** The party as it goes into a battle under `rules`: the living heroes, each as its figure there. */
function partyFor(state: CampaignState, rules: RuleModule): PartyMember[] | string {
  const members: PartyMember[] = [];
  for (const hero of state.party) {
    const kind = hero.kinds[rules.id];
    if (!kind) return `${hero.name} has no figure in the ${rules.name} rules.`;
    members.push({
      id: hero.id,
      name: hero.name,
      kind,
      wounds: hero.wounds,
      traits: {},
      permanentWounds: hero.permanentWounds,
      skills: { ...(hero.skills[rules.id] ?? {}) },
    });
  }
  return members;
}

/** Everything a mission's battle is set up from. */
export interface MissionSetup {
  mission: MissionDefinition;
  rules: RuleModule;
  config: GameConfig;
}

/** The set-up of `mission`'s battle with `seed`, for the party as it stands. */
export function missionSetup(
  state: CampaignState,
  def: CampaignDefinition,
  missionId: string,
  seed: number,
  rulesVersion: number | undefined,
  resolve: ResolveScenario,
): { ok: true; setup: MissionSetup } | { ok: false; error: string } {
  const mission = findMission(def, missionId);
  if (!mission) return { ok: false, error: `The campaign has no mission "${missionId}".` };
  let resolved;
  try {
    resolved = resolve(mission.scenario);
  } catch (e) {
    resolved = { ok: false as const, error: e instanceof Error ? e.message : String(e) };
  }
  if (!resolved.ok) return { ok: false, error: `Mission "${mission.name}": ${resolved.error}` };
  const board = resolved.board;
  const moduleId = mission.rules ?? board.ruleModule;
  const rules = rulesWithCampaign(moduleId);
  if (!rules)
    return {
      ok: false,
      error: `Mission "${mission.name}" is played under "${moduleId}", which cannot host a campaign mission.`,
    };
  // A battle of rules this copy no longer plays cannot be replayed as it was (and a
  // campaign save keeps no check of it): refused in words, never replayed differently.
  if (rulesVersion !== undefined && rulesVersion < oldestRulesVersion(rules))
    return {
      ok: false,
      error: `Mission "${mission.name}": ${olderRulesMessage(rules, rulesVersion)}`,
    };
  const party = partyFor(state, rules);
  if (typeof party === 'string') return { ok: false, error: party };
  // A map played under another module than its own keeps none of its own module's defaults.
  const defaults = moduleId === board.ruleModule ? board.defaults : {};
  // The mission's own enemy strength is combined with the difficulty's, never taken as it is.
  const missionOptions = missionOptionsAt(mission, state.revision ?? 1);
  const { enemyPercent: _percent, archFoeWounds: _wounds, ...own } = missionOptions;
  const options = {
    ...defaults,
    ...own,
    ...missionStrengthOptions(rules, missionOptions, state.options),
  };
  const config: GameConfig = {
    scenarioId: mission.scenario,
    map: board.map,
    seed,
    options,
    ruleModule: rules.id,
    party,
    rulesVersion: rulesVersion ?? rules.rulesVersion,
    // A campaign's battles roll their dice the way the campaign's own dice were made.
    diceVersion: diceVersionOf(state.dice),
  };
  return { ok: true, setup: { mission, rules, config } };
}

/**
 * The next battle: the one under way, or a new one for the mission the story stands at,
 * its seed rolled with the campaign's dice. Returns the state with the battle recorded
 * (autosave it) and the game config to create the battle from.
 */
export function startBattle(
  state: CampaignState,
  def: CampaignDefinition,
  resolve: ResolveScenario,
): { ok: true; state: CampaignState; setup: MissionSetup } | { ok: false; error: string } {
  if (state.battle) {
    const made = missionSetup(
      state,
      def,
      state.battle.mission,
      state.battle.seed,
      state.battle.rulesVersion,
      resolve,
    );
    return made.ok ? { ok: true, state, setup: made.setup } : made;
  }
  if (state.position.at !== 'mission')
    return {
      ok: false,
      error:
        state.position.at === 'choice' ? 'Choose the next mission first.' : 'The campaign is over.',
    };
  const dice = openDice(state.dice);
  const seed = dice.roll(SEED_SIDES);
  const made = missionSetup(state, def, state.position.mission, seed, undefined, resolve);
  if (!made.ok) return made;
  const next = copy(state);
  next.dice = dice.snapshot();
  next.battle = {
    mission: made.setup.mission.id,
    seed,
    rulesVersion: made.setup.config.rulesVersion ?? made.setup.rules.rulesVersion,
    commands: [],
  };
  return { ok: true, state: next, setup: made.setup };
}

/** The campaign with the battle under way given these commands (for an autosave after each). */
export function withBattleCommands(
  state: CampaignState,
  commands: readonly Command[],
): CampaignResult {
  if (!state.battle) return { ok: false, error: 'No battle is under way.' };
  const next = copy(state);
  next.battle!.commands = copy([...commands]);
  return { ok: true, state: next };
}

/** A battle played again from its config and commands, with every event. */
export function replayBattle(
  config: GameConfig,
  commands: readonly Command[],
):
  | { ok: true; initial: GameState; final: GameState; events: GameEvent[] }
  | { ok: false; error: string } {
  const created = createGame(config);
  if (!created.ok) return created;
  let state = created.state;
  const events: GameEvent[] = [];
  for (const [i, command] of commands.entries()) {
    const result = applyCommand(state, command);
    if (!result.ok)
      return { ok: false, error: `Command ${i + 1} of the battle fails: ${result.error}` };
    state = result.state;
    events.push(...result.events);
  }
  return { ok: true, initial: created.state, final: state, events };
}

function heroesInBattle(
  rules: RuleModule,
  initial: GameState,
  final: GameState,
  events: readonly GameEvent[],
  commands: readonly Command[],
  party: readonly CampaignHero[],
): HeroInBattle[] | string {
  const seated = new Map(rules.partyAfter(initial).map((m) => [m.id, m]));
  const out: HeroInBattle[] = [];
  for (const hero of party) {
    const unit = final.units.find((u) => u.id === hero.id);
    const member = seated.get(hero.id);
    if (!unit || !member) return `${hero.name} is missing from the battle.`;
    out.push({
      id: hero.id,
      kind: unit.kind,
      woundsIn: member.wounds,
      woundsOut: unit.wounds,
      fell: unit.position === null && unit.offField === undefined,
      kills: unit.stats.kills,
      skillsUsed: rules.campaign!.skillsUsed({ state: final, commands, events }, hero.id),
    });
  }
  return out;
}

/** Recruits for the heroes who died: each takes a dead hero's figures, with a fresh name. */
function recruit(
  state: CampaignState,
  def: CampaignDefinition,
  dead: readonly CampaignHero[],
  mission: string,
  log: CampaignEvent[],
): void {
  for (const gone of dead) {
    const n = state.recruited + 1;
    state.recruited = n;
    const name = def.recruits[n - 1] ?? `Recruit ${n}`;
    const hero = newHero(`recruit-${n}`, { name, kinds: gone.kinds }, mission);
    state.party.push(hero);
    log.push({
      type: 'recruited',
      hero: hero.id,
      replaces: gone.id,
      text: `${name} joins the party in ${gone.name}'s place.`,
    });
  }
}

/**
 * Where the story goes after `mission` ends with `winner` (null: a draw). A draw is not a
 * victory, so the story cannot go on as if the mission were won: it takes the defeat's road
 * (the mission's `onDefeat`, else the mission again), but no defeat is counted against the
 * campaign.
 */
function advance(
  state: CampaignState,
  def: CampaignDefinition,
  mission: MissionDefinition,
  winner: Side | null,
  log: CampaignEvent[],
): void {
  const over = (result: 'victory' | 'defeat', text: string): void => {
    state.position = { at: 'over', result };
    log.push({ type: 'campaign-over', result, text });
  };
  if (winner === null) {
    const next = mission.onDefeat ?? mission.id;
    state.position = { at: 'mission', mission: next };
    log.push({
      type: 'next-mission',
      mission: next,
      text:
        next === mission.id
          ? `Neither side prevailed: the party regroups to try "${mission.name}" again. A draw is not counted as a lost mission.`
          : `Neither side prevailed: the party turns to "${findMission(def, next)?.name ?? next}". A draw is not counted as a lost mission.`,
    });
    return;
  }
  if (winner === 'enemies') {
    state.defeats += 1;
    if (state.defeats > state.options.defeatsAllowed)
      return over('defeat', `Too many missions lost (${state.defeats}): the campaign is lost.`);
    const next = mission.onDefeat ?? mission.id;
    state.position = { at: 'mission', mission: next };
    const target = findMission(def, next);
    log.push({
      type: 'next-mission',
      mission: next,
      text:
        next === mission.id
          ? `The party falls back to try "${mission.name}" again (${state.options.defeatsAllowed - state.defeats + 1} more defeats and the campaign is lost).`
          : `Defeated, the party turns to "${target?.name ?? next}".`,
    });
    return;
  }
  if (mission.final) return over('victory', `"${mission.name}" is won: the campaign is won.`);
  if (mission.choice) {
    state.position = { at: 'choice', choice: copy(mission.choice) };
    log.push({
      type: 'choice-offered',
      missions: mission.choice.map((c) => c.mission),
      text: `The road divides: ${mission.choice.map((c) => c.label).join(', or ')}.`,
    });
    return;
  }
  const next = missionsAfterVictory(mission)[0];
  state.position = { at: 'mission', mission: next };
  log.push({
    type: 'next-mission',
    mission: next,
    text: `Next: "${findMission(def, next)?.name ?? next}".`,
  });
}

/**
 * Ends the battle under way: replays it from its seed and commands (it must be over),
 * rolls what happens between missions with the campaign's dice, recruits for the dead and
 * moves the story on. The new history record holds the whole log.
 */
export function finishBattle(
  state: CampaignState,
  def: CampaignDefinition,
  resolve: ResolveScenario,
): CampaignResult {
  const battle = state.battle;
  if (!battle) return { ok: false, error: 'No battle is under way.' };
  const made = missionSetup(state, def, battle.mission, battle.seed, battle.rulesVersion, resolve);
  if (!made.ok) return made;
  const { mission, rules, config } = made.setup;
  const played = replayBattle(config, battle.commands);
  if (!played.ok) return played;
  const outcome = played.final.outcome;
  if (!outcome) return { ok: false, error: `The battle of "${mission.name}" is not over yet.` };
  const heroes = heroesInBattle(
    rules,
    played.initial,
    played.final,
    played.events,
    battle.commands,
    state.party,
  );
  if (typeof heroes === 'string') return { ok: false, error: heroes };

  const next = copy(state);
  const survivors = heroes.filter((h) => !h.fell).length;
  const log: CampaignEvent[] = [
    {
      type: 'mission-ended',
      mission: mission.id,
      winner: outcome.winner,
      reason: outcome.reason,
      survivors,
      text: `"${mission.name}": ${outcomeTitle(outcome.winner).toLowerCase()}. ${outcome.reason} ${survivors} of ${heroes.length} heroes standing.`,
    },
  ];
  const dice = openDice(next.dice);
  const rolled = rollBetweenMissions(
    next.party,
    {
      mission: mission.id,
      winner: outcome.winner,
      ruleModule: rules.id,
      rules: rules.campaign!,
      heroes,
      hazard: mission.hazard ?? 0,
      pace: mission.pace ?? 'rest',
    },
    next.options,
    dice,
  );
  next.dice = dice.snapshot();
  log.push(...rolled.events);
  const dead = rolled.heroes.filter((h) => h.status === 'dead');
  next.party = rolled.heroes.filter((h) => h.status !== 'dead');
  next.fallen.push(...dead);
  recruit(next, def, dead, mission.id, log);
  advance(next, def, mission, outcome.winner, log);

  next.history.push({
    mission: mission.id,
    attempt: state.history.filter((h) => h.mission === mission.id).length + 1,
    seed: battle.seed,
    scenario: mission.scenario,
    ruleModule: rules.id,
    rulesVersion: battle.rulesVersion,
    options: copy(config.options ?? {}),
    party: copy([...(config.party ?? [])]),
    commands: copy(battle.commands),
    winner: outcome.winner,
    reason: outcome.reason,
    rounds: played.final.round,
    log,
  });
  next.steps.push({
    type: 'battle',
    mission: battle.mission,
    seed: battle.seed,
    rulesVersion: battle.rulesVersion,
    commands: copy(battle.commands),
  });
  next.battle = null;
  return { ok: true, state: next };
}

/** Takes one way of the choice the story stands at. */
export function chooseMission(state: CampaignState, missionId: string): CampaignResult {
  if (state.position.at !== 'choice')
    return { ok: false, error: 'There is no choice to make now.' };
  const way = state.position.choice.find((c) => c.mission === missionId);
  if (!way)
    return {
      ok: false,
      error: `"${missionId}" is not one of the ways: ${state.position.choice.map((c) => c.mission).join(', ')}.`,
    };
  const next = copy(state);
  next.position = { at: 'mission', mission: way.mission };
  next.steps.push({ type: 'choose', mission: way.mission });
  const last = next.history[next.history.length - 1];
  last?.log.push({
    type: 'mission-chosen',
    mission: way.mission,
    text: `The party takes the way: ${way.label}.`,
  });
  return { ok: true, state: next };
}

/** The most characters a hero's name has (the rename field takes no more). */
export const HERO_NAME_MOST = 40;

/** Gives a living hero a new name (between battles). */
export function renameHero(state: CampaignState, heroId: string, name: string): CampaignResult {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > HERO_NAME_MOST)
    return { ok: false, error: `A name must have 1 to ${HERO_NAME_MOST} characters.` };
  if (state.battle) return { ok: false, error: 'Heroes can be renamed only between battles.' };
  const index = state.party.findIndex((h) => h.id === heroId);
  if (index < 0) return { ok: false, error: `No living hero "${heroId}".` };
  const next = copy(state);
  next.party[index].name = trimmed;
  next.steps.push({ type: 'rename', hero: heroId, name: trimmed });
  return { ok: true, state: next };
}
