/**
 * Campaigns that play maps of their own (docs/campaigns.md, "Your own maps in a campaign"):
 * the definition's checker names every problem with a carried map's shape in a sentence;
 * the map checker (the own-map loader, src/maps/campaign-maps.ts) names the mission whose
 * map cannot be played; the node tools read a campaign file by its path, and a campaign on
 * a carried map plays through with the autopilot and its save replays exactly.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { campaignResolverFromDisk, loadCampaignFile } from '../../../src/devtools/campaigns';
import {
  campaignOptions,
  campaignSave,
  loadCampaign,
  mapsNotCarried,
  playAutoCampaign,
  readCampaignDefinition,
} from '../../../src/engine/campaign';
import { checkCampaignMaps } from '../../../src/maps/campaign-maps';

const FIXTURE = 'test/fixtures/campaigns/own-map-campaign.json';
const raw = (): Record<string, any> => JSON.parse(readFileSync(FIXTURE, 'utf8'));

function errorsOf(change: (r: Record<string, any>) => void): string {
  const r = raw();
  change(r);
  const read = readCampaignDefinition(r);
  return read.ok ? checkCampaignMaps(read.definition).join('\n') : read.errors.join('\n');
}

describe('the checker of the maps a campaign carries', () => {
  it('reads the example file: its map carried, nothing missing, no problem', () => {
    const read = readCampaignDefinition(raw());
    if (!read.ok) throw new Error(read.errors.join(' '));
    expect(read.definition.maps?.cellar.file).toBe('cellar.tmj');
    expect(typeof read.definition.maps?.cellar.map).toBe('string');
    expect(mapsNotCarried(read.definition)).toEqual([]);
    expect(checkCampaignMaps(read.definition)).toEqual([]);
    // Read again from what it became (a save keeps it so): the same definition.
    const again = readCampaignDefinition(JSON.parse(JSON.stringify(read.definition)));
    expect(again.ok && again.definition).toEqual(read.definition);
  });

  it.each([
    [
      '"maps" that is a list',
      (r: Record<string, any>) => (r.maps = []),
      /"maps" must be an object of up to 32 maps/,
    ],
    [
      'a map with no file',
      (r: Record<string, any>) => delete r.maps.cellar.file,
      /The map "cellar" needs a "file"/,
    ],
    [
      'a map with no map',
      (r: Record<string, any>) => delete r.maps.cellar.map,
      /The map "cellar" needs its "map"/,
    ],
    [
      'a tileset that is a number',
      (r: Record<string, any>) => (r.maps.cellar.files = { 'a.tsj': 3 }),
      /The map "cellar"'s file "a.tsj" must be its text/,
    ],
    [
      'images without sizes',
      (r: Record<string, any>) => (r.maps.cellar.images = { 'a.png': {} }),
      /"images" must give each image's width, height and key/,
    ],
    [
      'tile marks that are not wall, floor or cover',
      (r: Record<string, any>) => (r.maps.cellar.tileMarks = { '3': 'lava' }),
      /The map "cellar"'s "tileMarks" must be an object of up to 512 tile ids, each "wall", "floor" or "cover"/,
    ],
    [
      '"own:" and no name',
      (r: Record<string, any>) => (r.missions[0].scenario = 'own:'),
      /Mission "cellar"'s "scenario" "own:" needs the name of a map/,
    ],
    [
      'format 1 with maps',
      (r: Record<string, any>) => (r.version = 1),
      /is format 2: write "version": 2/,
    ],
    [
      'a map not carried',
      (r: Record<string, any>) => (r.missions[0].scenario = 'own:attic'),
      /Mission "The Mill Cellar" plays the map "attic", which the campaign does not carry/,
    ],
    [
      'a map the loader refuses',
      (r: Record<string, any>) => (r.maps.cellar.map.layers = []),
      /Mission "The Mill Cellar" cannot be played: The map "cellar" \(cellar\.tmj\): /,
    ],
    [
      'a tileset the map names but the file lacks',
      (r: Record<string, any>) => {
        r.maps.cellar.map.tilesets = [{ firstgid: 1, source: 'walls.tsj' }];
      },
      /Mission "The Mill Cellar" cannot be played: .*walls\.tsj/,
    ],
  ])('%s', (_name, change, message) => {
    expect(errorsOf(change)).toMatch(message);
  });

  it("reads a carried map's tile marks (made on the Setup screen) and keeps them", () => {
    const r = raw();
    r.maps.cellar.tileMarks = { '3': 'wall', '12': 'cover' };
    const read = readCampaignDefinition(r);
    if (!read.ok) throw new Error(read.errors.join(' '));
    expect(read.definition.maps?.cellar.tileMarks).toEqual({ '3': 'wall', '12': 'cover' });
    expect(checkCampaignMaps(read.definition)).toEqual([]);
  });

  it('still reads a format 1 campaign without maps of its own', () => {
    const r = raw();
    r.version = 1;
    delete r.maps;
    r.missions[0].scenario = 'dungeon-crawl';
    const read = readCampaignDefinition(r);
    expect(read.ok ? read.definition.version : read.errors).toBe(1);
  });
});

describe('the tools on a campaign file carrying its map', () => {
  it('reads it by its path, and names the mission of a map it cannot play', () => {
    const def = loadCampaignFile(FIXTURE);
    expect(def.id).toBe('the-cellar-road');
    const dir = mkdtempSync(join(tmpdir(), 'own-map-campaign-'));
    const broken = raw();
    broken.maps.cellar.map.layers = [];
    writeFileSync(join(dir, 'broken.json'), JSON.stringify(broken));
    expect(() => loadCampaignFile(join(dir, 'broken.json'))).toThrow(
      /broken\.json:\n {2}Mission "The Mill Cellar" cannot be played: The map "cellar"/,
    );
    expect(() => loadCampaignFile(join(dir, 'none.json'))).toThrow(/none\.json cannot be read/);
  });

  it('plays it through with the autopilot on the carried map, and its save replays exactly', () => {
    const def = loadCampaignFile(FIXTURE);
    const resolve = campaignResolverFromDisk(def);
    const end = playAutoCampaign(def, 5, campaignOptions('story'), resolve);
    expect(end.history[0].mission).toBe('cellar');
    expect(end.history[0].scenario).toBe('own:cellar');
    expect(end.history.length).toBeGreaterThanOrEqual(2);
    const back = loadCampaign(JSON.stringify(campaignSave(end)), def, resolve);
    if (!back.ok) throw new Error(back.error);
    expect(back.state).toEqual(end);
  });
});
