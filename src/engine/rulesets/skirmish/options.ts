/**
 * The Skirmish's options: the battlefield scale (V), the scenario (VI), the optional rules
 * (Random Enemy Action and combat tactics of IV, patrolling of III, morale of VIII,
 * objectives of VI) and the muster of each army.
 */
import type { BattleMap } from '../../map';
import { readStrength, strengthOptions } from '../../systems/strength';
import { FOG_OF_WAR_OPTION, fogOption } from '../../systems/fog';
import { normaliseVictoryOptions } from '../../systems/victory';
import type { OptionSpec, ScenarioDefinition } from '../module';
import { FIGURES_BY_KIND } from './roster';
import { whyScenarioUnavailable } from './goals';
import { SCENARIO_RULES } from './scenarios';
import { readScale } from './battlefield';
import type { Scale, SkirmishOptions } from './types';

/** The default armies: a company of heroes against a warband (about 60 points each). */
export const DEFAULT_HEROES = 'captain,knight,archer,archer,healer,spearman,swordsman';
export const DEFAULT_ENEMIES =
  'warlord,ogre,swordsman,swordsman,spearman,slinger,slinger,wolf,wolf';

/** Each army's points budget unless a scenario says otherwise, and the budgets offered. */
export const DEFAULT_BUDGET = 70;
export const BUDGETS: readonly number[] = [40, 55, 70, 90, 120, 150];

/** A points budget: a whole number from 10 to 500, else the default. */
function readBudget(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 10 && v <= 500 ? v : fallback;
}

export const DEFAULT_SKIRMISH_OPTIONS: SkirmishOptions = {
  scale: 'large',
  scenario: 'basic-battle',
  defender: 'enemies',
  ambusher: 'enemies',
  spawner: 'enemies',
  randomEnemyAction: false,
  patrol: false,
  tactics: false,
  morale: true,
  objectives: true,
  heroes: DEFAULT_HEROES,
  enemies: DEFAULT_ENEMIES,
  heroPoints: DEFAULT_BUDGET,
  enemyPoints: DEFAULT_BUDGET,
  victory: 'all-enemies',
  holdTurns: 2,
  defeatCount: 6,
  maxRounds: 30,
};

/** An army list: known kinds only, separated by commas; the default when none is left. */
export function readArmy(text: unknown, fallback: string): string {
  if (typeof text !== 'string') return fallback;
  const kinds = text
    .split(',')
    .map((k) => k.trim().toLowerCase())
    .filter((k) => FIGURES_BY_KIND[k]);
  return kinds.length > 0 ? kinds.slice(0, 30).join(',') : fallback;
}

export function normaliseSkirmishOptions(
  raw: Readonly<Record<string, unknown>> | undefined,
  map?: BattleMap,
): SkirmishOptions {
  const d = DEFAULT_SKIRMISH_OPTIONS;
  const o: Record<string, unknown> = { ...d, ...(raw ?? {}) };
  const mapScenario = map?.properties.skirmishScenario;
  if (raw?.scenario === undefined && typeof mapScenario === 'string') o.scenario = mapScenario;
  const bool = (v: unknown, fallback: boolean): boolean => (typeof v === 'boolean' ? v : fallback);
  return {
    scale: readScale(raw?.scale, map),
    scenario: SCENARIO_RULES.some((s) => s.id === o.scenario) ? String(o.scenario) : d.scenario,
    defender: o.defender === 'heroes' ? 'heroes' : 'enemies',
    ambusher: o.ambusher === 'heroes' ? 'heroes' : 'enemies',
    spawner: o.spawner === 'heroes' ? 'heroes' : 'enemies',
    randomEnemyAction: bool(o.randomEnemyAction, d.randomEnemyAction),
    patrol: bool(o.patrol, d.patrol),
    tactics: bool(o.tactics, d.tactics),
    morale: bool(o.morale, d.morale),
    objectives: bool(o.objectives, d.objectives),
    heroes: readArmy(o.heroes, d.heroes),
    enemies: readArmy(o.enemies, d.enemies),
    heroPoints: readBudget(o.heroPoints, d.heroPoints),
    enemyPoints: readBudget(o.enemyPoints, d.enemyPoints),
    ...normaliseVictoryOptions(o, d),
    ...(readArmy(o.allies, '') ? { allies: readArmy(o.allies, '') } : {}),
    ...strengthOptions(readStrength(o)),
    ...fogOption(o),
  };
}

