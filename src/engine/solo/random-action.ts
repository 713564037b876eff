/**
 * Random Enemy Action (solitaire-gaming-rules IV): a d20 after initiative says how many
 * enemies act this round: 18-20 all, and a fallen one returns; 9-17 all; 3-8 half; 1-2
 * only one, picked by a die. The layer rolls and reads the table; the module's turn flow
 * keeps the count, and says who sits out and how a fallen one returns.
 */
import { rollDie, type Context } from '../systems/context';
import type { RoundIntent } from '../rulesets/module';
import type { Unit } from '../types';
import { SOLO_RULES } from './mechanics';

export const RANDOM_ACTION_RULE = SOLO_RULES('IV Random Enemy Action: a d20 after initiative');

/** The Random Enemy Action table (IV): the lowest face of each row, what it means. */
export const ENEMY_ACTION_TABLE: readonly {
  from: number;
  to: number;
  text: string;
  acting: 'all' | 'half' | 'one';
}[] = [
  { from: 18, to: 20, text: 'all the enemies act, and a fallen one returns', acting: 'all' },
  { from: 9, to: 17, text: 'all the enemies act', acting: 'all' },
  { from: 3, to: 8, text: 'half the enemies act', acting: 'half' },
  { from: 1, to: 2, text: 'one enemy acts', acting: 'one' },
];

export type EnemyActionRow = (typeof ENEMY_ACTION_TABLE)[number];

function enemyActionRow(face: number): EnemyActionRow {
  return ENEMY_ACTION_TABLE.find((r) => face >= r.from) ?? ENEMY_ACTION_TABLE[3];
}

/** The odds of the next roll, from its table (the intent overlay's round line). */
export function enemyActionTableOdds(): RoundIntent {
  return {
    label: 'Random Enemy Action',
    die: 20,
    rows: ENEMY_ACTION_TABLE.map((r) => ({
      faces: [r.from, r.to] as const,
      label: r.text,
      chance: (r.to - r.from + 1) / 20,
    })),
  };
}

/** What the d20 said for a round with `enemies` able to act. */
export interface EnemyActionRoll {
  roll: number;
  row: EnemyActionRow;
  /** How many act this round (all of them on an "all" row). */
  acting: number;
  /** 18-20: a fallen enemy returns once the enemies have acted. */
  returnDue: boolean;
}

/** Rolls the Random Enemy Action for a round with `enemies` able to act. */
export function rollEnemyAction(ctx: Context, enemies: number): EnemyActionRoll {
  const roll = rollDie(ctx, {
    sides: 20,
    purpose: 'enemy-action',
    unit: null,
    need: null,
    describe: (x) => `Random Enemy Action d20 = ${x}: ${enemyActionRow(x).text}`,
    rule: RANDOM_ACTION_RULE,
  });
  const row = enemyActionRow(roll);
  let acting = enemies;
  if (row.acting === 'half') acting = Math.ceil(enemies / 2);
  else if (row.acting === 'one') acting = Math.min(1, enemies);
  return { roll, row, acting, returnDue: row === ENEMY_ACTION_TABLE[0] };
}

/** "only 1 single randomly selected figure": the die picks which of `order` acts. */
export function pickTheOneActing<U extends Unit>(ctx: Context, order: readonly U[]): U {
  const pick = rollDie(ctx, {
    sides: order.length,
    purpose: 'enemy-action-pick',
    unit: null,
    need: null,
    describe: (x) => `d${order.length} = ${x}: the ${order[x - 1].name} acts`,
    rule: RANDOM_ACTION_RULE,
    picks: order.map((u) => u.id),
  });
  return order[pick - 1];
}
