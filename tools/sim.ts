/**
 * Headless simulator:
 * `npm run sim -- [--rules ID] [--scenario ID] [--option NAME=VALUE]... --games N --seed S [--json] [--no-morale] [--module FILE]`,
 * or whole campaigns: `npm run sim -- --campaign ID --games N [--seed S] [--difficulty D] [--json]`
 * (tools/lib/campaign-sim.ts).
 * Plays N whole games with the hero autopilot and prints outcome statistics (hero wins,
 * draws, enemy wins). The same seed gives the same outcome figures, byte for byte; only
 * timing may differ.
 * Game i uses seed S + i. `--scenario` names a rule module's scenario, a bundled map
 * `map:<id>` or a generated board `field:skirmish:<large|small>:<seed>`; `--rules ID` plays a
 * rule module's first scenario (or checks that `--scenario` is one of its own, or plays a
 * map under it); `--option NAME=VALUE` sets any option of the module (a number or
 * true/false is read as one); `--module FILE` loads a rule module from a file first (e.g.
 * test/modules/duel.ts).
 */
import {
  createGame,
  findScenario,
  ruleModuleFor,
  scenarioForMap,
  type BattleMap,
  type OptionValue,
  type RuleModule,
  type ScenarioDefinition,
  type ScenarioOptions,
} from '../src/engine/index';
import { isCasualty } from '../src/engine/world';
import { playAutoGame } from '../src/engine/simulate';
import { FIELD_PREFIX, loadFieldMap } from '../src/maps/fields';
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
  /** The options given with --option, by name, in the order given. */
  options: Record<string, OptionValue>;
}

const USAGE =
  'Use --rules ID, --scenario ID, [--option NAME=VALUE]..., --games N, --seed S, [--json] [--no-morale] [--module FILE], or --campaign ID [--difficulty story|normal|hard|ironman].';

