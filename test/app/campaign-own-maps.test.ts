/**
 * A campaign file of the player's own that plays their own Tiled maps (docs/campaigns.md,
 * "Your own maps in a campaign"), in the browser's terms (src/app/campaign-play.ts): a file
 * carrying its map loads and its mission resolves to that map; a file naming a map under
 * My maps has it copied in (found by the name My maps lists it under), or is refused with a
 * message naming the mission and the map; a carried map the own-map loader refuses is named
 * with its mission; and a campaign played on such a map is saved, exported and loaded in a
 * browser that never saw the map (no My maps at all), replaying exactly.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addCampaignFile,
  campaignRecord,
  campaignResolver,
  campaignRuleSets,
  loadCampaignRecord,
  missingBoards,
  resolveMission,
  type FindOwnMap,
} from '../../src/app/campaign-play';
import { closeMapStore, findStoredMapByName, storeMap } from '../../src/app/map-store';
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
const fromMyMaps: FindOwnMap = async (name) => (await findStoredMapByName(name))?.source ?? null;

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
