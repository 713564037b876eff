/**
 * Boards for the benchmark and the soak, without importing anything from test/ (which
 * would pull vitest into the tools):
 * - `parseBoard`, `dungeonCrawlBoard`: the ASCII boards of src/engine/ascii-board.ts and
 *   the Dungeon Crawl module;
 * - `generateDungeon`: a deterministic rooms-and-corridors dungeon, used ONCE to write the
 *   committed fixtures in test/fixtures/bench/ (`npx tsx tools/bench.ts --write-fixtures`);
 *   the benchmark itself only reads the committed files;
 * - `loadBenchBoard`: reads a committed fixture (src/devtools/bench-boards.ts, shared with
 *   the tests).
 *
 * ASCII letters: `#` wall, `.` floor, `~` difficult, `^` dangerous, ' ' void; units stand
 * on floor: F fighting man, M magic user, T thief, P priest, g goblin, t troll, D dragon
 * (Arch Foe). Lair digits 1/3/5 mark lair bands 1-2 / 3-4 / 5-6.
 */
import '../../src/engine/rulesets';
import { makeBoard, type BoardOptions } from '../../src/engine/ascii-board';
import type { BenchSize } from '../../src/devtools/bench-boards';
import {
  dungeonCrawlBoard,
  DUNGEON_CRAWL_ASCII,
} from '../../src/engine/rulesets/dungeon-crawl/board';

/** The ASCII board format shared with the engine tests (src/engine/ascii-board.ts). */
export const parseBoard = makeBoard;
export { dungeonCrawlBoard, DUNGEON_CRAWL_ASCII };
export type { BoardOptions };
export {
  BENCH_FIXTURES,
  BENCH_SIZES,
  benchBoardFile,
  loadBenchBoard,
  readBenchFixture,
  REPO_ROOT,
  type BenchSize,
} from '../../src/devtools/bench-boards';

// ------------------------------------------------------------------ generator

/** mulberry32: a tiny deterministic PRNG (only for generating fixtures and sampling pairs). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Room {
  x: number;
  y: number;
  w: number;
  h: number;
  sealed: boolean;
}

export interface DungeonSpec {
  size: number;
  seed: number;
  heroes: number;
  enemies: { dragon: number; trolls: number; goblins: number };
  /** Sealed rooms with no way in: targets in them are unreachable. */
  vaults: number;
}

export const DUNGEON_SPECS: Record<BenchSize, DungeonSpec> = {
  32: { size: 32, seed: 3201, heroes: 4, enemies: { dragon: 1, trolls: 2, goblins: 5 }, vaults: 2 },
  64: {
    size: 64,
    seed: 6401,
    heroes: 15,
    enemies: { dragon: 1, trolls: 4, goblins: 10 },
    vaults: 3,
  },
  128: {
    size: 128,
    seed: 12801,
    heroes: 4,
    enemies: { dragon: 1, trolls: 4, goblins: 10 },
    vaults: 4,
  },
};

/**
 * A rooms-and-corridors dungeon: rectangular rooms (some with pillars) joined by 1-wide
 * L-shaped corridors into one connected dungeon with a few extra loops, plus sealed vaults
 * (unreachable), then units: heroes in the first room(s), the dragon in the room farthest
 * away, minions spread over the other rooms, lairs 1/3/5 in three far rooms.
 * Deterministic for a spec. Returns ASCII rows.
 */
