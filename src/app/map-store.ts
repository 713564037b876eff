/**
 * "My maps": the player's own maps with their tilesets, templates and images, kept in the
 * browser's IndexedDB so that they are still listed after a reload, and can be removed.
 * (The saves are kept apart, in src/app/save-slots.ts.)
 *
 * Two object stores in one database: short summaries (what the Setup screen lists) and the
 * whole maps. Every write is one transaction over both, so a write that fails (storage
 * full, a blocked database) changes nothing: no map kept before is ever lost. Every failure
 * comes back as one plain sentence, never as a throw.
 */
import { readTileMarks, type TileMarks } from '../maps/tile-marks';
import type { CustomMapSource } from './maps';

/** What the Setup screen lists for a kept map. */
export interface StoredMapSummary {
  id: string;
  name: string;
  fileName: string;
  savedAt: string;
  /** Bytes of its files and images together. */
  bytes: number;
  /** Number of images kept with it. */
  images: number;
}

/** A kept map: its summary, its files, and its images' bytes by path. */
export interface StoredMap {
  summary: StoredMapSummary;
  source: CustomMapSource;
  images: Record<string, Uint8Array>;
}

export type StoreResult = { ok: true } | { ok: false; error: string };

const DB_NAME = 'archfoe-maps';
const DB_VERSION = 1;
const SUMMARIES = 'summaries';
const MAPS = 'maps';
/** Most maps kept. */
export const MAX_STORED_MAPS = 64;
/** How long to wait for the database to open before giving up (a blocked upgrade...). */
const OPEN_TIMEOUT_MS = 5000;

export const STORE_MESSAGES = {
  unavailable:
    'This browser does not let the game keep maps (its IndexedDB storage is off or unavailable here), so maps you load play now but are not listed under My maps after a reload.',
  full: 'The browser has no room left to keep this map for next time (its storage for this game is full); it plays now. Remove a map under My maps to make room; the maps kept before are all still there.',
  tooMany: `${MAX_STORED_MAPS} maps are kept already; remove one under My maps to keep this one (it plays now).`,
} as const;

function factory(): IDBFactory | null {
  try {
    const f = (globalThis as { indexedDB?: IDBFactory }).indexedDB;
    return f ?? null;
  } catch {
    return null;
  }
}

class StoreError extends Error {}

function isQuota(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name ?? '';
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

function failure(error: unknown, doing: string): { ok: false; error: string } {
  if (error instanceof StoreError) return { ok: false, error: error.message };
  if (isQuota(error)) return { ok: false, error: STORE_MESSAGES.full };
  const detail = (error as { message?: string } | null)?.message || String(error);
  return {
    ok: false,
    error: `The browser's storage failed while ${doing} (${detail.slice(0, 120)}).`,
  };
}

let opening: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  if (opening) return opening;
  const idb = factory();
  if (!idb) return Promise.reject(new StoreError(STORE_MESSAGES.unavailable));
  opening = new Promise<IDBDatabase>((resolve, reject) => {
    let request: IDBOpenDBRequest;
    try {
      request = idb.open(DB_NAME, DB_VERSION);
    } catch {
      reject(new StoreError(STORE_MESSAGES.unavailable));
      return;
    }
    const timer = setTimeout(
      () => reject(new StoreError(STORE_MESSAGES.unavailable)),
      OPEN_TIMEOUT_MS,
    );
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(SUMMARIES))
        db.createObjectStore(SUMMARIES, { keyPath: 'id' });
      if (!db.objectStoreNames.contains(MAPS)) db.createObjectStore(MAPS, { keyPath: 'id' });
    };
    request.onsuccess = () => {
      clearTimeout(timer);
      const db = request.result;
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      clearTimeout(timer);
      reject(new StoreError(STORE_MESSAGES.unavailable));
    };
    request.onblocked = () => {
      clearTimeout(timer);
      reject(new StoreError(STORE_MESSAGES.unavailable));
    };
  });
  opening.catch(() => {
    opening = null;
  });
  return opening;
}

/** Runs `work` in one transaction over both stores; resolves when it is committed. */
async function transaction<T>(
  mode: IDBTransactionMode,
  work: (summaries: IDBObjectStore, maps: IDBObjectStore) => Promise<T> | T,
): Promise<T> {
  const db = await openDb();
  const tx = db.transaction([SUMMARIES, MAPS], mode);
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('the transaction was aborted'));
    tx.onerror = () => reject(tx.error ?? new Error('the transaction failed'));
  });
  let result: T;
  try {
    result = await work(tx.objectStore(SUMMARIES), tx.objectStore(MAPS));
  } catch (e) {
    try {
      tx.abort();
    } catch {
      // already finished
    }
    done.catch(() => undefined);
    throw e;
  }
  await done;
  return result;
}

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('the request failed'));
  });
}

