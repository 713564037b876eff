import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadTiledMap, TERRAIN_VALUES, type MapLoadResult } from '../../src/maps';
import { fixtureText } from './helpers';

const BASES = [
  'small-csv.tmj',
  'small-zlib.tmj',
  'small-gzip.tmj',
  'infinite-negative.tmj',
  'groups-offsets.tmj',
  'class-objects.tmj',
  'flipped.tmj',
  '../../../maps/dungeon-crawl.tmj',
  '../../../maps/goblin-warren.tmj',
].map((name) => ({ name, text: fixtureText(name) }));
const TILESET = fixtureText('tiles/external.tsj');

type Container = Record<string, unknown> | unknown[];
interface Slot {
  parent: Container;
  key: string | number;
}

function slots(root: unknown): Slot[] {
  const out: Slot[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      // Long tile data arrays: only a few slots, or the fuzzer would do nothing else.
      const n = Math.min(v.length, 6);
      for (let i = 0; i < n; i++) {
        out.push({ parent: v, key: i });
        stack.push(v[i]);
      }
    } else {
      for (const k of Object.keys(v)) {
        out.push({ parent: v as Record<string, unknown>, key: k });
        stack.push((v as Record<string, unknown>)[k]);
      }
    }
  }
  return out;
}

const HUGE = [1e308, -1e308, 2 ** 32, 2 ** 53, -1, -2147483648, 0.5, 1e9, 4294967295, 0];
const EVIL_KEYS = ['__proto__', 'constructor', 'prototype'];

const corruption = fc.record({
  kind: fc.constantFrom(
    'delete',
    'replace',
    'wrong-type',
    'huge',
    'proto',
    'truncate',
    'duplicate-array',
  ),
  at: fc.nat(),
  value: fc.jsonValue({ maxDepth: 2 }),
  huge: fc.constantFrom(...HUGE),
  evil: fc.constantFrom(...EVIL_KEYS),
});

interface Corruption {
  kind: string;
  at: number;
  value: unknown;
  huge: number;
  evil: string;
}

function corrupt(text: string, ops: readonly Corruption[]): string {
  let json = JSON.parse(text) as unknown;
  let truncateAt = -1;
  let proto: string | null = null;
  for (const op of ops) {
    const all = slots(json);
    if (all.length === 0) break;
    const s = all[op.at % all.length];
    const p = s.parent as Record<string | number, unknown>;
    switch (op.kind) {
      case 'delete':
        if (Array.isArray(s.parent)) s.parent.splice(Number(s.key), 1);
        else delete p[s.key];
        break;
      case 'replace':
        p[s.key] = op.value;
        break;
      case 'wrong-type': {
        const cur = p[s.key];
        p[s.key] =
          typeof cur === 'number'
            ? String(cur)
            : typeof cur === 'string'
              ? 7
              : Array.isArray(cur)
                ? {}
                : typeof cur === 'object'
                  ? []
                  : null;
        break;
      }
      case 'huge':
        p[s.key] = op.huge;
        break;
      case 'proto':
        proto = op.evil;
        if (!Array.isArray(s.parent)) p.__marker__ = true;
        break;
      case 'truncate':
        truncateAt = op.at;
        break;
      case 'duplicate-array':
        if (Array.isArray(p[s.key])) {
          const arr = p[s.key] as unknown[];
          p[s.key] = [...arr, ...arr, ...arr];
        }
        break;
    }
    if (json === undefined) json = {};
  }
  let out = JSON.stringify(json) ?? 'null';
  if (proto) out = out.replace('"__marker__":true', `"${proto}":{"polluted":true}`);
  if (truncateAt >= 0) out = out.slice(0, truncateAt % (out.length + 1));
  return out;
}

function checkResult(r: MapLoadResult): void {
  if (!r.ok) {
    expect(typeof r.error).toBe('string');
    expect(r.error.length).toBeGreaterThan(10);
    expect(r.error).not.toMatch(/\n\s+at /);
    return;
  }
  const b = r.map.battleMap;
  expect(b.width).toBeGreaterThanOrEqual(6);
  expect(b.height).toBeGreaterThanOrEqual(6);
  expect(b.width).toBeLessThanOrEqual(256);
  expect(b.height).toBeLessThanOrEqual(256);
  expect(b.terrain).toHaveLength(b.width * b.height);
  expect(b.blocksSight).toHaveLength(b.width * b.height);
  expect(b.cover).toHaveLength(b.width * b.height);
  for (const t of b.terrain) expect(TERRAIN_VALUES).toContain(t);
  for (const o of b.objects) {
    expect(o.x).toBeGreaterThanOrEqual(0);
    expect(o.y).toBeGreaterThanOrEqual(0);
    expect(o.x + o.width).toBeLessThanOrEqual(b.width);
    expect(o.y + o.height).toBeLessThanOrEqual(b.height);
  }
  for (const l of r.map.tiled.layers) {
    if (l.type === 'tilelayer') expect(l.data).toHaveLength(b.width * b.height);
  }
  expect(typeof r.map.summary).toBe('string');
}

describe('loading corrupted maps', () => {
  it('always gives { ok: false, error } or a valid map, and never throws', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BASES),
        fc.array(corruption, { minLength: 1, maxLength: 4 }),
        (base, ops) => {
          const text = corrupt(base.text, ops);
          let r: MapLoadResult | undefined;
          expect(() => {
            r = loadTiledMap(text, {
              id: 'fuzz',
              externalTilesets: { 'tiles/external.tsj': TILESET },
            });
          }).not.toThrow();
          checkResult(r as MapLoadResult);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('survives arbitrary text and arbitrary JSON', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.jsonValue().map((v) => JSON.stringify(v) ?? ''),
        ),
        (text) => {
          checkResult(loadTiledMap(text, { id: 'fuzz' }));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('survives random external tileset texts', () => {
    const map = fixtureText('external.tmj');
    fc.assert(
      fc.property(fc.array(corruption, { minLength: 1, maxLength: 3 }), (ops) => {
        const tsj = corrupt(TILESET, ops);
        checkResult(
          loadTiledMap(map, { id: 'fuzz', externalTilesets: { 'tiles/external.tsj': tsj } }),
        );
      }),
      { numRuns: 400 },
    );
  });
});
