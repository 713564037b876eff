/**
 * The reducer: `applyCommand(state, command)` checks a command against the rules and
 * returns the new state with the events that explain it, or an error with the state
 * untouched. `legalCommands(state)` lists every command the acting side may give.
 */
import { openDice, type DiceSource } from './dice';
import { chebyshevDistance, FACING_NAMES, isFacing, pointKey, type Point } from './grid';
import { isInside } from './map';
import { HERO_ORDER, hitChance } from './rulesets/dungeon-crawl';
import { emit, rollDie, type Context } from './systems/context';
import { canAttack, coverFor, resolveAttack, whyCannotAttack } from './systems/combat';
import { closedDoorAt, doorsWithinReach, openDoor } from './systems/doors';
import { runEnemyPhase } from './systems/enemy-ai';
import { reachableSquares, walkUnit } from './systems/movement';
import { updateAwareness } from './systems/sight';
import { checkEndOfRound, checkVictory } from './systems/victory';
import type { Command, CommandResult, GameState, Unit } from './types';
import { findUnit, livingUnits, unitAt } from './world';
import type { CoverLevel } from './los';

export interface ApplyOptions {
  /** Replaces the state's own dice (rigged dice in tests). The state's dice are then left as they were. */
  dice?: DiceSource;
}

const COMMAND_TYPES = new Set([
  'start',
  'move',
  'face',
  'attack',
  'heal',
  'open-door',
  'undo-move',
  'end-turn',
]);

function cloneUnit(u: Unit): Unit {
  const copy: Unit = {
    ...u,
    position: u.position ? { x: u.position.x, y: u.position.y } : null,
    // Weapon profiles are never changed during a game, so the list is shared.
    weapons: u.weapons,
    stats: { ...u.stats },
  };
  if (u.ai) copy.ai = { ...u.ai, home: { ...u.ai.home } };
  if (u.heal) copy.heal = { ...u.heal };
  return copy;
}

/**
 * Deep copy of everything a command may change. Weapon profiles never change and the
 * map is only ever replaced (when a door opens), never changed in place, so both are
 * shared. (A hand copy: structuredClone was the largest cost of a simulated game.)
 */
