/**
 * A campaign file of the player's own that plays their own Tiled maps (docs/campaigns.md,
 * "Your own maps in a campaign"), in the browser's terms (src/app/campaign-play.ts): a file
 * carrying its map loads and its mission resolves to that map; a file naming a map under
 * My maps has it copied in (found by the name My maps lists it under), or is refused with a
 * message naming the mission and the map; a carried map the own-map loader refuses is named
 * with its mission; and a campaign played on such a map is saved, exported and loaded in a
 * browser that never saw the map (no My maps at all), replaying exactly. A map named from
 * My maps is copied in with its images' bytes (`art`), which come back byte for byte from an
 * exported save where the map was never kept; a bad image is refused, naming the mission
 * and the image, in a file and in an imported save. A campaign copied before maps carried
 * their images gets them from My maps when its slot is exported, only from the same map
 * (same content id, text and files; not merely the same name) and checked as any carried
 * image; else the export goes ahead and a plain note names the missions left without them.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addCampaignFile,
  campaignRecord,
  campaignResolver,
  campaignRuleSets,
  loadCampaignRecord,
  missingBoards,
  resolveMission,
  withKeptArt,
  type FindKeptMap,
  type FindOwnMap,
} from '../../src/app/campaign-play';
import { app } from '../../src/app/app';
import {
  closeMapStore,
  findStoredMapByName,
  loadStoredMap,
  removeStoredMap,
  storeMap,
} from '../../src/app/map-store';
import { parseSaveFile, saveFileText } from '../../src/app/save-slots';
import {
  campaignOptions,
  finishBattle,
  newCampaign,
  startBattle,
  withBattleCommands,
  type CampaignDefinition,
} from '../../src/engine/campaign';
import { playAutoGame } from '../../src/engine/simulate';
import { campaignMapSource, carriedMapImages } from '../../src/maps/campaign-maps';
import { OWN_ART, OWN_ART_IMAGES, ownArtImages, pngHeader } from '../maps/helpers';

const g = globalThis as { indexedDB?: unknown };
const FIXTURE = new URL('../fixtures/campaigns/own-map-campaign.json', import.meta.url);
const CELLAR = new URL('../fixtures/maps/small-csv.tmj', import.meta.url);
const fileText = (): string => readFileSync(FIXTURE, 'utf8');
const cellarText = (): string => readFileSync(CELLAR, 'utf8');

/** The fixture campaign, changed by `change`, as a file's text. */
function fileWith(change: (raw: Record<string, any>) => void): string {
  const raw = JSON.parse(fileText()) as Record<string, any>;
  change(raw);
  return JSON.stringify(raw);
}

/** The lookup the picker uses: the kept maps of My maps, by name. */
const fromMyMaps: FindOwnMap = (name) => findStoredMapByName(name);

async function keepCellar(): Promise<void> {
  const stored = await storeMap({
    summary: {
      id: 'cellar-id',
      name: 'Test Cellar',
      fileName: 'small-csv.tmj',
      savedAt: '2026-11-23T10:00:00.000Z',
      bytes: 7000,
      images: 0,
    },
    source: { fileName: 'small-csv.tmj', text: cellarText(), files: {}, id: 'cellar-id' },
    images: {},
  });
  if (!stored.ok) throw new Error(stored.error);
}

async function loaded(text: string, find?: FindOwnMap): Promise<CampaignDefinition> {
  const r = await addCampaignFile(text, find);
  if (!r.ok) throw new Error(r.error);
  return r.def;
}

async function refusal(text: string, find?: FindOwnMap): Promise<string> {
  const r = await addCampaignFile(text, find);
  return r.ok ? 'it loaded' : r.error;
}

/** The fixture campaign with its first mission on `own:Marsh Keep` (not carried), as text. */
function namingMarshKeep(change: (raw: Record<string, any>) => void = () => {}): string {
  const raw = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, any>;
  delete raw.maps;
  raw.missions[0].scenario = 'own:Marsh Keep';
  change(raw);
  return JSON.stringify(raw);
}

