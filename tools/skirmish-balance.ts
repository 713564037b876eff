/**
 * The Skirmish's balance table: every scenario of VI with its own default armies, on every
 * battlefield the Setup screen offers it on (each bundled map, and random small and large
 * fields, a new field for each game), played headless by the hero autopilot.
 *
 * `npx tsx tools/skirmish-balance.ts [--games N] [--seed S] [--scenario ID] [--map ID]
 * [--map-scale large|small] [--json]` (`--map-scale`: the scale the bundled maps are played
 * at; by default each map's own, as the Setup screen offers it: small for every bundled map,
 * whose longer side is under 36 squares; each random field keeps its own): prints a Markdown table (heroes' wins, draws, the enemy's wins, mean rounds,
 * figures lost per side), or JSON. Game i of a row plays seed S + i; on a random field it
 * also rolls field S + i. A scenario a map cannot host is listed with the reason. The same
 * seed gives the same table.
 */
import { readFileSync } from 'node:fs';
import { loadFieldMap } from '../src/maps/fields';
import { loadBundledMap } from './lib/maps';
import { findRuleModule } from '../src/engine/rulesets/registry';
import { SCENARIO_RULES } from '../src/engine/rulesets/skirmish/scenarios';
import { createGame } from '../src/engine/setup';
import { isCasualty } from '../src/engine/world';
import { playAutoGame } from '../src/engine/simulate';
import type { BattleMap } from '../src/engine/map';
import type { ModuleOptions } from '../src/engine/types';

interface Row {
  battlefield: string;
  scenario: string;
  games: number;
  heroWins: number;
  draws: number;
  enemyWins: number;
  meanRounds: number;
  heroesLost: number;
  enemiesLost: number;
  unavailable?: string;
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function parseArgs(argv: string[]) {
  const args = {
    games: 100,
    seed: 1,
    json: false,
    scenario: null as string | null,
    map: null as string | null,
    mapScale: null as 'large' | 'small' | null,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = (): string => argv[++i] ?? fail(`${a} needs a value.`);
    if (a === '--games') args.games = Number(next());
    else if (a === '--seed') args.seed = Number(next());
    else if (a === '--json') args.json = true;
    else if (a === '--scenario') args.scenario = next();
    else if (a === '--map') args.map = next();
    else if (a === '--map-scale') {
      const v = next();
      if (v !== 'large' && v !== 'small') fail('--map-scale must be large or small.');
      args.mapScale = v;
    } else fail(`Unknown option "${a}".`);
  }
  if (!Number.isInteger(args.games) || args.games < 1) fail('--games must be 1 or more.');
  return args;
}

interface Battlefield {
  id: string;
  /** The scale asked for; null: the map's own (readScale). */
  scale: 'large' | 'small' | null;
  mapFor: (seed: number) => BattleMap;
}

/** The battlefields: each bundled map, then the random fields (a field per game). */
function battlefields(mapScale: 'large' | 'small' | null): Battlefield[] {
  const index = JSON.parse(
    readFileSync(new URL('../maps/index.json', import.meta.url), 'utf8'),
  ) as { id: string }[];
  return [
    ...index.map((m) => ({
      id: `map:${m.id}`,
      scale: mapScale,
      mapFor: () => loadBundledMap(m.id),
    })),
    ...(['small', 'large'] as const).map((scale) => ({
      id: `field:skirmish:${scale}`,
      scale,
      mapFor: (seed: number) => {
        const loaded = loadFieldMap(`field:skirmish:${scale}:${seed}`);
        return loaded.ok ? loaded.map.battleMap : fail(loaded.error);
      },
    })),
  ];
}

function playRow(field: Battlefield, scenario: string, games: number, seed: number): Row {
  const skirmish = findRuleModule('skirmish')!;
  const row: Row = {
    battlefield: field.id,
    scenario,
    games: 0,
    heroWins: 0,
    draws: 0,
    enemyWins: 0,
    meanRounds: 0,
    heroesLost: 0,
    enemiesLost: 0,
  };
  let rounds = 0;
  for (let i = 0; i < games; i++) {
    const map = field.mapFor(seed + i);
    const options: ModuleOptions = skirmish.muster!.forScenario(
      skirmish.normaliseOptions(field.scale ? { scale: field.scale } : {}, map),
      scenario,
    );
    const config = { scenarioId: field.id, map, seed: seed + i, ruleModule: 'skirmish', options };
    const made = createGame(config);
    if (!made.ok) {
      // A map the scenario cannot be played on: the reason, once (a field may differ per seed).
      if (row.games === 0 && i === 0) return { ...row, unavailable: made.error };
      continue;
    }
    const game = playAutoGame(config);
    const { state } = game;
    row.games += 1;
    rounds += state.round;
    const winner = state.outcome?.winner;
    if (winner === 'heroes') row.heroWins += 1;
    else if (winner === 'enemies') row.enemyWins += 1;
    else row.draws += 1;
    for (const u of state.units.filter(isCasualty)) {
      if (u.side === 'heroes') row.heroesLost += 1;
      else row.enemiesLost += 1;
    }
  }
  if (row.games > 0) {
    row.meanRounds = rounds / row.games;
    row.heroesLost /= row.games;
    row.enemiesLost /= row.games;
  }
  return row;
}

function percent(n: number, of: number): string {
  return of === 0 ? '-' : `${Math.round((100 * n) / of)}%`;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const scenarios = SCENARIO_RULES.filter((s) => !args.scenario || s.id === args.scenario);
  if (scenarios.length === 0) fail(`There is no Skirmish scenario "${args.scenario}".`);
  const fields = battlefields(args.mapScale).filter((f) => !args.map || f.id === args.map);
  if (fields.length === 0) fail(`There is no battlefield "${args.map}".`);
  const started = Date.now();
  const rows: Row[] = [];
  for (const s of scenarios)
    for (const f of fields) rows.push(playRow(f, s.id, args.games, args.seed));
  if (args.json) {
    process.stdout.write(
      `${JSON.stringify({ games: args.games, seed: args.seed, rows }, null, 2)}\n`,
    );
    return;
  }
  const lines = [
    '| scenario | battlefield | games | heroes win | draws | enemy wins | rounds | heroes lost | enemies lost |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  const notes: string[] = [];
  for (const r of rows) {
    const name = SCENARIO_RULES.find((s) => s.id === r.scenario)!.name;
    if (r.unavailable) {
      lines.push(`| ${name} | ${r.battlefield} | not offered (${notes.length + 1}) |||||||`);
      notes.push(`${notes.length + 1}. ${r.unavailable}`);
      continue;
    }
    lines.push(
      `| ${name} | ${r.battlefield} | ${r.games} | ${percent(r.heroWins, r.games)} | ${percent(r.draws, r.games)} | ${percent(r.enemyWins, r.games)} | ${r.meanRounds.toFixed(1)} | ${r.heroesLost.toFixed(1)} | ${r.enemiesLost.toFixed(1)} |`,
    );
  }
  process.stdout.write(
    `${lines.join('\n')}\n\n(${args.games} games a row from seed ${args.seed}; ${((Date.now() - started) / 1000).toFixed(0)} s)\n`,
  );
}

main();
