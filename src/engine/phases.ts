/**
 * A turn a module declares as phases, in some of which both sides act (High Adventure's
 * turn: orders, moves in Leadership order, shooting, melee), beside today's side turns
 * (`state.phase` heroes then enemies, systems/turns.ts, which stay the default). Each
 * phase has a queue of who acts in it, made by the module (a callback) when the phase
 * begins; the player may move his own figures forward where the phase allows it. Plain
 * JSON, kept in `state.flow`; every function returns a new record.
 */
import type { Side } from './types';

export type PhaseDecl = {
  readonly id: string;
  /** Its name on screen ("Movement"). */
  readonly name: string;
  /** Who acts in it: both sides from one queue, or one side. */
  readonly acts: 'both' | Side;
  /**
   * Whether the player may move a hero of the queue ahead of others (High Adventure 5.2:
   * "figures with higher leadership may always move before figures with a lower").
   */
  readonly heroesMayGoEarlier?: boolean;
};

/** Today's side turns as a declared plan: the heroes' phase, then the enemies'. */
export const SIDE_TURNS: readonly PhaseDecl[] = [
  { id: 'heroes', name: 'Heroes', acts: 'heroes' },
  { id: 'enemies', name: 'Enemies', acts: 'enemies' },
];

export type PhaseProgress = {
  readonly round: number;
  /** The phase under way, an index into the plan. */
  readonly index: number;
  /** Who is still to act in it, the next first. */
  readonly queue: readonly string[];
  /** Who has acted in it, in order. */
  readonly done: readonly string[];
};

/** Who acts in a phase, in order: the module's answer when the phase begins. */
export type QueueFor = (phase: PhaseDecl, round: number) => readonly string[];

/** Why a plan cannot be played (plain words), or null. */
export function whyPlanFails(plan: readonly PhaseDecl[]): string | null {
  if (plan.length === 0) return 'A turn needs at least one phase.';
  const ids = new Set<string>();
  for (const p of plan) {
    if (ids.has(p.id)) return `The phase "${p.id}" is named twice.`;
    ids.add(p.id);
  }
  return null;
}

/** The first phase of round `round`. Throws on a plan that cannot be played. */
export function beginRound(
  plan: readonly PhaseDecl[],
  round: number,
  queueFor: QueueFor,
): PhaseProgress {
  const why = whyPlanFails(plan);
  if (why) throw new Error(why);
  return { round, index: 0, queue: [...queueFor(plan[0], round)], done: [] };
}

/** The phase under way. */
export function currentPhase(plan: readonly PhaseDecl[], progress: PhaseProgress): PhaseDecl {
  return plan[progress.index];
}

/** Who acts next in the phase, or null when its queue is empty. */
export function nextInQueue(progress: PhaseProgress): string | null {
  return progress.queue[0] ?? null;
}

/** `id` has acted: out of the queue (wherever it stood), into the done list. */
export function actorDone(progress: PhaseProgress, id: string): PhaseProgress {
  return {
    ...progress,
    queue: progress.queue.filter((q) => q !== id),
    done: progress.done.includes(id) ? progress.done : [...progress.done, id],
  };
}

/** Takes `id` out of the queue without acting (a figure fallen in the phase). */
export function dropFromQueue(progress: PhaseProgress, id: string): PhaseProgress {
  return { ...progress, queue: progress.queue.filter((q) => q !== id) };
}

/**
 * The next phase, its queue from `queueFor`; past the last phase, 'round-over' (the
 * module begins the next round with beginRound). Phases whose queue is empty are passed.
 */
export function nextPhase(
  plan: readonly PhaseDecl[],
  progress: PhaseProgress,
  queueFor: QueueFor,
): PhaseProgress | 'round-over' {
  for (let index = progress.index + 1; index < plan.length; index++) {
    const queue = queueFor(plan[index], progress.round);
    if (queue.length > 0) return { round: progress.round, index, queue: [...queue], done: [] };
  }
  return 'round-over';
}

/**
 * Moves the hero `id` to the front of the queue, where the phase lets the player do so;
 * `isHero` says whose figure an id is. An error sentence when it may not.
 */
export function goEarlier(
  plan: readonly PhaseDecl[],
  progress: PhaseProgress,
  id: string,
  isHero: (id: string) => boolean,
): PhaseProgress | string {
  const phase = currentPhase(plan, progress);
  if (!phase.heroesMayGoEarlier) return `No one may change the order in the ${phase.name} phase.`;
  if (!progress.queue.includes(id)) return `"${id}" is not waiting to act in this phase.`;
  if (!isHero(id)) return 'Only your own figures may be moved forward.';
  return { ...progress, queue: [id, ...progress.queue.filter((q) => q !== id)] };
}

/** What the screen shows of the turn: the phase, its place in the turn, who acts next. */
export type PhaseView = {
  readonly round: number;
  readonly phase: string;
  readonly step: number;
  readonly steps: number;
  readonly queue: readonly string[];
  readonly done: readonly string[];
};

export function phaseView(plan: readonly PhaseDecl[], progress: PhaseProgress): PhaseView {
  return {
    round: progress.round,
    phase: currentPhase(plan, progress).name,
    step: progress.index + 1,
    steps: plan.length,
    queue: progress.queue,
    done: progress.done,
  };
}