/**
 * Marsh Keep kept under My maps as the Setup screen keeps it: map, tileset and images
 * (under `id`, its map text changed by `edit`: another map of the same name).
 */
async function keepMarshKeep(
  id = 'marsh-id',
  edit: (text: string) => string = (text) => text,
): Promise<void> {
  const sizes = ownArtImages();
  const images: Record<string, Uint8Array> = {};
  for (const p of OWN_ART_IMAGES) images[p] = new Uint8Array(own(p));
  const stored = await storeMap({
    summary: {
      id,
      name: 'Marsh Keep',
      fileName: 'marsh-keep.tmx',
      savedAt: '2026-11-23T10:00:00.000Z',
      bytes: 90000,
      images: OWN_ART_IMAGES.length,
    },
    source: {
      fileName: 'marsh-keep.tmx',
      text: edit(own('marsh-keep.tmx').toString('utf8')),
      files: { 'tiles/keep.tsx': own('tiles/keep.tsx').toString('utf8') },
      id,
      images: Object.fromEntries(
        Object.entries(sizes).map(([p, s]) => [p, { ...s, key: `own:${id}:${p}` }]),
      ),
    },
    images,
  });
  if (!stored.ok) throw new Error(stored.error);
}

const refusalMy = (text: string): Promise<string> => refusal(text, fromMyMaps);
const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
const own = (path: string): Buffer => readFileSync(join(OWN_ART, path));

beforeEach(() => {
  closeMapStore();
  g.indexedDB = new IDBFactory();
});
afterEach(() => {
  closeMapStore();
  delete g.indexedDB;
});

describe('a campaign file that carries its own map', () => {
  it('loads, and its mission is fought on the map it carries', async () => {
    const def = await loaded(fileText());
    expect(def.version).toBe(2);
    expect(Object.keys(def.maps ?? {})).toEqual(['cellar']);
    expect(missingBoards(def)).toEqual([]);
    expect(campaignRuleSets(def).join(', ')).toMatch(/^.*Dungeon Crawl.*, .*Skirmish/);
    const found = resolveMission(def, 'own:cellar');
    if (!found.ok) throw new Error(found.error);
    expect(found.scenario.map.battleMap.name).toBe('Test Cellar');
    expect(found.scenario.ruleModule).toBe('dungeon-crawl');
    const board = campaignResolver(def)('own:cellar');
    expect(board.ok && board.board.map.width).toBe(8);
  });

  it('names the mission and the problem when a carried map cannot be played', async () => {
    expect(
      await refusal(fileWith((raw) => (raw.maps.cellar.map = { width: 8, layers: 'none' }))),
    ).toMatch(/^Mission "The Mill Cellar" cannot be played: The map "cellar" \(cellar\.tmj\): /);
    expect(await refusal(fileWith((raw) => (raw.maps.cellar.map = '<map><broken')))).toMatch(
      /Mission "The Mill Cellar" cannot be played: The map "cellar"/,
    );
    expect(await refusal(fileWith((raw) => (raw.maps.cellar.file = 'cellar.png')))).toMatch(
      /The map "cellar" needs a "file": the map's file name, ending \.tmx/,
    );
    expect(await refusal(fileWith((raw) => (raw.version = 1)))).toMatch(
      /maps of its own .* is format 2: write "version": 2/,
    );
    expect(await refusal(fileWith((raw) => (raw.maps = { other: raw.maps.cellar })))).toMatch(
      /Mission "The Mill Cellar" plays your map "cellar", which is not under My maps\..*Load it on the Setup screen/,
    );
  });
});

