/**
 * Activations played back in a look-ahead (issue 14: the whole intent overlay within a
 * frame). The many runs of the enemies' next turn from one state meet the same
 * activations, on the same boards, with the same dice, over and over: an alerted monster
 * breaking a tie between equally near heroes walks the same squares whichever it picks.
 *
 * An activation is a pure function of the state before it and the faces it rolls (the
 * rules keep nothing else between commands), and so is everything a command does between
 * two rolls. So where a run stands is told by the faces it has rolled since the shared
 * start, and what an activation changed and emitted there, kept once, can be played back
 * onto a later run that stands there and rolls the same faces: a trie of the faces, with
 * each activation's kept ends in it. Two ends of one activation that changed the state
 * alike lead on to one place, so the runs after them share the rest as well.
 *
 * What an activation changed is told by comparing the state after it with a copy of the
 * state before, taken once a second run comes to the place (patrols scatter over boards
 * no second run sees, and copying for them would cost more than it saves), and not in
 * the first few (scouting) runs. A look-ahead whose runs seldom meet stops being followed
 * after a few runs (see `begin`).
 *
 * Runs that meet again after nearly every activation make a trie far smaller than the
 * number of ways through it (fifteen alerted monsters each breaking a tie between four to
 * six heroes, and walking alike whichever they pick: one place after each, 4^15 ways).
 * Runs that explore (`explore`) take the faces no run took yet until the trie knows every
 * way; then `everyWay` counts any outcome of the runs exactly, a level of places at a time.
 */
import type { DiceSource } from '../dice';
import { cloneState, copyPlain, isSamePlain } from '../game';
import type { GameEvent, GameState, Unit } from '../types';
import { boardValueCount, boardValuesNow, hashBoardValues, type Context } from './context';

/** One change an activation made: the value now at `path` in the state, or its removal. */
export interface Change {
  path: readonly (string | number)[];
  value: unknown;
  removed: boolean;
  /** The value is one cloneState shares between copies (never changed in place): kept as it is. */
  shared: boolean;
}

/**
 * The keys whose object values a copy of the state shares with the state it was copied
 * from (cloneState copies only what commands change in place): at the top (the map, a
 * module's flow...) and in a figure (its weapon list...). Such a value is only ever
 * replaced, so it is compared and kept by reference.
 */
export interface SharedKeys {
  top: ReadonlySet<string>;
  unit: ReadonlySet<string>;
}

/** A die rolled at a place, and where each face leads. */
interface Fork<T> {
  sides: number;
  below: number | undefined;
  next: Map<number, T>;
}

/** A place a run can stand between two things it does: roll a die, or start an activation. */
class Place {
  /** The die every run rolls next from here, outside any activation. */
  roll: Fork<Place> | null = null;
  /** The activation every run starts next from here. */
  activation: Start | null = null;
  /**
   * What a run keeps (its turn-ahead's events) from here to that activation, or to the
   * run's end; null until a followed run has gone that way with no die rolled between.
   */
  script: { events: GameEvent[]; ends: boolean } | null = null;
}

/** An activation starting at one place: its own rolls, in a trie, to its ends. */
class Start {
  first: Step | End | null = null;
  readonly ends: End[] = [];
  /** The runs that came here. */
  arrivals = 0;
  /**
   * The state here (every run here stands on it), copied when a second run comes: what
   * each end changed is told against it.
   */
  before: GameState | null = null;
  shared: SharedKeys | null = null;
}

/** A die an activation rolls, and where each face leads. */
type Step = Fork<Step | End>;

/** Where an activation ended, for one sequence of its faces. */
class End {
  /** What the activation emitted (shared by the runs played back: read, never changed). */
  events: GameEvent[] = [];
  /** What it changed; null until a second run comes here (or when it cannot be played back). */
  changes: Change[] | null = null;
  /** Never kept: it replaced or added figures, which the code around it may hold. */
  unkeepable = false;
  after = new Place();
}

