/**
 * "My maps" in IndexedDB (src/app/map-store.ts), on fake-indexeddb's in-memory IndexedDB:
 * a kept map comes back with its files and image bytes, is listed newest first and can be
 * removed; when the storage is full the write changes nothing (the maps kept before are all
 * still there) and the message says so plainly; without IndexedDB every call answers with a
 * plain sentence instead of throwing.
 */
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  closeMapStore,
  listStoredMaps,
  loadStoredMap,
  MAX_STORED_MAPS,
  removeStoredMap,
  STORE_MESSAGES,
  storeMap,
  storeMapMarks,
  type StoredMap,
} from '../../src/app/map-store';

const g = globalThis as { indexedDB?: unknown };

function map(id: string, savedAt: string, bytes = new Uint8Array([1, 2, 3])): StoredMap {
  return {
    summary: { id, name: `Map ${id}`, fileName: `${id}.tmx`, savedAt, bytes: 10, images: 1 },
    source: {
      fileName: `${id}.tmx`,
      text: `<map id="${id}"/>`,
      files: { 'tiles.tsx': '<tileset/>' },
      id,
      images: { 'tiles.png': { width: 16, height: 16, key: `own:${id}:tiles.png` } },
    },
    images: { 'tiles.png': bytes },
  };
}

beforeEach(() => {
  closeMapStore();
  g.indexedDB = new IDBFactory();
});

afterEach(() => {
  closeMapStore();
  delete g.indexedDB;
});

describe('my maps in IndexedDB', () => {
  it('keeps a map with its files and image bytes, lists it, and removes it', async () => {
    expect(await listStoredMaps()).toEqual({ ok: true, maps: [] });
    expect(await storeMap(map('a', '2024-01-01T00:00:00Z'))).toEqual({ ok: true });
    expect(await storeMap(map('b', '2024-02-01T00:00:00Z'))).toEqual({ ok: true });
    const listed = await listStoredMaps();
    expect(listed.ok && listed.maps.map((m) => m.id)).toEqual(['b', 'a']);
    const a = await loadStoredMap('a');
    expect(a?.source.text).toBe('<map id="a"/>');
    expect(a?.source.files).toEqual({ 'tiles.tsx': '<tileset/>' });
    expect([...(a?.images['tiles.png'] ?? [])]).toEqual([1, 2, 3]);
    // The same map again replaces it (no second entry).
    expect(await storeMap(map('a', '2024-03-01T00:00:00Z'))).toEqual({ ok: true });
    const again = await listStoredMaps();
    expect(again.ok && again.maps.map((m) => m.id)).toEqual(['a', 'b']);
    expect(await removeStoredMap('a')).toEqual({ ok: true });
    expect(await loadStoredMap('a')).toBeNull();
    const after = await listStoredMaps();
    expect(after.ok && after.maps.map((m) => m.id)).toEqual(['b']);
  });

  it("keeps the player's marks with a map; a record kept before marks reads as none", async () => {
    // A record as kept before maps had marks: no tileMarks field at all.
    expect(await storeMap(map('old', '2024-01-01T00:00:00Z'))).toEqual({ ok: true });
    const old = await loadStoredMap('old');
    expect(old?.source.tileMarks).toEqual({});
    expect(old?.source.text).toBe('<map id="old"/>');
    // Marks kept: its files and image bytes are unchanged, the list too.
    expect(await storeMapMarks('old', { '3': 'wall', '5': 'cover' })).toEqual({ ok: true });
    const marked = await loadStoredMap('old');
    expect(marked?.source.tileMarks).toEqual({ '3': 'wall', '5': 'cover' });
    expect(marked?.source.files).toEqual({ 'tiles.tsx': '<tileset/>' });
    expect([...(marked?.images['tiles.png'] ?? [])]).toEqual([1, 2, 3]);
    const listed = await listStoredMaps();
    expect(listed.ok && listed.maps.map((m) => m.id)).toEqual(['old']);
    // Junk in a record's marks is left out as it is read.
    const junk = map('junk', '2024-01-02T00:00:00Z');
    (junk.source as { tileMarks?: unknown }).tileMarks = { '7': 'lava', '2': 'floor', x: 'wall' };
    expect(await storeMap(junk)).toEqual({ ok: true });
    expect((await loadStoredMap('junk'))?.source.tileMarks).toEqual({ '2': 'floor' });
    // A map no longer kept is not kept again by its marks.
    expect(await storeMapMarks('gone', { '3': 'wall' })).toEqual({
      ok: false,
      error: 'That map is no longer kept in this browser.',
    });
    expect(await loadStoredMap('gone')).toBeNull();
  });

  it('loses nothing kept before when the storage is full, and says so', async () => {
    expect(await storeMap(map('a', '2024-01-01T00:00:00Z'))).toEqual({ ok: true });
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) {
      if (this.name === 'maps')
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.call(this, value, key);
    };
    try {
      expect(await storeMap(map('big', '2024-02-01T00:00:00Z'))).toEqual({
        ok: false,
        error: STORE_MESSAGES.full,
      });
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    const listed = await listStoredMaps();
    expect(listed.ok && listed.maps.map((m) => m.id)).toEqual(['a']);
    expect(await loadStoredMap('big')).toBeNull();
    expect((await loadStoredMap('a'))?.source.text).toBe('<map id="a"/>');
  });

  it(`keeps at most ${MAX_STORED_MAPS} maps, and says which to do`, async () => {
    for (let i = 0; i < MAX_STORED_MAPS; i++)
      expect(
        (await storeMap(map(`m${i}`, `2024-01-01T00:00:${String(i % 60).padStart(2, '0')}Z`))).ok,
      ).toBe(true);
    expect(await storeMap(map('one-more', '2025-01-01T00:00:00Z'))).toEqual({
      ok: false,
      error: STORE_MESSAGES.tooMany,
    });
    // Replacing a kept one still works.
    expect(await storeMap(map('m3', '2025-01-01T00:00:00Z'))).toEqual({ ok: true });
  });

  it('answers in plain words when the browser has no IndexedDB', async () => {
    closeMapStore();
    delete g.indexedDB;
    expect(await listStoredMaps()).toEqual({ ok: false, error: STORE_MESSAGES.unavailable });
    expect(await storeMap(map('a', '2024-01-01T00:00:00Z'))).toEqual({
      ok: false,
      error: STORE_MESSAGES.unavailable,
    });
    expect(await loadStoredMap('a')).toBeNull();
    expect(await removeStoredMap('a')).toEqual({ ok: false, error: STORE_MESSAGES.unavailable });
  });
});
