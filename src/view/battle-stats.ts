/**
 * A finished battle's numbers, for the Results screen: each figure's kills, wounds dealt
 * and taken, attacks, hits and hit rate (the engine's own tallies), and each side's luck:
 * every roll that had a number to reach counts its chance of success (the rules roll
 * `need` or more on the die: (die - need + 1) / die), and a side's luck after a roll is
 * the successes it had so far less the successes the odds expected. Plain data, tested
 * without a screen.
 */
import type { GameEvent, GameState, Side } from '../engine';

export interface UnitLine {
  id: string;
  name: string;
  kind: string;
  side: Side;
  alive: boolean;
  kills: number;
  woundsDealt: number;
  woundsTaken: number;
  attacks: number;
  hits: number;
  /** Hits / attacks, or null for a figure that never attacked. */
  hitRate: number | null;
}

export interface SideLuck {
  side: Side;
  rolls: number;
  successes: number;
  /** Successes the odds expected, summed over its rolls. */
  expected: number;
  /** Successes less expected after each of the battle's rolls (carried across the other side's). */
  curve: number[];
}

export interface BattleStats {
  units: UnitLine[];
  luck: SideLuck[];
  /** Rolls with a number to reach, in the battle (the luck curves' length). */
  rolls: number;
}

/** The chance of rolling `need` or more on a `die`-sided die. */
export function chanceOf(die: number, need: number): number {
  if (die <= 0) return 0;
  return Math.max(0, Math.min(1, (die - need + 1) / die));
}

/** The statistics of a battle from its final state and every event. */
export function battleStats(final: GameState, events: readonly GameEvent[]): BattleStats {
  const units: UnitLine[] = final.units.map((u) => ({
    id: u.id,
    name: u.name,
    kind: u.kind,
    side: u.side,
    alive: u.position !== null || u.offField !== undefined,
    kills: u.stats.kills,
    woundsDealt: u.stats.woundsDealt,
    woundsTaken: u.stats.woundsTaken,
    attacks: u.stats.attacks,
    hits: u.stats.hits,
    hitRate: u.stats.attacks > 0 ? u.stats.hits / u.stats.attacks : null,
  }));
  const sideOf = new Map(final.units.map((u) => [u.id, u.side]));
  const sides: Side[] = [];
  for (const u of final.units) if (!sides.includes(u.side)) sides.push(u.side);
  const luck = new Map<Side, SideLuck>(
    sides.map((side) => [side, { side, rolls: 0, successes: 0, expected: 0, curve: [] }]),
  );
  let rolls = 0;
  for (const e of events) {
    if (e.type !== 'roll' || e.need === null || e.success === null || !e.unit) continue;
    const side = sideOf.get(e.unit);
    const mine = side ? luck.get(side) : undefined;
    if (!mine) continue;
    rolls += 1;
    mine.rolls += 1;
    mine.expected += chanceOf(e.die, e.need);
    if (e.success) mine.successes += 1;
    for (const l of luck.values()) l.curve.push(l.successes - l.expected);
  }
  return { units, luck: [...luck.values()], rolls };
}