/**
 * The first runs, in which nothing is kept yet: where their boards at each activation
 * (the figures' squares, facings and statuses) differ from run to run, on average, more
 * than `SCATTERED_BOARDS` ways, the runs scatter and are no longer followed. Two runs
 * tell it (their boards differ at more than half of the activations): patrols' differ
 * at nearly every one, alerted monsters' at few. The look-ahead's first run, which is
 * never followed, is the first of them where it says where the runs after it start
 * (noteProbeCommand), so one followed run is enough: every run more that keeps nothing
 * plays all of its activations anew.
 */
const SCOUTING_RUNS = 1;
const SCATTERED_BOARDS = 1.5;
/** Runs followed before the replay judges by what it played back whether it pays (see `begin`). */
const TRIAL_RUNS = 12;
/**
 * The least share of the trial runs' arrivals at places runs met before that found an end
 * kept there, for the replay to go on (alerted monsters: most; patrols: few).
 */
const LEAST_PLAYED_BACK = 0.35;

/**
 * The trie of one look-ahead's runs (see the file's comment). A run is followed from
 * `begin` (every run must start from the same state) to `end`; the kernel's
 * runActivation hands every activation of a run to `runActivation`, to play back or anew.
 */
export class ActivationReplay {
  private readonly root = new Place();
  /** Where the run followed now stands; null when it is not followed. */
  private at: Place | null = null;
  private dice: DiceSource | null = null;
  private runs = 0;
  /** The activations of the run so far. */
  private depth = 0;
  /** In the scouting runs, the boards met at each activation (hashes of boardValues). */
  private readonly boards: Set<number>[] = [];
  /**
   * The boards (hashes) the look-ahead's first run met at each activation, from the start
   * of the command the runs after it start with (see noteProbeCommand); null once a run
   * is followed.
   */
  private probe: number[] | null = [];
  /** Arrivals at places a run came to before (each played back, or anew), exploring runs aside. */
  private met = 0;
  /** Of those, the ones played back. */
  private trialPlayedBack = 0;
  /** Set once the trial runs played too little back (patrols): runs are no longer followed. */
  private off = false;
  /** Activations played back, and played anew, since the first run (for tests and the bench). */
  playedBack = 0;
  played = 0;
  /** Times a run did not do what an earlier run did from the same place (must stay 0). */
  strayed = 0;
  /** Whole runs read off the trie, their events only (playRun). */
  runsPlayedWhole = 0;
  /**
   * Set while a run explores (see `explore`): at each die of an activation the trie knows,
   * the run takes a face no run took yet, else one that leads where the trie does not know
   * every way yet.
   */
  private exploring = false;
  /** While a run explores: whether the trie knows every way on from a place or a die (see `isKnown`). */
  private known = new Map<Place | Step, boolean>();
  /** The stretch of the followed run being written down: the place it started at, its events. */
  private open: { place: Place; events: GameEvent[] } | null = null;
  /** Where the command now running reached activations: its event index, and the place. */
  private points: { index: number; start: boolean; place: Place }[] = [];

  /**
   * Starts a run from the look-ahead's shared start state; returns the dice the run's
   * commands must be given (`dice`, with each face noted while the run is followed).
   * A look-ahead whose runs seldom meet (patrols scatter over boards no second run sees)
   * is no longer followed, where keeping what could be played back would cost more than it
   * saves: after the scouting runs, when their boards differed too much; after the trial
   * runs, when too little was played back. Followed or not, every run comes out the same.
   */
  begin(dice: DiceSource): DiceSource {
    this.runs++;
    this.takeProbeBoards();
    this.off = this.isOffFrom(this.runs);
    this.depth = 0;
    if (this.off) return dice;
    this.at = this.root;
    this.dice = dice;
    this.open = { place: this.root, events: [] };
    this.points = [];
    return {
      roll: (sides, below) => {
        const value = dice.roll(sides, below);
        this.rolledOutside(sides, below, value);
        return value;
      },
    };
  }

  /** Whether the run begun next will be followed (see `begin`). */
  willFollow(): boolean {
    this.takeProbeBoards();
    return !this.isOffFrom(this.runs + 1);
  }

  /** The first run's boards go to the scouting's (see noteProbeCommand); it is over. */
  private takeProbeBoards(): void {
    if (this.probe) this.probe.forEach((hash, d) => (this.boards[d] ??= new Set()).add(hash));
    this.probe = null;
  }

