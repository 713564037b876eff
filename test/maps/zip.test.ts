/**
 * Map packs (.zip): unpacked with fflate after the zip's directory has been checked against
 * the limits, so hostile packs (too many entries, a "zip bomb") get a plain message and
 * nothing big is allocated.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { LIMITS, loadTiledMap, mapsAmong, MapError, unpackZip } from '../../src/maps';
import { lieAboutSizes, loadFromPack, packZip, unitList } from './helpers';

function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(MapError);
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('map packs (.zip)', () => {
  it('unpacks the Tiled files and the images and lists the rest; the map loads from them', () => {
    const { files, images, skipped } = unpackZip(packZip(), 'The file "cave.zip"');
    expect(Object.keys(files).sort()).toEqual([
      'cave/maps/level.tmx',
      'cave/templates/troll.tx',
      'cave/tilesets/cave.tsj',
    ]);
    expect(skipped.sort()).toEqual(['cave/readme.txt']);
    expect(Object.keys(images)).toEqual(['cave/tilesets/cave.png']);
    expect([...images['cave/tilesets/cave.png']]).toEqual([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    expect(mapsAmong(files)).toEqual(['cave/maps/level.tmx']);
    const m = loadFromPack(files, 'cave/maps/level.tmx');
    expect(unitList(m.battleMap)).toContain('enemy:troll@6,2');
  });

  it('refuses a zip bomb by its directory, before unpacking anything', () => {
    // A real one: 80 MB of zeros squeezed into a few kilobytes.
    const bomb = zipSync({ 'map.tmx': new Uint8Array(80 * 1024 * 1024) }, { level: 1 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(refusal(() => unpackZip(bomb, 'The file "bomb.zip"'))).toBe(
      'The file "bomb.zip" would unpack to 80 MB, more than the 64 MB a map pack may hold. It was not unpacked.',
    );
    // One whose directory claims 4 GB per file.
    const liar = lieAboutSizes(packZip(), 0xfffffff0);
    expect(refusal(() => unpackZip(liar, 'The file "liar.zip"'))).toMatch(
      /^The file "liar.zip" would unpack to \d+ MB, more than the 64 MB a map pack may hold\. It was not unpacked\.$/,
    );
  });

  it('a directory that under-states a size gets no more room than it claims', () => {
    const small = lieAboutSizes(packZip(), 40);
    const { files } = unpackZip(small, 'The file "small.zip"');
    expect(files['cave/maps/level.tmx'].length).toBeLessThanOrEqual(40);
    const r = loadTiledMap(files['cave/maps/level.tmx'], { id: 'x' });
    expect(r.ok).toBe(false);
  });

  it('refuses a pack with too many entries, or no map, or that is not a zip', () => {
    const many: Zippable = {};
    for (let i = 0; i <= LIMITS.maxZipEntries; i++) many[`f${i}.txt`] = strToU8('x');
    expect(refusal(() => unpackZip(zipSync(many, { level: 0 }), 'The file "many.zip"'))).toBe(
      `The file "many.zip" holds more than ${LIMITS.maxZipEntries} files; a map pack needs only the map, its tilesets, templates and images.`,
    );
    const noMap = zipSync({ 'a.png': new Uint8Array(3), 'b.txt': strToU8('hi') });
    expect(refusal(() => unpackZip(noMap, 'The file "art.zip"'))).toBe(
      'The file "art.zip" holds no Tiled map (.tmx or .tmj), only "a.png", "b.txt".',
    );
    expect(refusal(() => unpackZip(strToU8('not a zip at all'), 'The file "x.zip"'))).toMatch(
      /^The file "x.zip" is not a .zip file that can be read \(.+\)\. Pack the map again\.$/,
    );
    const cut = packZip().slice(0, 300);
    expect(refusal(() => unpackZip(cut, 'The file "cut.zip"'))).toMatch(/^The file "cut.zip" /);
  });
});
