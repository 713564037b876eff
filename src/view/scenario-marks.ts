/**
 * What the board draws of a scenario's marks (the rule module's `scenarioMarks`): goal and
 * home areas tinted by side, objective markers as tokens with their victory points, the
 * object on the ground as a token. A pure function of the marks, so that the view needs
 * to know nothing of the scenario: board-view.ts draws the result, and the tests read it.
 * The marks are public (what a player sees on the table), so fog of war hides none.
 */
import type { GameState, Point, RuleModule, ScenarioMark, Side } from '../engine';

/** Whose a mark is: a side's, or either side's (an objective anyone may hold). */
export type MarkSide = Side | 'either';

/** A tinted area: a side's goal (filled and hatched) or its way home (outlined). */
export interface AreaDrawing {
  kind: 'goal' | 'home';
  side: MarkSide;
  squares: Point[];
  /**
   * The area's outer border, as segments in square-corner coordinates: the edges between
   * a square of the area and one outside it, so that the area reads as one region.
   */
  edges: { from: Point; to: Point }[];
  /**
   * The hatching's slant: the heroes' areas rise ('/'), the enemy's fall ('\'), so that the
   * two goals differ by more than their colour.
   */
  hatch: 'rising' | 'falling';
  label: string;
  /** The square the label is drawn on: the area's square nearest its middle. */
  labelAt: Point;
}

/** A token on one square: an objective marker or the object lying on the ground. */
export interface TokenDrawing {
  kind: 'objective' | 'object';
  at: Point;
  /** The victory points shown beside it, one chip per side's mark ("4 VP"). */
  chips: { text: string; side: MarkSide }[];
  /** Its marks' labels, in a line (the tooltip / info panel). */
  label: string;
}

export interface ScenarioDrawing {
  areas: AreaDrawing[];
  tokens: TokenDrawing[];
  /** Equal for equal drawings: the board redraws only when it changes. */
  key: string;
}

const NO_MARKS: readonly ScenarioMark[] = [];

/** The marks of the game's scenario now (none when its module marks nothing). */
export function scenarioMarksOf(state: GameState, rules: RuleModule): readonly ScenarioMark[] {
  return rules.scenarioMarks?.(state) ?? NO_MARKS;
}

const sideOf = (mark: ScenarioMark): MarkSide => mark.side ?? 'either';
const keyOf = (p: Point): string => `${p.x},${p.y}`;

/** The square of `squares` nearest their middle (the first of equals). */
function middleSquare(squares: readonly Point[]): Point {
  const cx = squares.reduce((n, p) => n + p.x, 0) / squares.length;
  const cy = squares.reduce((n, p) => n + p.y, 0) / squares.length;
  const d = (p: Point) => (p.x - cx) ** 2 + (p.y - cy) ** 2;
  return squares.reduce((best, p) => (d(p) < d(best) ? p : best), squares[0]);
}

/** The border of a set of squares: each side of a square whose neighbour is not in the set. */
export function areaEdges(squares: readonly Point[]): { from: Point; to: Point }[] {
  const inside = new Set(squares.map(keyOf));
  const has = (x: number, y: number) => inside.has(`${x},${y}`);
  const edges: { from: Point; to: Point }[] = [];
  for (const { x, y } of squares) {
    if (!has(x, y - 1)) edges.push({ from: { x, y }, to: { x: x + 1, y } });
    if (!has(x, y + 1)) edges.push({ from: { x, y: y + 1 }, to: { x: x + 1, y: y + 1 } });
    if (!has(x - 1, y)) edges.push({ from: { x, y }, to: { x, y: y + 1 } });
    if (!has(x + 1, y)) edges.push({ from: { x: x + 1, y }, to: { x: x + 1, y: y + 1 } });
  }
  return edges;
}

/**
 * The drawing of `marks`: an area for each goal and home mark, and a token for each
 * objective marker (on the square of its squares nearest their middle; marks on one square
 * share its token, a chip of victory points each) and each square of an object on the
 * ground. Marks without squares draw nothing.
 */
export function drawScenarioMarks(marks: readonly ScenarioMark[]): ScenarioDrawing {
  const areas: AreaDrawing[] = [];
  const tokens = new Map<string, TokenDrawing>();
  const token = (kind: TokenDrawing['kind'], at: Point): TokenDrawing => {
    const k = `${kind}:${keyOf(at)}`;
    let t = tokens.get(k);
    if (!t) tokens.set(k, (t = { kind, at: { x: at.x, y: at.y }, chips: [], label: '' }));
    return t;
  };
  const addLabel = (t: TokenDrawing, label: string) => {
    if (label && !t.label.split('; ').includes(label))
      t.label = t.label ? `${t.label}; ${label}` : label;
  };
  for (const mark of marks) {
    if (mark.squares.length === 0) continue;
    const side = sideOf(mark);
    if (mark.kind === 'goal' || mark.kind === 'home') {
      const squares = mark.squares.map((p) => ({ x: p.x, y: p.y }));
      areas.push({
        kind: mark.kind,
        side,
        squares,
        edges: areaEdges(squares),
        hatch: side === 'enemies' ? 'falling' : 'rising',
        label: mark.label,
        labelAt: middleSquare(squares),
      });
    } else if (mark.kind === 'objective') {
      const t = token('objective', middleSquare(mark.squares));
      if (mark.points !== undefined) t.chips.push({ text: `${mark.points} VP`, side });
      addLabel(t, mark.label);
    } else {
      for (const p of mark.squares) addLabel(token('object', p), mark.label);
    }
  }
  const drawn = { areas, tokens: [...tokens.values()] };
  return { ...drawn, key: JSON.stringify(drawn) };
}

/** The labels of the marks on square `p` (for the info panel when it is hovered). */
export function marksOnSquare(marks: readonly ScenarioMark[], p: Point): string[] {
  return marks
    .filter((m) => m.squares.some((q) => q.x === p.x && q.y === p.y))
    .map((m) => m.label)
    .filter((label, i, all) => label !== '' && all.indexOf(label) === i);
}
