/**
 * The save slots: the quick battle and three campaigns, kept in the browser's IndexedDB
 * (through the `idb` library), or in localStorage when IndexedDB is not there. Each slot
 * holds one record: its kind, a title and a line for the lists, and the save itself (a
 * battle's seed and commands, or a campaign's seed, options and steps). Records are
 * versioned and checked when read; an older record is brought up to date.
 *
 * The store keeps every record in memory too, so the scenes read the slots at once; every
 * write goes to the memory first and then, in order, to the browser. A failed write keeps
 * what was stored before and is reported in one plain sentence, never as a throw.
 */
import { openDB, type IDBPDatabase } from 'idb';
import { readItem, removeItem, writeItem } from './storage';

export const CAMPAIGN_SLOTS = ['campaign-1', 'campaign-2', 'campaign-3'] as const;
export type CampaignSlotId = (typeof CAMPAIGN_SLOTS)[number];
export type SlotId = 'quick' | CampaignSlotId;
export const SLOT_IDS: readonly SlotId[] = ['quick', ...CAMPAIGN_SLOTS];

export const SLOT_FORMAT = 'arch-foe-slot';
export const SLOT_VERSION = 1;

export type SlotKind = 'battle' | 'campaign';

/** One slot's record (also the exported file). */
export interface SlotRecord {
  format: typeof SLOT_FORMAT;
  version: number;
  slot: SlotId;
  kind: SlotKind;
  savedAt: string;
  /** What the lists show: the campaign's or the scenario's name... */
  title: string;
  /** ...and where it stands ("Normal, mission 2: The Warren"). */
  detail: string;
  /** The save: a SavedBattle or a CampaignSave, checked again by whoever loads it. */
  data: unknown;
  /**
   * A campaign the game does not bundle (a player's file): its whole definition, kept with
   * the save so that a reload, an export and an import all carry it. Checked when loaded.
   */
  definition?: unknown;
}

export type SlotResult = { ok: true } | { ok: false; error: string };

const DB_NAME = 'archfoe-saves';
const DB_VERSION = 1;
const STORE = 'slots';
const OPEN_TIMEOUT_MS = 5000;
/** localStorage keys of the fallback, one per slot. */
export const fallbackKey = (slot: SlotId): string => `archfoe.slot.${slot}`;

export function isSlotId(value: unknown): value is SlotId {
  return typeof value === 'string' && (SLOT_IDS as readonly string[]).includes(value);
}

type Fields = Readonly<Record<string, unknown>>;
function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Older records brought up to this version, one version at a time (n -> n + 1). Version 1
 * is the first; a change to the record's shape adds an entry and a test with the old shape.
 */
const MIGRATIONS: Readonly<Record<number, (record: Fields) => Fields>> = {};

/**
 * A slot record from untrusted data (storage or an imported file): checked and migrated,
 * or a plain message. `slot` names the slot it is read into (an imported file's own slot
 * does not matter).
 */
export function readSlotRecord(
  raw: unknown,
  slot?: SlotId,
): { ok: true; record: SlotRecord } | { ok: false; error: string } {
  if (!isFields(raw) || raw.format !== SLOT_FORMAT)
    return { ok: false, error: 'This is not an Arch Foe save.' };
  const version = raw.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    return { ok: false, error: 'The save has no version.' };
  if (version > SLOT_VERSION)
    return {
      ok: false,
      error: `The save comes from a newer version of the game (save version ${version}; this one reads up to ${SLOT_VERSION}).`,
    };
  let fields: Fields = raw;
  for (let v = version; v < SLOT_VERSION; v++) {
    const migrate = MIGRATIONS[v];
    if (!migrate)
      return { ok: false, error: `A save of version ${v} cannot be brought up to date.` };
    fields = migrate(fields);
  }
  if (fields.kind !== 'battle' && fields.kind !== 'campaign')
    return { ok: false, error: 'The save is neither a battle nor a campaign.' };
  if (!isFields(fields.data)) return { ok: false, error: 'The save holds no game.' };
  const target = slot ?? fields.slot;
  if (!isSlotId(target)) return { ok: false, error: 'The save names no slot this game has.' };
  if (fields.kind === 'battle' && target !== 'quick')
    return { ok: false, error: 'A quick battle can only be kept in the quick battle slot.' };
  if (fields.kind === 'campaign' && target === 'quick')
    return { ok: false, error: 'A campaign cannot be kept in the quick battle slot.' };
  const text = (v: unknown, fallback: string): string =>
    typeof v === 'string' ? v.slice(0, 200) : fallback;
  return {
    ok: true,
    record: {
      format: SLOT_FORMAT,
      version: SLOT_VERSION,
      slot: target,
      kind: fields.kind,
      savedAt: text(fields.savedAt, new Date(0).toISOString()),
      title: text(fields.title, fields.kind === 'battle' ? 'A battle' : 'A campaign'),
      detail: text(fields.detail, ''),
      data: structuredClone(fields.data),
      ...(fields.kind === 'campaign' && isFields(fields.definition)
        ? { definition: structuredClone(fields.definition) }
        : {}),
    },
  };
}

/** A file's text as a slot record, or a plain message (a damaged or foreign file). */
export function parseSaveFile(
  text: string,
  slot?: SlotId,
): { ok: true; record: SlotRecord } | { ok: false; error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {
      ok: false,
      error: 'The file is not an Arch Foe save: it is damaged or of another kind.',
    };
  }
  const read = readSlotRecord(raw, slot);
  if (!read.ok) return { ok: false, error: `The file cannot be loaded. ${read.error}` };
  return read;
}

