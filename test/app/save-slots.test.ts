/**
 * The save slots (src/app/save-slots.ts) on fake-indexeddb's in-memory IndexedDB, and on
 * localStorage when IndexedDB is missing: a record written comes back after the store is
 * opened again; records are checked and migrated on load; a damaged or foreign file is
 * refused with a plain message and nothing kept is touched; a failed write keeps the
 * record that was there.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fallbackKey,
  parseSaveFile,
  readSlotRecord,
  saveFileText,
  SLOT_FORMAT,
  SLOT_VERSION,
  SlotStore,
  type SlotRecord,
} from '../../src/app/save-slots';

const g = globalThis as { indexedDB?: unknown; localStorage?: unknown };

class MemoryStorage {
  private m = new Map<string, string>();
  failWrites = false;
  getItem(k: string): string | null {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    if (this.failWrites) throw new Error('full');
    this.m.set(k, v);
  }
  removeItem(k: string): void {
    this.m.delete(k);
  }
}

function record(slot: SlotRecord['slot'], title = 'The Ember Crown'): SlotRecord {
  return {
    format: SLOT_FORMAT,
    version: SLOT_VERSION,
    slot,
    kind: slot === 'quick' ? 'battle' : 'campaign',
    savedAt: '2026-01-01T00:00:00.000Z',
    title,
    detail: 'Normal, mission 1',
    data: { format: 'arch-foe-campaign', version: 1, steps: [] },
  };
}

let store: SlotStore;

beforeEach(() => {
  g.indexedDB = new IDBFactory();
  g.localStorage = new MemoryStorage();
  store = new SlotStore();
});

afterEach(() => {
  store.close();
  delete g.indexedDB;
  delete g.localStorage;
});

describe('save slots in IndexedDB', () => {
  it('keeps three campaigns and the quick battle, and reads them back after reopening', async () => {
    await store.open();
    expect(store.kept).toBe('indexeddb');
    expect(store.freeCampaignSlot()).toBe('campaign-1');
    for (const s of ['campaign-1', 'campaign-2', 'campaign-3', 'quick'] as const)
      expect(await store.put(record(s, `Save ${s}`))).toEqual({ ok: true });
    expect(store.freeCampaignSlot()).toBeNull();
    store.close();
    const again = new SlotStore();
    await again.open();
    expect(again.get('campaign-2')?.title).toBe('Save campaign-2');
    expect(again.get('quick')?.kind).toBe('battle');
    expect(await again.remove('campaign-2')).toEqual({ ok: true });
    expect(again.has('campaign-2')).toBe(false);
    again.close();
    const third = new SlotStore();
    await third.open();
    expect(third.has('campaign-2')).toBe(false);
    expect(third.has('campaign-3')).toBe(true);
    third.close();
  });

  it('reads the slot at once after a write, before the browser has it', async () => {
    await store.open();
    const p = store.put(record('campaign-1', 'At once'));
    expect(store.get('campaign-1')?.title).toBe('At once');
    await p;
  });
});

describe('save slots without IndexedDB', () => {
  it('falls back to localStorage, and a refused write keeps the old save', async () => {
    delete g.indexedDB;
    await store.open();
    expect(store.kept).toBe('localstorage');
    expect(await store.put(record('campaign-1', 'First'))).toEqual({ ok: true });
    expect((g.localStorage as MemoryStorage).getItem(fallbackKey('campaign-1'))).toContain('First');
    (g.localStorage as MemoryStorage).failWrites = true;
    const failed = await store.put(record('campaign-1', 'Second'));
    expect(failed.ok).toBe(false);
    if (!failed.ok) expect(failed.error).toMatch(/still there/);
    expect(store.get('campaign-1')?.title).toBe('First');
    const again = new SlotStore();
    await again.open();
    expect(again.get('campaign-1')?.title).toBe('First');
  });

  it('reports a damaged record in storage instead of throwing', async () => {
    delete g.indexedDB;
    (g.localStorage as MemoryStorage).setItem(fallbackKey('campaign-2'), '{broken');
    await store.open();
    expect(store.has('campaign-2')).toBe(false);
    expect(store.problems.join(' ')).toMatch(/campaign slot 2/);
  });
});

describe('save records and files', () => {
  it('reads a record back from its file text', () => {
    const back = parseSaveFile(saveFileText(record('campaign-1')), 'campaign-3');
    expect(back.ok && back.record.slot).toBe('campaign-3');
    expect(back.ok && back.record.title).toBe('The Ember Crown');
  });

  it('refuses damaged, foreign, newer and misplaced saves in plain words', () => {
    const bad = (text: string): string => {
      const r = parseSaveFile(text, 'campaign-1');
      expect(r.ok).toBe(false);
      return r.ok ? '' : r.error;
    };
    expect(bad('{"format": "arch-foe-slot", broken')).toMatch(/damaged/);
    expect(bad('<map version="1.10"/>')).toMatch(/not an Arch Foe save/);
    expect(bad(JSON.stringify({ hello: 'world' }))).toMatch(/not an Arch Foe save/);
    expect(bad(JSON.stringify({ ...record('campaign-1'), version: 99 }))).toMatch(/newer version/);
    expect(bad(JSON.stringify({ ...record('campaign-1'), kind: 'poem' }))).toMatch(/neither/);
    expect(bad(JSON.stringify({ ...record('campaign-1'), data: 'x' }))).toMatch(/no game/);
    expect(bad(JSON.stringify({ ...record('quick') }))).toMatch(/quick battle slot/);
    const r = readSlotRecord({ ...record('campaign-1'), kind: 'campaign' }, 'quick');
    expect(r.ok).toBe(false);
  });
});
