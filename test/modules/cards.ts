/**
 * The Card Skirmish: a small rule module used only by tests, the proof that a module can
 * own its activation and resolve with rolls the kernel did not know before. After the
 * Rencounter rules (../shared/seeds/rencounter.txt):
 * - Sequence of Play, Method One, Cards: one card per figure and a Joker, shuffled with the
 *   game's dice (deck.ts); the figure whose card comes up acts; "When the Reshuffle card
 *   comes up, the turn ends, and remaining units do not move in that turn";
 * - an activation is a move of up to 3 squares and one shot;
 * - Fire Combat: a d12 at or under the modified skill hits (skill less 1 a square beyond
 *   the first, 2 more in partial cover); "Rolling a natural 12 is always unsuccessful"; a
 *   natural 1 where the roll needed is 0 or less is confirmed by a second d12 (0: 9, -1: 7,
 *   -2: 5, -3: 3, -4: 1, -5: it cannot hit);
 * - Damage, a d12 after a hit: 1-2 struck dead, 3-4 crippling (3 points), 5-7 serious (2),
 *   8-12 minor (1), higher no effect; -1 when the hit succeeded by 3 or more; 6 points kill.
 * The whole shot is one declared roll (resolutions.ts), so the preview shows every
 * outcome's exact chance. It imports only the engine, so the sim and the soak can load it.
 */
import { makeBoard } from '../../src/engine/ascii-board';
import {
  buildDeck,
  deckView,
  drawCard,
  newTurn,
  removeOwner,
  type DeckState,
} from '../../src/engine/deck';
import { chebyshevDistance, type Point } from '../../src/engine/grid';
import { formatChance } from '../../src/engine/resolution';
import {
  outcomeDistribution,
  resolveRoll,
  type RollSpec,
  type TableRow,
} from '../../src/engine/resolutions';
import type {
  ActionPreview,
  ModuleCommand,
  PreviewOutcome,
  RuleModule,
  SetupInput,
} from '../../src/engine/rulesets/module';
import { registerRuleModule } from '../../src/engine/rulesets/registry';
import {
  allEnemiesOptions,
  legalMoves,
  moveActing,
  stepCloser,
  TEST_MODULE_BASICS,
} from './shared';
import { mapWithDoors, newGameState, objectiveFor } from '../../src/engine/setup';
import { emit, runActivation, type Context } from '../../src/engine/systems/context';
import { coverFor } from '../../src/engine/systems/cover';
import { chooseNearestHero, moveIntoRange, wouldHoldFrom } from '../../src/engine/systems/pursuit';
import { beginTurn } from '../../src/engine/systems/turns';
import { checkVictory, endInDraw } from '../../src/engine/systems/victory';
import { applyWound } from '../../src/engine/systems/wounds';
import type { Command, GameState, ModuleOptions, Unit, Weapon } from '../../src/engine/types';
import { findUnit, livingUnits } from '../../src/engine/world';

declare module '../../src/engine/types' {
  interface EventTypes {
    'card-drawn': { unit: string | null; card: string; left: number };
    'deck-shuffled': { turn: number; cards: number };
    shot: { unit: string; target: string; outcome: string; dice: number[] };
  }
  interface UnitComponents {
    /** The Card Skirmish's fire skill (a d12 at or under it hits). */
    fire?: number;
  }
}

export const CARDS_ID = 'card-skirmish';
const D12 = { count: 1, sides: 12 } as const;
const RANGE = 6;
/** Rencounter, Fire Combat: the confirming roll by the roll needed (0, -1 ... -5). */
const CONFIRM_ON = [9, 7, 5, 3, 1, 0];
/** Rencounter, Damage: wound points by the result (struck dead: all that are left). */
const WOUND_POINTS: Readonly<Record<string, number>> = { crippling: 3, serious: 2, minor: 1 };
const KILLING_POINTS = 6;

const MUSKET: Weapon = {
  id: 'musket',
  name: 'Musket',
  reach: 'ranged',
  minRange: 1,
  maxRange: RANGE,
  effect: 'shot',
};

/** H: a hero's figure, E: an enemy's. */
export const CARDS_LETTERS: RuleModule['asciiLetters'] = {
  H: { kind: 'hero', unit: 'musketeer' },
  E: { kind: 'enemy', unit: 'bandit' },
};

export const CARDS_BOARD = makeBoard(
  `
  ############
  #H.........#
  #....##....#
  #H...##...E#
  #.........E#
  ############
  `,
  { id: 'cards-yard', name: 'The Card Yard', letters: CARDS_LETTERS },
);

