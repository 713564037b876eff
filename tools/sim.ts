/**
 * Headless simulator:
 * `npm run sim -- [--rules ID] [--scenario ID] --games N --seed S [--json] [--no-morale] [--module FILE]`,
 * or whole campaigns: `npm run sim -- --campaign ID --games N [--seed S] [--difficulty D] [--json]`
 * (tools/lib/campaign-sim.ts).
 * Plays N whole games with the hero autopilot and prints outcome statistics. The same
 * seed gives the same outcome figures, byte for byte; only timing may differ.
 * Game i uses seed S + i. `--rules ID` plays a rule module's first scenario (or checks
 * that `--scenario` is one of its own, or plays a bundled map `map:<id>` under it);
 * `--module FILE` loads a rule module from a file first (e.g. test/modules/duel.ts).
 */
import {
  findScenario,
  scenarioForMap,
  type BattleMap,
  type ScenarioDefinition,
  type ScenarioOptions,
} from '../src/engine/index';
import { playAutoGame } from '../src/engine/simulate';
import { isDifficulty, type Difficulty } from '../src/engine/campaign/index';
import { loadCampaignFileOr } from '../src/devtools/campaigns';
import { formatCampaignSim, simulateCampaigns } from './lib/campaign-sim';
import { loadBundledMap } from './lib/maps';
import { loadModuleFiles, ruleModuleNamed } from './lib/modules';

interface SimArgs {
  scenario: string | null;
  rules: string | null;
  modules: string[];
  games: number;
  seed: number;
  json: boolean;
  morale: boolean | undefined;
  campaign: string | null;
  difficulty: Difficulty;
}

const USAGE =
  'Use --rules ID, --scenario ID, --games N, --seed S, [--json] [--no-morale] [--module FILE], or --campaign ID [--difficulty story|normal|hard|ironman].';

function parseArgs(argv: string[]): SimArgs {
  const args: SimArgs = {
    scenario: null,
    rules: null,
    modules: [],
    games: 100,
    seed: 1,
    json: false,
    morale: undefined,
    campaign: null,
    difficulty: 'normal',
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = (): string => {
      const v = argv[++i];
      if (v === undefined) fail(`${a} needs a value.`);
      return v;
    };
    if (a === '--scenario') args.scenario = next();
    else if (a === '--rules') args.rules = next();
    else if (a === '--module') args.modules.push(next());
    else if (a === '--games') args.games = Number(next());
    else if (a === '--seed') args.seed = Number(next());
    else if (a === '--json') args.json = true;
    else if (a === '--no-morale') args.morale = false;
    else if (a === '--morale') args.morale = true;
    else if (a === '--campaign') args.campaign = next();
    else if (a === '--difficulty') {
      const d = next();
      if (!isDifficulty(d))
        fail(`--difficulty must be story, normal, hard or ironman, not "${d}".`);
      args.difficulty = d;
    } else fail(`Unknown option "${a}". ${USAGE}`);
  }
  if (!Number.isInteger(args.games) || args.games < 1)
    fail('--games must be a whole number of 1 or more.');
  if (!Number.isSafeInteger(args.seed)) fail('--seed must be a whole number.');
  return args;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The scenario and board the arguments name, or a plain message. */
function chooseScenario(args: SimArgs): { scenario: ScenarioDefinition; map: BattleMap } {
  const rules = args.rules === null ? null : ruleModuleNamed(args.rules);
  if (typeof rules === 'string') fail(rules);
  const id = args.scenario ?? rules?.scenarios[0]?.id ?? 'dungeon-crawl';
  const known = findScenario(id);
  if (known) {
    if (rules && known.ruleModule !== rules.id)
      fail(`Scenario "${id}" belongs to the ${known.ruleModule} rules, not ${rules.id}.`);
    if (known.map) return { scenario: known, map: known.map };
  } else if (!id.startsWith('map:')) {
    fail(`Unknown scenario "${id}". Try dungeon-crawl or map:<id>.`);
  }
  let map: BattleMap;
  try {
    map = loadBundledMap(known?.mapId ?? id.slice(4));
  } catch (e) {
    fail((e as Error).message);
  }
  if (known) return { scenario: known, map };
  // A bundled map: under its own module, or the one --rules names.
  const scenario = scenarioForMap(
    rules ? { ...map, properties: { ...map.properties, ruleModule: rules.id } } : map,
  );
  return { scenario, map };
}

function runCampaigns(args: SimArgs, id: string): void {
  const def = loadCampaignFileOr(id, fail);
  const result = simulateCampaigns(def, args.difficulty, args.seed, args.games);
  console.log(args.json ? JSON.stringify(result) : formatCampaignSim(result));
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  try {
    await loadModuleFiles(args.modules);
  } catch (e) {
    fail((e as Error).message);
  }
  if (args.campaign !== null) return runCampaigns(args, args.campaign);
  const { scenario, map } = chooseScenario(args);
  const options: ScenarioOptions = {
    ...scenario.defaults,
    ...(args.morale !== undefined ? { morale: args.morale } : {}),
  };

  let heroWins = 0;
  let draws = 0;
  let enemyWins = 0;
  let rounds = 0;
  let heroesLost = 0;
  let enemiesLost = 0;
  let commands = 0;
  const started = performance.now();
  for (let i = 0; i < args.games; i++) {
    const game = playAutoGame({
      scenarioId: scenario.id,
      map,
      seed: args.seed + i,
      options,
      ruleModule: scenario.ruleModule,
    });
    const s = game.state;
    if (s.outcome?.winner === 'heroes') heroWins++;
    else if (s.outcome?.winner === null) draws++;
    else enemyWins++;
    rounds += s.round;
    heroesLost += s.units.filter((u) => u.side === 'heroes' && !u.position).length;
    enemiesLost += s.units.filter((u) => u.side === 'enemies' && !u.position).length;
    commands += game.commands.length;
  }
  const seconds = (performance.now() - started) / 1000;
  const round2 = (x: number): number => Math.round(x * 100) / 100;
  const result = {
    scenario: scenario.id,
    rules: scenario.ruleModule,
    seed: args.seed,
    games: args.games,
    morale: options.morale,
    heroWins,
    draws,
    enemyWins,
    heroWinRate: round2(heroWins / args.games),
    meanRounds: round2(rounds / args.games),
    meanHeroesLost: round2(heroesLost / args.games),
    meanEnemiesLost: round2(enemiesLost / args.games),
    meanCommands: round2(commands / args.games),
    gamesPerSecond: round2(args.games / seconds),
  };
  if (args.json) {
    console.log(JSON.stringify(result));
    return;
  }
  const morale =
    typeof result.morale === 'boolean' ? `, morale ${result.morale ? 'on' : 'off'}` : '';
  console.log(`Scenario        ${result.scenario} (${result.rules} rules${morale})`);
  console.log(
    `Games           ${result.games} (seeds ${args.seed}..${args.seed + args.games - 1})`,
  );
  console.log(`Hero wins       ${heroWins} (${Math.round(result.heroWinRate * 100)}%)`);
  console.log(`Draws           ${draws}`);
  console.log(`Enemy wins      ${enemyWins}`);
  console.log(`Mean rounds     ${result.meanRounds}`);
  console.log(
    `Casualties      heroes ${result.meanHeroesLost} / enemies ${result.meanEnemiesLost} per game`,
  );
  console.log(`Speed           ${result.gamesPerSecond} games/s (timing varies run to run)`);
}

main().catch((e: unknown) => fail(e instanceof Error ? e.message : String(e)));
