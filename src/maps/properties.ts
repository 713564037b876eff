/**
 * Tiled custom properties: turning the JSON list into a record and reading the values the
 * game understands (terrain, blocksSight, cover, booleans, facing, dice rolls) tolerantly,
 * with one plain message when a value cannot be used.
 */
import type { PropertyValue, SquareCover, Terrain } from '../engine/map';
import { FACING_NAMES, type Facing } from '../engine/grid';
import { COVER_VALUES, TERRAIN_VALUES } from './constants';
import { fail, quote, show } from './errors';
import { isForbiddenKey } from './safe-json';
import type { RawProperty } from './schema';
import type { NormalizedProperty } from './types';

/** The usable properties of one thing, keyed by name, plus the normalised list for Phaser. */
export interface PropertyBag {
  values: Map<string, PropertyValue>;
  list: NormalizedProperty[];
}

/**
 * A bag's values as a plain record. Keys are defined, not assigned, so that no key (the
 * loader refuses `__proto__`, but a record may be copied later) can reach a prototype.
 */
export function recordOfBag(bag: PropertyBag): Record<string, PropertyValue> {
  const out: Record<string, PropertyValue> = {};
  for (const [k, v] of bag.values) {
    Object.defineProperty(out, k, {
      value: v,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

const SIMPLE_TYPES = new Set(['string', 'int', 'float', 'bool', 'color', 'file', 'object']);

/**
 * Reads a Tiled property list. Class-typed values and forbidden names are skipped with a
 * warning; values of the wrong JSON type for their declared type are an error naming `where`.
 */
export function readProperties(
  list: readonly RawProperty[] | undefined,
  where: string,
  warnings: string[],
): PropertyBag {
  const values = new Map<string, PropertyValue>();
  const out: NormalizedProperty[] = [];
  for (const p of list ?? []) {
    const type = p.type ?? 'string';
    if (isForbiddenKey(p.name)) {
      warnings.push(`${theOf(where)} property ${quote(p.name)} is not allowed and was ignored.`);
      continue;
    }
    if (type === 'class' || !SIMPLE_TYPES.has(type)) {
      warnings.push(
        `${theOf(where)} property ${quote(p.name)} has type ${quote(type)}, which the game ignores; use string, int, float or bool.`,
      );
      continue;
    }
    const value: unknown = p.value ?? (type === 'bool' ? false : type === 'string' ? '' : 0);
    if (type === 'bool' && typeof value !== 'boolean') {
      fail(
        `${theOf(where)} bool property ${quote(p.name)} has the value ${show(value)}; use true or false.`,
      );
    }
    if ((type === 'int' || type === 'float' || type === 'object') && typeof value !== 'number') {
      fail(
        `${theOf(where)} ${type} property ${quote(p.name)} has the value ${show(value)}; use a number.`,
      );
    }
    if ((type === 'string' || type === 'color' || type === 'file') && typeof value !== 'string') {
      fail(
        `${theOf(where)} ${type} property ${quote(p.name)} has the value ${show(value)}; use a text.`,
      );
    }
    const v = value as PropertyValue;
    values.set(p.name, v);
    out.push({ name: p.name, type, value: v } as NormalizedProperty);
  }
  return { values, list: out };
}

/**
 * How a message about a property of `where` begins: `The map's` for the map itself (not
 * `The map: the`), else `Layer "Ground": the`.
 */
export function theOf(where: string): string {
  return where === 'The map' ? "The map's" : `${where}: the`;
}

/** An empty property bag. */
export function emptyBag(): PropertyBag {
  return { values: new Map(), list: [] };
}

/** Looks a property up by name, ignoring case. */
export function getProp(bag: PropertyBag, name: string): PropertyValue | undefined {
  const exact = bag.values.get(name);
  if (exact !== undefined) return exact;
  const lower = name.toLowerCase();
  for (const [k, v] of bag.values) if (k.toLowerCase() === lower) return v;
  return undefined;
}

/** Reads a boolean property (bool, or the texts true/false/yes/no, or 1/0). */
export function readBool(bag: PropertyBag, name: string, where: string): boolean | undefined {
  const v = getProp(bag, name);
  if (v === undefined) return undefined;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number' && (v === 0 || v === 1)) return v === 1;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (s === 'true' || s === 'yes') return true;
    if (s === 'false' || s === 'no' || s === '') return false;
  }
  fail(
    `${theOf(where)} property ${quote(name)} is ${show(v)}; make it a bool property (true or false).`,
  );
}

/** Reads a text property (numbers are turned into text). */
export function readString(bag: PropertyBag, name: string): string | undefined {
  const v = getProp(bag, name);
  if (v === undefined) return undefined;
  return typeof v === 'string' ? v.trim() : String(v);
}

/** Reads a whole-number property within [min, max]. */
export function readInt(
  bag: PropertyBag,
  name: string,
  where: string,
  min: number,
  max: number,
): number | undefined {
  const v = getProp(bag, name);
  if (v === undefined) return undefined;
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    fail(
      `${theOf(where)} property ${quote(name)} is ${show(v)}; use a whole number from ${min} to ${max}.`,
    );
  }
  return n;
}

/** Reads the `terrain` property: one of floor, wall, difficult, dangerous, water, pit, void. */
export function readTerrain(bag: PropertyBag, where: string): Terrain | undefined {
  const v = readString(bag, 'terrain');
  if (v === undefined) return undefined;
  const t = v.toLowerCase() as Terrain;
  if (!TERRAIN_VALUES.includes(t)) {
    fail(
      `${theOf(where)} property "terrain" is ${show(v)}; use one of ${TERRAIN_VALUES.join(', ')}.`,
    );
  }
  return t;
}

/** Reads the `cover` property: partial, full or none. */
export function readCover(bag: PropertyBag, where: string): SquareCover | undefined {
  const v = readString(bag, 'cover');
  if (v === undefined) return undefined;
  const c = v.toLowerCase() as SquareCover;
  if (!COVER_VALUES.includes(c)) {
    fail(`${theOf(where)} property "cover" is ${show(v)}; use partial, full or none.`);
  }
  return c;
}

/** Reads a facing given as a direction name (north, north-east...) or a number 0-7. */
export function readFacing(bag: PropertyBag, where: string): Facing | undefined {
  const v = getProp(bag, 'facing');
  if (v === undefined) return undefined;
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 7) return v as Facing;
  if (typeof v === 'string') {
    const s = v
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, '-');
    const named = FACING_NAMES.indexOf(s.replace(/^(north|south)(east|west)$/, '$1-$2'));
    if (named >= 0) return named as Facing;
    const short = ['n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw'].indexOf(s);
    if (short >= 0) return short as Facing;
    if (/^[0-7]$/.test(s)) return Number(s) as Facing;
  }
  fail(
    `${theOf(where)} property "facing" is ${show(v)}; use north, north-east, east, south-east, south, south-west, west, north-west or a number 0-7.`,
  );
}

export { parseRoll } from '../engine/dice';
