/**
 * What the test modules (duel.ts, cards.ts) do alike: a hero's walk within its move, the
 * walks it may take, the autopilot's step toward a foe, and the module members they answer
 * the same way. Engine imports only, like the modules themselves.
 */
import { chebyshevDistance, pointKey, type Point } from '../../src/engine/grid';
import type { RuleModule } from '../../src/engine/rulesets/module';
import type { Context } from '../../src/engine/systems/context';
import { coverFrom } from '../../src/engine/systems/cover';
import { normaliseVictoryOptions } from '../../src/engine/systems/victory';
import { reachableSquares, walkUnit } from '../../src/engine/systems/movement';
import type { Command, GameState, ModuleOptions, TurnState, Unit } from '../../src/engine/types';
import { livingUnits } from '../../src/engine/world';

/** A test module's options: felling every enemy wins, within `maxRounds`. */
export function allEnemiesOptions(
  raw: Readonly<Record<string, unknown>> | undefined,
  maxRounds: number,
): ModuleOptions {
  return normaliseVictoryOptions(raw ?? {}, {
    victory: 'all-enemies',
    holdTurns: 1,
    defeatCount: 1,
    maxRounds,
  });
}

/** Walks the acting `unit` to `to` within its move, once a turn and before it acts. */
export function moveActing(
  ctx: Context,
  unit: Unit,
  turn: TurnState,
  to: Point,
  alreadyDone: string,
): string | null {
  if (!unit.position) return `${unit.name} is out of the fight.`;
  if (turn.moved || turn.acted) return `${unit.name} has already ${alreadyDone}.`;
  const route = reachableSquares(ctx.state, unit).get(pointKey(to));
  if (!route) return `${unit.name} cannot reach that square.`;
  turn.before = { position: unit.position, facing: unit.facing };
  turn.moved = true;
  walkUnit(ctx, unit, route.path, '');
  return null;
}

/** Every walk `hero` may take now (none once it has moved or acted). */
export function legalMoves(state: GameState, hero: Unit, turn: TurnState): Command[] {
  if (turn.moved || turn.acted) return [];
  return [...reachableSquares(state, hero)].map(([, r]) => ({
    type: 'move' as const,
    unit: hero.id,
    to: r.path[r.path.length - 1],
  }));
}

/** The legal walk that ends nearest `foe`, if it ends nearer than `from` (where the hero stands). */
export function stepCloser(legal: readonly Command[], from: Point, foe: Point): Command | null {
  const near = legal
    .filter((c): c is Extract<Command, { type: 'move' }> => c.type === 'move')
    .sort((a, b) => chebyshevDistance(a.to, foe) - chebyshevDistance(b.to, foe))[0];
  return near && chebyshevDistance(near.to, foe) < chebyshevDistance(from, foe) ? near : null;
}

/** The members both test modules answer alike: plain figures, one blade or musket each. */
export const TEST_MODULE_BASICS = {
  optionSpecs: () => [],
  victoryKinds: ['all-enemies'],
  partyAfter: (state) =>
    state.units
      .filter((u) => u.side === 'heroes')
      .map((u) => ({ id: u.id, name: u.name, kind: u.kind, wounds: u.wounds, traits: {} })),
  figuresBlockSight: () => true,
  mayCarryObjective: (_state, unit) => unit.side === 'heroes',
  dangerousGround: () => 0,
  heroOrder: (state) => livingUnits(state, 'heroes'),
  rankWeapons: (unit) => unit.weapons,
  coverBetween: (state, viewer, from, to) => coverFrom(state, viewer, from, to),
  weaponLabel: (w) => w.name,
  abilities: () => [],
} satisfies Partial<RuleModule>;
