/**
 * Fog of war as the Battle screen shows it (headless): which squares the heroes see, which
 * monsters are in view, and where the hidden ones were last seen. The engine says what is
 * seen (heroesView); the UI record remembers the last sightings.
 */
import { hasFogOfWar, heroesView, type GameState, type Point } from '../engine';
import type { BattleUi } from './battle-ui';

export interface FogView {
  /** 1 for each square some hero sees, row-major. */
  seen: Uint8Array;
  width: number;
  /** Monsters on the board that no hero sees now: not drawn. */
  hidden: string[];
  /** Where each hidden monster was last seen (none: never seen), drawn as a ghost. */
  ghosts: { unitId: string; at: Point }[];
}

/** The fog as drawn now, or null when the game is played without it. */
export function fogOf(state: GameState, ui: BattleUi): FogView | null {
  if (!hasFogOfWar(state)) return null;
  const view = heroesView(state);
  const inView = new Set(view.enemies);
  const hidden = state.units
    .filter((u) => u.side === 'enemies' && u.position && !inView.has(u.id))
    .map((u) => u.id);
  const ghosts = hidden.flatMap((id) => {
    const at = ui.lastSeen[id];
    return at ? [{ unitId: id, at }] : [];
  });
  return { seen: view.seen, width: state.map.width, hidden, ghosts };
}

/** The record after the heroes looked: each monster in view is seen where it stands. */
export function noteSightings(ui: BattleUi, state: GameState): BattleUi {
  if (!hasFogOfWar(state)) return ui;
  const { enemies } = heroesView(state);
  let changed = false;
  const lastSeen = { ...ui.lastSeen };
  for (const id of enemies) {
    const at = state.units.find((u) => u.id === id)?.position;
    if (!at) continue;
    const was = lastSeen[id];
    if (!was || was.x !== at.x || was.y !== at.y) {
      lastSeen[id] = { ...at };
      changed = true;
    }
  }
  // The fallen are no longer looked for.
  for (const id of Object.keys(lastSeen)) {
    if (!state.units.some((u) => u.id === id && u.position)) {
      delete lastSeen[id];
      changed = true;
    }
  }
  return changed ? { ...ui, lastSeen } : ui;
}
