/**
 * Tiled object templates (.tj): instances take the template's object as defaults, their
 * own fields and properties win, a template's tile is renumbered into the map's tileset,
 * and a missing or unreadable template is refused with a message naming it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NormalizedObjectLayer } from '../../src/maps/types';
import { err, fixtureText, list, loadChanged, ok, ROOT } from './helpers';

/** A JSON object template of the Thief hero, facing north. */
const THIEF_TEMPLATE = readFileSync(join(ROOT, 'test/fixtures/templates/thief.tj'), 'utf8');

/** small-csv.tmj with its Thief (object 3 of the Units layer) placed from a template. */
function withTemplatedThief(instance: Record<string, unknown>, templates: Record<string, string>) {
  return loadChanged(
    'small-csv.tmj',
    (j) => {
      const objects = list(j, ['layers', 2, 'objects']);
      const thief = objects[2] as Record<string, unknown>;
      expect(thief.name).toBe('Thief');
      objects[2] = { id: thief.id, x: thief.x, y: thief.y, ...instance };
    },
    { externalTemplates: templates },
  );
}

describe('object templates', () => {
  it('places a hero from its template; the instance overrides a property', () => {
    const m = ok(
      withTemplatedThief(
        {
          template: 'thief.tj',
          properties: [{ name: 'facing', type: 'string', value: 'east' }],
        },
        { 'thief.tj': THIEF_TEMPLATE },
      ),
    );
    const thief = m.battleMap.objects.find((o) => o.properties.unit === 'thief');
    expect(thief).toMatchObject({ kind: 'hero', name: 'Thief', x: 1, y: 5, facing: 2 });
    expect(m.warnings.join(' ')).not.toContain('template');
  });

  it('takes the template as it is when the instance sets nothing, and finds it by file name', () => {
    const m = ok(
      withTemplatedThief({ template: '../templates/thief.tj' }, { 'thief.tj': THIEF_TEMPLATE }),
    );
    const thief = m.battleMap.objects.find((o) => o.properties.unit === 'thief');
    expect(thief).toMatchObject({ kind: 'hero', x: 1, y: 5, facing: 0 });
  });

  it('renumbers a template tile into the map copy of its tileset', () => {
    const template = JSON.stringify({
      type: 'template',
      tileset: { firstgid: 10, source: '../maps/tiles/external.tsj' },
      object: { name: 'Rubble', type: 'decoration', gid: 13, width: 32, height: 32 },
    });
    const m = ok(
      loadChanged(
        'external.tmj',
        (j) => {
          list(j, ['layers', 2, 'objects']).push({ id: 90, template: 'rubble.tj', x: 96, y: 128 });
        },
        {
          externalTilesets: { 'tiles/external.tsj': fixtureText('tiles/external.tsj') },
          externalTemplates: { 'rubble.tj': template },
        },
      ),
    );
    const layer = m.tiled.layers.find((l) => l.type === 'objectgroup') as NormalizedObjectLayer;
    const rubble = layer.objects.find((o) => o.id === 90);
    // Tile 3 of the tileset: gid 13 in the template (first id 10), gid 4 in the map (first id 1).
    expect(rubble).toMatchObject({ name: 'Rubble', type: 'decoration', gid: 4 });
  });

  it('refuses a template tile whose tileset the map does not use', () => {
    const template = JSON.stringify({
      type: 'template',
      tileset: { firstgid: 1, source: 'props.tsj' },
      object: { type: 'decoration', gid: 2, width: 32, height: 32 },
    });
    const message = err(
      withTemplatedThief({ template: 'crate.tj', name: 'Crate' }, { 'crate.tj': template }),
    );
    expect(message).toContain('"Crate"');
    expect(message).toContain('"props.tsj"');
  });

  it('says which template is missing and how to fix it', () => {
    const message = err(withTemplatedThief({ template: 'thief.tj' }, {}));
    expect(message).toContain('template "thief.tj"');
    expect(message).toContain('Detach Template');
  });

  it('refuses files that are not templates, in plain words', () => {
    const broken = '<?xml version="1.0"?><template><object name="Thief" type="hero"></template>';
    expect(err(withTemplatedThief({ template: 'thief.tx' }, { 'thief.tx': broken }))).toContain(
      'The template "thief.tx" is not valid XML (line 1:',
    );
    const noObject = '<?xml version="1.0"?><template></template>';
    expect(err(withTemplatedThief({ template: 'thief.tx' }, { 'thief.tx': noObject }))).toContain(
      'The template "thief.tx" is not a Tiled object template',
    );
    const notTemplate = JSON.stringify({ type: 'tileset', name: 'x' });
    expect(
      err(withTemplatedThief({ template: 'thief.tj' }, { 'thief.tj': notTemplate })),
    ).toContain('not a Tiled object template');
    expect(err(withTemplatedThief({ template: 'thief.tj' }, { 'thief.tj': '{"type":' }))).toMatch(
      /template "thief.tj"/,
    );
  });

  it('reads random template files without an unexpected error: it loads, or says what is wrong', () => {
    const template = fc.oneof(
      fc.string(),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc
        .record({
          type: fc.constantFrom('template', 'tileset', 7),
          tileset: fc.option(
            fc.record({ firstgid: fc.integer({ min: -2, max: 40 }), source: fc.string() }),
          ),
          object: fc.dictionary(
            fc.constantFrom('name', 'type', 'gid', 'x', 'width', 'properties', '__proto__'),
            fc.jsonValue({ maxDepth: 2 }),
          ),
        })
        .map((v) => JSON.stringify(v)),
    );
    fc.assert(
      fc.property(template, (text) => {
        const result = withTemplatedThief({ template: 'thief.tj' }, { 'thief.tj': text });
        // A specific message, not the loader's catch-all for unexpected exceptions.
        if (!result.ok) expect(result.error).not.toContain('could not be read (');
      }),
      { numRuns: 300, seed: 20261122 },
    );
  });
});