/**
 * The choice of which army takes a scenario's side ("Each army selects a side", VI): the
 * enemy by default, shown only for `scenario`.
 */
function scenarioSideOption(id: string, label: string, help: string, scenario: string): OptionSpec {
  return {
    id,
    label,
    help,
    kind: 'choice',
    default: 'enemies',
    choices: [
      { value: 'enemies', label: 'The enemy' },
      { value: 'heroes', label: 'The heroes' },
    ],
    showWhen: { option: 'scenario', equals: scenario },
  };
}

/**
 * The options the Setup screen offers. On a map, a scenario it cannot host (at the scale
 * chosen, the map's own when none is: readScale) is offered as unavailable, with the reason.
 */
export function skirmishOptionSpecs(
  map: BattleMap | null = null,
  options?: Readonly<Record<string, unknown>>,
): OptionSpec[] {
  const scale = { scale: readScale(options?.scale, map) };
  return [
    FOG_OF_WAR_OPTION,
    {
      id: 'scenario',
      label: 'Scenario',
      help: 'One of the seven generic battles of the solitaire rules.',
      kind: 'choice',
      default: 'basic-battle',
      choices: SCENARIO_RULES.map((s) => {
        const unavailable = map ? whyScenarioUnavailable(map, s.id, scale) : null;
        return { value: s.id, label: s.name, ...(unavailable ? { unavailable } : {}) };
      }),
    },
    scenarioSideOption(
      'defender',
      'Fortress held by',
      'Which army holds the building; the other must bring it down.',
      'fortress-assault',
    ),
    scenarioSideOption(
      'ambusher',
      'Ambush laid by',
      'Which army hides in cover and strikes first; the other sets up in the open, close together.',
      'ambush',
    ),
    scenarioSideOption(
      'spawner',
      'Spawning army',
      'Which army starts with one figure and brings the rest in by a die roll each round; the other tries to break through.',
      'spawning',
    ),
    {
      id: 'scale',
      label: 'Scale',
      help: 'A large field gives longer moves and ranges; a small one, shorter. A map under 3 feet (36 squares) a side is a small field.',
      kind: 'choice',
      default: readScale(undefined, map),
      choices: [
        { value: 'large', label: 'Large' },
        { value: 'small', label: 'Small' },
      ],
    },
    {
      id: 'randomEnemyAction',
      label: 'Random enemy action',
      help: 'Each round a d20 says how many enemies act: all, half, or only one; on 18-20 a fallen one returns.',
      kind: 'toggle',
      default: false,
    },
    {
      id: 'patrol',
      label: 'Patrols',
      help: 'Unaware enemies walk and turn by a d20 table instead of waiting.',
      kind: 'toggle',
      default: false,
    },
    {
      id: 'tactics',
      label: 'Combat tactics',
      help: 'Enemy leaders fight by a personality rolled on a d20: ambitious, cautious, reckless...',
      kind: 'toggle',
      default: false,
    },
    {
      id: 'morale',
      label: 'Morale',
      help: 'When an army falls below half its figures, each enemy rolls: failing, it retreats.',
      kind: 'toggle',
      default: true,
    },
  ];
}

export const SKIRMISH_SCENARIOS: readonly ScenarioDefinition[] = [
  {
    id: 'skirmish-basic-battle',
    name: 'Skirmish: a Basic Battle',
    mapId: 'dragon-hall',
    ruleModule: 'skirmish',
    summary:
      'Two small armies meet in a pillared hall: a company of heroes against a warlord\u2019s band, fought by the d20 solitaire rules.',
    // The dragon hall (20 x 16 squares) is a small battlefield by V's sizes (scaleForMap).
    defaults: { ...DEFAULT_SKIRMISH_OPTIONS, scale: 'small' },
  },
];

export { FIGURES_BY_KIND };