  /** Whether runs are no longer followed from the `run`th on (see `begin`). */
  private isOffFrom(run: number): boolean {
    if (this.off) return true;
    if (run === SCOUTING_RUNS + 1 && this.boards.length > 0) {
      const ways = this.boards.reduce((sum, b) => sum + b.size, 0) / this.boards.length;
      return ways > SCATTERED_BOARDS;
    }
    // Exploring runs take new faces on purpose: the trial counts the other runs alone.
    return run === TRIAL_RUNS + 1 && this.trialPlayedBack < LEAST_PLAYED_BACK * this.met;
  }

  /**
   * The look-ahead's first run (before any run is followed) begins a command: if that
   * command rolls the first die, the runs after it start where it starts, so the boards it
   * meets from here are the first scouting run's.
   */
  noteProbeCommand(): void {
    if (this.probe) this.probe = [];
  }

  /**
   * Starts a run that explores (begin, then steered by the trie): at each die of an
   * activation the trie knows, it takes a face no run took yet, else one leading where the
   * trie does not know every way; elsewhere `dice` decide. Its faces are chosen, not rolled:
   * such a run is no sample of the turn. Returns the dice to give its commands.
   */
  explore(dice: DiceSource): DiceSource {
    const followed = this.begin(dice);
    this.exploring = this.at !== null;
    this.known.clear();
    return followed;
  }

  /** Ends the run. */
  end(): void {
    this.at = null;
    this.dice = null;
    this.open = null;
    this.points = [];
    this.exploring = false;
    this.known.clear();
  }

  /** The face an exploring run takes at a die the trie knows (see `explore`). */
  private faceToExplore(step: Step): number {
    const low = lowestFace(step);
    for (let face = low; face <= step.sides; face++) if (!step.next.has(face)) return face;
    for (let face = low; face <= step.sides; face++) {
      const next = step.next.get(face)!;
      if (!this.isKnown(next)) return face;
    }
    return low;
  }

  /**
   * Whether the trie knows every way a run can go on from `node` (an end: from the place it
   * leads to): every stretch written down, every face of every die taken, every
   * activation's ends known, to the runs' end. Kept in `known` while one run explores (the
   * trie grows between runs).
   */
  private isKnown(node: Place | Step | End): boolean {
    if (node instanceof End) return this.isKnown(node.after);
    const kept = this.known.get(node);
    if (kept !== undefined) return kept;
    let known: boolean;
    if (node instanceof Place) {
      const first = node.activation?.first ?? null;
      known = node.script !== null && (node.script.ends || (first !== null && this.isKnown(first)));
    } else {
      known = true;
      for (let face = lowestFace(node); face <= node.sides && known; face++) {
        const next = node.next.get(face);
        known = next !== undefined && this.isKnown(next);
      }
    }
    this.known.set(node, known);
    return known;
  }

  /**
   * Whether the trie knows every way a run from the shared start can go (see isKnown), so
   * `everyWay` can count them all: only while runs are followed and none strayed.
   */
  knowsEveryRun(): boolean {
    if (this.off || this.strayed > 0 || this.runs === 0) return false;
    this.known.clear();
    const known = this.isKnown(this.root);
    this.known.clear();
    return known;
  }

  /**
   * Every way a run from the shared start can go, to count outcomes over exactly (see
   * WayCount), when the trie knows them all (knowsEveryRun); null otherwise.
   */
  everyWay(): WayCount | null {
    if (!this.knowsEveryRun()) return null;
    const levels: WayStep[][] = [];
    // Every way to a place has as many activations before it: a level at a time.
    let level: Place[] = [this.root];
    while (level.length > 0) {
      const next = new Set<Place>();
      const steps: WayStep[] = [];
      for (const place of level) {
        const script = place.script!;
        const ends = script.ends ? [] : endsWithChances(place.activation!);
        for (const { end } of ends) next.add(end.after);
        steps.push({ place, events: script.events, ends });
      }
      levels.push(steps);
      level = [...next];
    }
    return new WayCount(this.root, levels);
  }

