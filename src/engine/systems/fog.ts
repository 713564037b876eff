/**
 * Fog of war: the player's view only. The heroes see what the four-corner model lets them
 * see (fov.ts, through walls); a monster is in view when some hero sees it by the game's
 * own sight rule between figures (figureSight: walls and, where the module says so, other
 * figures). The enemies' rules are not changed by it.
 */
import { fieldOfView, sightGrid } from '../fov';
import { doesSquareBlockSight } from '../map';
import { perMap } from '../map-index';
import type { OptionSpec } from '../rulesets/module';
import type { GameState } from '../types';
import { figureSight } from './sight';

/** The per-scenario option every module offers. */
export const FOG_OF_WAR_OPTION: OptionSpec = {
  id: 'fog',
  label: 'Fog of war',
  kind: 'toggle',
  default: false,
  help: 'Your view only: squares no hero can see are darkened and monsters out of sight are hidden where they were last seen. The monsters play by the same rules.',
};

/** The option as a module's normaliseOptions keeps it: present only when on. */
export function fogOption(raw: Readonly<Record<string, unknown>>): { fog?: true } {
  return raw.fog === true ? { fog: true } : {};
}

export function hasFogOfWar(state: GameState): boolean {
  return state.options.fog === true;
}

/** What the heroes see now: every square (0/1, row-major) and the monsters in view. */
export function heroesView(state: GameState): { seen: Uint8Array; enemies: string[] } {
  const map = state.map;
  const grid = perMap(map, 'sight-grid', () =>
    sightGrid(map.width, map.height, (x, y) => doesSquareBlockSight(map, x, y)),
  );
  const heroes = state.units.filter((u) => u.side === 'heroes' && u.position && !u.offField);
  const seen = new Uint8Array(map.width * map.height);
  for (const h of heroes) {
    const one = fieldOfView(h.position!, grid);
    for (let i = 0; i < seen.length; i++) seen[i] |= one[i];
  }
  const sees = figureSight(state);
  const enemies = state.units
    .filter((u) => u.side === 'enemies' && u.position && !u.offField)
    .filter((e) => heroes.some((h) => sees(h, e)))
    .map((e) => e.id);
  return { seen, enemies };
}

/** Whether some hero sees the monster `unitId` now, by the same rule as heroesView. */
export function heroesSee(state: GameState, unitId: string): boolean {
  const e = state.units.find((u) => u.id === unitId);
  if (!e?.position || e.offField) return false;
  const sees = figureSight(state);
  return state.units.some((h) => h.side === 'heroes' && h.position && !h.offField && sees(h, e));
}
