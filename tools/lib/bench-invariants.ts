/**
 * Invariants the reliability soak checks after every command (a stricter copy of
 * test/engine/invariants.ts, which tools do not import):
 * - units: never in a wall, void or pit, never off the board, never two on a square (every
 *   square of a large figure's base counts);
 *   wounds and healing uses within bounds; a unit leaves the board only when defeated;
 *   the list of units never changes;
 * - enemy statuses change only along Patrolling/Prepared -> Alerted -> Retreating -> Alerted,
 *   any -> Defeated, never back to Patrolling or Prepared (checked event by event, and
 *   between states for changes that come without an event);
 * - the turn, phase, round (within the round limit), outcome and counters are consistent; an
 *   outcome names the heroes, the enemies or no one (a draw), and the command that ends the
 *   game says so in one 'game-over' event that agrees with it;
 * - the map shows each door as it is (closed: wall that blocks sight; open: passable, clear);
 *   doors never close again, and the map changes only where a door opens;
 * - the state is plain JSON data: it saves and loads back unchanged.
 */
import { footprint } from '../../src/engine/footprint';
import { isTerrainPassable, terrainAt } from '../../src/engine/map';
import type { EnemyStatus, GameEvent, GameState } from '../../src/engine/types';

interface Door {
  x: number;
  y: number;
  open: boolean;
}

/** The state's doors (states of engines before doors have none). */
function doorsOf(state: GameState): readonly Door[] {
  return (state as { doors?: Door[] }).doors ?? [];
}

/** Status changes allowed in one step. */
export const ALLOWED_STATUS_STEPS: Readonly<Record<EnemyStatus, readonly EnemyStatus[]>> = {
  prepared: ['alerted', 'defeated'],
  patrolling: ['alerted', 'defeated'],
  alerted: ['retreating', 'defeated'],
  retreating: ['alerted', 'defeated'],
  defeated: [],
};

/**
 * A defeated figure brought back into the battle (the Skirmish's Random Enemy Action on
 * 18-20): allowed only as a return, with the event that places it on the board.
 */
function isReturn(
  unit: string,
  from: EnemyStatus,
  to: EnemyStatus,
  events: readonly GameEvent[],
): boolean {
  return (
    from === 'defeated' &&
    (to === 'alerted' || to === 'retreating') &&
    events.some((e) => e.type === 'placed' && e.unit === unit)
  );
}

/** Status changes allowed across one command (several steps): the closure of the above. */
const ALLOWED_ACROSS_COMMAND: Readonly<Record<EnemyStatus, readonly EnemyStatus[]>> = {
  prepared: ['alerted', 'retreating', 'defeated'],
  patrolling: ['alerted', 'retreating', 'defeated'],
  alerted: ['retreating', 'defeated'],
  retreating: ['alerted', 'defeated'],
  defeated: [],
};

const PHASES = new Set(['setup', 'heroes', 'enemies', 'over']);
/** Who may win: either side, or no one (null, a draw). */
const OUTCOME_WINNERS = new Set<unknown>(['heroes', 'enemies', null]);

