import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureJson, lieAboutSizes, list, packZip, put, ROOT } from './helpers';
import { toolArgs } from '../tools/bundled-tool';

/**
 * Runs map:check as its own process: the tool bundled once (test/tools/bundled-tool.ts), or
 * with `viaTsx` the way `npm run map:check` starts it (through tsx, 1-2 s slower).
 */
function run(...args: string[]): { code: number | null; out: string; err: string } {
  return runWith(process.execPath, toolArgs('tools/map-check.ts', args));
}

function viaTsx(...args: string[]): { code: number | null; out: string; err: string } {
  return runWith('npx', ['tsx', 'tools/map-check.ts', ...args]);
}

function runWith(
  command: string,
  args: string[],
): { code: number | null; out: string; err: string } {
  const r = spawnSync(command, args, {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  // npx may print its own config notices on stderr; keep only our lines.
  const err = r.stderr
    .split('\n')
    .filter((l) => !l.startsWith('npm warn'))
    .join('\n');
  return { code: r.status, out: r.stdout, err };
}

function noStack(text: string): void {
  expect(text).not.toMatch(/\n\s+at .+:\d+:\d+/);
  expect(text).not.toContain('node_modules');
}

describe('npm run map:check', () => {
  it('prints a summary and exits 0 for a good map', () => {
    const r = viaTsx('maps/dungeon-crawl.tmj');
    expect(r.code).toBe(0);
    expect(r.out).toContain('OK maps/dungeon-crawl.tmj');
    expect(r.out).toContain('The Dungeon Crawl [dungeon-crawl]: 8 x 10 squares');
    expect(r.out).toContain('Terrain: 67 floor, 13 wall');
    expect(r.out).toContain('Heroes: 4');
    expect(r.out).toContain('Enemies: 11 (1 dragon, 4 troll, 6 goblin)');
    expect(r.out).toContain('Arch Foe: Dragon (dragon) at 0,0');
    expect(r.out).toContain('Lairs: 3');
    expect(r.out).toContain('Objectives: none');
    expect(r.out).toContain('Warnings: none');
    noStack(r.out + r.err);
  });

  it('lists the Skirmish scenarios the map can host, and why not the others', () => {
    const hall = run('maps/dragon-hall.tmj');
    expect(hall.code).toBe(0);
    expect(hall.out).toContain(
      'Scenarios under Solitaire Skirmish (d20): Basic Battle, Ambush, Escape, Fortress Assault, Infiltrate, Spawning, Transport\n',
    );
    // The Dungeon Crawl's cave (8 x 10 squares) is a small battlefield (V), listed at the
    // small scale: a 3-square Move Unit leaves edges apart from its monsters.
    const cave = run('maps/dungeon-crawl.tmj');
    expect(cave.out).toContain(
      'Scenarios under Solitaire Skirmish (d20): Basic Battle, Ambush, Escape, Fortress Assault, Infiltrate, Spawning, Transport\n',
    );
    // A map with no edge apart from the enemy's start: why not the races.
    const narrow = run('test/fixtures/maps/no-units.tmj');
    expect(narrow.out).toMatch(
      /Scenarios under Solitaire Skirmish \(d20\): Basic Battle, Ambush, Fortress Assault, Spawning \(not Escape: This map has no open edge far enough from the enemy\u2019s start for the enemy to escape to; not Infiltrate: .*; not Transport: .*no home to carry the object back to\)/,
    );
  });

  it('finds an external tileset beside the map, or takes one with --tileset', () => {
    const beside = run('maps/flooded-crypt.tmj');
    expect(beside.code).toBe(0);
    expect(beside.out).toContain('crypt -> assets/tiles/dungeon-tiles-alt.png');
    const given = run(
      'test/fixtures/maps/external.tmj',
      '--tileset',
      'test/fixtures/maps/tiles/external.tsj',
    );
    expect(given.code).toBe(0);
  });

  it("reads the images a map and its tilesets name beside it, and says it draws the map's own art", () => {
    const r = run('test/fixtures/maps/own-art/marsh-keep.tmx');
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      '  Art: own tilesets: keep (art/keep-tiles.png, 137 x 35); props (3 images); image layers: Backdrop (art/mire.png); animated tiles on 11 squares',
    );
    expect(r.out).toContain(
      'Tilesets: keep -> art/keep-tiles.png (its own art); props -> 3 images (its own art)',
    );
    expect(r.out).not.toContain('did not come with the map');
    noStack(r.out + r.err);
  });

  it('finds object templates beside the map, and names a missing one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'archfoe-templates-'));
    try {
      const map = fixtureJson('small-csv.tmj');
      const objects = list(map, ['layers', 2, 'objects']) as Record<string, unknown>[];
      const thief = objects[2];
      objects[2] = { id: thief.id, x: thief.x, y: thief.y, template: 'templates/thief.tj' };
      // The map's tileset image path is relative to the fixture folder: point it home.
      put(map, ['tilesets', 0, 'image'], join(ROOT, 'assets/tiles/dungeon-tiles.png'));
      writeFileSync(join(dir, 'templated.tmj'), JSON.stringify(map));
      mkdirSync(join(dir, 'templates'));
      copyFileSync(join(ROOT, 'test/fixtures/templates/thief.tj'), join(dir, 'templates/thief.tj'));
      const found = run(join(dir, 'templated.tmj'));
      expect(found.code).toBe(0);
      expect(found.out).toContain('thief at 1,5');
      rmSync(join(dir, 'templates/thief.tj'));
      const missing = run(join(dir, 'templated.tmj'));
      expect(missing.code).toBe(1);
      expect(missing.out + missing.err).toContain('template "templates/thief.tj"');
      noStack(missing.out + missing.err);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('adds the default setup to a map without units and says so', () => {
    const r = run('test/fixtures/maps/no-units.tmj', 'test/fixtures/maps/missing-image.tmj');
    expect(r.code).toBe(0);
    expect(r.out).toContain('(heroes and enemies placed by the default setup)');
    expect(r.out).toContain('Enemies: 9 (1 dragon, 6 goblin, 2 troll)');
    expect(r.out).toContain('"my-own-tiles.png"');
  });

  it('prints the one plain message and exits 1 for a bad map', () => {
    const r = run('test/fixtures/maps/bad-unreachable.tmj');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err.trim()).toBe(
      'map:check: test/fixtures/maps/bad-unreachable.tmj: The Arch Foe, object "Dragon" (id 5) in layer "Units", at 6,1 cannot be reached from the heroes\' start squares: walls or pits cut it off. Open a path of floor between them (a closed door tile counts as a wall; use the open door tile).',
    );
    noStack(r.err);
  });

  it('reads zstd; explains unreadable files, non-maps and a missing argument without a stack trace', () => {
    const zstd = run('test/fixtures/maps/small-zstd.tmj');
    expect(zstd.code).toBe(0);
    expect(zstd.out).toContain('Terrain: 33 floor, 31 wall');
    const missing = run('maps/no-such-map.tmj');
    expect(missing.code).toBe(1);
    expect(missing.err.trim()).toBe('map:check: The map file maps/no-such-map.tmj does not exist.');
    const folder = run('docs');
    expect(folder.code).toBe(1);
    expect(folder.err.trim()).toBe('map:check: docs: there is no Tiled map (.tmx or .tmj) in it.');
    const notMap = run('package.json');
    expect(notMap.code).toBe(1);
    expect(notMap.err).toContain('not a Tiled map');
    const none = run();
    expect(none.code).toBe(1);
    expect(none.err).toContain('Usage: npm run map:check -- FILE');
    for (const r of [missing, folder, notMap, none]) noStack(r.err);
  });

  it('checks a .tmx map with its .tsx tileset and .tx template beside it', () => {
    const r = run('test/fixtures/maps/elsewhere/rich.tmx');
    expect(r.code).toBe(0);
    expect(r.out).toContain('OK test/fixtures/maps/elsewhere/rich.tmx');
    expect(r.out).toContain('Rich Cellar [rich]: 8 x 8 squares');
    expect(r.out).toContain('Enemies: 3 (1 dragon, 2 troll)');
    const cave = run('test/fixtures/maps/elsewhere/phaser-cave.tmx');
    expect(cave.code).toBe(0);
    expect(cave.out).toContain(
      `Walls read from the "collides" tile property (the Phaser tutorials' convention) (31 squares)`,
    );
  });

  it('finds the maps in a folder, with the tilesets and templates inside it', () => {
    const r = run('test/fixtures/maps/elsewhere/pack');
    expect(r.code).toBe(0);
    expect(r.out).toContain('OK test/fixtures/maps/elsewhere/pack/maps/level.tmx');
    expect(r.out).toContain('Enemies: 2 (2 troll)');
    expect(r.out).toContain('Tileset file "tilesets/cave.tsj" (for "../tilesets/cave.tsx")');
    noStack(r.out + r.err);
  });

  it('checks a .zip map pack, and refuses a hostile one in plain words', () => {
    const dir = mkdtempSync(join(tmpdir(), 'archfoe-zip-'));
    try {
      writeFileSync(join(dir, 'cave.zip'), packZip());
      const r = run(join(dir, 'cave.zip'));
      expect(r.code).toBe(0);
      expect(r.out).toContain(`OK ${join(dir, 'cave.zip')}:cave/maps/level.tmx`);
      expect(r.out).toContain('Enemies: 2 (2 troll)');
      writeFileSync(join(dir, 'bomb.zip'), lieAboutSizes(packZip(), 0x7ffffff0));
      const bomb = run(join(dir, 'bomb.zip'));
      expect(bomb.code).toBe(1);
      expect(bomb.err.trim()).toMatch(
        /^map:check: The map pack .*bomb\.zip would unpack to \d+ MB, more than the 64 MB a map pack may hold\. It was not unpacked\.$/,
      );
      noStack(bomb.err);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
