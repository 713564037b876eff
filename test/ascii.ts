/**
 * Tiny ASCII board fixtures for tests.
 *
 *   #  wall        .  floor        ~  difficult floor
 *   any other non-space character is a mark standing on floor (letters by convention;
 *   `*` is handy for "expected squares" pictures)
 *
 * Leading/trailing blank lines and the common indentation are removed, so fixtures can be
 * written as indented template literals. Rows must all have the same width.
 */
import type { Point } from '../src/engine/grid';

export interface AsciiBoard {
  width: number;
  height: number;
  /** Walls; squares outside the board count as walls. */
  isWall(x: number, y: number): boolean;
  /** Difficult (`~`) squares. */
  isDifficult(x: number, y: number): boolean;
  /** The character at (x, y), or '#' outside the board. */
  charAt(x: number, y: number): string;
  /** Every mark character and its squares, in row-major order. */
  marks: Map<string, Point[]>;
}

/** Parses an ASCII fixture (see the module comment); throws on ragged rows. */
export function parseAscii(text: string): AsciiBoard {
  const lines = text.split('\n');
  while (lines.length > 0 && lines[0].trim() === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  const indent = Math.min(...lines.map((l) => l.length - l.trimStart().length));
  const rows = lines.map((l) => l.slice(indent).trimEnd());
  const height = rows.length;
  const width = height > 0 ? rows[0].length : 0;
  rows.forEach((row, y) => {
    if (row.length !== width) {
      throw new Error(`ascii row ${y} is ${row.length} wide, expected ${width}: "${row}"`);
    }
  });
  const marks = new Map<string, Point[]>();
  rows.forEach((row, y) => {
    [...row].forEach((ch, x) => {
      if (ch === '#' || ch === '.' || ch === '~') return;
      if (ch === ' ') throw new Error(`ascii has a space at ${x},${y}`);
      const list = marks.get(ch) ?? [];
      list.push({ x, y });
      marks.set(ch, list);
    });
  });
  const charAt = (x: number, y: number): string =>
    x < 0 || y < 0 || x >= width || y >= height ? '#' : rows[y][x];
  return {
    width,
    height,
    isWall: (x, y) => charAt(x, y) === '#',
    isDifficult: (x, y) => charAt(x, y) === '~',
    charAt,
    marks,
  };
}

/** The single square marked `ch`; throws if there is not exactly one. */
export function markOf(board: AsciiBoard, ch: string): Point {
  const list = board.marks.get(ch) ?? [];
  if (list.length !== 1) throw new Error(`expected one '${ch}' mark, found ${list.length}`);
  return list[0];
}