function normaliseCardsOptions(raw: Readonly<Record<string, unknown>> | undefined): ModuleOptions {
  return allEnemiesOptions(raw, 30);
}

function makeFigure(id: string, name: string, side: Unit['side'], at: Point, fire: number): Unit {
  const unit: Unit = {
    id,
    name,
    kind: side === 'heroes' ? 'musketeer' : 'bandit',
    side,
    position: { x: at.x, y: at.y },
    facing: side === 'heroes' ? 2 : 6,
    wounds: 0,
    maxWounds: KILLING_POINTS,
    move: 3,
    weapons: [{ ...MUSKET }],
    stats: { kills: 0, woundsTaken: 0, woundsDealt: 0, attacks: 0, hits: 0 },
    fire,
  };
  if (side === 'enemies')
    unit.ai = { status: 'alerted', archFoe: false, rank: 1, morale: false, home: { ...at } };
  return unit;
}

function setupCards(input: SetupInput) {
  const { map, doors } = mapWithDoors(input.map);
  const heroes = map.objects.filter((o) => o.kind === 'hero');
  const enemies = map.objects.filter((o) => o.kind === 'enemy');
  if (heroes.length === 0 || enemies.length === 0)
    return { ok: false as const, error: 'The card yard needs hero and enemy squares.' };
  const options = normaliseCardsOptions(input.options);
  const units = [
    ...heroes.map((p, i) => makeFigure(`musketeer-${i + 1}`, `Musketeer ${i + 1}`, 'heroes', p, 7)),
    ...enemies.map((p, i) => makeFigure(`bandit-${i + 1}`, `Bandit ${i + 1}`, 'enemies', p, 5)),
  ];
  return {
    ok: true as const,
    state: newGameState({
      scenarioId: input.scenarioId,
      ruleModule: CARDS_ID,
      options,
      map,
      doors,
      units,
      objective: objectiveFor(map, options, units),
      seed: input.seed,
    }),
  };
}

// ------------------------------------------------------------------ the shot

/** The roll needed: the skill, less 1 a square beyond the first, less 2 in partial cover. */
export function rollNeeded(state: GameState, shooter: Unit, target: Unit): number | null {
  if (!shooter.position || !target.position || shooter.side === target.side) return null;
  const distance = chebyshevDistance(shooter.position, target.position);
  if (distance > RANGE) return null;
  const cover = coverFor(state, shooter, target);
  if (cover === 'blocked' || cover === 'full') return null;
  return (shooter.fire ?? 0) - (distance - 1) - (cover === 'partial' ? 2 : 0);
}

function damageTable(modifier: number): RollSpec {
  const rows: TableRow[] = [
    { min: null, max: 2, outcome: 'dead' },
    { min: 3, max: 4, outcome: 'crippling' },
    { min: 5, max: 7, outcome: 'serious' },
    { min: 8, max: 12, outcome: 'minor' },
  ];
  return { kind: 'table', dice: D12, modifier, rows, otherwise: 'no effect' };
}

/**
 * The whole shot as one declared roll: the d12 read against the roll needed (a hit by 3
 * or more, a hit, a miss; a natural 12 misses; a natural 1 needing 0 or less is 'lucky'),
 * the confirming d12 after a lucky 1, and the damage d12 after a hit.
 */
export function shotRoll(needed: number): RollSpec {
  const naturals = [{ total: 12, outcome: 'miss' }];
  if (needed <= 0) naturals.push({ total: 1, outcome: 'lucky' });
  const toHit: RollSpec = {
    kind: 'table',
    dice: D12,
    modifier: 0,
    rows: [
      { min: null, max: needed - 3, outcome: 'hit well' },
      { min: null, max: needed, outcome: 'hit' },
    ],
    otherwise: 'miss',
    naturals,
  };
  const confirmOn = needed < -5 ? 0 : CONFIRM_ON[-Math.min(0, needed)];
  const confirm: RollSpec = {
    kind: 'then',
    first: {
      kind: 'table',
      dice: D12,
      modifier: 0,
      rows: [{ min: null, max: confirmOn, outcome: 'confirmed' }],
      otherwise: 'miss',
    },
    next: { confirmed: damageTable(0) },
  };
  return {
    kind: 'then',
    first: toHit,
    next: { 'hit well': damageTable(-1), hit: damageTable(0), lucky: confirm },
  };
}

