import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { toolArgs } from './bundled-tool';
import { loadBundledMap, ROOT } from '../../src/devtools/bundled-maps';
import { dungeonCrawlBoard } from '../engine/boards';

/** Runs the simulator; its error text stays with the test (a failure's message carries it). */
function sim(...args: string[]): string {
  return execFileSync(process.execPath, toolArgs('tools/sim.ts', args), {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * `npm run sim -- --scenario dungeon-crawl --option enemyPercent=30 --option lair=3-4 --games 20
 * --seed 1 --json`: the Den, the Ember Crown's first mission, at normal difficulty.
 */
const DEN_GOLDEN = {
  scenario: 'dungeon-crawl',
  rules: 'dungeon-crawl',
  seed: 1,
  games: 20,
  morale: false,
  heroWins: 19,
  draws: 0,
  enemyWins: 1,
  heroWinRate: 0.95,
  meanRounds: 6.95,
  heroWinsByRound2: 0,
  shortestWinRound: 5,
  meanHeroesLost: 0.75,
  meanEnemiesLost: 2.9,
  meanCommands: 61.3,
};

describe('the shipped Dungeon Crawl map', () => {
  it('loads from maps/dungeon-crawl.tmj to the same board the engine tests use', () => {
    const loaded = loadBundledMap('dungeon-crawl');
    const board = dungeonCrawlBoard();
    expect(loaded.width).toBe(board.width);
    expect(loaded.height).toBe(board.height);
    expect(loaded.terrain).toEqual(board.terrain);
    const units = (m: typeof board) =>
      m.objects
        .filter((o) => o.kind === 'hero' || o.kind === 'enemy' || o.kind === 'lair')
        .map((o) => `${o.kind}:${o.properties.unit ?? o.properties.roll}@${o.x},${o.y}`)
        .sort();
    expect(units(loaded)).toEqual(units(board));
  });
});

describe('npm run sim', () => {
  it('prints the same outcome figures for the same seed, and the JSON has the documented fields', () => {
    const a = JSON.parse(
      sim('--scenario', 'dungeon-crawl', '--games', '12', '--seed', '5', '--json'),
    );
    const b = JSON.parse(
      sim('--scenario', 'dungeon-crawl', '--games', '12', '--seed', '5', '--json'),
    );
    for (const key of ['games', 'heroWins', 'draws', 'enemyWins', 'meanRounds', 'gamesPerSecond'])
      expect(a).toHaveProperty(key);
    expect(a.games).toBe(12);
    expect(a.heroWins + a.draws + a.enemyWins).toBe(12);
    expect(a.gamesPerSecond).toBeGreaterThan(0);
    delete a.gamesPerSecond;
    delete b.gamesPerSecond;
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const c = JSON.parse(
      sim('--scenario', 'dungeon-crawl', '--games', '12', '--seed', '6', '--json', '--no-morale'),
    );
    expect(c.morale).toBe(false);
    // How soon the heroes won: never sooner than the shortest win, within the wins.
    expect(a.heroWinsByRound2).toBeGreaterThanOrEqual(0);
    expect(a.heroWinsByRound2).toBeLessThanOrEqual(a.heroWins);
    if (a.heroWins === 0) expect(a.shortestWinRound).toBeNull();
    else expect(a.heroWinsByRound2 > 0).toBe(a.shortestWinRound <= 2);
  });

  it('the Ember Crown’s first mission at normal (the Den: three trolls and the book’s dragon) is a fight', () => {
    // A seeded golden of the autopilot (docs/first-battle.md has the 200-game figures):
    // re-record it on purpose when the autopilot or the Dungeon Crawl's rules change.
    const den = JSON.parse(
      sim(
        '--scenario',
        'dungeon-crawl',
        '--option',
        'enemyPercent=30',
        '--option',
        'lair=3-4',
        '--games',
        '20',
        '--seed',
        '1',
        '--json',
      ),
    );
    delete den.gamesPerSecond;
    expect(den).toEqual(DEN_GOLDEN);
  });

  it('names a bad option or scenario in plain words and exits 1', () => {
    expect(() => sim('--scenario', 'nowhere', '--games', '1')).toThrow(
      /Unknown scenario "nowhere"/,
    );
    expect(() => sim('--games', 'many')).toThrow(/--games must be a whole number/);
  });

  it('plays a rule module by --rules, loading a module from a file with --module', () => {
    const duel = JSON.parse(
      sim('--rules', 'duel', '--module', 'test/modules/duel.ts', '--games', '20', '--json'),
    );
    expect(duel.rules).toBe('duel');
    expect(duel.scenario).toBe('duel');
    expect(duel.heroWins + duel.draws + duel.enemyWins).toBe(20);
    const crawl = JSON.parse(sim('--rules', 'dungeon-crawl', '--games', '3', '--json'));
    expect(crawl.rules).toBe('dungeon-crawl');
    expect(() => sim('--rules', 'nope', '--games', '1')).toThrow(
      /Unknown rule module "nope"\. Registered: dungeon-crawl/,
    );
    expect(() =>
      sim('--rules', 'duel', '--module', 'test/modules/duel.ts', '--scenario', 'dungeon-crawl'),
    ).toThrow(/belongs to the dungeon-crawl rules, not duel/);
  });

  it('plays a Skirmish scenario on a map or a generated field with --option, counting draws', () => {
    const args = [
      '--rules',
      'skirmish',
      '--scenario',
      'map:dragon-hall',
      '--option',
      'scenario=escape',
      '--games',
      '3',
      '--seed',
      '4',
      '--json',
    ];
    const a = JSON.parse(sim(...args));
    const b = JSON.parse(sim(...args));
    expect(a.scenario).toBe('map:dragon-hall');
    expect(a.heroWins + a.draws + a.enemyWins).toBe(3);
    delete a.gamesPerSecond;
    delete b.gamesPerSecond;
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const field = JSON.parse(
      sim(
        '--scenario',
        'field:skirmish:small:5',
        '--option',
        'scenario=transport',
        '--option',
        'morale=false',
        '--option',
        'maxRounds=8',
        '--games',
        '2',
        '--json',
      ),
    );
    expect(field).toMatchObject({ scenario: 'field:skirmish:small:5', rules: 'skirmish' });
    expect(field.morale).toBe(false);
    expect(field.heroWins + field.draws + field.enemyWins).toBe(2);
  });

  it('refuses an unknown option, a value the rules do not take, and a scenario the map cannot host, in plain words', () => {
    const skirmishOn = (map: string, ...more: string[]) =>
      sim('--rules', 'skirmish', '--scenario', map, '--games', '1', ...more);
    expect(() => skirmishOn('map:dragon-hall', '--option', 'flying=true')).toThrow(
      /--option flying: the skirmish rules have no option "flying"\. They have: .*scenario/,
    );
    expect(() => skirmishOn('map:dragon-hall', '--option', 'scenario=picnic')).toThrow(
      /--option scenario=picnic: the skirmish rules take no such value \(one of: basic-battle, ambush, escape/,
    );
    expect(() => skirmishOn('map:dragon-hall', '--option', 'scenario')).toThrow(
      /--option needs NAME=VALUE/,
    );
    // At the large scale (its own is small): no edge of the cave is far enough.
    expect(() =>
      skirmishOn('map:dungeon-crawl', '--option', 'scale=large', '--option', 'scenario=escape'),
    ).toThrow(
      /--option scenario=escape: This map has no open edge far enough from the enemy\u2019s start/,
    );
    expect(() => sim('--scenario', 'field:nowhere:3', '--games', '1')).toThrow(
      /There is no generated board "field:nowhere:3"/,
    );
  });
});