  /**
   * After each command of a followed run: its events, of which the turn-ahead kept the
   * first `kept`. The stretches between activations are written down at their places.
   * A run the turn-ahead cut short inside a command (a new round began) is not written
   * down from its last activation on: runs that end so are always played.
   */
  noteCommand(events: readonly GameEvent[], kept: number): void {
    const points = this.points;
    this.points = [];
    let open = this.open;
    if (!open) return;
    if (kept < events.length) {
      this.open = null;
      return;
    }
    let from = 0;
    for (const p of points) {
      if (p.start) {
        if (!open) break;
        for (let i = from; i < p.index; i++) open.events.push(events[i]);
        this.writeScript(open.place, open.events, false);
        open = null;
      } else open = { place: p.place, events: [] };
      from = p.index;
    }
    if (open) for (let i = from; i < kept; i++) open.events.push(events[i]);
    this.open = open;
  }

  /** The followed run ends here (the turn-ahead's stretch is over). */
  noteRunEnd(): void {
    if (this.open) this.writeScript(this.open.place, this.open.events, true);
    this.open = null;
  }

  private writeScript(place: Place, events: GameEvent[], ends: boolean): void {
    const known = place.script;
    if (!known) place.script = { events, ends };
    else if (known.ends !== ends || known.events.length !== events.length) this.strayed++;
  }

  /**
   * A whole run from the shared start read off the trie, its events only (what the
   * turn-ahead keeps after the start's own): the stretches written down at each place and
   * the events of each activation's end the run's faces lead to. Where the trie does not
   * know the whole way, the faces drawn so far are given back instead: the run is then
   * played with them first, then its dice.
   */
  playRun(dice: DiceSource): { events: GameEvent[] } | { drawn: number[] } {
    const drawn: number[] = [];
    if (this.off) return { drawn };
    const events: GameEvent[] = [];
    let place = this.root;
    for (;;) {
      const script = place.script;
      if (!script) return { drawn };
      for (const e of script.events) events.push(e);
      if (script.ends) {
        this.runsPlayedWhole++;
        return { events };
      }
      const start = place.activation;
      if (!start) return { drawn };
      let node = start.first;
      while (node && !(node instanceof End)) {
        const value = dice.roll(node.sides, node.below);
        drawn.push(value);
        node = node.next.get(value) ?? null;
      }
      if (!(node instanceof End)) return { drawn };
      for (const e of node.events) events.push(e);
      place = node.after;
    }
  }

  private rolledOutside(sides: number, below: number | undefined, value: number): void {
    // No stretch is written down across a die rolled outside the activations.
    this.open = null;
    const at = this.at;
    if (!at) return;
    if (at.activation) {
      this.strayed++;
      this.at = null;
      return;
    }
    let fork = at.roll;
    if (!fork) fork = at.roll = { sides, below, next: new Map() };
    else if (fork.sides !== sides || fork.below !== below) {
      this.strayed++;
      this.at = null;
      return;
    }
    let next = fork.next.get(value);
    if (!next) fork.next.set(value, (next = new Place()));
    this.at = next;
  }

