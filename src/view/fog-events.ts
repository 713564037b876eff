/**
 * Fog of war while a command's events are played (headless): which monsters the heroes see
 * as each event happens, square by square along a walk, and the dice log's words for what
 * they do not see. The board replays the figures' moves on a copy of the state before the
 * command and asks the engine's sight rule (heroesSee, the rule fog-overlay.ts draws by)
 * after each step: a monster is drawn only on the squares where a hero sees it, and nothing
 * (its die, its marker, its sound, the camera, a log line with its name) shows it anywhere
 * else. Every roll is still logged, with its die and number: only who rolled is unsaid.
 */
import {
  cloneState,
  hasFogOfWar,
  heroesSee,
  type GameEvent,
  type GameState,
  type Point,
} from '../engine';

export interface FogScript {
  /**
   * Per event: false when it is a monster's doing (or about a monster) that no hero sees
   * as it happens; true for everything else.
   */
  seen: boolean[];
  /**
   * For each walk of a monster (by event index): whether it is seen where it starts, then
   * on each square of its path.
   */
  steps: Map<number, boolean[]>;
  /** Per event: the words the dice log shows (empty: not logged). */
  words: string[];
}

/** The words for what the heroes do not see. */
export const UNSEEN_WORDS = {
  moves: 'Something moves in the dark.',
  leaves: (name: string) => `The ${name} moves out of sight.`,
  stirs: 'Something stirs in the dark.',
  strikes: (target: string) => `Something strikes at the ${target} from the dark.`,
  roll: (die: number, value: number) => `A roll in the dark: d${die} = ${value}.`,
  // A die that picks among figures some of which are out of sight: its size and number
  // would count them, so the line names only the one picked, when it is seen.
  picks: (name: string | null) =>
    name ? `A roll picks the one that acts: the ${name}.` : 'A roll picks the one that acts.',
};

function monsterOf(state: GameState, id: string | null | undefined) {
  const u = id ? state.units.find((x) => x.id === id) : undefined;
  return u?.side === 'enemies' ? u : undefined;
}

/** The unit an event is about, for the events that are one figure's doing. */
function actorOf(e: GameEvent): string | null {
  return 'unit' in e && typeof e.unit === 'string' ? e.unit : null;
}

/**
 * How `events` (from `before` to `after`) are shown under fog of war; null when the game is
 * played without it.
 */
export function fogScript(
  before: GameState,
  events: readonly GameEvent[],
  after: GameState,
): FogScript | null {
  if (!hasFogOfWar(before)) return null;
  const draft = cloneState(before);
  const seen: boolean[] = [];
  const words: string[] = [];
  const steps = new Map<number, boolean[]>();
  const place = (id: string, at: Point | null) => {
    const u = draft.units.find((x) => x.id === id);
    if (u) u.position = at ? { ...at } : null;
  };
  const sees = (id: string) => heroesSee(draft, id);
  for (const [i, e] of events.entries()) {
    // Where figures stand (and the map, once a door opens) as this event happens.
    if (e.type === 'door-opened') {
      draft.map = after.map;
      draft.doors = after.doors;
    }
    const actor = actorOf(e);
    const monster = monsterOf(draft, actor);
    let isSeen = true;
    let text = e.text;
    if (e.type === 'moved') {
      if (monster) {
        const path = e.path.length > 0 ? e.path : [e.to];
        const wasSeen = monster.position ? sees(monster.id) : false;
        const along = path.map((p) => {
          place(monster.id, p);
          return sees(monster.id);
        });
        steps.set(i, [wasSeen, ...along]);
        isSeen = wasSeen || along.some(Boolean);
        if (!isSeen) text = UNSEEN_WORDS.moves;
        else if (!along[along.length - 1]) text = UNSEEN_WORDS.leaves(monster.name);
      } else if (actor) place(actor, e.to);
    } else if (e.type === 'placed') {
      if (actor) place(actor, e.at);
      if (monster) isSeen = sees(monster.id);
    } else if (e.type === 'move-undone') {
      if (actor) place(actor, e.to);
    } else if (e.type === 'attacked') {
      if (monster) {
        isSeen = sees(monster.id);
        const target = draft.units.find((u) => u.id === e.target);
        if (!isSeen) text = UNSEEN_WORDS.strikes(target?.name ?? 'hero');
      }
    } else if (e.type === 'roll') {
      if (monster) {
        isSeen = sees(monster.id);
        if (!isSeen) text = UNSEEN_WORDS.roll(e.die, e.value);
      } else if (e.picks?.some((id) => monsterOf(draft, id) && !sees(id))) {
        const picked = monsterOf(draft, e.picks[e.value - 1]);
        isSeen = !picked || sees(picked.id);
        text = UNSEEN_WORDS.picks(picked && isSeen ? picked.name : null);
      }
    } else if (e.type === 'defeated') {
      if (monster) isSeen = sees(monster.id);
      if (actor) place(actor, null);
    } else if (monster) {
      isSeen = sees(monster.id);
      // Its turn, its turning, its alarm, its choices: one quiet line at most.
      if (!isSeen) text = e.type === 'status-changed' ? UNSEEN_WORDS.stirs : '';
    }
    seen.push(isSeen);
    words.push(isSeen || text !== e.text ? text : '');
  }
  return { seen, steps, words };
}

/** The event as the dice log shows it (its words replaced where the fog hides who did it). */
export function veiled(e: GameEvent, script: FogScript | null, index: number): GameEvent {
  if (!script || script.words[index] === undefined || script.words[index] === e.text) return e;
  return { ...e, text: script.words[index] } as GameEvent;
}
