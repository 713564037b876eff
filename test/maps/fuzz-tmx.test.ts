/**
 * Random and corrupt Tiled XML: whatever the text, loading gives a map or one plain
 * sentence from the loader's own checks (a MapError), never a thrown error and never the
 * catch-all "could not be read" that stands for a bug.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadTiledMap, type MapLoadResult } from '../../src/maps';
import { fixtureText } from './helpers';

const MAPS = [
  'phaser-cave.tmx',
  'collision-shapes.tmx',
  'solid-layer.tmx',
  'no-walls.tmx',
  'rich.tmx',
  'infinite.tmx',
].map((n) => fixtureText(`elsewhere/${n}`));
const TSX = fixtureText('elsewhere/tiles/cave.tsx');
const TX = fixtureText('elsewhere/templates/troll.tx');

const SNIPPETS = [
  '<',
  '>',
  '/>',
  '</map>',
  '<layer>',
  '<layer name="x" width="99999" height="99999"><data encoding="csv">1</data></layer>',
  '<data encoding="base64" compression="zstd">KLUv/QRo</data>',
  '<data encoding="base64" compression="zlib">eJw=</data>',
  '<chunk x="-999999" y="0" width="16" height="16"/>',
  '<object id="1" x="NaN" y="1e309"/>',
  '<object template="nowhere.tx"/>',
  '<tileset firstgid="0" source="../../etc/passwd"/>',
  '<property name="__proto__" value="1"/>',
  '<property name="x" type="class"><properties><property name="constructor"/></properties></property>',
  '<group><group><group></group></group></group>',
  '&amp;',
  '&#0;',
  '&bogus;',
  '"',
  "'",
  '<!-- -->',
  '<![CDATA[ < ]]>',
  '<!ENTITY a "aaaaaaaaaa">',
  '<?xml version="1.0"?>',
  '\u0000',
  '\uFEFF',
];
const NUMBERS = ['0', '-1', '1e308', '4294967296', '0.5', 'NaN', '', '99999999', '-2147483648'];

type Op =
  | { kind: 'delete'; at: number; len: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'value'; at: number; text: string }
  | { kind: 'duplicate'; at: number; len: number }
  | { kind: 'truncate'; at: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('delete' as const),
    at: fc.nat(),
    len: fc.integer({ min: 1, max: 80 }),
  }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.oneof(fc.constantFrom(...SNIPPETS), fc.string({ maxLength: 12 })),
  }),
  fc.record({
    kind: fc.constant('value' as const),
    at: fc.nat(),
    text: fc.oneof(fc.constantFrom(...NUMBERS), fc.string({ maxLength: 8 })),
  }),
  fc.record({
    kind: fc.constant('duplicate' as const),
    at: fc.nat(),
    len: fc.integer({ min: 1, max: 400 }),
  }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);

function apply(text: string, ops: readonly Op[]): string {
  let t = text;
  for (const o of ops) {
    const at = o.at % (t.length + 1);
    switch (o.kind) {
      case 'delete':
        t = t.slice(0, at) + t.slice(at + o.len);
        break;
      case 'insert':
        t = t.slice(0, at) + o.text + t.slice(at);
        break;
      case 'value': {
        // Replace the attribute value that starts after the next `="`.
        const start = t.indexOf('="', at);
        const end = start < 0 ? -1 : t.indexOf('"', start + 2);
        if (end > 0) t = t.slice(0, start + 2) + o.text.replace(/"/g, '') + t.slice(end);
        break;
      }
      case 'duplicate':
        t = t.slice(0, at + o.len) + t.slice(at, at + o.len) + t.slice(at + o.len);
        break;
      case 'truncate':
        t = t.slice(0, at);
        break;
    }
  }
  return t;
}

function plain(r: MapLoadResult): void {
  if (r.ok) {
    const b = r.map.battleMap;
    expect(b.terrain).toHaveLength(b.width * b.height);
    return;
  }
  expect(typeof r.error).toBe('string');
  expect(r.error.length).toBeGreaterThan(10);
  expect(r.error.length).toBeLessThan(700);
  expect(r.error).not.toMatch(/\n\s+at /);
  // The loader's catch-all for errors that are not its own MapError: a bug if reached.
  expect(r.error).not.toMatch(/^The map could not be read \(/);
}

describe('loading random and corrupt Tiled XML', () => {
  it('corrupt .tmx maps: a map or one plain sentence, never a throw', () => {
    fc.assert(
      fc.property(
        fc.nat(MAPS.length - 1),
        fc.array(op, { minLength: 1, maxLength: 5 }),
        (i, ops) => {
          const text = apply(MAPS[i], ops);
          const files = { 'tiles/cave.tsx': TSX, 'templates/troll.tx': TX };
          let r: MapLoadResult | undefined;
          expect(() => {
            r = loadTiledMap(text, {
              id: 'fuzz',
              externalTilesets: files,
              externalTemplates: files,
            });
          }).not.toThrow();
          plain(r as MapLoadResult);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('corrupt .tsx tilesets and .tx templates', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 4 }), fc.boolean(), (ops, tileset) => {
        const files = {
          'tiles/cave.tsx': tileset ? apply(TSX, ops) : TSX,
          'templates/troll.tx': tileset ? TX : apply(TX, ops),
        };
        plain(
          loadTiledMap(MAPS[4], { id: 'fuzz', externalTilesets: files, externalTemplates: files }),
        );
      }),
      { numRuns: 600 },
    );
  });

  it('arbitrary text that starts like XML', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.constantFrom('<', '<map', '<?xml ?><map>', '<tileset'),
        (s, lead) => {
          plain(loadTiledMap(lead + s, { id: 'fuzz' }));
        },
      ),
      { numRuns: 500 },
    );
  });
});
