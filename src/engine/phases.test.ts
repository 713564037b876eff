/**
 * A turn declared as phases (phases.ts), by high-adventure.txt, Turn sequence: "(2)
 * Figures with the lowest Leadership move first ... though if wanted, figures with higher
 * leadership may always move before figures with a lower Leadership. (3) Figures able to
 * shoot do so, simultaneously, then all figures in base contact ... fight a turn of melee."
 */
import { describe, expect, it } from 'vitest';
import {
  actorDone,
  beginRound,
  dropFromQueue,
  goEarlier,
  nextInQueue,
  nextPhase,
  phaseView,
  SIDE_TURNS,
  whyPlanFails,
  type PhaseDecl,
  type PhaseProgress,
  type QueueFor,
} from './phases';

const plan: PhaseDecl[] = [
  { id: 'orders', name: 'Orders', acts: 'heroes' },
  { id: 'move', name: 'Movement', acts: 'both', heroesMayGoEarlier: true },
  { id: 'shoot', name: 'Shooting', acts: 'both' },
  { id: 'melee', name: 'Melee', acts: 'both' },
];

/** Leadership: hero h1 3, hero h2 1; enemies e1 2, e2 4. Nobody shoots this round. */
const leadership: Record<string, number> = { h1: 3, h2: 1, e1: 2, e2: 4 };
const heroes = new Set(['h1', 'h2']);

const queueFor: QueueFor = (phase) => {
  const ids = Object.keys(leadership).filter(
    (id) => phase.acts === 'both' || (phase.acts === 'heroes') === heroes.has(id),
  );
  if (phase.id === 'shoot') return [];
  return ids.sort((a, b) => leadership[a] - leadership[b]);
};

/** The progress, or the test fails with the sentence or 'round-over' it got instead. */
function must(p: PhaseProgress | string): PhaseProgress {
  if (typeof p === 'string') throw new Error(p);
  return p;
}

describe('a turn of phases in which both sides act', () => {
  it('runs each phase\u2019s queue, both sides in one, lowest Leadership first', () => {
    let p = beginRound(plan, 1, queueFor);
    expect(phaseView(plan, p)).toMatchObject({ phase: 'Orders', step: 1, queue: ['h2', 'h1'] });
    p = actorDone(actorDone(p, 'h2'), 'h1');
    expect(nextInQueue(p)).toBeNull();
    p = must(nextPhase(plan, p, queueFor));
    expect(phaseView(plan, p)).toMatchObject({
      phase: 'Movement',
      step: 2,
      steps: 4,
      queue: ['h2', 'e1', 'h1', 'e2'],
    });
  });

  it('the player may bring a hero forward in the movement phase, not an enemy, not elsewhere', () => {
    const first = beginRound(plan, 1, queueFor);
    const move = must(nextPhase(plan, first, queueFor));
    const isHero = (id: string) => heroes.has(id);
    expect(must(goEarlier(plan, move, 'h1', isHero)).queue).toEqual(['h1', 'h2', 'e1', 'e2']);
    expect(goEarlier(plan, move, 'e2', isHero)).toMatch(/your own figures/);
    expect(goEarlier(plan, first, 'h1', isHero)).toMatch(/Orders phase/);
    expect(goEarlier(plan, actorDone(move, 'h1'), 'h1', isHero)).toMatch(/not waiting/);
  });

  it('passes a phase with no one in it, and ends the round after the last', () => {
    let p = must(nextPhase(plan, beginRound(plan, 2, queueFor), queueFor));
    for (const id of p.queue) p = actorDone(p, id);
    expect(p.done).toEqual(['h2', 'e1', 'h1', 'e2']);
    const melee = must(nextPhase(plan, p, queueFor));
    expect(phaseView(plan, melee)).toMatchObject({ phase: 'Melee', round: 2 });
    expect(nextPhase(plan, dropFromQueue(melee, 'e1'), queueFor)).toBe('round-over');
  });

  it('today\u2019s side turns are a plan of two one-sided phases', () => {
    expect(whyPlanFails(SIDE_TURNS)).toBeNull();
    expect(SIDE_TURNS.map((p) => p.acts)).toEqual(['heroes', 'enemies']);
    expect(whyPlanFails([])).toMatch(/at least one phase/);
    expect(whyPlanFails([plan[0], plan[0]])).toMatch(/twice/);
  });
});
