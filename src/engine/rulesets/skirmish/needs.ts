/**
 * The numbers the Skirmish's d20 rolls need (solitaire-gaming-rules VIII), in a file of
 * their own so that combat, healing and the campaign's skills all read them without
 * importing each other in a circle.
 */

/** VIII: "Melee attacks: The attack is a hit on a result of 6 or more." */
export const MELEE_HIT = 6;
/** VIII: "Ranged attacks: The attack is a hit on a result of 11 or more." */
export const RANGED_HIT = 11;
/** VIII "Defend": "On a result of 11 or more, the attack does no damage." */
export const DEFEND = 11;
/** VIII: "A non-combat action will be a success on a roll of 11 or more on 1d20." */
export const NON_COMBAT = 11;