/** `NAME=VALUE` of --option: a number or true/false read as one, any other text as text. */
function parseOption(text: string): [string, OptionValue] {
  const eq = text.indexOf('=');
  if (eq <= 0) fail(`--option needs NAME=VALUE (such as scenario=escape), not "${text}".`);
  const name = text.slice(0, eq).trim();
  const raw = text.slice(eq + 1).trim();
  if (raw === 'true' || raw === 'false') return [name, raw === 'true'];
  if (raw !== '' && Number.isFinite(Number(raw))) return [name, Number(raw)];
  return [name, raw];
}

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
    options: {},
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
    else if (a === '--option') {
      const [name, value] = parseOption(next());
      args.options[name] = value;
    } else if (a === '--difficulty') {
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

/**
 * The scenario and board the arguments name, or a plain message. A generated field is
 * played at the scale it was rolled at (as the Setup screen plays it), unless --option
 * says another.
 */
function chooseScenario(args: SimArgs): { scenario: ScenarioDefinition; map: BattleMap } {
  const rules = args.rules === null ? null : ruleModuleNamed(args.rules);
  if (typeof rules === 'string') fail(rules);
  const id = args.scenario ?? rules?.scenarios[0]?.id ?? 'dungeon-crawl';
  const known = findScenario(id);
  if (known) {
    if (rules && known.ruleModule !== rules.id)
      fail(`Scenario "${id}" belongs to the ${known.ruleModule} rules, not ${rules.id}.`);
    if (known.map) return { scenario: known, map: known.map };
  } else if (!id.startsWith('map:') && !id.startsWith(FIELD_PREFIX)) {
    fail(
      `Unknown scenario "${id}". Try dungeon-crawl, map:<id> or field:skirmish:<large|small>:<seed>.`,
    );
  }
  const { map, scale } = known ? { map: bundledMap(known.mapId), scale: null } : mapOf(id);
  if (known) return { scenario: known, map };
  // A map: under its own module, or the one --rules names.
  const scenario = scenarioForMap(
    rules ? { ...map, properties: { ...map.properties, ruleModule: rules.id } } : map,
  );
  const defaults =
    scale && 'scale' in scenario.defaults ? { ...scenario.defaults, scale } : scenario.defaults;
  return { scenario: { ...scenario, id, defaults }, map };
}

function bundledMap(id: string): BattleMap {
  try {
    return loadBundledMap(id);
  } catch (e) {
    fail((e as Error).message);
  }
}

/**
 * The board of a `map:<id>` or a `field:...` scenario id (the game's own loader for fields),
 * and the scale a field was rolled at.
 */
function mapOf(id: string): { map: BattleMap; scale: 'large' | 'small' | null } {
  if (!id.startsWith(FIELD_PREFIX)) return { map: bundledMap(id.slice(4)), scale: null };
  const loaded = loadFieldMap(id);
  if (!loaded.ok) fail(loaded.error);
  return { map: loaded.map.battleMap, scale: loaded.kind === 'skirmish' ? loaded.scale : null };
}

/**
 * The options the games are played with: the scenario's, then those given (--no-morale,
 * --option). An option the module does not have, a value it does not take, or a choice the
 * map cannot host ends the run with a plain message.
 */
function chooseOptions(
  args: SimArgs,
  rules: RuleModule,
  map: BattleMap,
  defaults: ScenarioOptions,
): ScenarioOptions {
  const given = { ...(args.morale !== undefined ? { morale: args.morale } : {}), ...args.options };
  const base = rules.normaliseOptions(defaults, map);
  const options = rules.normaliseOptions({ ...defaults, ...given }, map);
  const specs = rules.optionSpecs(map, options);
  for (const [name, value] of Object.entries(args.options)) {
    const spec = specs.find((s) => s.id === name);
    if (!(name in base) && !spec && !(name in options))
      fail(
        `--option ${name}: the ${rules.id} rules have no option "${name}". They have: ${[...new Set([...Object.keys(base), ...specs.map((s) => s.id)])].join(', ')}.`,
      );
    const taken = name in options ? options[name] === value : !(name in base);
    if (!taken) {
      const choices =
        spec?.kind === 'choice' ? ` (one of: ${spec.choices.map((c) => c.value).join(', ')})` : '';
      fail(
        `--option ${name}=${String(value)}: the ${rules.id} rules take no such value${choices}.`,
      );
    }
    const unavailable =
      spec?.kind === 'choice'
        ? spec.choices.find((c) => c.value === value)?.unavailable
        : undefined;
    if (unavailable) fail(`--option ${name}=${String(value)}: ${unavailable}`);
  }
  return options;
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
  const rules = ruleModuleFor({
    ...map,
    properties: { ...map.properties, ruleModule: scenario.ruleModule },
  });
  const options = chooseOptions(args, rules, map, scenario.defaults);
  // A set-up the map refuses (no room for an army...) is said once, in its own words.
  const trial = createGame({
    scenarioId: scenario.id,
    map,
    seed: args.seed,
    options,
    ruleModule: scenario.ruleModule,
  });
  if (!trial.ok) fail(trial.error);

  let heroWins = 0;
  let draws = 0;
  let enemyWins = 0;
  let rounds = 0;
  let heroesLost = 0;
  let enemiesLost = 0;
  let commands = 0;
  // How soon the heroes can win: a first battle over in a round or two is no fight.
  let shortestWin: number | null = null;
  let winsByRound2 = 0;
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
    // A game no army won (an outcome without a winner) is a draw.
    const winner = s.outcome?.winner;
    if (winner === 'heroes') {
      heroWins++;
      shortestWin = Math.min(shortestWin ?? s.round, s.round);
      if (s.round <= 2) winsByRound2++;
    } else if (winner === 'enemies') enemyWins++;
    else draws++;
    rounds += s.round;
    heroesLost += s.units.filter((u) => u.side === 'heroes' && isCasualty(u)).length;
    enemiesLost += s.units.filter((u) => u.side === 'enemies' && isCasualty(u)).length;
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
    heroWinsByRound2: winsByRound2,
    shortestWinRound: shortestWin,
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
    `Quick wins      ${winsByRound2} won by round 2${shortestWin === null ? '' : ` (shortest win: ${shortestWin} round${shortestWin === 1 ? '' : 's'})`}`,
  );
  console.log(
    `Casualties      heroes ${result.meanHeroesLost} / enemies ${result.meanEnemiesLost} per game`,
  );
  console.log(`Speed           ${result.gamesPerSecond} games/s (timing varies run to run)`);
}

main().catch((e: unknown) => fail(e instanceof Error ? e.message : String(e)));
