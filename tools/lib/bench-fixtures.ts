/**
 * Writes the committed benchmark fixtures (run once; the benchmark only reads them):
 *   test/fixtures/bench/dungeon-32.txt, dungeon-64.txt, dungeon-128.txt  (ASCII boards)
 *   test/fixtures/bench/dungeon-64.tmj                                   (Tiled JSON of the 64x64)
 *   test/fixtures/bench/dungeon-100.tmx, dungeon-100.tsx                 (Tiled XML, see bench-tmx.ts)
 * `npx tsx tools/bench.ts --write-fixtures` calls this. The generator is deterministic, so
 * rewriting gives the same files; the check below proves the Tiled version loads through
 * the game's own loader into the same board (when src/maps is present).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BENCH_FIXTURES,
  BENCH_SIZES,
  DUNGEON_SPECS,
  benchBoardFile,
  generateDungeon,
  loadBenchBoard,
} from './bench-boards';
import { asciiToTiled } from './bench-tiled';
import { TMX_100_FILE, TSX_100_FILE, writeTmxFixture } from './bench-tmx';

export const TILED_64_FILE = 'dungeon-64.tmj';

export async function writeFixtures(): Promise<void> {
  mkdirSync(BENCH_FIXTURES, { recursive: true });
  for (const size of BENCH_SIZES) {
    const spec = DUNGEON_SPECS[size];
    const rows = generateDungeon(spec);
    const header = [
      `; Benchmark dungeon ${size}x${size}: generated once by tools/lib/bench-boards.ts generateDungeon`,
      `; (seed ${spec.seed}, ${spec.heroes} heroes, ${spec.enemies.dragon + spec.enemies.trolls + spec.enemies.goblins} enemies, ${spec.vaults} sealed vaults).`,
      '; # wall . floor, F M T P heroes, g t D enemies, 1 3 5 lairs. Lines starting with ; are comments.',
    ];
    writeFileSync(
      join(BENCH_FIXTURES, benchBoardFile(size)),
      `${[...header, ...rows].join('\n')}\n`,
    );
    if (size === 64) {
      const tiled = asciiToTiled(rows, 'Bench dungeon 64x64');
      writeFileSync(join(BENCH_FIXTURES, TILED_64_FILE), `${JSON.stringify(tiled)}\n`);
    }
    console.log(`wrote ${benchBoardFile(size)}${size === 64 ? ` and ${TILED_64_FILE}` : ''}`);
  }
  writeTmxFixture();
  console.log(`wrote ${TMX_100_FILE} and ${TSX_100_FILE}`);
  console.log(`${TILED_64_FILE}: ${await checkTiledMatchesAscii()}`);
}

/** Loads dungeon-64.tmj with the game's loader and compares it with the ASCII board. */
export async function checkTiledMatchesAscii(): Promise<string> {
  let loader: typeof import('../../src/maps/index');
  try {
    loader = await import('../../src/maps/index');
  } catch (e) {
    return `not checked (src/maps not loadable: ${(e as Error).message.split('\n')[0]})`;
  }
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(join(BENCH_FIXTURES, TILED_64_FILE), 'utf8');
  const loaded = loader.loadTiledMap(text, { id: 'bench-64' });
  if (!loaded.ok) throw new Error(`${TILED_64_FILE} does not load: ${loaded.error}`);
  const fromTiled = loaded.map.battleMap;
  const fromAscii = loadBenchBoard(64);
  const diffs: string[] = [];
  if (fromTiled.width !== fromAscii.width || fromTiled.height !== fromAscii.height)
    diffs.push('size');
  for (let i = 0; i < fromAscii.terrain.length; i++) {
    if (fromTiled.terrain[i] !== fromAscii.terrain[i]) {
      diffs.push(
        `terrain at ${i % fromAscii.width},${Math.floor(i / fromAscii.width)}: ${fromTiled.terrain[i]} vs ${fromAscii.terrain[i]}`,
      );
      break;
    }
  }
  const key = (o: {
    kind: string;
    x: number;
    y: number;
    properties: Record<string, unknown>;
  }): string => `${o.kind}@${o.x},${o.y}:${String(o.properties.unit ?? o.properties.roll ?? '')}`;
  const a = fromAscii.objects.map(key).sort().join(' ');
  const b = fromTiled.objects.map(key).sort().join(' ');
  if (a !== b) diffs.push('objects differ');
  if (diffs.length > 0)
    throw new Error(`${TILED_64_FILE} differs from ${benchBoardFile(64)}: ${diffs.join('; ')}`);
  return 'loads through src/maps and matches the ASCII board';
}
