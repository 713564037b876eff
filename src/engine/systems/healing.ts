/**
 * Healing, one system for every rule module: a healer with tries left rolls its die
 * against the number it needs, and a success takes one wound off its patient. The module
 * decides when a heal may be tried (who, how near, through what) and words the dice log
 * and the event; the roll, the tries counted, the wound taken off, the `healed` event and
 * how the view shows it are the same for all. The Dungeon Crawl's Priest and the
 * Skirmish's healers both heal through it.
 */
import type { EventShow } from '../event-show';
import type { RuleRef, Unit } from '../types';
import { emit, rollDie, type Context } from './context';

/** A healer's healing: `usesMax` tries a game, each a d`die` needing `hitOn` or more. */
export interface HealAbility {
  usesLeft: number;
  usesMax: number;
  die: number;
  hitOn: number;
}

declare module '../types' {
  interface UnitComponents {
    heal?: HealAbility;
  }
  interface CommandTypes {
    heal: { unit: string; target: string };
  }
  interface EventTypes {
    /** `wounds` and `maxWounds`: the patient's after the heal. */
    healed: {
      unit: string;
      target: string;
      roll: number;
      need: number;
      success: boolean;
      usesLeft: number;
      wounds: number;
      maxWounds: number;
    };
  }
}

/** How a module words a heal: the dice log's line, the rule it serves, the event's line. */
export interface HealWords {
  /** The roll's line for the die showing `value` (`heal.usesLeft` counts this try). */
  describe(value: number, heal: HealAbility): string;
  rule: RuleRef;
  /** The event's line, after the heal (the patient's wounds as they are now). */
  text(success: boolean): string;
}

/** The wounds one successful heal takes off. */
export const WOUNDS_HEALED = 1;

/** The heal's roll (the module checked that it may be tried); whether it healed. */
export function rollHeal(ctx: Context, healer: Unit, target: Unit, words: HealWords): boolean {
  const heal = healer.heal!;
  heal.usesLeft -= 1;
  const roll = rollDie(ctx, {
    sides: heal.die,
    purpose: 'heal',
    unit: healer.id,
    need: heal.hitOn,
    describe: (v) => words.describe(v, heal),
    rule: words.rule,
  });
  const success = roll >= heal.hitOn;
  if (success) target.wounds -= WOUNDS_HEALED;
  emit(ctx, {
    type: 'healed',
    unit: healer.id,
    target: target.id,
    roll,
    need: heal.hitOn,
    success,
    usesLeft: heal.usesLeft,
    wounds: target.wounds,
    maxWounds: target.maxWounds,
    text: words.text(success),
  });
  return success;
}

/**
 * How a heal is shown: the healer turns to its patient, a sparkle and "+1" over a healed
 * one, "no effect" over one that is not; the heal sound; its line in the dice log.
 */
export const HEALED_SHOW: EventShow = {
  busy: true,
  sounds: ['heal'],
  logged: true,
  picture(event) {
    if (event.type !== 'healed') return null;
    const { unit, target } = event;
    return event.success
      ? {
          face: { unit, toward: target },
          wounds: { unit: target, wounds: event.wounds, maxWounds: event.maxWounds },
          effect: { unit: target, kind: 'heal' },
          word: { unit: target, text: `+${WOUNDS_HEALED}`, tone: 'good', size: 14 },
          holdMs: 550,
        }
      : {
          face: { unit, toward: target },
          word: { unit: target, text: 'no effect', tone: 'muted', size: 9 },
          holdMs: 550,
        };
  },
};