/** Every broken invariant of one state (empty when sound). */
export function stateProblems(state: GameState): string[] {
  const problems: string[] = [];
  const { map } = state;
  const seen = new Map<string, string>();
  for (const u of state.units) {
    if (!Number.isInteger(u.wounds) || u.wounds < 0 || u.wounds > u.maxWounds) {
      problems.push(`${u.id} has ${u.wounds} of ${u.maxWounds} wounds`);
    }
    if (
      u.heal &&
      (!Number.isInteger(u.heal.usesLeft) ||
        u.heal.usesLeft < 0 ||
        u.heal.usesLeft > u.heal.usesMax)
    ) {
      problems.push(`${u.id} has ${u.heal.usesLeft} of ${u.heal.usesMax} healing uses`);
    }
    if (!Number.isInteger(u.facing) || u.facing < 0 || u.facing > 7)
      problems.push(`${u.id} faces ${u.facing}`);
    if (u.position === null) {
      // Not yet come into the battle, or gone off its far edge: not a casualty.
      if (u.offField) continue;
      // A routed enemy (a morale 1 in the Skirmish) is defeated without its last wound.
      if (u.wounds < u.maxWounds && u.ai?.status !== 'defeated')
        problems.push(`${u.id} is off the board with ${u.wounds} of ${u.maxWounds} wounds`);
      if (u.ai && u.ai.status !== 'defeated')
        problems.push(`${u.id} is off the board but ${u.ai.status}`);
      continue;
    }
    const { x, y } = u.position;
    if (
      !Number.isInteger(x) ||
      !Number.isInteger(y) ||
      x < 0 ||
      y < 0 ||
      x >= map.width ||
      y >= map.height
    ) {
      problems.push(`${u.id} is off the board at (${x}, ${y})`);
      continue;
    }
    // Every square of the base (a large figure's 2x2) is on open ground and its own.
    for (const p of footprint(u)) {
      if (p.x >= map.width || p.y >= map.height) {
        problems.push(`${u.id}'s base runs off the board at (${p.x}, ${p.y})`);
        continue;
      }
      const t = terrainAt(map, p.x, p.y);
      if (!isTerrainPassable(t)) problems.push(`${u.id} stands in ${t} at (${p.x}, ${p.y})`);
      const key = `${p.x},${p.y}`;
      const other = seen.get(key);
      if (other) problems.push(`${other} and ${u.id} share (${p.x}, ${p.y})`);
      seen.set(key, u.id);
    }
    if (u.wounds >= u.maxWounds)
      problems.push(`${u.id} is on the board with all ${u.maxWounds} wounds`);
    if (u.ai?.status === 'defeated') problems.push(`${u.id} is defeated but on the board`);
  }
  if (!PHASES.has(state.phase)) problems.push(`unknown phase ${state.phase}`);
  if (state.outcome && !OUTCOME_WINNERS.has(state.outcome.winner))
    problems.push(`the outcome names an unknown winner ${String(state.outcome.winner)}`);
  if (state.phase === 'over') {
    if (!state.outcome) problems.push('the game is over without an outcome');
    if (state.turn) problems.push('the game is over but a turn is open');
  } else if (state.outcome) {
    problems.push(`an outcome is set in phase ${state.phase}`);
  }
  if (state.phase === 'heroes') {
    const hero = state.turn ? state.units.find((u) => u.id === state.turn!.unitId) : undefined;
    if (!hero)
      problems.push(`heroes' phase without a hero's turn (${state.turn?.unitId ?? 'none'})`);
    else if (hero.side !== 'heroes' || !hero.position)
      problems.push(`the turn belongs to ${hero.id}, who cannot act`);
  }
  if (state.round > state.options.maxRounds)
    problems.push(`round ${state.round} is past the limit of ${state.options.maxRounds}`);
  // A fallen structure (a Skirmish fortress) is not a defeated enemy figure.
  const defeatedEnemies = state.units.filter(
    (u) => u.side === 'enemies' && !u.position && !u.offField && !u.structure,
  ).length;
  if (state.objective.enemiesDefeated !== defeatedEnemies) {
    problems.push(
      `objective counts ${state.objective.enemiesDefeated} enemies defeated, the board ${defeatedEnemies}`,
    );
  }
  for (const d of doorsOf(state)) {
    const i = d.y * map.width + d.x;
    const t = map.terrain[i];
    if (
      d.open ? !isTerrainPassable(t) || map.blocksSight[i] : t !== 'wall' || !map.blocksSight[i]
    ) {
      problems.push(
        `the map shows the ${d.open ? 'open' : 'closed'} door at (${d.x}, ${d.y}) as ${t}`,
      );
    }
  }
  const object = state.objective.object;
  const carriers = state.units.filter((u) => u.carrying);
  if (carriers.length > 1) problems.push(`${carriers.length} units carry the relic`);
  if (object?.carrier) {
    const c = state.units.find((u) => u.id === object.carrier);
    if (!c || !c.position || !c.carrying)
      problems.push(`the relic's carrier ${object.carrier} is not carrying it on the board`);
    if (object.at) problems.push('the relic is both carried and lying on the ground');
  }
  return problems;
}

/**
 * The command that ends the game emits one 'game-over' event naming the outcome's winner
 * (null for a draw) and its reason; no other command emits one.
 */
function gameOverProblems(
  before: GameState,
  after: GameState,
  events: readonly GameEvent[],
): string[] {
  const overs = events.filter((e) => e.type === 'game-over');
  const ended = !before.outcome && after.outcome;
  if (!ended) return overs.length > 0 ? ['a game-over event came after the game had ended'] : [];
  if (overs.length !== 1) return [`the game ended with ${overs.length} game-over events`];
  const over = overs[0];
  if (over.type !== 'game-over' || !after.outcome) return [];
  if (over.winner !== after.outcome.winner || over.reason !== after.outcome.reason)
    return ['the game-over event does not match the outcome'];
  return [];
}

