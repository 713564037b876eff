/**
 * Headless simulator: `npm run sim -- --scenario ID --games N --seed S [--json] [--no-morale]`.
 * Plays N whole games with the hero autopilot and prints outcome statistics. The same
 * seed gives the same outcome figures, byte for byte; only timing may differ.
 * Game i uses seed S + i.
 */
import { findScenario, scenarioForMap, type ScenarioOptions } from '../src/engine/index';
import { playAutoGame } from '../src/engine/simulate';
import { loadBundledMap } from './lib/maps';

interface SimArgs {
  scenario: string;
  games: number;
  seed: number;
  json: boolean;
  morale: boolean | undefined;
}

function parseArgs(argv: string[]): SimArgs {
  const args: SimArgs = {
    scenario: 'dungeon-crawl',
    games: 100,
    seed: 1,
    json: false,
    morale: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = (): string => {
      const v = argv[++i];
      if (v === undefined) fail(`${a} needs a value.`);
      return v;
    };
    if (a === '--scenario') args.scenario = next();
    else if (a === '--games') args.games = Number(next());
    else if (a === '--seed') args.seed = Number(next());
    else if (a === '--json') args.json = true;
    else if (a === '--no-morale') args.morale = false;
    else if (a === '--morale') args.morale = true;
    else
      fail(`Unknown option "${a}". Use --scenario ID --games N --seed S [--json] [--no-morale].`);
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

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const known = findScenario(args.scenario);
  let mapId = known?.mapId;
  if (!known) {
    if (!args.scenario.startsWith('map:'))
      fail(`Unknown scenario "${args.scenario}". Try dungeon-crawl or map:<id>.`);
    mapId = args.scenario.slice(4);
  }
  let map;
  try {
    map = loadBundledMap(mapId!);
  } catch (e) {
    fail((e as Error).message);
  }
  const scenario = known ?? scenarioForMap(map);
  const options: ScenarioOptions = {
    ...scenario.defaults,
    ...(args.morale !== undefined ? { morale: args.morale } : {}),
  };

  let heroWins = 0;
  let enemyWins = 0;
  let rounds = 0;
  let heroesLost = 0;
  let enemiesLost = 0;
  let commands = 0;
  const started = performance.now();
  for (let i = 0; i < args.games; i++) {
    const game = playAutoGame({ scenarioId: scenario.id, map, seed: args.seed + i, options });
    const s = game.state;
    if (s.outcome?.winner === 'heroes') heroWins++;
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
    seed: args.seed,
    games: args.games,
    morale: options.morale,
    heroWins,
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
  console.log(`Scenario        ${result.scenario} (morale ${result.morale ? 'on' : 'off'})`);
  console.log(
    `Games           ${result.games} (seeds ${args.seed}..${args.seed + args.games - 1})`,
  );
  console.log(`Hero wins       ${heroWins} (${Math.round(result.heroWinRate * 100)}%)`);
  console.log(`Enemy wins      ${enemyWins}`);
  console.log(`Mean rounds     ${result.meanRounds}`);
  console.log(
    `Casualties      heroes ${result.meanHeroesLost} / enemies ${result.meanEnemiesLost} per game`,
  );
  console.log(`Speed           ${result.gamesPerSecond} games/s (timing varies run to run)`);
}

main();
