/**
 * The Skirmish rule module (solitaire-gaming-rules.txt, the d20 solitaire rules): two
 * armies mustered from one roster, d20 initiative and alternating activations, simple d20
 * combat with a defence roll, the enemy AI statuses, combat tactics, Random Enemy Action,
 * morale and the seven generic scenarios.
 */
import { rulesVersionOf } from '../../setup';
import { HEALED_SHOW } from '../../systems/healing';
import { updateAwareness } from '../../systems/sight';
import type { CommandSpec, RuleModule } from '../module';
import type { Unit } from '../../types';
import {
  BASE_DISTANCE_RULES,
  BASE_PLANNING_RULES,
  BOOK_RULES,
  ROUND_LIMIT_DRAW_RULES,
  MARKER_CONTEST_RULES,
  measuresToBase,
  RACING_RULES,
  RACE_SET_UP_APART_RULES,
  SET_UP_APART_RULES,
  SKIRMISH_RULES_VERSION,
} from './versions';
import { chooseSkirmishHeroCommand } from './autopilot';
import { BATTLEFIELD_SHAPES, generateBattlefield, type BattlefieldShape } from './battlefield';
import { SKIRMISH_CAMPAIGN } from './campaign';
import { damageRank, rollDangerousGround } from './combat';
import {
  applySkirmishCommand,
  continueRound,
  enemyActionOdds,
  flowOf,
  legalSkirmishCommands,
} from './flow';
import { skirmishIntentInOrder } from './intent-order';
import { figuresOf } from './fortress';
import { checkMorale } from './army-morale';
import { SKIRMISH_MUSTER } from './muster';
import { normaliseSkirmishOptions, SKIRMISH_SCENARIOS, skirmishOptionSpecs } from './options';
import { FIGURE_TYPES, SKIRMISH_KINDS } from './roster';
import { checkSkirmishVictory, skirmishScenarioMarks } from './scenarios';
import { setupSkirmish, SKIRMISH_ID, skirmishPartyAfter } from './setup';
import {
  describeSkirmishObjective,
  describeSkirmishUnit,
  describeSkirmishWeapon,
  previewSkirmishAction,
  skirmishCoverBetween,
  skirmishCoverLinesBetween,
  skirmishWeaponLabel,
} from './texts';
import { skirmishWeapons } from './types';

const unitCommand: CommandSpec = { kind: 'action', validate: () => null };
const healCommand: CommandSpec = {
  kind: 'action',
  validate: (c) =>
    typeof c.target === 'string' ? null : 'The "heal" command needs a "target" id.',
};

/** The order heroes are offered in: the ones still to act this round first, in army order. */
function heroOrder(state: Parameters<RuleModule['heroOrder']>[0]): Unit[] {
  const acted = new Set(state.flow ? flowOf(state).acted : []);
  const heroes = figuresOf(state, 'heroes');
  return [...heroes.filter((h) => !acted.has(h.id)), ...heroes.filter((h) => acted.has(h.id))];
}

export { BASE_DISTANCE_RULES, BASE_PLANNING_RULES, SKIRMISH_RULES_VERSION };

