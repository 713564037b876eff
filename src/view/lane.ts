/**
 * A run of animation steps on a clock, planned so that a low frame rate skips frames, not
 * time. Each step is planned to start where the step before it was planned to end, not
 * where it did end: a step can only end on a frame, so at 5 fps a 60 ms wait ends up to
 * 200 ms late, and without a plan every step of a monster's turn would add that much. Here
 * the next step has that much less to do, and a step wholly in the past is done at once, so
 * a run of steps takes its planned time plus at most one frame. Pure: no Phaser.
 */
export class Lane {
  /** When (on the clock) the last step planned on this lane is due to end. */
  due: number;

  constructor(now: number) {
    this.due = now;
  }

  /** A lane for steps running beside this one's (a monster's turn, a hop during a step). */
  fork(): Lane {
    return new Lane(this.due);
  }

  /** After lanes ran beside this one: it goes on from where the last of them is due to end. */
  join(lanes: readonly Lane[]): void {
    for (const lane of lanes) this.due = Math.max(this.due, lane.due);
  }

  /**
   * After waiting on something off the plan (another monster's blow, a die still rolling):
   * the lane goes on from `now` if that is later than planned, so the steps after the wait
   * are not cut short for it.
   */
  catchUp(now: number): void {
    this.due = Math.max(this.due, now);
  }

  /**
   * Plans a step of `ms` at the end of the lane, against the clock's `now`. `startIn`: how
   * long after now the step is due to start (less than 0: it is that late, and starts that
   * far into its run); `endIn`: how long after now it is due to end (0 or less: it is over
   * already, and is done at once).
   */
  step(ms: number, now: number): { startIn: number; endIn: number } {
    const start = this.due;
    this.due = start + Math.max(0, ms);
    return { startIn: start - now, endIn: this.due - now };
  }
}