describe('a campaign file that names a map under My maps', () => {
  const naming = (name: string): string =>
    fileWith((raw) => {
      delete raw.maps;
      raw.missions[0].scenario = `own:${name}`;
    });

  it('is refused, naming the mission and the map, when the player does not keep it', async () => {
    expect(await refusal(naming('Test Cellar'), fromMyMaps)).toMatch(
      /^Mission "The Mill Cellar" plays your map "Test Cellar", which is not under My maps\. Load it on the Setup screen \(Load your own map\) and then this file again, or put the map in the file's "maps"\./,
    );
  });

  it('copies the kept map in (by its name or its file name), so it travels with the campaign', async () => {
    await keepCellar();
    for (const name of ['Test Cellar', 'small-csv.tmj', 'small-csv', 'test cellar']) {
      const def = await loaded(naming(name), fromMyMaps);
      expect(def.maps?.[name]?.map).toBe(cellarText());
      expect(def.maps?.[name]?.id).toBe('cellar-id');
      const found = resolveMission(def, `own:${name}`);
      expect(found.ok && found.scenario.map.battleMap.name).toBe('Test Cellar');
    }
  });

  it('is played, exported and loaded where the map was never kept, replaying exactly', async () => {
    await keepCellar();
    const def = await loaded(naming('Test Cellar'), fromMyMaps);
    const resolve = campaignResolver(def);
    const started = startBattle(newCampaign(def, 31, campaignOptions('story')), def, resolve);
    if (!started.ok) throw new Error(started.error);
    expect(started.setup.config.map.name).toBe('Test Cellar');
    const game = playAutoGame(started.setup.config);
    const played = withBattleCommands(started.state, game.commands);
    if (!played.ok) throw new Error(played.error);
    const finished = finishBattle(played.state, def, resolve);
    if (!finished.ok) throw new Error(finished.error);
    // The next battle under way, a few commands in.
    const next = startBattle(finished.state, def, resolve);
    if (!next.ok) throw new Error(next.error);
    const state = next.state;
    expect(state.history[0].scenario).toBe('own:Test Cellar');
    const text = saveFileText(campaignRecord('campaign-1', def, state));

    // Another browser: no maps kept at all.
    closeMapStore();
    g.indexedDB = new IDBFactory();
    expect(await findStoredMapByName('Test Cellar')).toBeNull();
    const read = parseSaveFile(text, 'campaign-2');
    if (!read.ok) throw new Error(read.error);
    const back = loadCampaignRecord(read.record);
    if (!back.ok) throw new Error(back.error);
    expect(back.state).toEqual(state);
    expect(back.def.maps?.['Test Cellar']?.map).toBe(cellarText());
    const again = resolveMission(back.def, back.state.history[0].scenario);
    expect(again.ok && again.scenario.map.battleMap.name).toBe('Test Cellar');

    // The map taken out of the kept campaign: refused in words, nothing replayed wrongly.
    const stripped = structuredClone(read.record.definition) as Record<string, unknown>;
    delete stripped.maps;
    const bad = loadCampaignRecord({ ...read.record, definition: stripped });
    expect(bad.ok ? '' : bad.error).toMatch(/Mission "The Mill Cellar".*"Test Cellar"/);
  });
});