/** Problems between two consecutive states (`before` -> `after` by one command). */
export function stepProblems(
  before: GameState,
  after: GameState,
  events: readonly GameEvent[],
): string[] {
  const problems: string[] = [];
  if (
    after.units.length !== before.units.length ||
    after.units.some((u, i) => u.id !== before.units[i].id)
  ) {
    problems.push('the list of units changed');
    return problems;
  }
  if (after.commandCount !== before.commandCount + 1) {
    problems.push(`commandCount went ${before.commandCount} -> ${after.commandCount}`);
  }
  if (after.dice.count < before.dice.count) problems.push('the dice count went down');
  if (after.round < before.round)
    problems.push(`round went back ${before.round} -> ${after.round}`);
  problems.push(...gameOverProblems(before, after, events));
  problems.push(...mapChangeProblems(before, after));
  // Status changes, event by event.
  const status = new Map<string, EnemyStatus>();
  for (const u of before.units) if (u.ai) status.set(u.id, u.ai.status);
  for (const e of events) {
    if (e.type !== 'status-changed') continue;
    const known = status.get(e.unit);
    if (known === undefined) {
      problems.push(`status event for ${e.unit}, which has no AI`);
      continue;
    }
    if (e.from !== known)
      problems.push(`${e.unit}: status event from ${e.from}, but it was ${known}`);
    if (!ALLOWED_STATUS_STEPS[e.from].includes(e.to) && !isReturn(e.unit, e.from, e.to, events))
      problems.push(`${e.unit} went ${e.from} -> ${e.to}`);
    status.set(e.unit, e.to);
  }
  // And between the states, for changes made without an event.
  for (let i = 0; i < after.units.length; i++) {
    const a = before.units[i].ai;
    const b = after.units[i].ai;
    if (!a || !b) {
      if (!a !== !b) problems.push(`${after.units[i].id} gained or lost its AI`);
      continue;
    }
    if (
      a.status !== b.status &&
      !ALLOWED_ACROSS_COMMAND[a.status].includes(b.status) &&
      !isReturn(after.units[i].id, a.status, b.status, events)
    ) {
      problems.push(`${after.units[i].id} went ${a.status} -> ${b.status} in one command`);
    }
    const tracked = status.get(after.units[i].id);
    if (tracked !== b.status && !ALLOWED_STATUS_STEPS[tracked!].includes(b.status)) {
      problems.push(
        `${after.units[i].id} is ${b.status} after its last status event said ${tracked}`,
      );
    }
  }
  return problems;
}

/** The map may change only where a door opened in this step; doors never close. */
function mapChangeProblems(before: GameState, after: GameState): string[] {
  const problems: string[] = [];
  const b = doorsOf(before);
  const a = doorsOf(after);
  if (a.length !== b.length || a.some((d, i) => d.x !== b[i].x || d.y !== b[i].y)) {
    return ['the list of doors changed'];
  }
  const opened = new Set<number>();
  a.forEach((d, i) => {
    if (b[i].open && !d.open) problems.push(`the door at (${d.x}, ${d.y}) closed again`);
    if (d.open && !b[i].open) opened.add(d.y * after.map.width + d.x);
  });
  const m0 = before.map;
  const m1 = after.map;
  if (m0 === m1) return problems;
  if (m0.width !== m1.width || m0.height !== m1.height || m0.id !== m1.id)
    return [...problems, 'the map was replaced'];
  if (m0.objects !== m1.objects && JSON.stringify(m0.objects) !== JSON.stringify(m1.objects))
    problems.push("the map's objects changed");
  if (
    m0.properties !== m1.properties &&
    JSON.stringify(m0.properties) !== JSON.stringify(m1.properties)
  )
    problems.push("the map's properties changed");
  for (let i = 0; i < m0.terrain.length; i++) {
    const changed =
      m0.terrain[i] !== m1.terrain[i] ||
      m0.blocksSight[i] !== m1.blocksSight[i] ||
      m0.cover[i] !== m1.cover[i];
    if (changed && !opened.has(i)) {
      problems.push(
        `map square (${i % m0.width}, ${Math.floor(i / m0.width)}) changed with no door opening there`,
      );
      break;
    }
  }
  return problems;
}

/**
 * Whether `value` survives JSON.stringify/parse unchanged: only plain objects, arrays,
 * strings, finite numbers, booleans and null. (A property set to undefined is dropped by
 * JSON and comes back absent, which reads the same, so it is allowed.) With `freeze`, also
 * deep-freezes it, so that any later change to it (e.g. by a command it is the input of)
 * throws.
 */
export function jsonProblems(
  value: unknown,
  path = 'state',
  out: string[] = [],
  limit = 5,
  freeze = false,
): string[] {
  if (out.length >= limit) return out;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return out;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) out.push(`${path} is ${value}, which JSON saves as null`);
    else if (Object.is(value, -0)) out.push(`${path} is -0, which JSON saves as 0`);
    return out;
  }
  if (typeof value !== 'object') {
    out.push(`${path} is a ${typeof value}, which JSON cannot save`);
    return out;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (value[i] === undefined) out.push(`${path}[${i}] is undefined, which JSON saves as null`);
      else jsonProblems(value[i], `${path}[${i}]`, out, limit, freeze);
    }
    if (freeze) Object.freeze(value);
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    out.push(
      `${path} is a ${(value as object).constructor?.name ?? 'non-plain object'}, which JSON does not save as such`,
    );
    return out;
  }
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    jsonProblems(v, `${path}.${k}`, out, limit, freeze);
  }
  if (freeze) Object.freeze(value);
  return out;
}
