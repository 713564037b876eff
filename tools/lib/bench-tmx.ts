/**
 * The TMX benchmark fixture: a 100 x 100 rooms-and-corridors dungeon (generateDungeon, fixed
 * seed) saved the way Tiled saves XML maps, with compressed tile layers (Floor: Base64 zlib,
 * Walls: Base64 gzip, Cracks: Base64 zlib) and its tileset in an external XML file:
 *   test/fixtures/bench/dungeon-100.tmx, dungeon-100.tsx
 * `npx tsx tools/bench.ts --write-fixtures` writes them (deterministic: gzip's time stamp is
 * fixed), and the benchmark times loading them through the game's loader, as map:check does.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, zlibSync } from 'fflate';
import { BENCH_FIXTURES, generateDungeon, mulberry32, readBenchFixture } from './bench-boards';
import { asciiToTiled } from './bench-tiled';
import { timeRuns, type Timing } from './bench-stats';
import { loadTiledMap } from '../../src/maps/index';

export const TMX_100_FILE = 'dungeon-100.tmx';
export const TSX_100_FILE = 'dungeon-100.tsx';
const SIZE = 100;
const SPEC = {
  size: SIZE,
  seed: 10001,
  heroes: 4,
  enemies: { dragon: 1, trolls: 4, goblins: 10 },
  vaults: 3,
};

type Json = Record<string, unknown>;

function escape(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}

function gidBytes(gids: readonly number[]): Uint8Array {
  const out = new Uint8Array(gids.length * 4);
  const view = new DataView(out.buffer);
  gids.forEach((g, i) => view.setUint32(i * 4, g, true));
  return out;
}

function propertiesXml(props: unknown, indent: string): string {
  if (!Array.isArray(props) || props.length === 0) return '';
  const lines = (props as Json[]).map((p) => {
    const type = p.type === 'string' ? '' : ` type="${String(p.type)}"`;
    return `${indent} <property name="${escape(String(p.name))}"${type} value="${escape(String(p.value))}"/>`;
  });
  return `${indent}<properties>\n${lines.join('\n')}\n${indent}</properties>\n`;
}

/** The XML tileset: the built-in 8 x 2 sheet, floor and wall tiles marked for the rules. */
export function benchTsx(): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<tileset version="1.10" tiledversion="1.10.2" name="dungeon" tilewidth="32" tileheight="32" tilecount="16" columns="8">',
    ' <image source="../../../assets/tiles/dungeon-tiles.png" width="256" height="64"/>',
    ' <tile id="0">',
    '  <properties>',
    '   <property name="terrain" value="floor"/>',
    '  </properties>',
    ' </tile>',
    ' <tile id="1">',
    '  <properties>',
    '   <property name="collides" type="bool" value="true"/>',
    '  </properties>',
    ' </tile>',
    ' <tile id="2">',
    '  <properties>',
    '   <property name="terrain" value="floor"/>',
    '  </properties>',
    ' </tile>',
    '</tileset>',
    '',
  ].join('\n');
}

/** The 100 x 100 map as TMX text (deterministic). */
export function benchTmx(): string {
  const rows = generateDungeon(SPEC);
  const json = asciiToTiled(rows, 'Bench dungeon 100x100 (TMX)');
  const layers = json.layers as Json[];
  const floor = layers[0].data as number[];
  const walls = layers[1].data as number[];
  // Cracks: a few floor squares get the cracked-floor tile (gid 3), as decoration.
  const rand = mulberry32(SPEC.seed + 1);
  const cracks = floor.map((g, i) => (g !== 0 && walls[i] === 0 && rand() < 0.08 ? 3 : 0));
  const layer = (id: number, name: string, data: string, compression: string): string =>
    [
      ` <layer id="${id}" name="${name}" width="${SIZE}" height="${SIZE}">`,
      `  <data encoding="base64" compression="${compression}">`,
      `   ${data}`,
      '  </data>',
      ' </layer>',
    ].join('\n');
  const objects = (layers[2].objects as Json[]).map((o) => {
    const props = propertiesXml(o.properties, '   ');
    const attrs = `id="${String(o.id)}" name="${escape(String(o.name))}" type="${String(o.type)}" x="${String(o.x)}" y="${String(o.y)}" width="${String(o.width)}" height="${String(o.height)}"`;
    return props ? `  <object ${attrs}>\n${props}  </object>` : `  <object ${attrs}/>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="${SIZE}" height="${SIZE}" tilewidth="32" tileheight="32" infinite="0" nextlayerid="5" nextobjectid="${String(json.nextobjectid)}">`,
    propertiesXml(json.properties, ' ').trimEnd(),
    ` <tileset firstgid="1" source="${TSX_100_FILE}"/>`,
    layer(1, 'Floor', base64(zlibSync(gidBytes(floor), { level: 9 })), 'zlib'),
    layer(2, 'Walls', base64(gzipSync(gidBytes(walls), { level: 9, mtime: 0 })), 'gzip'),
    layer(3, 'Cracks', base64(zlibSync(gidBytes(cracks), { level: 9 })), 'zlib'),
    ' <objectgroup id="4" name="Units">',
    ...objects,
    ' </objectgroup>',
    '</map>',
    '',
  ].join('\n');
}

/** Writes dungeon-100.tmx and dungeon-100.tsx into test/fixtures/bench/. */
export function writeTmxFixture(): void {
  writeFileSync(join(BENCH_FIXTURES, TMX_100_FILE), benchTmx());
  writeFileSync(join(BENCH_FIXTURES, TSX_100_FILE), benchTsx());
}

export interface TmxLoadResult {
  /** Median time to load the TMX map and its TSX tileset (text in, BattleMap out). */
  tmx: Timing;
  /** The same map as Tiled JSON with CSV layers and an embedded tileset, for comparison. */
  json: Timing;
  bytes: { tmx: number; tsx: number; json: number };
  squares: number;
}

/**
 * Times loading the committed 100 x 100 TMX map with its TSX tileset through the game's
 * loader (warm, median of `runs`), and the same dungeon as JSON. Throws when the TMX does
 * not load, or loads to other terrain than the dungeon it was made from.
 */
export function benchTmxLoad(runs: number): TmxLoadResult {
  const tmx = readBenchFixture(TMX_100_FILE);
  const tsx = readBenchFixture(TSX_100_FILE);
  const rows = generateDungeon(SPEC);
  const json = JSON.stringify(asciiToTiled(rows, 'Bench dungeon 100x100 (JSON)'));
  const files = { [TSX_100_FILE]: tsx };
  const first = loadTiledMap(tmx, { id: 'bench-100', externalTilesets: files });
  if (!first.ok) throw new Error(`${TMX_100_FILE} does not load: ${first.error}`);
  const fromJson = loadTiledMap(json, { id: 'bench-100' });
  if (!fromJson.ok) throw new Error(`the JSON 100x100 does not load: ${fromJson.error}`);
  const a = first.map.battleMap.terrain;
  const b = fromJson.map.battleMap.terrain;
  if (a.length !== b.length || a.some((t, i) => t !== b[i])) {
    throw new Error(`${TMX_100_FILE} loads to other terrain than the dungeon it was made from`);
  }
  return {
    tmx: timeRuns(
      () => void loadTiledMap(tmx, { id: 'bench-100', externalTilesets: files }),
      runs,
      10,
    ),
    json: timeRuns(() => void loadTiledMap(json, { id: 'bench-100' }), runs, 10),
    bytes: { tmx: tmx.length, tsx: tsx.length, json: json.length },
    squares: a.length,
  };
}