export function generateDungeon(spec: DungeonSpec): string[] {
  const { size } = spec;
  const rand = mulberry32(spec.seed);
  const int = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));
  const grid: string[][] = Array.from({ length: size }, () =>
    Array.from({ length: size }, () => '#'),
  );
  const rooms: Room[] = [];
  const maxSide = size <= 32 ? 7 : size <= 64 ? 10 : 13;
  const target = Math.round((size * size) / 90);
  const overlaps = (r: Room, margin: number): boolean =>
    rooms.some(
      (o) =>
        r.x - margin < o.x + o.w &&
        o.x - margin < r.x + r.w &&
        r.y - margin < o.y + o.h &&
        o.y - margin < r.y + r.h,
    );
  for (let attempt = 0; attempt < target * 40 && rooms.length < target; attempt++) {
    const w = int(4, maxSide);
    const h = int(4, maxSide);
    const room: Room = { x: int(1, size - w - 1), y: int(1, size - h - 1), w, h, sealed: false };
    if (!overlaps(room, 2)) rooms.push(room);
  }
  const carve = (x: number, y: number): void => {
    if (x > 0 && y > 0 && x < size - 1 && y < size - 1) grid[y][x] = '.';
  };
  for (const r of rooms)
    for (let y = r.y; y < r.y + r.h; y++) for (let x = r.x; x < r.x + r.w; x++) carve(x, y);
  const centre = (r: Room): { x: number; y: number } => ({
    x: r.x + (r.w >> 1),
    y: r.y + (r.h >> 1),
  });
  const corridor = (a: Room, b: Room): void => {
    const p = centre(a);
    const q = centre(b);
    const hline = (y: number, xa: number, xb: number): void => {
      for (let x = Math.min(xa, xb); x <= Math.max(xa, xb); x++) carve(x, y);
    };
    const vline = (x: number, ya: number, yb: number): void => {
      for (let y = Math.min(ya, yb); y <= Math.max(ya, yb); y++) carve(x, y);
    };
    if (rand() < 0.5) {
      hline(p.y, p.x, q.x);
      vline(q.x, p.y, q.y);
    } else {
      vline(p.x, p.y, q.y);
      hline(q.y, p.x, q.x);
    }
  };
  const dist2 = (a: Room, b: Room): number => {
    const p = centre(a);
    const q = centre(b);
    return (p.x - q.x) ** 2 + (p.y - q.y) ** 2;
  };
  for (let i = 1; i < rooms.length; i++) {
    let best = 0;
    for (let j = 0; j < i; j++)
      if (dist2(rooms[i], rooms[j]) < dist2(rooms[i], rooms[best])) best = j;
    corridor(rooms[i], rooms[best]);
  }
  // A few loops, so there is more than one way round.
  for (let k = 0; k < Math.max(2, rooms.length >> 3); k++)
    corridor(rooms[int(0, rooms.length - 1)], rooms[int(0, rooms.length - 1)]);
  // Pillars in the larger rooms (interior squares only, so a room never splits).
  for (const r of rooms) {
    if (r.w < 6 || r.h < 6) continue;
    const pillars = int(1, 3);
    for (let k = 0; k < pillars; k++) {
      const x = int(r.x + 2, r.x + r.w - 3);
      const y = int(r.y + 2, r.y + r.h - 3);
      grid[y][x] = '#';
    }
  }
  // Sealed vaults: small rooms two squares clear of any floor.
  let vaults = 0;
  for (let attempt = 0; attempt < 5000 && vaults < spec.vaults; attempt++) {
    const w = int(3, 5);
    const h = int(3, 5);
    const x0 = int(2, size - w - 2);
    const y0 = int(2, size - h - 2);
    let clear = true;
    for (let y = y0 - 2; y < y0 + h + 2 && clear; y++) {
      for (let x = x0 - 2; x < x0 + w + 2; x++) if (grid[y]?.[x] !== '#') clear = false;
    }
    if (!clear) continue;
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) grid[y][x] = '.';
    vaults++;
  }
  // Units. Heroes fill the first room (then the next ones); the dragon goes to the room
  // farthest from the heroes; minions round-robin over the other rooms, far ones first.
  const free = (r: Room): { x: number; y: number }[] => {
    const squares: { x: number; y: number }[] = [];
    for (let y = r.y; y < r.y + r.h; y++)
      for (let x = r.x; x < r.x + r.w; x++) if (grid[y][x] === '.') squares.push({ x, y });
    return squares;
  };
  const place = (r: Room, ch: string): boolean => {
    const squares = free(r);
    if (squares.length === 0) return false;
    const s = squares[int(0, squares.length - 1)];
    grid[s.y][s.x] = ch;
    return true;
  };
  const heroLetters = ['F', 'M', 'T', 'P'];
  let heroRoom = 0;
  for (let i = 0; i < spec.heroes; i++) {
    while (!place(rooms[heroRoom], heroLetters[i % 4])) heroRoom++;
  }
  const byDistance = rooms
    .slice(heroRoom + 1)
    .sort((a, b) => dist2(b, rooms[0]) - dist2(a, rooms[0]));
  const dragonRoom = byDistance[0];
  if (spec.enemies.dragon > 0) place(dragonRoom, 'D');
  for (const [k, digit] of ['1', '3', '5'].entries())
    place(byDistance[Math.min(k, byDistance.length - 1)], digit);
  const minions = [
    ...Array(spec.enemies.trolls).fill('t'),
    ...Array(spec.enemies.goblins).fill('g'),
  ] as string[];
  const others = byDistance.slice(1);
  minions.forEach((ch, i) => {
    let k = i;
    while (!place(others[k % others.length], ch)) k++;
  });
  return grid.map((row) => row.join(''));
}
