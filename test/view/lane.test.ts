/**
 * The animation lanes (src/view/lane.ts): steps planned one after the other on the clock,
 * so that a step that ended late (on a slow frame) leaves the next one less to do.
 */
import { describe, expect, it } from 'vitest';
import { Lane } from '../../src/view/lane';

describe('Lane', () => {
  it('plans each step from where the one before was due to end, not from when it did', () => {
    const lane = new Lane(1000);
    expect(lane.step(120, 1000)).toEqual({ startIn: 0, endIn: 120 });
    // The first step could only end on a frame at 1200 (5 fps): the next is 80 ms late,
    // and a 120 ms step has 40 ms left to do.
    expect(lane.step(120, 1200)).toEqual({ startIn: -80, endIn: 40 });
    expect(lane.due).toBe(1240);
  });

  it('leaves a step wholly in the past nothing to do, keeping the plan for the next', () => {
    const lane = new Lane(0);
    lane.step(100, 0);
    // A stalled frame at 500: a 60 ms wait due at 160 is over already.
    expect(lane.step(60, 500).endIn).toBeLessThanOrEqual(0);
    // The steps after it are not pushed back: the plan is 160 + 200, not 500 + 200.
    expect(lane.step(200, 500)).toEqual({ startIn: -340, endIn: -140 });
  });

  it('on a fast clock keeps every step at its full length', () => {
    const lane = new Lane(0);
    let now = 0;
    for (const ms of [380, 80, 120, 60]) {
      const { startIn, endIn } = lane.step(ms, now);
      expect(startIn).toBe(0);
      expect(endIn).toBe(ms);
      now += ms;
    }
  });

  it('forks lanes that run side by side and goes on from the last of them to end', () => {
    const lane = new Lane(0);
    lane.step(80, 0);
    const walk = lane.fork();
    const hop = lane.fork();
    walk.step(120, 80);
    hop.step(60, 80);
    hop.step(60, 140);
    expect(walk.due).toBe(200);
    expect(hop.due).toBe(200);
    const slower = lane.fork();
    slower.step(300, 80);
    lane.join([walk, hop, slower]);
    expect(lane.due).toBe(380);
  });

  it('after a wait off the plan goes on from its end, never going back', () => {
    const lane = new Lane(0);
    lane.step(100, 0);
    // Another monster's blow landed at 250: this one's own blow starts from there.
    lane.catchUp(250);
    expect(lane.step(100, 250)).toEqual({ startIn: 0, endIn: 100 });
    // Something that ended before the lane's plan does not pull it back.
    lane.catchUp(120);
    expect(lane.due).toBe(350);
  });

  it('treats a step of no length (or less) as nothing', () => {
    const lane = new Lane(10);
    expect(lane.step(0, 10)).toEqual({ startIn: 0, endIn: 0 });
    expect(lane.step(-5, 10)).toEqual({ startIn: 0, endIn: 0 });
    expect(lane.due).toBe(10);
  });
});
