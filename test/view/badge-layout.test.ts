/**
 * Target badges and board labels kept on the board and pressed for their own figure
 * (issue 29, bugs 1 and 2): a badge drawn over the square above its monster, or over the
 * monster above it, is that monster's; no badge or label leaves the board.
 */
import { describe, expect, it } from 'vitest';
import {
  badgeAtPoint,
  badgeBox,
  boxesOverlap,
  boxWithin,
  layoutBadges,
} from '../../src/view/badge-layout';

const TILE = 32;
const wish = (id: string, x: number, y: number, width = 44) => ({ id, x, y, width, height: 13 });

describe('a press on a badge', () => {
  it('finds the badge under the point, and nothing between badges', () => {
    const badges = [
      { id: 'dragon', box: { x: 100, y: 40, width: 44, height: 13 } },
      { id: 'goblin', box: { x: 100, y: 80, width: 44, height: 13 } },
    ];
    expect(badgeAtPoint(badges, 122, 46)).toBe('dragon');
    expect(badgeAtPoint(badges, 100, 80)).toBe('goblin');
    expect(badgeAtPoint(badges, 122, 60)).toBeNull();
    expect(badgeAtPoint(badges, 144, 46)).toBeNull();
  });

  it('two monsters stacked: the lower one\u2019s badge lies on the upper one\u2019s square, and its hit is the lower one\u2019s', () => {
    // Goblins on (2, 4) and (2, 5); each badge wishes to centre 30 px above its figure's centre.
    const upper = { x: 2.5 * TILE, y: 4.5 * TILE };
    const lower = { x: 2.5 * TILE, y: 5.5 * TILE };
    const placed = layoutBadges([
      wish('upper', upper.x, upper.y - 30),
      wish('lower', lower.x, lower.y - 30),
    ]);
    const lowerBadge = placed.find((p) => p.id === 'lower')!;
    const centre = { x: lowerBadge.x, y: lowerBadge.y };
    // Its centre is on the upper goblin's square...
    expect(Math.floor(centre.y / TILE)).toBe(4);
    // ...yet the point means the lower goblin.
    const hit = badgeAtPoint(
      placed.map((p) => ({ id: p.id, box: badgeBox(p) })),
      centre.x,
      centre.y,
    );
    expect(hit).toBe('lower');
  });
});

describe('badges and labels on the board', () => {
  const board = { x: 0, y: 0, width: 8 * TILE, height: 8 * TILE };

  it('a figure on the top row: its badge comes down onto the board', () => {
    const [p] = layoutBadges([wish('top', 3.5 * TILE, 0.5 * TILE - 30)], 2, [], board);
    expect(boxWithin(badgeBox(p), board)).toBe(true);
    expect(p.moved).toBe(true);
  });

  it('a wide label at the right edge is pulled in', () => {
    const [p] = layoutBadges([wish('edge', 7.5 * TILE, 3 * TILE, 120)], 2, [], board);
    expect(boxWithin(badgeBox(p), board)).toBe(true);
  });

  it('crowded on the top rows: every badge on the board, none over another', () => {
    const wishes = Array.from({ length: 10 }, (_, i) =>
      wish(`u${i}`, (0.5 + (i % 5)) * TILE, (0.5 + Math.floor(i / 5)) * TILE - 30),
    );
    const placed = layoutBadges(wishes, 2, [], board);
    for (const p of placed) expect(boxWithin(badgeBox(p), board), p.id).toBe(true);
    placed.forEach((a, i) =>
      placed
        .slice(i + 1)
        .forEach((b) =>
          expect(boxesOverlap(badgeBox(a), badgeBox(b)), `${a.id}/${b.id}`).toBe(false),
        ),
    );
  });

  it('unbounded, nothing changes: a badge alone stays where it wished', () => {
    expect(layoutBadges([wish('a', 50, -10)])).toEqual([{ ...wish('a', 50, -10), moved: false }]);
  });
});