/** A record as the text of an exported file. */
export function saveFileText(record: SlotRecord): string {
  return JSON.stringify(record, null, 1);
}

function describe(error: unknown): string {
  const name = (error as { name?: string } | null)?.name ?? '';
  if (name === 'QuotaExceededError')
    return 'The browser has no room left for the save (its storage for this game is full); the save kept before is still there.';
  const detail = (error as { message?: string } | null)?.message || String(error);
  return `The browser's storage failed (${detail.slice(0, 120)}); the save kept before is still there.`;
}

interface Backend {
  readonly name: 'indexeddb' | 'localstorage';
  all(): Promise<unknown[]>;
  put(record: SlotRecord): Promise<void>;
  remove(slot: SlotId): Promise<void>;
  close(): void;
}

async function indexedDbBackend(): Promise<Backend | null> {
  if (typeof indexedDB === 'undefined') return null;
  let db: IDBPDatabase;
  try {
    const opening = openDB(DB_NAME, DB_VERSION, {
      upgrade(d) {
        if (!d.objectStoreNames.contains(STORE)) d.createObjectStore(STORE, { keyPath: 'slot' });
      },
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the database did not open')), OPEN_TIMEOUT_MS);
    });
    db = await Promise.race([opening, late]).finally(() => clearTimeout(timer));
  } catch {
    return null;
  }
  return {
    name: 'indexeddb',
    all: () => db.getAll(STORE),
    put: async (record) => {
      await db.put(STORE, record);
    },
    remove: (slot) => db.delete(STORE, slot),
    close: () => db.close(),
  };
}

function localStorageBackend(): Backend {
  return {
    name: 'localstorage',
    all: async () => {
      const out: unknown[] = [];
      for (const slot of SLOT_IDS) {
        const text = readItem(fallbackKey(slot));
        if (text === null) continue;
        try {
          out.push(JSON.parse(text));
        } catch {
          out.push({ slot, damaged: true });
        }
      }
      return out;
    },
    put: async (record) => {
      if (!writeItem(fallbackKey(record.slot), JSON.stringify(record)))
        throw Object.assign(new Error('localStorage refused the save'), {
          name: 'QuotaExceededError',
        });
    },
    remove: async (slot) => removeItem(fallbackKey(slot)),
    close: () => undefined,
  };
}

/** The slots, in memory and in the browser. */
export class SlotStore {
  private records = new Map<SlotId, SlotRecord>();
  private backend: Backend | null = null;
  private writing: Promise<unknown> = Promise.resolve();
  /** Plain sentences about records that could not be read when the store opened. */
  problems: string[] = [];
  /** Where the slots are kept: 'indexeddb', 'localstorage', or 'none' before open(). */
  get kept(): 'indexeddb' | 'localstorage' | 'none' {
    return this.backend?.name ?? 'none';
  }

  /** Opens the browser's storage and reads every slot. */
  async open(): Promise<void> {
    this.backend = (await indexedDbBackend()) ?? localStorageBackend();
    this.records.clear();
    this.problems = [];
    let raws: unknown[] = [];
    try {
      raws = await this.backend.all();
    } catch (e) {
      this.problems.push(`The saves could not be read: ${describe(e)}`);
    }
    for (const raw of raws) {
      const slot = isFields(raw) && isSlotId(raw.slot) ? raw.slot : undefined;
      const read = readSlotRecord(raw, slot);
      if (read.ok) this.records.set(read.record.slot, read.record);
      else
        this.problems.push(`A save${slot ? ` (${slotName(slot)})` : ''} is damaged: ${read.error}`);
    }
  }

  get(slot: SlotId): SlotRecord | null {
    const r = this.records.get(slot);
    return r ? structuredClone(r) : null;
  }

  has(slot: SlotId): boolean {
    return this.records.has(slot);
  }

  /** The first campaign slot with nothing in it, or null. */
  freeCampaignSlot(): CampaignSlotId | null {
    return CAMPAIGN_SLOTS.find((s) => !this.records.has(s)) ?? null;
  }

  /** Writes a record (memory at once, the browser in order); resolves when it is kept. */
  put(record: SlotRecord): Promise<SlotResult> {
    const copy = structuredClone(record);
    const before = this.records.get(copy.slot);
    this.records.set(copy.slot, copy);
    return this.queue(
      (b) => b.put(copy),
      () => {
        if (this.records.get(copy.slot) !== copy) return;
        if (before) this.records.set(copy.slot, before);
        else this.records.delete(copy.slot);
      },
    );
  }

  /** Empties a slot. */
  remove(slot: SlotId): Promise<SlotResult> {
    const before = this.records.get(slot);
    this.records.delete(slot);
    return this.queue(
      (b) => b.remove(slot),
      () => {
        if (before && !this.records.has(slot)) this.records.set(slot, before);
      },
    );
  }

  /** Resolves when every write so far is done. */
  async flush(): Promise<void> {
    await this.writing.catch(() => undefined);
  }

  close(): void {
    this.backend?.close();
    this.backend = null;
  }

  private queue(work: (b: Backend) => Promise<void>, undo: () => void): Promise<SlotResult> {
    const run = async (): Promise<SlotResult> => {
      const backend = this.backend;
      if (!backend) {
        undo();
        return { ok: false, error: 'The saves are not open yet.' };
      }
      try {
        await work(backend);
        return { ok: true };
      } catch (e) {
        undo();
        return { ok: false, error: describe(e) };
      }
    };
    const p = this.writing.then(run, run);
    this.writing = p;
    return p;
  }
}

/** A slot's name for the player. */
export function slotName(slot: SlotId): string {
  return slot === 'quick' ? 'the quick battle' : `campaign slot ${slot.slice(-1)}`;
}
