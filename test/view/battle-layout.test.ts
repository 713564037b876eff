/** The Battle HUD's layout: every piece on screen, nothing on top of another. */
import { describe, expect, it } from 'vitest';
import { battleLayout, CARD_H, CARD_W, type Rect } from '../../src/view/battle-layout';

const overlaps = (a: Rect, b: Rect): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const inside = (r: Rect, w: number, h: number): boolean =>
  r.x >= 0 && r.y >= 0 && r.x + r.width <= w && r.y + r.height <= h;

describe('the battle layout', () => {
  for (const [heroes, showLog] of [
    [4, true],
    [4, false],
    [2, true],
    [6, true],
  ] as const) {
    it(`${heroes} heroes, log ${showLog ? 'shown' : 'hidden'}: pieces on screen, apart`, () => {
      const l = battleLayout(1280, 720, heroes, showLog);
      const cards = l.cards.map((c) => ({ ...c, width: CARD_W, height: CARD_H }));
      const buttons = l.topButtons.map((b) => ({
        x: b.x - b.width / 2,
        y: 8,
        width: b.width,
        height: 32,
      }));
      const panels = [l.viewport, l.info, ...(showLog ? [l.log] : []), ...cards];
      for (const r of [...panels, ...buttons])
        expect(inside(r, 1280, 720), JSON.stringify(r)).toBe(true);
      panels.forEach((a, i) =>
        panels.slice(i + 1).forEach((b) => expect(overlaps(a, b)).toBe(false)),
      );
      buttons.forEach((a, i) =>
        buttons.slice(i + 1).forEach((b) => expect(overlaps(a, b)).toBe(false)),
      );
      expect(cards.length).toBe(Math.min(heroes, 4));
      expect(l.turn.room).toBeGreaterThan(200);
      expect(l.turn.x - l.turn.room / 2).toBeGreaterThanOrEqual(l.title.x + l.title.width);
      expect(l.turn.x + l.turn.room / 2).toBeLessThanOrEqual(buttons[0].x);
      expect(l.undo.x + l.undo.width / 2).toBeLessThan(l.endTurn.x - l.endTurn.width / 2);
    });
  }
});
