/**
 * ASCII boards, for tests, the benchmark and the soak (and a quick way to sketch a map).
 * `#` wall, `.` floor, `~` difficult, `^` dangerous, ' ' void, `+` closed door, `/` open
 * door; letters stand for figures on floor, by the rule module's own letters (its
 * `asciiLetters`; the default module's unless others are given). Lair digits 1/3/5 mark
 * lair bands 1-2 / 3-4 / 5-6. Extra objects can be passed in.
 */
import type { BattleMap, MapObject, Terrain } from './map';
import type { Facing } from './grid';
import type { RuleModule } from './rulesets/module';
import { defaultRuleModule } from './rulesets/registry';

/** What each letter of an ASCII board stands for. */
export type AsciiLetters = RuleModule['asciiLetters'];

export interface BoardOptions {
  id?: string;
  name?: string;
  enemyFacing?: Facing;
  heroFacing?: Facing;
  objects?: MapObject[];
  properties?: BattleMap['properties'];
  /** The figures' letters; the default rule module's when not given. */
  letters?: AsciiLetters;
}

/** Parses an ASCII board (letters above) into a BattleMap. */
export function makeBoard(ascii: string, options: BoardOptions = {}): BattleMap {
  const rows = ascii
    .split('\n')
    .map((r) => r.replace(/\s+$/, ''))
    .filter((r, i, all) => r.length > 0 || (i > 0 && i < all.length - 1));
  const trimmed = rows.filter((r) => r.length > 0);
  const indent = Math.min(...trimmed.map((r) => r.length - r.trimStart().length));
  const lines = trimmed.map((r) => r.slice(indent));
  const letters = options.letters ?? defaultRuleModule().asciiLetters;
  const width = Math.max(...lines.map((l) => l.length));
  const height = lines.length;
  const terrain: Terrain[] = [];
  const objects: MapObject[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ch = lines[y][x] ?? ' ';
      terrain.push(
        ch === '#' || ch === '+'
          ? 'wall'
          : ch === '~'
            ? 'difficult'
            : ch === '^'
              ? 'dangerous'
              : ch === ' '
                ? 'void'
                : 'floor',
      );
      if (ch === '+' || ch === '/') {
        objects.push({ kind: 'door', x, y, width: 1, height: 1, name: 'door', properties: {} });
      }
      const unit = letters[ch];
      if (unit) {
        objects.push({
          kind: unit.kind,
          x,
          y,
          width: 1,
          height: 1,
          name: unit.unit,
          facing: unit.kind === 'enemy' ? (options.enemyFacing ?? 4) : (options.heroFacing ?? 0),
          properties: { unit: unit.unit, ...(unit.archFoe ? { archFoe: true } : {}) },
        });
      }
      if (ch === '1' || ch === '3' || ch === '5') {
        const band = `${ch}-${Number(ch) + 1}`;
        objects.push({
          kind: 'lair',
          x,
          y,
          width: 1,
          height: 1,
          name: `lair ${band}`,
          properties: { roll: band },
        });
      }
    }
  }
  return {
    id: options.id ?? 'test-board',
    name: options.name ?? options.id ?? 'Test board',
    description: '',
    width,
    height,
    terrain,
    blocksSight: terrain.map((t) => t === 'wall'),
    cover: terrain.map(() => 'none'),
    objects: [...objects, ...(options.objects ?? [])],
    properties: options.properties ?? {},
  };
}
