/** A row of buttons shared by the labels' lengths (shareButtonRow). */
import { describe, expect, it } from 'vitest';
import { shareButtonRow } from '../../src/view/button-row';

describe('a row of buttons (shareButtonRow)', () => {
  it('gives equal shares when every label fits one', () => {
    expect(shareButtonRow([90, 100], 224, 8)).toEqual([108, 108]);
    expect(shareButtonRow([150], 224, 8)).toEqual([224]);
  });

  it('lets a long label take the room a short one does not need', () => {
    // "Longbow 11+" beside "Knife 6+": both whole, the room left spread evenly.
    const [long, short] = shareButtonRow([120, 80], 224, 8);
    expect(long).toBeGreaterThanOrEqual(120);
    expect(short).toBeGreaterThanOrEqual(80);
    expect(long + short).toBeCloseTo(216);
  });

  it('keeps the short label whole and caps the long ones when not all fit', () => {
    const widths = shareButtonRow([160, 85], 224, 8);
    expect(widths).toEqual([131, 85]);
    // Two long ones and a short: the long ones share what is left, equally.
    const three = shareButtonRow([200, 60, 180], 224, 8);
    expect(three[1]).toBe(60);
    expect(three[0]).toBeCloseTo(74);
    expect(three[2]).toBeCloseTo(74);
    expect(three.reduce((a, w) => a + w, 0) + 16).toBeCloseTo(224);
  });

  it('never gives a row more than its room', () => {
    for (const natural of [
      [300, 300],
      [10, 400, 10],
      [216, 1],
      [50, 50, 50, 50],
    ]) {
      const widths = shareButtonRow(natural, 224, 8);
      const used = widths.reduce((a, w) => a + w, 0) + 8 * (natural.length - 1);
      expect(used).toBeLessThanOrEqual(224 + 1e-9);
    }
  });
});
