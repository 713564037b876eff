/**
 * The line-of-sight preview draws the rule module's corner lines: on the Dungeon Crawl's
 * own board they agree with the module's cover for every pair of squares (0 lines blocked
 * clear, 1 partial, 2-3 full, 4 no sight), and none are drawn beside a figure.
 */
import { describe, expect, it } from 'vitest';
import { requireRules, chebyshevDistance, type CoverLevel } from '../../src/engine';
import { dungeonCrawlBoard } from '../engine/boards';
import { newGame } from '../engine/helpers';

const LEVEL: CoverLevel[] = ['clear', 'partial', 'full', 'full', 'blocked'];

describe('coverLinesBetween', () => {
  it('agrees with coverBetween on the Dungeon Crawl board, for heroes and monsters', () => {
    const state = newGame(dungeonCrawlBoard());
    const rules = requireRules(state);
    let far = 0;
    for (const viewer of state.units.filter((u) => u.position)) {
      const from = viewer.position!;
      for (let y = 0; y < state.map.height; y++) {
        for (let x = 0; x < state.map.width; x++) {
          const to = { x, y };
          const lines = rules.coverLinesBetween!(state, viewer, from, to);
          if (chebyshevDistance(from, to) <= 1) {
            expect(lines).toEqual([]);
            continue;
          }
          far++;
          expect(lines).toHaveLength(4);
          const blocked = lines.filter((l) => l.blocked).length;
          expect(LEVEL[blocked], `${viewer.id} to ${x},${y}`).toBe(
            rules.coverBetween(state, viewer, from, to),
          );
        }
      }
    }
    expect(far).toBeGreaterThan(500);
  });
});
