/**
 * What the Campaign screen shows, worked out from the campaign's state as plain data (so it
 * is tested without a screen): the party's cards, the fallen, every mission with where it
 * stands, the story to tell now, the choice when there is one, and at the end the party's
 * story and the numbers for its chart. The rules' names and art come from the modules.
 */
import { findRuleModule, type Side, type UnitArt } from '../engine';
import {
  DIFFICULTY_NAMES,
  findMission,
  type CampaignDefinition,
  type CampaignHero,
  type CampaignState,
  type MissionChoice,
} from '../engine/campaign';

export interface HeroCard {
  id: string;
  name: string;
  /** The figure it is in the next battle's rules ("Sell-sword"), and its art. */
  figure: string;
  art: UnitArt | null;
  /** "Fight 2/5 · Magic 1/3" */
  skills: string;
  wounds: number;
  permanentWounds: number;
  kills: number;
  missions: number;
  status: CampaignHero['status'];
  /** "joined after The Warren", or '' for the first party. */
  joined: string;
}

export type MissionStatus = 'won' | 'lost' | 'drawn' | 'next' | 'choice' | 'ahead' | 'not taken';

export interface MissionLine {
  id: string;
  name: string;
  status: MissionStatus;
  /** "2 battles, won" */
  note: string;
}

export interface CampaignModel {
  title: string;
  difficulty: string;
  ironman: boolean;
  heroes: HeroCard[];
  fallen: { name: string; where: string }[];
  missions: MissionLine[];
  /** The lines to read now: the next mission's story, the choice's, or the ending. */
  storyTitle: string;
  story: string[];
  choice: readonly MissionChoice[] | null;
  battleUnderWay: boolean;
  over: 'victory' | 'defeat' | null;
  /** One bar per battle fought: heroes who went in and who stood at the end. */
  chart: { label: string; went: number; stood: number; won: boolean }[];
  /** The party's story: one line per battle, and the oracle's answers between them. */
  chronicle: string[];
  /** The oracle's answers between missions, oldest first. */
  oracle: CampaignState['oracle'];
}

/** The rule module the next battle (or else the first one) is played under. */
function nextModule(def: CampaignDefinition, state: CampaignState): string {
  const pos = state.position;
  const missionId = state.battle?.mission ?? (pos.at === 'mission' ? pos.mission : null);
  const last = state.history[state.history.length - 1];
  if (missionId) {
    const m = findMission(def, missionId);
    if (m?.rules) return m.rules;
    const same = state.history.find((h) => h.mission === missionId);
    if (same) return same.ruleModule;
  }
  return last?.ruleModule ?? Object.keys(def.party[0]?.kinds ?? {})[0] ?? '';
}

function missionName(def: CampaignDefinition, id: string | null): string {
  if (!id) return '';
  return findMission(def, id)?.name ?? id;
}

export function heroCard(def: CampaignDefinition, hero: CampaignHero, moduleId: string): HeroCard {
  const id = hero.kinds[moduleId] ? moduleId : (Object.keys(hero.kinds)[0] ?? moduleId);
  const rules = findRuleModule(id);
  const kind = hero.kinds[id];
  const k = rules?.kinds.find((x) => x.kind === kind);
  const skillDefs = (kind && rules?.campaign?.skills(kind)) || [];
  const levels = hero.skills[id] ?? {};
  const skills = skillDefs
    .map((s) => `${s.name} ${levels[s.id] ?? s.level}/${s.max}`)
    .join(' \u00b7 ');
  return {
    id: hero.id,
    name: hero.name,
    figure: k?.name ?? kind ?? '',
    art: k?.art ?? null,
    skills,
    wounds: hero.wounds,
    permanentWounds: hero.permanentWounds,
    kills: hero.kills,
    missions: hero.missions,
    status: hero.status,
    joined: hero.joined ? `joined after ${missionName(def, hero.joined)}` : '',
  };
}

/** A battle's result in a word: won, lost or drawn (`winner` null). */
function battleResultWord(winner: Side | null): 'won' | 'lost' | 'drawn' {
  return winner === 'heroes' ? 'won' : winner === 'enemies' ? 'lost' : 'drawn';
}