export function cloneState(state: GameState): GameState {
  const o = state.objective;
  return {
    ...state,
    options: { ...state.options },
    units: state.units.map(cloneUnit),
    turn: state.turn
      ? {
          ...state.turn,
          before: state.turn.before
            ? { ...state.turn.before, position: { ...state.turn.before.position } }
            : null,
        }
      : null,
    objective: {
      ...o,
      goal: o.goal.map((p) => ({ ...p })),
      home: o.home.map((p) => ({ ...p })),
      object: o.object
        ? { at: o.object.at ? { ...o.object.at } : null, carrier: o.object.carrier }
        : null,
    },
    doors: state.doors.map((d) => ({ ...d })),
    dice: { ...state.dice, state: [...state.dice.state] },
    outcome: state.outcome ? { ...state.outcome } : null,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPoint(value: unknown): value is Point {
  return isRecord(value) && Number.isSafeInteger(value.x) && Number.isSafeInteger(value.y);
}

/** Checks the shape of an untrusted command; returns an error sentence or null. */
export function validateCommandShape(command: unknown): string | null {
  if (!isRecord(command)) return 'A command must be an object with a "type".';
  const type = command.type;
  if (typeof type !== 'string' || !COMMAND_TYPES.has(type))
    return `Unknown command type ${JSON.stringify(type)}.`;
  if (type === 'start') return null;
  if (typeof command.unit !== 'string') return `The "${type}" command needs a "unit" id.`;
  if (type === 'move' && !isPoint(command.to))
    return 'The "move" command needs a "to" square with whole x and y.';
  if (type === 'open-door' && !isPoint(command.at)) {
    return 'The "open-door" command needs an "at" square with whole x and y.';
  }
  if (type === 'face' && !isFacing(command.facing))
    return 'The "face" command needs a facing from 0 to 7.';
  if ((type === 'attack' || type === 'heal') && typeof command.target !== 'string') {
    return `The "${type}" command needs a "target" id.`;
  }
  if (type === 'attack' && typeof command.weapon !== 'string')
    return 'The "attack" command needs a "weapon" id.';
  return null;
}

/**
 * Applies one command. Never mutates `state`. Returns `{ ok: false, error }` for any
 * illegal or malformed command; otherwise the new state and the events, in order.
 */
export function applyCommand(
  state: GameState,
  command: Command,
  options: ApplyOptions = {},
): CommandResult {
  const shapeError = validateCommandShape(command);
  if (shapeError) return { ok: false, error: shapeError };
  if (state.phase === 'over') return { ok: false, error: 'The game is over.' };
  const draft = cloneState(state);
  const live = options.dice ? null : openDice(draft.dice);
  const ctx: Context = { state: draft, dice: options.dice ?? live!, events: [] };
  const error = dispatch(ctx, command);
  if (error) return { ok: false, error };
  if (live) draft.dice = live.snapshot();
  draft.commandCount += 1;
  return { ok: true, state: draft, events: ctx.events };
}

function dispatch(ctx: Context, command: Command): string | null {
  if (command.type === 'start') return startGame(ctx);
  const state = ctx.state;
  if (state.phase !== 'heroes' || !state.turn) return 'It is not the heroes\u2019 turn.';
  const unit = findUnit(state, command.unit);
  if (!unit) return `There is no unit "${command.unit}".`;
  if (!unit.position) return `${unit.name} is out of the fight.`;
  if (command.type === 'face') {
    if (unit.side !== 'heroes') return `${unit.name} is not yours to turn.`;
    if (unit.facing === command.facing)
      return `${unit.name} already faces ${FACING_NAMES[command.facing]}.`;
    const from = unit.facing;
    unit.facing = command.facing;
    emit(ctx, {
      type: 'faced',
      unit: unit.id,
      from,
      to: command.facing,
      reason: 'ordered',
      text: '',
    });
    return null;
  }
  if (unit.id !== state.turn.unitId) return `It is not ${unit.name}\u2019s turn.`;
  switch (command.type) {
    case 'move':
      return moveHero(ctx, unit, command.to);
    case 'attack':
      return heroAttack(ctx, unit, command.target, command.weapon);
    case 'heal':
      return heroHeal(ctx, unit, command.target);
    case 'open-door':
      return heroOpenDoor(ctx, unit, command.at);
    case 'undo-move':
      return undoMove(ctx, unit);
    case 'end-turn':
      return endHeroTurn(ctx, unit);
  }
}

// ------------------------------------------------------------------ start and rounds

function parseBand(text: string): [number, number] | null {
  const m = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(text);
  if (!m) return null;
  const lo = Number(m[1]);
  return [lo, m[2] === undefined ? lo : Number(m[2])];
}

function startGame(ctx: Context): string | null {
  const state = ctx.state;
  if (state.phase !== 'setup') return 'The game has already started.';
  emit(ctx, {
    type: 'game-started',
    seed: state.dice.seed,
    text: `A new game begins (seed ${state.dice.seed}).`,
  });
  placeArchFoeInLair(ctx);
  if (state.options.victory === 'defeat-count') {
    const v = rollDie(ctx, {
      sides: 6,
      purpose: 'turn-limit',
      unit: null,
      need: null,
      describe: (x) => `Turn limit 1d6+4: d6 = ${x}, so ${x + 4} turns`,
    });
    state.objective.turnLimit = v + 4;
  }
  beginRound(ctx);
  return null;
}

function placeArchFoeInLair(ctx: Context): void {
  const state = ctx.state;
  const archFoe = state.units.find((u) => u.ai?.archFoe);
  const lairs = state.map.objects.filter((o) => o.kind === 'lair');
  if (!archFoe || lairs.length === 0) return;
  let value: number | null = null;
  if (state.options.lair === 'roll') {
    value = rollDie(ctx, {
      sides: 6,
      purpose: 'lair',
      unit: archFoe.id,
      need: null,
      describe: (v) => `Where the ${archFoe.name} lairs: d6 = ${v}`,
    });
  } else {
    value = parseBand(state.options.lair)?.[0] ?? null;
  }
  if (value === null) return;
  const lair = lairs.find((o) => {
    const band = parseBand(String(o.properties.roll ?? ''));
    return band !== null && value! >= band[0] && value! <= band[1];
  });
  if (!lair) return;
  const at = { x: lair.x, y: lair.y };
  const occupant = unitAt(state, at.x, at.y);
  if (occupant && occupant.id !== archFoe.id) return;
  archFoe.position = at;
  if (archFoe.ai) archFoe.ai.home = at;
  if (state.options.victory === 'hold' || state.options.victory === 'carry-object') {
    if (!state.map.objects.some((o) => o.kind === 'objective' || o.kind === 'goal')) {
      state.objective.goal = [at];
      if (state.objective.object) state.objective.object.at = at;
    }
  }
  emit(ctx, {
    type: 'placed',
    unit: archFoe.id,
    at,
    text: `The ${archFoe.name} waits in its lair (${lair.properties.roll}).`,
  });
}

/** Next round: the enemies act first, then the first hero's turn begins. */
function beginRound(ctx: Context): void {
  const state = ctx.state;
  state.round += 1;
  emit(ctx, { type: 'round-started', round: state.round, text: `Round ${state.round}.` });
  state.phase = 'enemies';
  state.turn = null;
  emit(ctx, {
    type: 'phase-started',
    side: 'enemies',
    round: state.round,
    text: 'The monsters act.',
  });
  runEnemyPhase(ctx);
  checkVictory(ctx);
  if (state.outcome) return;
  state.phase = 'heroes';
  emit(ctx, { type: 'phase-started', side: 'heroes', round: state.round, text: 'The heroes act.' });
  beginHeroTurn(ctx, heroesInOrder(state)[0]);
}

/** Living heroes in the rule's order: Fighting Man, Magic User, Thief, Priest. */
export function heroesInOrder(state: GameState): Unit[] {
  const order = (u: Unit): number => {
    const i = HERO_ORDER.indexOf(u.kind);
    return i < 0 ? HERO_ORDER.length : i;
  };
  const index = new Map(state.units.map((u, i) => [u.id, i]));
  return livingUnits(state, 'heroes').sort(
    (a, b) => order(a) - order(b) || index.get(a.id)! - index.get(b.id)!,
  );
}

function beginHeroTurn(ctx: Context, hero: Unit | undefined): void {
  const state = ctx.state;
  if (!hero) return;
  state.turn = { unitId: hero.id, moved: false, acted: false, before: null, canUndo: false };
  emit(ctx, { type: 'turn-started', unit: hero.id, text: `${hero.name}\u2019s turn.` });
}

function endHeroTurn(ctx: Context, hero: Unit): string | null {
  emit(ctx, { type: 'turn-ended', unit: hero.id, text: '' });
  advanceTurn(ctx, hero.id);
  return null;
}

/** Passes the turn to the next living hero after `afterId`, or ends the round. */
function advanceTurn(ctx: Context, afterId: string): void {
  const state = ctx.state;
  const order = [...HERO_ORDER];
  const all = state.units.filter((u) => u.side === 'heroes');
  const rank = (u: Unit): number => {
    const i = order.indexOf(u.kind);
    return (i < 0 ? order.length : i) * 1000 + all.indexOf(u);
  };
  const current = findUnit(state, afterId);
  const currentRank = current ? rank(current) : -1;
  const next = heroesInOrder(state).find((h) => rank(h) > currentRank);
  if (next) {
    beginHeroTurn(ctx, next);
    return;
  }
  // End of the heroes' phase.
  state.heroesHaveMoved = true;
  state.turn = null;
  updateAwareness(ctx);
  checkEndOfRound(ctx);
  if (state.outcome) return;
  beginRound(ctx);
}

/** After a hero's own action: if it fell (dangerous ground), the turn passes on. */
function passTurnIfFallen(ctx: Context, hero: Unit): void {
  if (!ctx.state.outcome && !hero.position) advanceTurn(ctx, hero.id);
}

// ------------------------------------------------------------------ hero actions

function moveHero(ctx: Context, hero: Unit, to: Point): string | null {
  const state = ctx.state;
  const turn = state.turn!;
  if (turn.moved) return `${hero.name} has already moved this turn.`;
  if (turn.acted) return `${hero.name} moves before attacking, not after.`;
  if (!isInside(state.map, to)) return `Square (${to.x}, ${to.y}) is off the board.`;
  const route = reachableSquares(state, hero).get(pointKey(to));
  if (!route) return `${hero.name} cannot reach (${to.x}, ${to.y}) this turn.`;
  turn.before = { position: hero.position!, facing: hero.facing };
  turn.moved = true;
  turn.canUndo = true;
  const rollsBefore = ctx.events.length;
  walkUnit(ctx, hero, route.path, '');
  if (ctx.events.slice(rollsBefore).some((e) => e.type === 'roll')) turn.canUndo = false;
  state.heroesHaveMoved = true;
  updateAwareness(ctx);
  checkVictory(ctx);
  passTurnIfFallen(ctx, hero);
  return null;
}

function heroOpenDoor(ctx: Context, hero: Unit, at: Point): string | null {
  const turn = ctx.state.turn!;
  if (turn.moved) return `${hero.name} has already moved this turn; opening a door takes the move.`;
  if (turn.acted) return `${hero.name} opens doors before attacking, not after.`;
  const door = closedDoorAt(ctx.state, at);
  if (!door) return `There is no closed door at (${at.x}, ${at.y}).`;
  if (!doorsWithinReach(ctx.state, hero).includes(door))
    return `${hero.name} must stand beside the door (not at a corner) to open it.`;
  turn.moved = true;
  turn.canUndo = false;
  ctx.state.heroesHaveMoved = true;
  openDoor(ctx, hero, door);
  checkVictory(ctx);
  return null;
}

function undoMove(ctx: Context, hero: Unit): string | null {
  const turn = ctx.state.turn!;
  if (!turn.moved || !turn.before) return `${hero.name} has not moved this turn.`;
  if (turn.acted) return 'A move cannot be taken back after an attack.';
  if (!turn.canUndo) return 'That move cannot be taken back: something saw it or a die was rolled.';
  hero.position = turn.before.position;
  hero.facing = turn.before.facing;
  turn.moved = false;
  turn.before = null;
  turn.canUndo = false;
  emit(ctx, {
    type: 'move-undone',
    unit: hero.id,
    to: hero.position,
    facing: hero.facing,
    text: `${hero.name} steps back.`,
  });
  return null;
}

function heroAttack(ctx: Context, hero: Unit, targetId: string, weaponId: string): string | null {
  const state = ctx.state;
  const turn = state.turn!;
  if (turn.acted) return `${hero.name} has already acted this turn.`;
  const target = findUnit(state, targetId);
  if (!target) return `There is no unit "${targetId}".`;
  const weapon = hero.weapons.find((w) => w.id === weaponId);
  if (!weapon) return `${hero.name} has no weapon "${weaponId}".`;
  const why = whyCannotAttack(state, hero, target, weapon);
  if (why) return why;
  turn.acted = true;
  turn.canUndo = false;
  resolveAttack(ctx, hero, target, weapon);
  updateAwareness(ctx);
  checkVictory(ctx);
  return null;
}

function heroHeal(ctx: Context, hero: Unit, targetId: string): string | null {
  const state = ctx.state;
  const turn = state.turn!;
  const heal = hero.heal;
  if (!heal) return `${hero.name} cannot heal.`;
  if (turn.acted) return `${hero.name} has already acted this turn.`;
  if (heal.usesLeft <= 0) return `${hero.name} has no healing left.`;
  const target = findUnit(state, targetId);
  if (!target || !target.position) return `There is no hero "${targetId}" to heal.`;
  if (target.id === hero.id) return `${hero.name} cannot heal himself.`;
  if (target.side !== hero.side) return `${target.name} is not a hero.`;
  if (chebyshevDistance(hero.position!, target.position) !== 1)
    return `${target.name} must be adjacent to be healed.`;
  if (target.wounds <= 0) return `${target.name} is not wounded.`;
  turn.acted = true;
  turn.canUndo = false;
  heal.usesLeft -= 1;
  const roll = rollDie(ctx, {
    sides: heal.die,
    purpose: 'heal',
    unit: hero.id,
    need: heal.hitOn,
    describe: (v) =>
      `${hero.name} heals ${target.name}: d${heal.die} = ${v}, needs ${heal.hitOn}+ — ${v >= heal.hitOn ? 'healed' : 'fails'} (${heal.usesLeft} left)`,
  });
  const success = roll >= heal.hitOn;
  if (success) target.wounds -= 1;
  emit(ctx, {
    type: 'healed',
    unit: hero.id,
    target: target.id,
    roll,
    need: heal.hitOn,
    success,
    usesLeft: heal.usesLeft,
    text: success
      ? `${target.name} regains a wound (${target.wounds} of ${target.maxWounds}).`
      : 'The prayer goes unanswered.',
  });
  return null;
}

// ------------------------------------------------------------------ legal commands

/** Every legal command for whoever acts now (the heroes' active unit, or 'start'). */
export function legalCommands(state: GameState): Command[] {
  if (state.phase === 'setup') return [{ type: 'start' }];
  if (state.phase !== 'heroes' || !state.turn) return [];
  const hero = findUnit(state, state.turn.unitId);
  if (!hero || !hero.position) return [];
  const turn = state.turn;
  const commands: Command[] = [];
  if (!turn.moved && !turn.acted) {
    for (const [, route] of reachableSquares(state, hero)) {
      commands.push({ type: 'move', unit: hero.id, to: route.path[route.path.length - 1] });
    }
  }
  if (!turn.acted) {
    for (const weapon of hero.weapons) {
      for (const foe of livingUnits(state, 'enemies')) {
        if (canAttack(state, hero, foe, weapon)) {
          commands.push({ type: 'attack', unit: hero.id, target: foe.id, weapon: weapon.id });
        }
      }
    }
    if (hero.heal && hero.heal.usesLeft > 0) {
      for (const friend of livingUnits(state, 'heroes')) {
        if (
          friend.id !== hero.id &&
          friend.wounds > 0 &&
          chebyshevDistance(friend.position, hero.position) === 1
        ) {
          commands.push({ type: 'heal', unit: hero.id, target: friend.id });
        }
      }
    }
  }
  if (!turn.moved && !turn.acted) {
    for (const door of doorsWithinReach(state, hero)) {
      commands.push({ type: 'open-door', unit: hero.id, at: { x: door.x, y: door.y } });
    }
  }
  if (turn.moved && turn.canUndo && !turn.acted)
    commands.push({ type: 'undo-move', unit: hero.id });
  for (let f = 0; f < 8; f++) {
    if (f !== hero.facing && isFacing(f)) commands.push({ type: 'face', unit: hero.id, facing: f });
  }
  commands.push({ type: 'end-turn', unit: hero.id });
  return commands;
}

export interface AttackPreview {
  weapon: string;
  weaponName: string;
  chance: number;
  cover: CoverLevel;
  allowed: boolean;
  reason: string | null;
}

/** What each of `attackerId`'s weapons would do against `targetId`: chance, cover, and why not. */
export function previewAttacks(
  state: GameState,
  attackerId: string,
  targetId: string,
): AttackPreview[] {
  const attacker = findUnit(state, attackerId);
  const target = findUnit(state, targetId);
  if (!attacker || !target) return [];
  return attacker.weapons.map((w) => {
    const reason = whyCannotAttack(state, attacker, target, w);
    return {
      weapon: w.id,
      weaponName: w.name,
      chance: hitChance(w.die, w.hitOn),
      cover: coverFor(state, attacker, target),
      allowed: reason === null,
      reason,
    };
  });
}