describe("a campaign's own map carries its images", () => {
  it('copies the images from My maps, and an exported save brings them back byte for byte where the map was never kept', async () => {
    await keepMarshKeep();
    const def = await loaded(namingMarshKeep(), fromMyMaps);
    const carried = def.maps?.['Marsh Keep'];
    expect(Object.keys(carried?.art ?? {}).sort()).toEqual([...OWN_ART_IMAGES].sort());
    const found = resolveMission(def, 'own:Marsh Keep');
    expect(found.ok && found.scenario.map.battleMap.name).toBe('Marsh Keep');

    const state = newCampaign(def, 7, campaignOptions('normal'));
    const text = saveFileText(campaignRecord('campaign-1', def, state));
    // Another browser: nothing kept under My maps.
    closeMapStore();
    g.indexedDB = new IDBFactory();
    expect(await findStoredMapByName('Marsh Keep')).toBeNull();
    const read = parseSaveFile(text, 'campaign-2');
    if (!read.ok) throw new Error(read.error);
    const back = loadCampaignRecord(read.record);
    if (!back.ok) throw new Error(back.error);
    const map = back.def.maps!['Marsh Keep'];
    const files = carriedMapImages(map);
    expect(files.map((f) => f.path).sort()).toEqual([...OWN_ART_IMAGES].sort());
    for (const f of files) expect(Buffer.from(f.bytes).equals(own(f.path))).toBe(true);
    // The loader is given every image with its size and the key it is decoded under.
    const source = campaignMapSource(map);
    for (const [path, size] of Object.entries(ownArtImages()))
      expect(source.images?.[path]).toEqual({ ...size, key: `own:marsh-id:${path}` });
    const again = resolveMission(back.def, 'own:Marsh Keep');
    expect(again.ok && again.scenario.map.battleMap.name).toBe('Marsh Keep');
  });

  it('a file written before maps carried images (no "art") still loads and plays', async () => {
    await keepMarshKeep();
    const def = await loaded(namingMarshKeep(), fromMyMaps);
    const old = structuredClone(def) as Record<string, any>;
    delete old.maps['Marsh Keep'].art;
    const state = newCampaign(def, 7, campaignOptions('normal'));
    const read = parseSaveFile(
      saveFileText(campaignRecord('campaign-1', old as CampaignDefinition, state)),
      'campaign-2',
    );
    if (!read.ok) throw new Error(read.error);
    const back = loadCampaignRecord(read.record);
    expect(back.ok).toBe(true);
    expect(back.ok && carriedMapImages(back.def.maps!['Marsh Keep'])).toEqual([]);
  });

  it('refuses a bad image in a campaign file, naming the mission and the image', async () => {
    await keepMarshKeep();
    const def = await loaded(namingMarshKeep(), fromMyMaps);
    const carrying = (art: Record<string, string>): string =>
      namingMarshKeep((raw) => {
        raw.maps = { 'Marsh Keep': { ...structuredClone(def.maps!['Marsh Keep']), art } };
      });
    expect(await refusalMy(carrying({ 'art/mire.png': 'not base64 at all!' }))).toMatch(
      /^Mission "The Mill Cellar" cannot be played: the map "Marsh Keep" carries a bad image\. The image "art\/mire\.png" is not an image file in base64\./,
    );
    expect(
      await refusalMy(carrying({ 'art/mire.png': b64(new TextEncoder().encode('<html>')) })),
    ).toMatch(
      /Mission "The Mill Cellar".*"art\/mire\.png" is not a PNG, JPEG, GIF, WebP or BMP image/,
    );
    expect(await refusalMy(carrying({ 'art/mire.png': b64(pngHeader(100000, 100000)) }))).toMatch(
      /Mission "The Mill Cellar".*"art\/mire\.png"/,
    );
    expect(await refusalMy(carrying({ 'art/mire.png': 'A'.repeat(23 * 1024 * 1024) }))).toMatch(
      /Mission "The Mill Cellar".*"art\/mire\.png" is larger than the 16 MB/,
    );
    expect(
      await refusalMy(
        namingMarshKeep((raw) => (raw.maps = { x: { file: 'a.tmx', map: '<map/>', art: [1] } })),
      ),
    ).toMatch(/The map "x"'s "art" must be an object/);
  });

  it('refuses an imported save whose campaign carries a bad image, and its record is left as it was', async () => {
    await keepMarshKeep();
    const def = await loaded(namingMarshKeep(), fromMyMaps);
    const state = newCampaign(def, 7, campaignOptions('normal'));
    const raw = JSON.parse(saveFileText(campaignRecord('campaign-1', def, state)));
    const text = JSON.stringify(raw).replace(
      b64(new Uint8Array(own('art/crate.png'))),
      b64(new TextEncoder().encode('GIF89a but not really')),
    );
    const read = parseSaveFile(text, 'campaign-2');
    if (!read.ok) throw new Error(read.error);
    const before = structuredClone(read.record);
    const back = loadCampaignRecord(read.record);
    expect(back.ok ? 'it loaded' : back.error).toMatch(
      /cannot be played: Mission "The Mill Cellar".*"art\/crate\.png"/,
    );
    expect(read.record).toEqual(before);
  });
});

describe('a campaign copied from My maps before maps carried their images', () => {
  /** The lookup the export uses: a kept map of My maps by its id, with its images. */
  const byId: FindKeptMap = async (id) => {
    const kept = await loadStoredMap(id);
    return kept ? { source: kept.source, images: kept.images } : null;
  };
  /** Marsh Keep copied from My maps as a campaign of before images travelled: no `art`. */
  async function oldCopy(): Promise<CampaignDefinition> {
    await keepMarshKeep();
    const def = structuredClone(await loaded(namingMarshKeep(), fromMyMaps)) as Record<string, any>;
    delete def.maps['Marsh Keep'].art;
    return def as CampaignDefinition;
  }

  it('gets its images from My maps when exported, byte for byte, where My maps keeps the same map', async () => {
    const old = await oldCopy();
    const pulled = await withKeptArt(old, byId);
    expect(pulled.added).toEqual(['Marsh Keep']);
    expect(pulled.lacking).toEqual([]);
    const files = carriedMapImages(pulled.def.maps!['Marsh Keep']);
    expect(files.map((f) => f.path).sort()).toEqual([...OWN_ART_IMAGES].sort());
    for (const f of files) expect(Buffer.from(f.bytes).equals(own(f.path))).toBe(true);
    // Nothing else of the map changes.
    const { art: _art, ...rest } = pulled.def.maps!['Marsh Keep'];
    expect(rest).toEqual(old.maps!['Marsh Keep']);

    // The app's export of a slot holding it: the file carries the images, the slot does not change.
    app.slots.close();
    await app.slots.open();
    const state = newCampaign(old, 7, campaignOptions('normal'));
    const record = campaignRecord('campaign-1', old, state);
    expect((await app.slots.put(record)).ok).toBe(true);
    const before = JSON.stringify(app.slots.get('campaign-1'));
    const file = await app.exportSlotFile('campaign-1');
    if (!file.ok) throw new Error(file.error);
    expect(file.notes).toEqual([]);
    expect(JSON.stringify(app.slots.get('campaign-1'))).toBe(before);
    // Another browser, with no My maps: the imported save draws Marsh Keep in its own art.
    closeMapStore();
    g.indexedDB = new IDBFactory();
    const read = parseSaveFile(file.text, 'campaign-2');
    if (!read.ok) throw new Error(read.error);
    const back = loadCampaignRecord(read.record);
    if (!back.ok) throw new Error(back.error);
    const again = carriedMapImages(back.def.maps!['Marsh Keep']);
    expect(again.map((f) => f.path).sort()).toEqual([...OWN_ART_IMAGES].sort());
    app.slots.close();
  });

  it('is exported as it is, with a plain note, when My maps no longer keeps that map or keeps another of its name', async () => {
    const old = await oldCopy();
    // No longer kept.
    await removeStoredMap('marsh-id');
    const gone = await withKeptArt(old, byId);
    expect(gone).toEqual({
      def: old,
      added: [],
      lacking: ['Marsh Keep'],
      notes: [
        'Mission "The Mill Cellar" plays your map "Marsh Keep", whose images are no longer under My maps, so the exported file draws it in the built-in tiles.',
      ],
    });
    // Kept again, but changed since (another map under its id and name): not the same map.
    await keepMarshKeep();
    const other: FindKeptMap = async (id) => {
      const kept = await byId(id);
      return kept ? { ...kept, source: { ...kept.source, text: kept.source.text + ' ' } } : null;
    };
    const notSame = await withKeptArt(old, other);
    expect(notSame.added).toEqual([]);
    expect(notSame.lacking).toEqual(['Marsh Keep']);
    expect(notSame.def).toBe(old);

    // Through the app: the export still works and says which map's images it could not find.
    await removeStoredMap('marsh-id');
    app.slots.close();
    await app.slots.open();
    const state = newCampaign(old, 7, campaignOptions('normal'));
    expect((await app.slots.put(campaignRecord('campaign-1', old, state))).ok).toBe(true);
    const file = await app.exportSlotFile('campaign-1');
    if (!file.ok) throw new Error(file.error);
    const plain = app.exportSlot('campaign-1');
    expect(plain.ok && file.text === plain.text).toBe(true);
    expect(file.notes).toEqual([
      'Mission "The Mill Cellar" plays your map "Marsh Keep", whose images are no longer under My maps, so the exported file draws it in the built-in tiles.',
    ]);
    app.slots.close();
  });

  it('takes no images from a different map kept under the same name, and says so naming the mission', async () => {
    const old = await oldCopy();
    const savedBefore = JSON.stringify(old);
    // My maps now keeps another "Marsh Keep": other content, so another content id.
    await removeStoredMap('marsh-id');
    await keepMarshKeep('other-marsh-id', (text) => text.replace('</map>', ' </map>'));
    expect((await findStoredMapByName('Marsh Keep'))?.summary.id).toBe('other-marsh-id');

    app.slots.close();
    await app.slots.open();
    const state = newCampaign(old, 7, campaignOptions('normal'));
    expect((await app.slots.put(campaignRecord('campaign-1', old, state))).ok).toBe(true);
    const slotBefore = JSON.stringify(app.slots.get('campaign-1'));
    const file = await app.exportSlotFile('campaign-1');
    if (!file.ok) throw new Error(file.error);
    expect(file.notes).toEqual([
      'Mission "The Mill Cellar" plays your map "Marsh Keep", but My maps now keeps a different map of that name: its images were not added, so the exported file draws it in the built-in tiles.',
    ]);
    // The file is the slot as saved, without images; nothing saved changed.
    const plain = app.exportSlot('campaign-1');
    expect(plain.ok && file.text === plain.text).toBe(true);
    const read = parseSaveFile(file.text, 'campaign-2');
    if (!read.ok) throw new Error(read.error);
    expect((read.record.definition as CampaignDefinition).maps!['Marsh Keep'].art).toBeUndefined();
    expect(JSON.stringify(app.slots.get('campaign-1'))).toBe(slotBefore);
    expect(JSON.stringify(old)).toBe(savedBefore);
    app.slots.close();
  });

  it('checks the images it pulls in like any carried image: a bad one is not added, and said', async () => {
    const old = await oldCopy();
    const first = OWN_ART_IMAGES[0];
    const damaged: FindKeptMap = async (id) => {
      const kept = await byId(id);
      if (!kept) return null;
      return {
        ...kept,
        images: { ...kept.images, [first]: new TextEncoder().encode('not a png') },
      };
    };
    const pulled = await withKeptArt(old, damaged);
    expect(pulled.added).toEqual([]);
    expect(pulled.def).toBe(old);
    expect(pulled.notes).toHaveLength(1);
    expect(pulled.notes[0]).toBe(
      `Mission "The Mill Cellar" plays your map "Marsh Keep", whose images under My maps cannot be carried, so the exported file draws it in the built-in tiles. The map "Marsh Keep" carries a bad image. The file "${first}" is not a PNG, JPEG, GIF, WebP or BMP image that can be read.`,
    );
  });

  it('names every mission playing a map whose images cannot be found', async () => {
    const old = await oldCopy();
    const twice: CampaignDefinition = {
      ...old,
      missions: old.missions.map((m, i) => (i === 1 ? { ...m, scenario: 'own:Marsh Keep' } : m)),
    };
    await removeStoredMap('marsh-id');
    const pulled = await withKeptArt(twice, async () => null, fromMyMaps);
    expect(pulled.def).toBe(twice);
    expect(pulled.notes).toEqual([
      `Missions "The Mill Cellar" and "${twice.missions[1].name}" play your map "Marsh Keep", whose images are no longer under My maps, so the exported file draws it in the built-in tiles.`,
    ]);
  });
});