const OUTCOME_WORDS: Readonly<Record<string, { label: string; tone: PreviewOutcome['tone'] }>> = {
  dead: { label: 'Struck dead', tone: 'gold' },
  crippling: { label: 'Crippling', tone: 'good' },
  serious: { label: 'Serious', tone: 'good' },
  minor: { label: 'Minor', tone: 'good' },
  'no effect': { label: 'No effect', tone: 'muted' },
  miss: { label: 'Miss', tone: 'bad' },
};

/** A wound of any kind: the chance the preview gives as the shot's one chance. */
const WOUNDING = ['dead', 'crippling', 'serious', 'minor'];

function shoot(ctx: Context, shooter: Unit, target: Unit, needed: number): void {
  shooter.stats.attacks += 1;
  const { outcome, dice } = resolveRoll(shotRoll(needed), ctx.dice);
  // Each die into the dice log, named by the part it played (Rencounter, Fire Combat).
  for (const die of dice)
    emit(ctx, {
      type: 'roll',
      die: die.sides,
      value: die.value,
      purpose: die.role === 'roll' ? 'attack' : die.role === 'lucky' ? 'confirm' : 'damage',
      unit: shooter.id,
      need: null,
      success: null,
      text: `${shooter.name} (${die.role}) d${die.sides} = ${die.value}`,
      rule: { book: 'Rencounter', section: die.role === 'roll' ? 'Fire Combat' : 'Damage' },
    });
  const wounds = outcome === 'dead' ? KILLING_POINTS : (WOUND_POINTS[outcome] ?? 0);
  emit(ctx, {
    type: 'shot',
    unit: shooter.id,
    target: target.id,
    outcome,
    dice: dice.map((d) => d.value),
    text: `${shooter.name} shoots at ${target.name}: ${OUTCOME_WORDS[outcome]?.label ?? outcome}.`,
  });
  if (wounds > 0) {
    shooter.stats.hits += 1;
    applyWound(ctx, target, shooter.id, wounds);
    if (!target.position) dropFromDeck(ctx, target);
  }
}

// ------------------------------------------------------------------ the deck

type CardsFlow = { deck: DeckState };

function deckOf(state: GameState): DeckState {
  return (state.flow as CardsFlow).deck;
}

function setDeck(state: GameState, deck: DeckState): void {
  state.flow = { deck };
}

function dropFromDeck(ctx: Context, unit: Unit): void {
  setDeck(ctx.state, removeOwner(deckOf(ctx.state), unit.id));
}

/** Draws until a hero's card comes up (its turn begins) or the game ends. */
function drawNext(ctx: Context): void {
  const state = ctx.state;
  while (!state.outcome) {
    const draw = drawCard(deckOf(state));
    setDeck(state, draw.deck);
    if (draw.kind === 'turn-over') {
      emit(ctx, {
        type: 'card-drawn',
        unit: null,
        card: draw.card?.id ?? '',
        left: draw.deck.pile.length,
        text: draw.card ? 'The Joker: the turn ends.' : 'Every card is drawn: the turn ends.',
      });
      if (state.round >= state.options.maxRounds) {
        endInDraw(ctx, 'The skirmish runs out of time.');
        return;
      }
      state.round += 1;
      emit(ctx, { type: 'round-started', round: state.round, text: `Turn ${state.round}.` });
      const shuffled = newTurn(deckOf(state), ctx.dice);
      setDeck(state, shuffled);
      emit(ctx, {
        type: 'deck-shuffled',
        turn: shuffled.turn,
        cards: shuffled.pile.length,
        text: `The cards are shuffled (${shuffled.pile.length}).`,
      });
      continue;
    }
    const unit = draw.card.owner ? findUnit(state, draw.card.owner) : undefined;
    emit(ctx, {
      type: 'card-drawn',
      unit: unit?.id ?? null,
      card: draw.card.id,
      left: draw.deck.pile.length,
      text: `${unit?.name ?? draw.card.id}\u2019s card.`,
    });
    if (!unit?.position) continue;
    if (unit.side === 'heroes') {
      state.phase = 'heroes';
      beginTurn(ctx, unit);
      return;
    }
    state.phase = 'enemies';
    state.turn = null;
    runActivation(ctx, activateBandit(ctx, unit as Unit & { position: Point }));
  }
}