function missionLines(def: CampaignDefinition, state: CampaignState): MissionLine[] {
  const pos = state.position;
  const taken = new Set(state.history.map((h) => h.mission));
  const offered = new Set(pos.at === 'choice' ? pos.choice.map((c) => c.mission) : []);
  const next = state.battle?.mission ?? (pos.at === 'mission' ? pos.mission : null);
  if (next) taken.add(next);
  // A branch not taken: a way of a choice made already, other than the one chosen.
  const notTaken = new Set<string>();
  for (const m of def.missions)
    if (m.choice && state.history.some((h) => h.mission === m.id && h.winner === 'heroes'))
      for (const c of m.choice)
        if (!taken.has(c.mission) && !offered.has(c.mission)) notTaken.add(c.mission);
  return def.missions.map((m) => {
    const fought = state.history.filter((h) => h.mission === m.id);
    const won = fought.some((h) => h.winner === 'heroes');
    // Its last battle decides how it stands when it was never won: lost, or drawn.
    const drawn = !won && fought.length > 0 && fought[fought.length - 1].winner === null;
    let status: MissionStatus = 'ahead';
    if (m.id === next && pos.at !== 'over') status = 'next';
    else if (offered.has(m.id)) status = 'choice';
    else if (won) status = 'won';
    else if (drawn) status = 'drawn';
    else if (fought.length > 0) status = 'lost';
    else if (notTaken.has(m.id)) status = 'not taken';
    const battles = fought.length;
    const note =
      battles === 0
        ? ''
        : `${battles} battle${battles === 1 ? '' : 's'}, ${won ? 'won' : drawn ? 'drawn' : 'lost'}`;
    return { id: m.id, name: m.name, status, note };
  });
}

/** Everything the Campaign screen shows. */
export function campaignModel(def: CampaignDefinition, state: CampaignState): CampaignModel {
  const moduleId = nextModule(def, state);
  const pos = state.position;
  let storyTitle = def.name;
  let story: string[] = [...def.story];
  if (pos.at === 'mission') {
    const m = findMission(def, pos.mission);
    storyTitle = m ? `Next: ${m.name}` : pos.mission;
    story =
      state.history.length === 0 ? [...def.story, '', ...(m?.story ?? [])] : [...(m?.story ?? [])];
  } else if (pos.at === 'choice') {
    storyTitle = 'The road divides';
    story = ['Choose where the party goes next.'];
  } else {
    storyTitle = pos.result === 'victory' ? 'The campaign is won' : 'The campaign is lost';
    story = [...(pos.result === 'victory' ? def.ending.victory : def.ending.defeat)];
  }
  const chart = state.history.map((h, i) => {
    const ended = h.log.find((e) => e.type === 'mission-ended');
    const stood = ended && ended.type === 'mission-ended' ? ended.survivors : 0;
    return {
      label: `${i + 1}`,
      went: h.party.length,
      stood,
      won: h.winner === 'heroes',
    };
  });
  const names = new Map([...state.party, ...state.fallen].map((h) => [h.id, h.name]));
  const battles = state.history.map((h, i) => {
    const fell = h.log
      .filter((e) => e.type === 'died')
      .map((e) => (e.type === 'died' ? (names.get(e.hero) ?? e.hero) : ''));
    const fate = fell.length ? ` ${fell.join(' and ')} fell there.` : '';
    return `${i + 1}. ${missionName(def, h.mission)}: ${battleResultWord(h.winner)} in ${h.rounds} rounds.${fate}`;
  });
  // The oracle's answers between missions, each after the battles fought before it was asked.
  const asked = state.oracle ?? [];
  const chronicle: string[] = [];
  for (let i = 0; i <= battles.length; i++) {
    chronicle.push(...asked.filter((o) => o.afterMissions === i).map((o) => o.text));
    if (i < battles.length) chronicle.push(battles[i]);
  }
  return {
    title: def.name,
    difficulty: DIFFICULTY_NAMES[state.options.difficulty],
    ironman: state.options.ironman,
    heroes: state.party.map((h) => heroCard(def, h, moduleId)),
    fallen: state.fallen.map((h) => ({
      name: h.name,
      where: h.died ? `fell at ${missionName(def, h.died)}` : 'fell',
    })),
    missions: missionLines(def, state),
    storyTitle,
    story,
    choice: pos.at === 'choice' ? pos.choice : null,
    battleUnderWay: state.battle !== null,
    over: pos.at === 'over' ? pos.result : null,
    chart,
    chronicle,
    oracle: state.oracle ?? [],
  };
}
