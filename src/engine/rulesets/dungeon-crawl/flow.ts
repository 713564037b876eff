/**
 * The Dungeon Crawl's turn flow and commands (the scenario's "To Play"): the monsters act
 * first each round, strongest first; then each hero in a fixed order (Fighting Man, Magic
 * User, Thief, Priest) moves and then attacks, or the Priest heals instead of attacking.
 */
import { chebyshevDistance, isFacing, pointKey, type Point } from '../../grid';
import { isInside } from '../../map';
import { emit, rollDie, settle, type Context } from '../../systems/context';
import { closedDoorAt, doorsWithinReach, openDoor } from '../../systems/doors';
import { rollHeal } from '../../systems/healing';
import { reachableSquares, walkUnit } from '../../systems/movement';
import { updateAwareness } from '../../systems/sight';
import {
  actingHero,
  beginHeroCommand,
  beginTurn,
  kindRanker,
  takeBackMove,
  unitsInKindOrder,
} from '../../systems/turns';
import { checkEndOfRound, checkVictory } from '../../systems/victory';
import type { Command, GameState, Unit } from '../../types';
import type { ModuleCommand } from '../module';
import { findUnit, livingUnits, unitAt } from '../../world';
import { canAttack, resolveAttack, whyCannotAttack, whyCannotHeal } from './combat';
import { endTurnOnDangerousGround, runEnemyPhase } from './enemy';
import { CRAWL, isFaithful, SOLO } from './versions';
import { crawlOptions, crawlWeapons } from './types';
import { HERO_ORDER } from './units';

/** Applies one checked command to the draft; an error sentence or null. */
export function applyCrawlCommand(ctx: Context, command: ModuleCommand): string | null {
  if (command.type === 'start') return startGame(ctx);
  const unit = beginHeroCommand(ctx, command);
  if (typeof unit !== 'object' || unit === null) return unit;
  if (unit.id !== ctx.state.turn?.unitId) return `It is not ${unit.name}\u2019s turn.`;
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
      return takeBackMove(ctx, unit);
    case 'end-turn':
      return endHeroTurn(ctx, unit);
    default:
      // Another module's command (the kernel only passes this module's own and its own).
      return `The Dungeon Crawl has no "${command.type}" command.`;
  }
}

/**
 * The checks after every action: who notices whom, whether the game is won or lost, and
 * a hero who fell on his own turn (dangerous ground) passes it on.
 */
export function afterCrawlAction(ctx: Context): void {
  updateAwareness(ctx);
  checkVictory(ctx);
  const turn = ctx.state.turn;
  if (ctx.state.outcome || !turn || ctx.state.phase !== 'heroes') return;
  const actor = findUnit(ctx.state, turn.unitId);
  if (actor && !actor.position) advanceTurn(ctx, actor.id);
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
      rule: SOLO('5 Winning: defeat a number of enemies within 1d6+4 game turns'),
    });
    state.objective.turnLimit = v + 4;
  }
  beginRound(ctx);
  return null;
}

/**
 * The scenario's set-up: a d6 (or the chosen band) says on which lair the Arch Foe starts.
 * The book makes a lair only that square ("place the dragon marker on the space marked
 * Dragon"): the dragon begins patrolling like every monster and may walk off on its first
 * roll, so the words promise no more than that.
 */
