/**
 * Rencounter's plain data (Edward Allen's skirmish rules; the book is ../shared/seeds/rencounter.txt
 * beside the repository).
 * Every rule function in this folder takes and returns these plain values, so the kernel
 * module built later can keep them in its state unchanged.
 */

/** A rule's result names the checklist entry (rulebooks/rencounter.md) that decided it. */
export interface Ruled {
  /** The checklist entry, e.g. 'R5.2': the dice log's rule tag. */
  rule: string;
}

/** One named term of a target number, so a preview can show the whole list. */
export interface Modifier {
  rule: string;
  label: string;
  value: number;
}

/** Experience 1 (scum) to 6 (master), the action roll's target (§1 The Figure). */
export type Experience = 1 | 2 | 3 | 4 | 5 | 6;

/** Armour 0 (clothing) to 4 (full plate) (§1 armour ratings). */
export type Armour = 0 | 1 | 2 | 3 | 4;

export interface Figure {
  exp: number;
  /** Fire skill: the d12 number to roll at or under with missile weapons. */
  fire: number;
  /** Melee skill: the d12 number to hit or parry. */
  melee: number;
  armour: number;
  /** 0 unhurt, 1 minor, 2 serious, 3 crippling; 4-5 worse; 6 dead (Effects of Wounds). */
  woundPoints: number;
  /** Riding skill; trained cavalry have experience + 2 (§1 horsemanship). */
  horsemanship?: number;
}

/** The house rule chosen before the game for experience-6 figures (§1). */
export type MasterMode = 'auto' | 'confirm';

/** The sum of a modifier list. */
export function totalOf(modifiers: readonly Modifier[]): number {
  return modifiers.reduce((sum, m) => sum + m.value, 0);
}

/** A modifier list being built: `add` leaves out terms worth 0, so previews list only what counts. */
export function modifierList(): {
  list: Modifier[];
  add(rule: string, label: string, value: number): void;
} {
  const list: Modifier[] = [];
  return {
    list,
    add(rule, label, value) {
      if (value !== 0) list.push({ rule, label, value });
    },
  };
}
