/**
 * The campaign half of the simulator (`npm run sim -- --campaign ID --games N [--seed S]
 * [--difficulty D] [--json]`): N whole campaigns played by the autopilot, campaign i with
 * seed S + i, and for each mission how often it was fought, won and drawn, how many of the party
 * went in and how many were still standing at the end, and how many died after it (of
 * their wounds, or fallen with no grievous-wounds rule); then how many campaigns were won.
 */
import {
  campaignOptions,
  playAutoCampaign,
  type CampaignDefinition,
  type Difficulty,
} from '../../src/engine/campaign/index';
import { campaignResolverFromDisk } from '../../src/devtools/campaigns';

export interface MissionFigures {
  mission: string;
  name: string;
  fought: number;
  won: number;
  /** Battles neither side won (a draw is not a lost mission: docs/campaigns.md). */
  drawn: number;
  /** Party members who went in, per battle. */
  meanPartyIn: number;
  /** Party members standing (or escaped) at the end of the battle, per battle. */
  meanSurvivors: number;
  /** Party members dead after the rolls that followed, per battle. */
  meanDeaths: number;
  /** Party members alive after those rolls (went in, less the dead), per battle. */
  meanAlive: number;
}

export interface CampaignSimResult {
  campaign: string;
  difficulty: Difficulty;
  seed: number;
  games: number;
  victories: number;
  defeats: number;
  victoryRate: number;
  meanBattles: number;
  meanDeaths: number;
  missions: MissionFigures[];
  campaignsPerMinute: number;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

export function simulateCampaigns(
  def: CampaignDefinition,
  difficulty: Difficulty,
  seed: number,
  games: number,
): CampaignSimResult {
  const totals = new Map<
    string,
    {
      fought: number;
      won: number;
      drawn: number;
      partyIn: number;
      survivors: number;
      deaths: number;
    }
  >();
  for (const m of def.missions)
    totals.set(m.id, { fought: 0, won: 0, drawn: 0, partyIn: 0, survivors: 0, deaths: 0 });
  let victories = 0;
  let battles = 0;
  let deaths = 0;
  const started = performance.now();
  for (let i = 0; i < games; i++) {
    const end = playAutoCampaign(
      def,
      seed + i,
      campaignOptions(difficulty),
      campaignResolverFromDisk(def),
    );
    if (end.position.at === 'over' && end.position.result === 'victory') victories++;
    battles += end.history.length;
    deaths += end.fallen.length;
    for (const record of end.history) {
      const t = totals.get(record.mission)!;
      t.fought++;
      if (record.winner === 'heroes') t.won++;
      if (record.winner === null) t.drawn++;
      t.partyIn += record.party.length;
      for (const e of record.log) {
        if (e.type === 'mission-ended') t.survivors += e.survivors;
        if (e.type === 'died') t.deaths++;
      }
    }
  }
  const minutes = (performance.now() - started) / 60_000;
  return {
    campaign: def.id,
    difficulty,
    seed,
    games,
    victories,
    defeats: games - victories,
    victoryRate: round2(victories / games),
    meanBattles: round2(battles / games),
    meanDeaths: round2(deaths / games),
    missions: def.missions.map((m) => {
      const t = totals.get(m.id)!;
      const per = (x: number): number => (t.fought === 0 ? 0 : round2(x / t.fought));
      return {
        mission: m.id,
        name: m.name,
        fought: t.fought,
        won: t.won,
        drawn: t.drawn,
        meanPartyIn: per(t.partyIn),
        meanSurvivors: per(t.survivors),
        meanDeaths: per(t.deaths),
        meanAlive: per(t.partyIn - t.deaths),
      };
    }),
    campaignsPerMinute: round2(games / minutes),
  };
}

const COLUMN = 10;
/** The table's columns: title and field. */
export const COLUMNS: readonly (readonly [string, keyof MissionFigures])[] = [
  ['fought', 'fought'],
  ['won', 'won'],
  ['drawn', 'drawn'],
  ['in', 'meanPartyIn'],
  ['standing', 'meanSurvivors'],
  ['dead', 'meanDeaths'],
  ['alive', 'meanAlive'],
];

export function formatCampaignSim(r: CampaignSimResult): string {
  const width = Math.max(20, ...r.missions.map((m) => m.mission.length));
  const lines = [
    `Campaign        ${r.campaign} (${r.difficulty})`,
    `Campaigns       ${r.games} (seeds ${r.seed}..${r.seed + r.games - 1})`,
    `Victories       ${r.victories} (${Math.round(r.victoryRate * 100)}%), defeats ${r.defeats}`,
    `Per campaign    ${r.meanBattles} battles, ${r.meanDeaths} heroes dead`,
    '',
    'Per battle of each mission: the party going in, standing at the end, dead after the',
    'rolls between missions, and alive going on (in less dead).',
    '',
    `${'mission'.padEnd(width)} ${COLUMNS.map(([title]) => title.padStart(COLUMN)).join('')}`,
  ];
  for (const m of r.missions)
    lines.push(
      `${m.mission.padEnd(width)} ${COLUMNS.map(([, key]) => String(m[key]).padStart(COLUMN)).join('')}`,
    );
  lines.push(
    '',
    `Speed           ${r.campaignsPerMinute} campaigns/min (timing varies run to run)`,
  );
  return lines.join('\n');
}
