/**
 * The Skirmish roster's looks: every figure (and the Fortress Assault's building) has its
 * idle and attack frames in the units atlas that tools/assets/build-sprites.mjs makes, and
 * no two kinds of the roster look alike (each its own sprite or its own tint).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SKIRMISH_KINDS } from '../../../src/engine/rulesets/skirmish/roster';

const atlas = JSON.parse(readFileSync('assets/sprites/units.json', 'utf8')) as {
  frames: Record<string, unknown>;
};

describe('Skirmish figures: art of their own', () => {
  it('every kind has idle-0, idle-1 and attack frames in the units atlas', () => {
    for (const k of SKIRMISH_KINDS)
      for (const f of ['idle-0', 'idle-1', 'attack'])
        expect(
          atlas.frames[`${k.art.sprite}-${f}`],
          `${k.kind}: ${k.art.sprite}-${f}`,
        ).toBeDefined();
  });

  it('no two kinds share a look', () => {
    const looks = SKIRMISH_KINDS.map((k) => `${k.art.sprite}:${k.art.tint ?? ''}`);
    expect(new Set(looks).size).toBe(looks.length);
  });
});