  /**
   * Plays one activation (`steps`, not begun: played back, it never runs): back from the
   * trie when the run followed has come to a kept end, else with `play` (the kernel's
   * plain runner), keeping what it did where runs meet.
   */
  runActivation(
    ctx: Context,
    steps: Iterator<unknown>,
    play: (ctx: Context, steps: Iterator<unknown>) => void,
  ): void {
    const at = this.at;
    const dice = this.dice;
    if (!at || !dice) {
      if (this.dice) this.played++;
      else if (this.probe) this.probe.push(boardHash(ctx.state));
      this.open = null;
      play(ctx, steps);
      return;
    }
    // Inside the activation the run's faces go to its own trie; a nested activation plays plainly.
    this.at = null;
    this.played++;
    if (at.roll) {
      this.strayed++;
      this.open = null;
      play(ctx, steps);
      return;
    }
    if (this.open) this.points.push({ index: ctx.events.length, start: true, place: at });
    const start = (at.activation ??= new Start());
    start.arrivals++;
    const scouting = this.runs <= SCOUTING_RUNS;
    if (scouting) (this.boards[this.depth] ??= new Set()).add(boardHash(ctx.state));
    this.depth++;
    if (start.arrivals > 1 && !this.exploring) this.met++;
    // The faces the trie knows, rolled with the run's dice.
    const drawn: number[] = [];
    let node = start.first;
    while (node && !(node instanceof End)) {
      const value = this.exploring ? this.faceToExplore(node) : dice.roll(node.sides, node.below);
      drawn.push(value);
      node = node.next.get(value) ?? null;
    }
    if (node instanceof End && node.changes) {
      this.played--;
      this.playedBack++;
      if (!this.exploring) this.trialPlayedBack++;
      applyChanges(ctx.state, node.changes);
      for (const e of node.events) ctx.events.push(e);
      this.at = node.after;
      if (this.open)
        this.points.push({ index: ctx.events.length, start: false, place: node.after });
      return;
    }
    // Played anew, the faces drawn first, then the run's dice, each noted. What it changed
    // is told against the state here, copied once a second run comes (a place no run
    // came to before is seldom come to again: patrols scatter).
    const known = node instanceof End ? node : null;
    // An exploring run comes back to every place it finds (its ends must meet their twins).
    if ((start.arrivals > 1 || this.exploring) && !start.before && !scouting) {
      start.before = cloneState(ctx.state);
      start.shared = sharedKeys(ctx.state, start.before);
    }
    // The run's figures, which the activation must leave in place to be kept (the code
    // around it may hold them).
    const units = start.before ? ctx.state.units.slice() : null;
    const rolls: { sides: number; below: number | undefined; value: number }[] = [];
    const outside = ctx.dice;
    ctx.dice = {
      roll(sides, below) {
        const value = rolls.length < drawn.length ? drawn[rolls.length] : dice.roll(sides, below);
        rolls.push({ sides, below, value });
        return value;
      },
    };
    const mark = ctx.events.length;
    try {
      play(ctx, steps);
    } finally {
      ctx.dice = outside;
    }
    const end = known ?? this.addEnd(start, rolls);
    // Played again from a kept place, the activation must roll what it rolled there.
    if (!end || (known && rolls.length !== drawn.length)) {
      this.strayed++;
      this.open = null;
      return;
    }
    if (!known) end.events = ctx.events.slice(mark);
    if (units && !end.unkeepable) keepEnd(start, end, units, ctx.state);
    this.at = end.after;
    if (this.open) this.points.push({ index: ctx.events.length, start: false, place: end.after });
  }

  /** Adds the path of `rolls` to `start`'s trie with a new end (null: the trie said otherwise). */
  private addEnd(
    start: Start,
    rolls: readonly { sides: number; below: number | undefined; value: number }[],
  ): End | null {
    const end = new End();
    if (rolls.length === 0) {
      if (start.first) return null;
      start.first = end;
      start.ends.push(end);
      return end;
    }
    let step = start.first;
    if (step instanceof End) return null;
    if (!step)
      step = start.first = { sides: rolls[0].sides, below: rolls[0].below, next: new Map() };
    for (let i = 0; i < rolls.length; i++) {
      const r = rolls[i];
      if (step.sides !== r.sides || step.below !== r.below) return null;
      const next = step.next.get(r.value);
      if (i === rolls.length - 1) {
        if (next) return null;
        step.next.set(r.value, end);
        start.ends.push(end);
        return end;
      }
      if (next instanceof End) return null;
      if (next) step = next;
      else {
        const made: Step = {
          sides: rolls[i + 1].sides,
          below: rolls[i + 1].below,
          next: new Map(),
        };
        step.next.set(r.value, made);
        step = made;
      }
    }
    return null;
  }
}

/** A place on the ways, what runs emit there, and the activation's ends after it with their chances (none: the runs end there). */
interface WayStep {
  place: Place;
  events: readonly GameEvent[];
  ends: { end: End; chance: number }[];
}

/**
 * Every way runs from one start can go (ActivationReplay.everyWay), with its chance: the
 * places in levels (every way to a place has as many activations before it), so outcomes
 * are counted over the trie's size, not the number of ways: the ways that meet again
 * after an activation (ends that changed the state alike) are counted together from there.
 */