/** The living foe with the best chance to be wounded from where `shooter` stands. */
function bestShot(state: GameState, shooter: Unit): { target: Unit; needed: number } | null {
  let best: { target: Unit; needed: number; chance: number } | null = null;
  for (const foe of livingUnits(state, shooter.side === 'heroes' ? 'enemies' : 'heroes')) {
    const needed = rollNeeded(state, shooter, foe);
    if (needed === null) continue;
    const chance = woundChance(needed);
    if (chance > 0 && (!best || chance > best.chance)) best = { target: foe, needed, chance };
  }
  return best;
}

function woundChance(needed: number): number {
  return outcomeDistribution(shotRoll(needed))
    .filter((o) => WOUNDING.includes(o.outcome))
    .reduce((sum, o) => sum + o.chance, 0);
}

function* activateBandit(ctx: Context, bandit: Unit & { position: Point }): Generator<void> {
  const target = chooseNearestHero(ctx, bandit);
  if (!target) return;
  // Shoots from where it stands at any chance; else first walks to where it has a shot.
  if (!bestShot(ctx.state, bandit)) {
    const hasShot = (): boolean => rollNeeded(ctx.state, bandit, target) !== null;
    moveIntoRange(ctx, bandit, target, (sq) => wouldHoldFrom(bandit, sq, hasShot), 'closes on');
    yield;
  }
  const shot = bestShot(ctx.state, bandit);
  if (shot) shoot(ctx, bandit, shot.target, shot.needed);
}

// ------------------------------------------------------------------ commands

function applyCards(ctx: Context, command: ModuleCommand): string | null {
  const state = ctx.state;
  if (command.type === 'start') {
    if (state.phase !== 'setup') return 'The skirmish has already begun.';
    emit(ctx, { type: 'game-started', seed: state.dice.seed, text: 'The skirmish begins.' });
    state.round = 1;
    const deck = buildDeck(
      {
        owners: state.units.map((u) => ({ owner: u.id })),
        jokers: 1,
        reshuffleOnJoker: true,
        mayHold: false,
      },
      ctx.dice,
    );
    setDeck(state, deck);
    emit(ctx, {
      type: 'deck-shuffled',
      turn: deck.turn,
      cards: deck.pile.length,
      text: `The cards are shuffled (${deck.pile.length}).`,
    });
    drawNext(ctx);
    return null;
  }
  if (state.phase !== 'heroes' || !state.turn) return 'It is not your turn.';
  const unit = findUnit(state, command.unit);
  if (!unit?.position) return `There is no musketeer "${command.unit}".`;
  if (unit.id !== state.turn.unitId) return `It is not ${unit.name}\u2019s card.`;
  const turn = state.turn;
  switch (command.type) {
    case 'move':
      return moveActing(ctx, unit, turn, command.to, 'moved or shot');
    case 'attack': {
      if (turn.acted) return `${unit.name} has already shot.`;
      const target = findUnit(state, command.target);
      const needed = target ? rollNeeded(state, unit, target) : null;
      if (!target || needed === null) return 'No foe in range and in sight.';
      turn.acted = true;
      shoot(ctx, unit, target, needed);
      return null;
    }
    case 'end-turn':
      emit(ctx, { type: 'turn-ended', unit: unit.id, text: '' });
      state.turn = null;
      drawNext(ctx);
      return null;
    default:
      return `The card skirmish has no "${command.type}" command.`;
  }
}

function legalCards(state: GameState): Command[] {
  if (state.phase === 'setup') return [{ type: 'start' }];
  if (state.phase !== 'heroes' || !state.turn) return [];
  const hero = findUnit(state, state.turn.unitId);
  if (!hero?.position) return [];
  const out: Command[] = legalMoves(state, hero, state.turn);
  if (!state.turn.acted)
    for (const foe of livingUnits(state, 'enemies'))
      if (rollNeeded(state, hero, foe) !== null)
        out.push({ type: 'attack', unit: hero.id, target: foe.id, weapon: MUSKET.id });
  out.push({ type: 'end-turn', unit: hero.id });
  return out;
}

/** Shoots when a shot can wound; else closes on the nearest bandit; else ends the turn. */
function autopilot(state: GameState): Command | null {
  const legal = legalCards(state);
  if (state.phase === 'setup') return legal[0] ?? null;
  const hero = state.turn ? findUnit(state, state.turn.unitId) : undefined;
  if (!hero?.position || !state.turn) return legal[0] ?? null;
  const shot = state.turn.acted ? null : bestShot(state, hero);
  if (shot) return { type: 'attack', unit: hero.id, target: shot.target.id, weapon: MUSKET.id };
  const from = hero.position;
  const foe = livingUnits(state, 'enemies').sort(
    (a, b) => chebyshevDistance(from, a.position) - chebyshevDistance(from, b.position),
  )[0];
  return (
    (foe ? stepCloser(legal, from, foe.position) : null) ?? { type: 'end-turn', unit: hero.id }
  );
}

