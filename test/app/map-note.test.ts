/**
 * The note on a player's map (issue 29, bug 3): every warning whole, one to a line, the one
 * that matters (no walls could be read) first, ahead of the images' problems.
 */
import { describe, expect, it } from 'vitest';
import { mapLoadNote } from '../../src/app/map-note';
import { loadOwnMap } from '../../src/maps/own-map';
import { fixtureText } from '../maps/helpers';

const DUNGEON = {
  fileName: 'dungeon.tmx',
  text: fixtureText('dungeon-one-layer/dungeon.tmx'),
  files: {},
};
const IMAGE_PROBLEM =
  'The image "dungeon.png" could not be decoded (the file is damaged), so it was not loaded.';

describe('the note on a loaded map', () => {
  it('puts the walls warning first, then the images, then the rest, each whole', () => {
    const loaded = loadOwnMap(DUNGEON);
    if (!loaded.ok) throw new Error(loaded.error);
    const lines = mapLoadNote('Loaded dungeon.tmx.', loaded.map, [IMAGE_PROBLEM]).split('\n');
    expect(lines[0]).toBe('Loaded dungeon.tmx.');
    expect(lines[1]).toBe(`\u2022 ${loaded.map.warnings[0]}`);
    expect(lines[1]).toMatch(/^\u2022 Nothing in this map says which tiles are walls/);
    expect(lines[2]).toBe(`\u2022 ${IMAGE_PROBLEM}`);
    // Every warning is there whole (none cut to the first three, as the old note did).
    expect(lines.slice(1)).toHaveLength(loaded.map.warnings.length + 1);
    for (const w of loaded.map.warnings) expect(lines).toContain(`\u2022 ${w}`);
  });

  it('with its walls marked, the images come first and the walls warning is gone', () => {
    const loaded = loadOwnMap({ ...DUNGEON, tileMarks: { '3': 'wall' } });
    if (!loaded.ok) throw new Error(loaded.error);
    const note = mapLoadNote('Loaded dungeon.tmx.', loaded.map, [IMAGE_PROBLEM]);
    expect(note.split('\n')[1]).toBe(`\u2022 ${IMAGE_PROBLEM}`);
    expect(note).not.toContain('says which tiles are walls');
  });

  it('a map without warnings is one line', () => {
    expect(mapLoadNote('Loaded a.tmx.', { warnings: [], wallsUnknown: false }, [])).toBe(
      'Loaded a.tmx.',
    );
  });
});
