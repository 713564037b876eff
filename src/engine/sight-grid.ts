/**
 * A map's sight-blocking squares as one flat grid with a one-square border, kept in the
 * map's index (a map is never changed in place: an opened door gives a new map, and so a
 * new grid). Line tracing asks about squares many thousands of times a turn, and the
 * four-corner test asks one square past the map where a line runs along its edge: here
 * each answer is one array read, where doesSquareBlockSight looks the map's tables up anew.
 *
 * Figures are laid over a working copy of the grid for one question at a time
 * (markSquare, then unmarkSquare): a cell holds 1 for a wall plus 2 per figure on it, so
 * marks on top of walls or of each other come off exactly.
 */
import type { Point } from './grid';
import { doesSquareBlockSight, type BattleMap } from './map';
import { mapIndexOf } from './map-index';

export interface BorderedSightGrid {
  /** Cells per row: the map's width plus the two border columns. */
  readonly stride: number;
  /** Rows: the map's height plus the two border rows. */
  readonly rows: number;
  /** 1 where the square stops sight (the border always does), else 0. Never changed. */
  readonly walls: Uint8Array;
  /** The walls with figures marked on them (2 per figure) for the question being asked. */
  readonly marked: Uint8Array;
  /** Whether (x, y) stops sight on `marked`: walls, the border, marked figures; true beyond. */
  readonly blocksMarked: (x: number, y: number) => boolean;
  /** Whether (x, y) stops sight through walls alone (doesSquareBlockSight). */
  readonly blocksWalls: (x: number, y: number) => boolean;
}

/** The bordered grid of `map`, built the first time it is asked for. */
export function borderedSightGrid(map: BattleMap): BorderedSightGrid {
  const index = mapIndexOf(map);
  return (index.borderedSight ??= buildBorderedSightGrid(map));
}

function buildBorderedSightGrid(map: BattleMap): BorderedSightGrid {
  const stride = map.width + 2;
  const rows = map.height + 2;
  const walls = new Uint8Array(stride * rows);
  for (let j = 0; j < rows; j++)
    for (let i = 0; i < stride; i++)
      walls[j * stride + i] = doesSquareBlockSight(map, i - 1, j - 1) ? 1 : 0;
  const marked = walls.slice();
  const reader =
    (cells: Uint8Array) =>
    (x: number, y: number): boolean => {
      const i = x + 1;
      const j = y + 1;
      if (i < 0 || j < 0 || i >= stride || j >= rows) return true;
      return cells[j * stride + i] !== 0;
    };
  return { stride, rows, walls, marked, blocksMarked: reader(marked), blocksWalls: reader(walls) };
}

/** The cell of square (x, y) of the map in a bordered grid. */
export function cellOf(grid: BorderedSightGrid, x: number, y: number): number {
  return (y + 1) * grid.stride + x + 1;
}

/**
 * Whether square (x, y) lies in the box the squares `from` and `to` span, widened by one:
 * the only squares their four-corner lines ask about (the lines stay inside the box, and
 * a line along its edge or through its corners looks one square past it).
 */
export function isNearLines(x: number, y: number, from: Point, to: Point): boolean {
  return (
    x >= Math.min(from.x, to.x) - 1 &&
    x <= Math.max(from.x, to.x) + 1 &&
    y >= Math.min(from.y, to.y) - 1 &&
    y <= Math.max(from.y, to.y) + 1
  );
}