/** What each Skirmish rules version changed (versions.ts). */
export const SKIRMISH_RULES_CHANGES: Readonly<Record<number, string>> = {
  2:
    'Large figures (the Ogre and the Wyrm) stand on 2x2 squares, move where their base fits, ' +
    'are struck on any of their squares and make smaller enemies step aside; the Fortress ' +
    'Assault has a fortress that blocks movement and sight, is struck like a figure and ' +
    'falls after 8 wounds.',
  [BASE_PLANNING_RULES]:
    'A large figure plans its long way toward a far goal over the squares where its whole ' +
    'base fits, so it can end a turn at every step of the plan and no longer stalls before ' +
    'a passage too narrow for its base and longer than its move (it still moves by V: ' +
    'passing with one open square of its base).',
  [BASE_DISTANCE_RULES]:
    'Distances to a large figure count to the nearest square of its base, from the main ' +
    'square of the one measuring: whom an enemy goes for, heads for, faces, tends or backs ' +
    "away from, who acts first, the tactics' choices, a retreat's turn and who holds an " +
    'objective.',
  [BOOK_RULES]:
    'The Skirmish as the rule book reads: goal areas come from the map (its exits, else the ' +
    'open line along the far edge), and a map that cannot host a scenario does not offer ' +
    'it; Infiltrate and Transport have no count of rounds, and a battle nobody wins is a ' +
    'draw; the carrier of the object fights; one objective marker per 1-foot section and ' +
    'one at the centre; terrain and shields give cover (16+ to shoot, a second defence die ' +
    'in melee); wild shots through woods need 20, and blasts strike foes out of sight; a ' +
    'failed defence wounds once or stuns, never both; dangerous ground also bites at the ' +
    'end of a turn, and its hit may be defended; enemies pick their weapon by its real ' +
    'chance to hit and shooters keep out of melee; the spawn die is rolled from round 1, a ' +
    'returning figure waits for the next round, either army may ambush or spawn; a failed ' +
    'morale check retreats, never routs.',
  [RACING_RULES]:
    'In the races (Escape, Infiltrate, Transport) an enemy not yet aware of the heroes makes ' +
    'for its goal, or for the object, instead of waiting to see a hero; an alerted one with ' +
    'no hero it can strike this turn spends the turn on its goal instead of closing in. ' +
    'Ambush and Spawning have no count of rounds: the book ends them only when one side is ' +
    "gone, so a battle still going at the game's round limit is a draw, no longer the " +
    "heroes' defeat. A fortress's defenders go out for a foe that can strike the building " +
    'from where it stands (a shooter), not only for one within 1 Move Unit of it.',
  [SET_UP_APART_RULES]:
    "A Basic Battle's enemy sets up on the squares its map marks only where they lie 2 Move " +
    'Units from every hero, as the book asks of the set-up; and a lone objective marker ' +
    "nearest both armies' sides is the own marker (1 VP) of the army whose side it lies " +
    'nearer and the far one (4 VP) of the other, no longer 4 VP to both.' +
    ' In Infiltrate and Transport an enemy with no hero to strike heads for the nearest goal ' +
    "of the battle, the heroes' included: the square of the heroes' goal their leading " +
    'figure makes for, or the home of the hero carrying the object, when that is nearer ' +
    'than its own goal. In a Transport an enemy takes up the object within its reach, and ' +
    'carries it home, before any blow; and the object is set near the centre where the two ' +
    'armies are evenly placed to win it, not always on the exact centre.',
  [MARKER_CONTEST_RULES]:
    'In a Basic Battle with objectives, until the markers score, an enemy with no hero it ' +
    'can strike this turn, or not yet aware of the heroes (and not patrolling), makes for the nearest ' +
    'objective marker none of its allies holds, and stays beside it: the ' +
    'markers are where the battle is won, and the book sends an enemy unable to attack ' +
    'toward the nearest goal. ' +
    'A Transport sets up as a Basic Battle does: the enemy takes a square its map marks ' +
    'only 2 Move Units from every hero. Its enemy that can walk to the object and take it ' +
    'up this turn does so before any blow, and one that can strike the hero carrying the ' +
    'object strikes that hero. The object is set where the two armies take it up in the ' +
    'most nearly equal number of actions.',
};