export class WayCount {
  constructor(
    private readonly root: Place,
    private readonly levels: readonly (readonly WayStep[])[],
  ) {}

  /**
   * Every outcome with its exact chance: `fold` carried along each way's events from
   * `initial` (it must not change the value it is given), values alike by `keyOf` counted
   * as one.
   */
  outcomes<S>(
    initial: S,
    fold: (value: S, events: readonly GameEvent[]) => S,
    keyOf: (value: S) => string,
  ): { value: S; chance: number }[] {
    type Spread = Map<string, { value: S; chance: number }>;
    const add = (spread: Spread, value: S, chance: number): void => {
      const key = keyOf(value);
      const there = spread.get(key);
      if (there) there.chance += chance;
      else spread.set(key, { value, chance });
    };
    const finals: Spread = new Map();
    const at = new Map<Place, Spread>([
      [this.root, new Map([[keyOf(initial), { value: initial, chance: 1 }]])],
    ]);
    for (const level of this.levels)
      for (const { place, events, ends } of level) {
        const spread = at.get(place)!;
        at.delete(place);
        for (const { value, chance } of spread.values()) {
          const here = events.length > 0 ? fold(value, events) : value;
          if (ends.length === 0) add(finals, here, chance);
          for (const { end, chance: endChance } of ends) {
            let after = at.get(end.after);
            if (!after) at.set(end.after, (after = new Map()));
            add(after, end.events.length > 0 ? fold(here, end.events) : here, chance * endChance);
          }
        }
      }
    return [...finals.values()];
  }

  /** Each batch of events some way emits (to tell beforehand which outcomes can change). */
  *eventLists(): Generator<readonly GameEvent[]> {
    for (const level of this.levels)
      for (const { events, ends } of level) {
        yield events;
        for (const { end } of ends) yield end.events;
      }
  }
}

/** The lowest face that stands on `step`'s die (a re-rolled die's lower faces are rolled again). */
function lowestFace(step: Step): number {
  return step.below !== undefined && step.below > 1 && step.below <= step.sides ? step.below : 1;
}

/** Each end of the activation at `start` with its chance (every face of every die known). */
function endsWithChances(start: Start): { end: End; chance: number }[] {
  const out: { end: End; chance: number }[] = [];
  const walk = (node: Step | End, chance: number): void => {
    if (node instanceof End) {
      out.push({ end: node, chance });
      return;
    }
    const low = lowestFace(node);
    const each = chance / (node.sides - low + 1);
    for (let face = low; face <= node.sides; face++) walk(node.next.get(face)!, each);
  };
  walk(start.first!, 1);
  return out;
}

/**
 * Keeps what the activation changed at `end` (`after`: the state it left; `units`, the
 * run's figures before it), going on with a twin that changed the state alike.
 */
function keepEnd(start: Start, end: End, units: readonly Unit[], after: GameState): void {
  const sameFigures =
    units.length === after.units.length && units.every((u, i) => u === after.units[i]);
  if (!sameFigures) {
    end.unkeepable = true;
    return;
  }
  const changes = changesBetween(start.before!, after, start.shared!);
  end.changes = changes;
  // Ends that changed the state alike leave the runs on one board: they go on together.
  const twin = start.ends.find((e) => e !== end && e.changes && sameChanges(e.changes, changes));
  if (twin) end.after = twin.after;
}

/** A hash of what the figures show (boardValues): the scouting's board at an activation. */
function boardHash(state: GameState): number {
  return hashBoardValues(boardValuesNow(state), boardValueCount(state));
}

function isObject(value: unknown): value is Record<string | number, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The keys whose object values `copy` (cloneState of `state`) shares with `state`. */
export function sharedKeys(state: GameState, copy: GameState): SharedKeys {
  const top = new Set<string>();
  const unit = new Set<string>();
  const record = state as unknown as Record<string, unknown>;
  const copied = copy as unknown as Record<string, unknown>;
  for (const k in record) if (isObject(record[k]) && copied[k] === record[k]) top.add(k);
  state.units.forEach((u, i) => {
    const from = u as unknown as Record<string, unknown>;
    const to = copy.units[i] as unknown as Record<string, unknown>;
    for (const k in from) if (isObject(from[k]) && to[k] === from[k]) unit.add(k);
  });
  return { top, unit };
}