/** Every kept map's summary, newest first. */
export async function listStoredMaps(): Promise<
  { ok: true; maps: StoredMapSummary[] } | { ok: false; error: string }
> {
  try {
    const all = await transaction('readonly', (summaries) =>
      request(summaries.getAll() as IDBRequest<StoredMapSummary[]>),
    );
    const maps = all.filter((m) => m && typeof m.id === 'string' && typeof m.name === 'string');
    maps.sort((a, b) => (a.savedAt < b.savedAt ? 1 : a.savedAt > b.savedAt ? -1 : 0));
    return { ok: true, maps };
  } catch (e) {
    return failure(e, 'listing your maps');
  }
}

/** Keeps a map (replacing the one with the same id). Nothing kept before is lost when it fails. */
export async function storeMap(map: StoredMap): Promise<StoreResult> {
  try {
    await transaction('readwrite', async (summaries, maps) => {
      const id = map.summary.id;
      const count = await request(summaries.count());
      const exists = (await request(summaries.getKey(id))) !== undefined;
      if (!exists && count >= MAX_STORED_MAPS) throw new StoreError(STORE_MESSAGES.tooMany);
      await request(summaries.put(map.summary));
      await request(maps.put({ id, source: map.source, images: map.images }));
    });
    return { ok: true };
  } catch (e) {
    return failure(e, 'keeping the map');
  }
}

/** A kept map, or null when it is not there (or the store cannot be read). */
export async function loadStoredMap(id: string): Promise<StoredMap | null> {
  try {
    return await transaction('readonly', async (summaries, maps) => {
      const summary = (await request(summaries.get(id))) as StoredMapSummary | undefined;
      const record = (await request(maps.get(id))) as
        { source: CustomMapSource; images: Record<string, Uint8Array> } | undefined;
      if (!summary || !record || typeof record.source?.text !== 'string') return null;
      // A record kept before maps had marks has none; a damaged table is read as far as it goes.
      const source = { ...record.source, tileMarks: readTileMarks(record.source.tileMarks) };
      return { summary, source, images: record.images ?? {} };
    });
  } catch {
    return null;
  }
}

/**
 * The kept map a campaign names (`own:<name>`): by the name My maps lists it under, its
 * file name (with or without its ending) or its id, letter case aside; null when none is.
 */
export async function findStoredMapByName(name: string): Promise<StoredMap | null> {
  const listed = await listStoredMaps();
  if (!listed.ok) return null;
  const wanted = name.trim().toLowerCase();
  const stem = (file: string): string => file.replace(/^.*\//, '').replace(/\.[^.]*$/, '');
  const match = listed.maps.find((m) =>
    [m.name, m.fileName, stem(m.fileName), m.id].some((n) => n.trim().toLowerCase() === wanted),
  );
  return match ? loadStoredMap(match.id) : null;
}

/**
 * Keeps the player's marks on a kept map's tiles (its files and images unchanged). A map
 * no longer kept is not kept again; nothing changes when it fails.
 */
export async function storeMapMarks(id: string, marks: TileMarks): Promise<StoreResult> {
  try {
    const found = await transaction('readwrite', async (_summaries, maps) => {
      const record = (await request(maps.get(id))) as
        { id: string; source: CustomMapSource; images: Record<string, Uint8Array> } | undefined;
      if (!record || typeof record.source?.text !== 'string') return false;
      await request(maps.put({ ...record, source: { ...record.source, tileMarks: { ...marks } } }));
      return true;
    });
    return found
      ? { ok: true }
      : { ok: false, error: 'That map is no longer kept in this browser.' };
  } catch (e) {
    return failure(e, 'keeping your marks on the map');
  }
}

/** Removes a kept map. */
export async function removeStoredMap(id: string): Promise<StoreResult> {
  try {
    await transaction('readwrite', async (summaries, maps) => {
      await request(summaries.delete(id));
      await request(maps.delete(id));
    });
    return { ok: true };
  } catch (e) {
    return failure(e, 'removing the map');
  }
}

/** Forgets the open database (tests, after deleting it). */
export function closeMapStore(): void {
  void opening?.then((db) => db.close()).catch(() => undefined);
  opening = null;
}