function previewShot(state: GameState, command: Command): ActionPreview | null {
  if (command.type !== 'attack') return null;
  const unit = findUnit(state, command.unit);
  const target = findUnit(state, command.target);
  if (!unit || !target) return null;
  const needed = rollNeeded(state, unit, target);
  const cover = coverFor(state, unit, target);
  if (needed === null)
    return {
      chance: 0,
      resolution: null,
      cover,
      modifiers: [],
      summary: 'Musket: no shot',
      allowed: false,
      reason: 'Out of range or out of sight.',
      outcomes: [],
    };
  const outcomes = outcomeDistribution(shotRoll(needed)).map((o) => ({
    label: OUTCOME_WORDS[o.outcome]?.label ?? o.outcome,
    tone: OUTCOME_WORDS[o.outcome]?.tone ?? 'muted',
    chance: o.chance,
  }));
  const chance = woundChance(needed);
  const distance =
    unit.position && target.position ? chebyshevDistance(unit.position, target.position) : 1;
  return {
    chance,
    resolution: null,
    cover,
    modifiers: [
      { label: 'Fire skill', value: unit.fire ?? 0 },
      ...(distance > 1 ? [{ label: 'Range', value: -(distance - 1) }] : []),
      ...(cover === 'partial' ? [{ label: 'Partial cover', value: -2 }] : []),
    ],
    summary: `Musket: ${needed} or less on a d12, ${formatChance(chance)} to wound`,
    allowed: true,
    reason: null,
    outcomes,
  };
}

export const cardsModule: RuleModule = {
  id: CARDS_ID,
  name: 'The Card Skirmish (test module)',
  source: 'none: a test of activation by cards and declared rolls',
  rulesVersion: 1,
  rulesChanges: {},
  kinds: [
    {
      kind: 'musketeer',
      name: 'Musketeer',
      side: 'heroes',
      blurb: 'A musket and a steady hand.',
      art: { sprite: 'musketeer', height: 32, letter: 'H', color: '#2c5d94' },
      size: 1,
    },
    {
      kind: 'bandit',
      name: 'Bandit',
      side: 'enemies',
      blurb: 'A musket and no scruples.',
      art: { sprite: 'bandit', height: 32, letter: 'E', color: '#6b2a22' },
      size: 1,
    },
  ],
  components: ['fire'],
  defaultEnemyKind: 'bandit',
  asciiLetters: CARDS_LETTERS,
  ...TEST_MODULE_BASICS,
  normaliseOptions: normaliseCardsOptions,
  scenarios: [
    {
      id: 'cards',
      name: 'The Card Skirmish',
      mapId: CARDS_BOARD.id,
      ruleModule: CARDS_ID,
      summary: 'Two muskets against two, by the cards.',
      defaults: normaliseCardsOptions(undefined),
      map: CARDS_BOARD,
    },
  ],
  addDefaultPlacement: (map) => ({
    ok: false,
    error: `The card skirmish needs a drawn yard, not ${map.name}.`,
  }),
  setup: setupCards,
  commands: {},
  apply: applyCards,
  legalCommands: legalCards,
  afterAction: (ctx) => checkVictory(ctx),
  chooseHeroCommand: autopilot,
  previewAction: previewShot,
  describeUnit: (_state, unit) => [
    `Fire ${unit.fire ?? 0}; wound points ${unit.wounds} of ${KILLING_POINTS}.`,
  ],
  describeWeapon: (w) => `${w.name}: a d12 at or under the fire skill, range ${RANGE}.`,
  describeObjective: () => 'Goal: shoot down the bandits',
  whatComesNext: (state) => {
    if (!state.flow || state.phase === 'over') return null;
    const deck = deckView(deckOf(state));
    const owner = deck.inPlay?.owner;
    const name = owner ? (findUnit(state, owner)?.name ?? owner) : 'none';
    const joker = deck.jokersLeft > 0 ? ', the Joker among them' : '';
    return { deck, text: `Card: ${name} \u00b7 ${deck.left} left${joker}` };
  },
};

/** Registers the module (the sim and the soak call this when they load the file). */
export function registerCards(): RuleModule {
  registerRuleModule(cardsModule);
  return cardsModule;
}

registerCards();