/**
 * The changes that turn the plain data `before` into `after`: a value changed, added or
 * removed at the deepest place it can be told (arrays of another length whole); the
 * values under `shared` keys by reference, never looked into.
 */
export function changesBetween(before: GameState, after: GameState, shared: SharedKeys): Change[] {
  const out: Change[] = [];
  diffInto(before, after, [], out, shared);
  return out;
}

function isSharedAt(path: readonly (string | number)[], shared: SharedKeys): boolean {
  if (path.length === 1) return shared.top.has(path[0] as string);
  return path.length === 3 && path[0] === 'units' && shared.unit.has(path[2] as string);
}

function diffInto(
  before: unknown,
  after: unknown,
  path: (string | number)[],
  out: Change[],
  sharing: SharedKeys,
): void {
  if (before === after) return;
  const shared = isSharedAt(path, sharing);
  if (
    shared ||
    typeof before !== 'object' ||
    typeof after !== 'object' ||
    before === null ||
    after === null
  ) {
    out.push({ path: path.slice(), value: keptValue(after, shared), removed: false, shared });
    return;
  }
  const beforeIsArray = Array.isArray(before);
  if (beforeIsArray !== Array.isArray(after)) {
    out.push({ path: path.slice(), value: keptValue(after, shared), removed: false, shared });
    return;
  }
  if (beforeIsArray) {
    const a = before as unknown[];
    const b = after as unknown[];
    if (a.length !== b.length) {
      out.push({ path: path.slice(), value: keptValue(after, shared), removed: false, shared });
      return;
    }
    for (let i = 0; i < b.length; i++) {
      const x = a[i];
      const y = b[i];
      if (x === y) continue;
      path.push(i);
      diffInto(x, y, path, out, sharing);
      path.pop();
    }
    return;
  }
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  // Key by key; a primitive passed by without a call. Keys of `before` are counted to
  // tell whether one is gone from `after` without looking each one up.
  let matched = 0;
  for (const k in b) {
    const y = b[k];
    const x = a[k];
    if (x === y && (x !== undefined || k in a)) {
      matched++;
      continue;
    }
    path.push(k);
    if (x === undefined && !(k in a)) {
      const shared = isSharedAt(path, sharing);
      out.push({ path: path.slice(), value: keptValue(y, shared), removed: false, shared });
    } else {
      matched++;
      diffInto(x, y, path, out, sharing);
    }
    path.pop();
  }
  let count = 0;
  for (const k in a) count++;
  if (count === matched) return;
  for (const k in a)
    if (!(k in b)) out.push({ path: [...path, k], value: undefined, removed: true, shared: false });
}

/**
 * A changed value as a change keeps it: a copy of its own, for the state it was read from
 * goes on changing in place (and a look-ahead may take its figures over: cloneStateOnto);
 * a shared value (never changed in place) as it is.
 */
function keptValue(value: unknown, shared: boolean): unknown {
  return shared ? value : copyPlain(value);
}

/**
 * Makes `changes` on `state` in place (copies of their values, for a run changes its
 * state in place; the shared keys' values as they are).
 */
export function applyChanges(state: GameState, changes: readonly Change[]): void {
  for (const c of changes) {
    let o = state as unknown as Record<string | number, unknown>;
    const last = c.path.length - 1;
    for (let i = 0; i < last; i++) o = o[c.path[i]] as Record<string | number, unknown>;
    const key = c.path[last];
    if (c.removed) delete o[key];
    else o[key] = c.shared ? c.value : copyPlain(c.value);
  }
}

function sameChanges(a: readonly Change[], b: readonly Change[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x.removed !== y.removed || x.shared !== y.shared || x.path.length !== y.path.length)
      return false;
    for (let k = 0; k < x.path.length; k++) if (x.path[k] !== y.path[k]) return false;
    if (x.shared ? x.value !== y.value : !isSamePlain(x.value, y.value)) return false;
  }
  return true;
}
