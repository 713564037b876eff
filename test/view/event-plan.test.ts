/**
 * The order the animation plays a command's events in (view/event-plan.ts), on real seeded
 * Dungeon Crawl games: every event exactly once, in order; the monsters' turns grouped (the
 * quiet ones marked), the round and the monsters' phase under one banner.
 */
import { describe, expect, it } from 'vitest';
import { applyCommand, chooseHeroCommand, type GameEvent, type GameState } from '../../src/engine';
import { planEvents, startsBlow } from '../../src/view/event-plan';
import { dungeonCrawlBoard } from '../engine/boards';
import { newGame } from '../engine/helpers';

/** The events of the first commands of a seeded game with the autopilot. */
function commands(seed: number, count: number): { events: GameEvent[]; state: GameState }[] {
  let state = newGame(dungeonCrawlBoard(), {}, seed);
  const out: { events: GameEvent[]; state: GameState }[] = [];
  let r = applyCommand(state, { type: 'start' });
  for (let i = 0; i < count && r.ok; i++) {
    out.push({ events: r.events, state: r.state });
    state = r.state;
    const next = chooseHeroCommand(state);
    if (!next) break;
    r = applyCommand(state, next);
  }
  return out;
}

describe('the plan of a command’s animation', () => {
  it('plays every event once, in order; monsters’ turns are grouped, from turn-started to turn-ended', () => {
    let groups = 0;
    let quiet = 0;
    let banners = 0;
    for (const seed of [1, 2, 3, 839067893]) {
      for (const { events, state } of commands(seed, 60)) {
        const steps = planEvents(events, state);
        const seen: number[] = [];
        for (const step of steps) {
          if (step.kind === 'event') seen.push(step.index);
          else if (step.kind === 'round-and-monsters') {
            banners++;
            expect(events[step.index].type).toBe('round-started');
            expect(events[step.index + 1]).toMatchObject({
              type: 'phase-started',
              side: 'enemies',
            });
            seen.push(step.index, step.index + 1);
          } else {
            groups++;
            for (const t of step.turns) {
              expect(events[t.from]).toMatchObject({ type: 'turn-started', unit: t.unit });
              expect(events[t.to]).toMatchObject({ type: 'turn-ended', unit: t.unit });
              const inside = events.slice(t.from, t.to + 1);
              expect(t.strikes).toBe(inside.some(startsBlow));
              if (t.quiet) {
                quiet++;
                expect(inside.some((e) => e.type === 'moved' || e.type === 'attacked')).toBe(false);
              }
              for (let i = t.from; i <= t.to; i++) seen.push(i);
            }
          }
        }
        expect(seen).toEqual(events.map((_, i) => i));
      }
    }
    expect(groups).toBeGreaterThan(0);
    expect(quiet).toBeGreaterThan(0);
    expect(banners).toBeGreaterThan(0);
  });
});