export const skirmish: RuleModule = {
  id: SKIRMISH_ID,
  name: 'Solitaire Skirmish (d20)',
  source: 'solitaire-gaming-rules.txt',
  rulesVersion: SKIRMISH_RULES_VERSION,
  oldestRulesVersion: BOOK_RULES,
  rulesChanges: SKIRMISH_RULES_CHANGES,
  plansWithBase: (state) => rulesVersionOf(state) >= BASE_PLANNING_RULES,
  measuresToBase,
  components: ['heal', 'skirmish'],
  kinds: SKIRMISH_KINDS,
  defaultEnemyKind: 'swordsman',
  asciiLetters: {
    S: { kind: 'hero', unit: 'swordsman' },
    A: { kind: 'hero', unit: 'archer' },
    K: { kind: 'hero', unit: 'knight' },
    H: { kind: 'hero', unit: 'healer' },
    s: { kind: 'enemy', unit: 'swordsman' },
    a: { kind: 'enemy', unit: 'archer' },
    o: { kind: 'enemy', unit: 'ogre' },
    W: { kind: 'enemy', unit: 'warlord', archFoe: true },
  },
  optionSpecs: skirmishOptionSpecs,
  normaliseOptions: normaliseSkirmishOptions,
  victoryKinds: ['all-enemies'],
  scenarios: SKIRMISH_SCENARIOS,
  // Maps drawn without figures: the muster is placed by the set-up anyway.
  addDefaultPlacement: (map) => ({ ok: true, map }),
  setup: setupSkirmish,
  partyAfter: skirmishPartyAfter,
  campaign: SKIRMISH_CAMPAIGN,
  commands: {
    heal: healCommand,
    activate: { ...unitCommand, activates: true },
    'pick-up': unitCommand,
  },
  eventShows: { healed: HEALED_SHOW },
  apply: applySkirmishCommand,
  legalCommands: legalSkirmishCommands,
  afterAction: (ctx) => {
    updateAwareness(ctx);
    checkSkirmishVictory(ctx);
    checkMorale(ctx);
    // A hero who falls on its own turn loses the rest of it.
    const turn = ctx.state.turn;
    if (ctx.state.outcome || !turn || ctx.state.phase !== 'heroes') return;
    const actor = ctx.state.units.find((u) => u.id === turn.unitId);
    if (actor && !actor.position) {
      const flow = flowOf(ctx.state);
      ctx.state.flow = { ...flow, acted: [...flow.acted, actor.id], next: 'enemies' };
      ctx.state.turn = null;
      continueRound(ctx);
    }
  },
  // V "Line of Sight": "Allies of the attacker do not block its path but enemy figures do."
  figuresBlockSight: () => false,
  mayCarryObjective: () => false,
  dangerousGround: (ctx, unit, _at, how) => rollDangerousGround(ctx, unit, how),
  chooseHeroCommand: chooseSkirmishHeroCommand,
  heroOrder,
  rankWeapons: (unit) =>
    [...skirmishWeapons(unit)].sort(
      (a, b) =>
        Number(b.reach === 'melee') - Number(a.reach === 'melee') || damageRank(b) - damageRank(a),
    ),
  previewAction: previewSkirmishAction,
  coverBetween: skirmishCoverBetween,
  coverLinesBetween: skirmishCoverLinesBetween,
  enemyIntent: skirmishIntentInOrder,
  roundIntent: enemyActionOdds,
  describeUnit: describeSkirmishUnit,
  describeWeapon: describeSkirmishWeapon,
  weaponLabel: skirmishWeaponLabel,
  abilities: (unit) =>
    unit.heal
      ? [
          {
            id: 'heal',
            label: `Heal ${unit.heal.usesLeft}/${unit.heal.usesMax}`,
            tip: `Heal an adjacent wounded ally: ${unit.heal.hitOn}+ on a d20 restores one wound. Uses the other action.`,
            command: 'heal',
            usesLeft: unit.heal.usesLeft,
          },
        ]
      : [],
  describeObjective: describeSkirmishObjective,
  scenarioMarks: skirmishScenarioMarks,
  muster: SKIRMISH_MUSTER,
  generateBoard: ({ seed, scale, shape }) => {
    if (shape !== undefined && !(shape in BATTLEFIELD_SHAPES))
      throw new Error(
        `A battlefield is ${Object.keys(BATTLEFIELD_SHAPES).join(', ')}, not "${shape}".`,
      );
    return generateBattlefield({ seed, scale, shape: shape as BattlefieldShape | undefined });
  },
};

export { FIGURE_TYPES };
