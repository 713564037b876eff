/**
 * The per-map index: every table the engine keeps about one map, in one object, with one
 * eviction policy. A map is never changed in place (an opened door gives a new map), so
 * whatever depends on the map alone (square tables, walking fields, sight rows, the
 * squares a weapon strikes, the map with a door opened) can be kept with it. The index is
 * held weakly by its map: when a game lets go of a map, its tables go with it.
 *
 * Eviction: each table keeps at most a fixed number of entries and forgets the oldest
 * first (BoundedTable). Entries are only ever answers that can be computed again, so
 * forgetting one never changes a result.
 */
import type { BattleMap, SquareTables } from './map';
import type { PathingGrid } from './pathing';
import type { BorderedSightGrid } from './sight-grid';

/** A map from keys to values that forgets its oldest entries beyond `capacity`. */
export class BoundedTable<K, V> {
  private readonly entries = new Map<K, V>();
  /** Called with each entry forgotten to make room (so dependent tables can follow). */
  private readonly onEvict: ((key: K, value: V) => void) | null;

  constructor(
    readonly capacity: number,
    onEvict?: (key: K, value: V) => void,
  ) {
    this.onEvict = onEvict ?? null;
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V): void {
    if (!this.entries.has(key) && this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value as K;
      const gone = this.entries.get(oldest) as V;
      this.entries.delete(oldest);
      this.onEvict?.(oldest, gone);
    }
    this.entries.set(key, value);
  }

  /** The value for `key`, computed by `make` (and kept) the first time it is asked for. */
  getOrMake(key: K, make: () => V): V {
    const known = this.entries.get(key);
    if (known !== undefined) return known;
    const made = make();
    this.set(key, made);
    return made;
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * How many entries each table of a map keeps. Sized for the largest bundled and benchmark
 * maps (64x64, 30 figures): a turn's questions fit, and the memory stays a few MiB.
 */
export const TABLE_CAPACITY = {
  /** Walking-cost fields from a square (one per hero targeted, and door questions). */
  costFields: 48,
  /** Rows of sight answers from a square (one byte per square of the map). */
  sightRows: 1024,
  /** Squares a weapon's reach strikes from a square. */
  struckSquares: 4096,
  /** Maps with one more door opened. */
  doorMaps: 64,
  /** Any other per-map value a system keeps under a name of its own. */
  named: 64,
} as const;

/** The tables kept for one map. Systems own the meaning of what they keep here. */
export interface MapIndex {
  /**
   * The hottest tables, built once per map and never evicted: the map's squares as flat
   * tables (every line of sight asks about them) and its terrain-only pathing grid.
   */
  squareTables: SquareTables | null;
  terrainGrid: PathingGrid | null;
  /** The sight-blocking squares with a border, for line tracing (sight-grid.ts owns it). */
  borderedSight: BorderedSightGrid | null;
  /** Values a system computes once per map, under a name of its own. */
  readonly named: BoundedTable<string, unknown>;
  readonly costFields: BoundedTable<number, unknown>;
  readonly sightRows: BoundedTable<number, Uint8Array>;
  /** Sight rows whose every square is answered (a field-of-view pass filled them). */
  readonly completeSightRows: Set<number>;
  readonly struckSquares: BoundedTable<string, Int32Array>;
  readonly doorMaps: BoundedTable<string, BattleMap>;
}

const indexes = new WeakMap<BattleMap, MapIndex>();
/** The index asked for last: a game asks about one map thousands of times in a row. */
let last: { map: BattleMap; index: MapIndex } | null = null;

function createMapIndex(): MapIndex {
  const completeSightRows = new Set<number>();
  return {
    squareTables: null,
    terrainGrid: null,
    borderedSight: null,
    named: new BoundedTable(TABLE_CAPACITY.named),
    costFields: new BoundedTable(TABLE_CAPACITY.costFields),
    // A forgotten row is no longer complete either.
    sightRows: new BoundedTable(TABLE_CAPACITY.sightRows, (key) => completeSightRows.delete(key)),
    completeSightRows,
    struckSquares: new BoundedTable(TABLE_CAPACITY.struckSquares),
    doorMaps: new BoundedTable(TABLE_CAPACITY.doorMaps),
  };
}

/** The index of `map`, made empty the first time the map is asked about. */
export function mapIndexOf(map: BattleMap): MapIndex {
  if (last?.map === map) return last.index;
  let index = indexes.get(map);
  if (!index) {
    index = createMapIndex();
    indexes.set(map, index);
  }
  last = { map, index };
  return index;
}

/** A value computed once per map under `name` (square tables, the terrain grid...). */
export function perMap<V>(map: BattleMap, name: string, make: () => V): V {
  return mapIndexOf(map).named.getOrMake(name, make) as V;
}
