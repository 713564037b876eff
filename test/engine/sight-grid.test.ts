import { describe, expect, it } from 'vitest';
import { loadBundledMap } from '../../src/devtools/bundled-maps';
import { doesSquareBlockSight } from '../../src/engine/map';
import { borderedSightGrid } from '../../src/engine/sight-grid';
import { coverFrom, lineBlocker } from '../../src/engine/systems/cover';
import { footprint } from '../../src/engine/footprint';
import { computeCover } from '../../src/engine/los';
import { newGame } from './helpers';

// Issue 31: line tracing reads a bordered grid kept with the map instead of asking the
// map square by square; these tests hold it to the map's own answers.
describe('the bordered sight grid', () => {
  const map = loadBundledMap('dungeon-crawl');

  it('answers as doesSquareBlockSight on every square, on the border and beyond it', () => {
    const grid = borderedSightGrid(map);
    for (let y = -3; y < map.height + 3; y++)
      for (let x = -3; x < map.width + 3; x++) {
        expect(grid.blocksWalls(x, y), `${x},${y}`).toBe(doesSquareBlockSight(map, x, y));
        expect(grid.blocksMarked(x, y), `${x},${y}`).toBe(doesSquareBlockSight(map, x, y));
      }
  });

  it('lineBlocker answers walls and the foes of the attacker, before and after it lays them out as a grid', () => {
    const state = newGame(map);
    const hero = state.units.find((u) => u.side === 'heroes' && u.position)!;
    const foes = new Set(
      state.units
        .filter((u) => u.position && u.side !== hero.side)
        .flatMap((u) => footprint(u).map((p) => `${p.x},${p.y}`)),
    );
    expect(foes.size).toBeGreaterThan(0);
    const blocks = lineBlocker(state, hero, null, 'foes');
    // Twice over the whole map: well past the lookups it answers from its list.
    for (let pass = 0; pass < 2; pass++)
      for (let y = -2; y < map.height + 2; y++)
        for (let x = -2; x < map.width + 2; x++)
          expect(blocks(x, y), `${x},${y}`).toBe(
            doesSquareBlockSight(map, x, y) || foes.has(`${x},${y}`),
          );
  });

  it('coverFrom gives the cover of tracing past the foes, and takes its marks off the grid after', () => {
    const state = newGame(map);
    const hero = state.units.find((u) => u.side === 'heroes' && u.position)!;
    const blocks = lineBlocker(state, hero, null, 'foes');
    const grid = borderedSightGrid(map);
    for (const foe of state.units.filter((u) => u.position && u.side !== hero.side)) {
      for (let y = 0; y < map.height; y += 3)
        for (let x = 0; x < map.width; x += 3) {
          const to = { x, y };
          expect(coverFrom(state, hero, hero.position!, to, foe.id)).toBe(
            computeCover(hero.position!, to, (a, b) =>
              footprint(foe).some((p) => p.x === a && p.y === b)
                ? doesSquareBlockSight(map, a, b)
                : blocks(a, b),
            ),
          );
        }
    }
    expect([...grid.marked]).toEqual([...grid.walls]);
  });
});