function placeArchFoeInLair(ctx: Context): void {
  const state = ctx.state;
  const archFoe = state.units.find((u) => u.ai?.archFoe);
  const lairs = state.map.objects.filter((o) => o.kind === 'lair');
  if (!archFoe || lairs.length === 0) return;
  const lairOption = crawlOptions(state).lair;
  let value: number | null = null;
  if (lairOption === 'roll') {
    value = rollDie(ctx, {
      sides: 6,
      purpose: 'lair',
      unit: archFoe.id,
      need: null,
      describe: (v) => `Where the ${archFoe.name} lairs: d6 = ${v}`,
      rule: CRAWL('Set Up: roll the die and place the dragon on its numbered space'),
    });
  } else {
    value = parseBand(lairOption)?.[0] ?? null;
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
    text: `The ${archFoe.name} starts in its lair (${lair.properties.roll}) and patrols from there like every monster.`,
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
  const first = heroesInOrder(state)[0];
  if (first) beginTurn(ctx, first);
}

/** Living heroes in the rule's order: Fighting Man, Magic User, Thief, Priest. */
export function heroesInOrder(state: GameState): Unit[] {
  return unitsInKindOrder(state, 'heroes', HERO_ORDER);
}

function endHeroTurn(ctx: Context, hero: Unit): string | null {
  // A hero who did not walk onto its square this turn rolls for dangerous ground there.
  if (isFaithful(ctx.state) && !ctx.state.turn?.before) {
    endTurnOnDangerousGround(ctx, hero);
    settle(ctx);
    if (ctx.state.outcome || !hero.position) return null;
  }
  emit(ctx, { type: 'turn-ended', unit: hero.id, text: '' });
  advanceTurn(ctx, hero.id);
  return null;
}

/** Passes the turn to the next living hero after `afterId`, or ends the round. */
function advanceTurn(ctx: Context, afterId: string): void {
  const state = ctx.state;
  const rank = kindRanker(state, 'heroes', HERO_ORDER);
  const current = findUnit(state, afterId);
  const currentRank = current ? rank(current) : -1;
  const next = heroesInOrder(state).find((h) => rank(h) > currentRank);
  if (next) {
    beginTurn(ctx, next);
    return;
  }
  // End of the heroes' phase: now that they have moved, the enemies may notice them.
  state.heroesHaveMoved = true;
  state.turn = null;
  settle(ctx);
  checkEndOfRound(ctx);
  if (state.outcome) return;
  beginRound(ctx);
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
  walkUnit(ctx, hero, route.path, '');
  state.heroesHaveMoved = true;
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
  ctx.state.heroesHaveMoved = true;
  openDoor(ctx, hero, door);
  return null;
}

function heroAttack(ctx: Context, hero: Unit, targetId: string, weaponId: string): string | null {
  const state = ctx.state;
  const turn = state.turn!;
  if (turn.acted) return `${hero.name} has already acted this turn.`;
  const target = findUnit(state, targetId);
  if (!target) return `There is no unit "${targetId}".`;
  const weapon = crawlWeapons(hero).find((w) => w.id === weaponId);
  if (!weapon) return `${hero.name} has no weapon "${weaponId}".`;
  const why = whyCannotAttack(state, hero, target, weapon);
  if (why) return why;
  turn.acted = true;
  resolveAttack(ctx, hero, target, weapon);
  return null;
}

function heroHeal(ctx: Context, hero: Unit, targetId: string): string | null {
  const state = ctx.state;
  const turn = state.turn!;
  const heal = hero.heal;
  if (!heal) return `${hero.name} cannot heal.`;
  if (turn.acted) return `${hero.name} has already acted this turn.`;
  const target = findUnit(state, targetId);
  if (!target) return `There is no hero "${targetId}" to heal.`;
  const why = whyCannotHeal(state, hero, target);
  if (why) return why;
  turn.acted = true;
  rollHeal(ctx, hero, target, {
    describe: (v, heal) =>
      `${hero.name} heals ${target.name}: d${heal.die} = ${v}, needs ${heal.hitOn}+ — ${v >= heal.hitOn ? 'healed' : 'fails'} (${heal.usesLeft} left)`,
    rule: CRAWL('Priest: magical healing of an adjacent hero, 3 times per game'),
    text: (success) =>
      success
        ? `${target.name} is healed of a wound (${target.maxWounds - target.wounds} of ${target.maxWounds} wounds left).`
        : 'The prayer goes unanswered.',
  });
  return null;
}

// ------------------------------------------------------------------ legal commands

/** Every legal command for whoever acts now (the heroes' active unit, or 'start'). */
export function legalCrawlCommands(state: GameState): Command[] {
  if (state.phase === 'setup') return [{ type: 'start' }];
  const acting = actingHero(state);
  if (!acting) return [];
  const { hero, turn } = acting;
  const commands: Command[] = [];
  if (!turn.moved && !turn.acted) {
    for (const [, route] of reachableSquares(state, hero)) {
      commands.push({ type: 'move', unit: hero.id, to: route.path[route.path.length - 1] });
    }
  }
  if (!turn.acted) {
    for (const weapon of crawlWeapons(hero)) {
      for (const foe of livingUnits(state, 'enemies')) {
        if (canAttack(state, hero, foe, weapon)) {
          commands.push({ type: 'attack', unit: hero.id, target: foe.id, weapon: weapon.id });
        }
      }
    }
    if (hero.heal) {
      for (const friend of livingUnits(state, 'heroes')) {
        if (!whyCannotHeal(state, hero, friend))
          commands.push({ type: 'heal', unit: hero.id, target: friend.id });
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
