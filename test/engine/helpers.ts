import { expect } from 'vitest';
import { applyCommand, type ApplyOptions } from '../../src/engine/game';
import { riggedDice, type DiceSource } from '../../src/engine/dice';
import { createGame } from '../../src/engine/setup';
import { doesSquareBlockSight, type BattleMap } from '../../src/engine/map';
import type { Command, GameEvent, GameState, ScenarioOptions, Unit } from '../../src/engine/types';
import { makeBoard, type BoardOptions } from './boards';

/** A new game on `map`; `rulesVersion` 1 plays the Dungeon Crawl as first built. */
export function newGame(
  map: BattleMap,
  options: Partial<ScenarioOptions> = {},
  seed = 1,
  rulesVersion?: number,
): GameState {
  const r = createGame({ scenarioId: 'test', map, seed, options, rulesVersion });
  if (!r.ok) throw new Error(r.error);
  return r.state;
}

export function boardGame(
  ascii: string,
  options: Partial<ScenarioOptions> = {},
  board: BoardOptions = {},
  rulesVersion?: number,
): GameState {
  return newGame(makeBoard(ascii, board), options, 1, rulesVersion);
}

/** Applies a command with the given rolls; fails the test on an error or unused rolls. */
export function play(
  state: GameState,
  command: Command,
  rolls: number[] = [],
): { state: GameState; events: GameEvent[] } {
  const dice = riggedDice(rolls);
  const options: ApplyOptions = { dice };
  const r = applyCommand(state, command, options);
  if (!r.ok) throw new Error(`command failed: ${r.error}`);
  expect(dice.remaining(), 'all rigged rolls used').toBe(0);
  return { state: r.state, events: r.events };
}

export function rejects(state: GameState, command: Command): string {
  const before = JSON.stringify(state);
  const r = applyCommand(state, command, { dice: riggedDice([]) });
  expect(r.ok).toBe(false);
  expect(JSON.stringify(state)).toBe(before);
  return r.ok ? '' : r.error;
}

export function unit(state: GameState, id: string): Unit {
  const u = state.units.find((x) => x.id === id);
  if (!u) throw new Error(`no unit ${id}`);
  return u;
}

export function rollsOf(
  events: GameEvent[],
): { purpose: string; value: number; unit: string | null }[] {
  return events.flatMap((e) =>
    e.type === 'roll' ? [{ purpose: e.purpose, value: e.value, unit: e.unit }] : [],
  );
}

/** Starts a game where every enemy is patrolling and each gets the given patrol roll. */
export function startWith(
  state: GameState,
  rolls: number[],
): { state: GameState; events: GameEvent[] } {
  return play(state, { type: 'start' }, rolls);
}

/** Marks enemies alerted directly (a test shortcut for set-ups; the rule itself is tested elsewhere). */
export function alertAll(state: GameState): GameState {
  const copy = structuredClone({ ...state, map: undefined }) as unknown as GameState;
  copy.map = state.map;
  for (const u of copy.units) if (u.ai && u.ai.status === 'patrolling') u.ai.status = 'alerted';
  copy.heroesHaveMoved = true;
  return copy;
}

/**
 * The board as text, for what a unit sees or threatens: `o` the unit, `#` squares that
 * block sight, `marks.inside` for each of `squares`, `marks.outside` for other squares.
 */
export function drawSquaresOf(
  state: GameState,
  centre: Unit,
  squares: readonly { x: number; y: number }[],
  marks: { inside: string; outside: string },
): string {
  const marked = new Set(squares.map((p) => `${p.x},${p.y}`));
  const rows: string[] = [];
  for (let y = 0; y < state.map.height; y++) {
    let row = '';
    for (let x = 0; x < state.map.width; x++) {
      if (centre.position?.x === x && centre.position.y === y) row += 'o';
      else if (doesSquareBlockSight(state.map, x, y)) row += '#';
      else row += marked.has(`${x},${y}`) ? marks.inside : marks.outside;
    }
    rows.push(row);
  }
  return rows.join('\n');
}

/** A goblin (to face east) down an open corridor; the thief is far away behind rock. */
export const CORRIDOR = `
#########
#g......#
#########
#.......#
#T......#
`;

/**
 * Two goblins in a corridor (to face west): the first in the second's way. The Thief is in
 * another corridor, out of sight.
 */
export const BLOCKED_CORRIDOR = `
###########
#.......gg#
###########
#.........#
#T........#
###########
`;

/**
 * The enemies' next turn as the plain reducer plays it (a fresh copy per command, no
 * look-ahead memo): the reference the intent's look-aheads are checked against. The heroes
 * end their turns until every enemy has acted or a new round starts after one has.
 */
export function playEnemyTurnPlainly(
  state: GameState,
  dice: DiceSource,
): { events: GameEvent[]; state: GameState } {
  const events: GameEvent[] = [];
  const enemies = new Set(
    state.units.filter((u) => u.side === 'enemies' && u.position).map((u) => u.id),
  );
  const acted = new Set<string>();
  let now = state;
  for (let guard = 0; guard < 64; guard++) {
    if (now.phase !== 'heroes' || !now.turn || now.outcome) break;
    const r = applyCommand(now, { type: 'end-turn', unit: now.turn.unitId }, { dice });
    if (!r.ok) break;
    now = r.state;
    let newRound = false;
    for (const e of r.events) {
      if (e.type === 'round-started' && acted.size > 0) {
        newRound = true;
        break;
      }
      if (e.type === 'turn-started' && enemies.has(e.unit)) acted.add(e.unit);
      events.push(e);
    }
    if (newRound || [...enemies].every((id) => acted.has(id))) break;
  }
  return { events, state: now };
}
