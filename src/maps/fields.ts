/**
 * Generated boards as scenarios: the id of a board rolled from a seed (`field:skirmish:large:7`,
 * `field:sheet:3`: the same id, the same board, so saves replay) and the board loaded as a
 * Tiled map with its figures placed. Shared by the game's scenario list and by the tools,
 * which resolve campaign missions in node.
 */
import {
  boardKinds,
  boardToTiledText,
  generateBoard,
  isModuleBoard,
  type BoardKind,
} from './generated';
import { loadTiledMap } from './loader';
import { addDefaultSetup } from './rules';
import type { LoadedMap } from './types';

export const FIELD_PREFIX = 'field:';

/** The scenario id of a generated board: its kind and seed (the same id, the same field). */
export function fieldScenarioId(
  kind: BoardKind,
  seed: number,
  scale: 'large' | 'small' = 'large',
): string {
  return isModuleBoard(kind)
    ? `${FIELD_PREFIX}${kind}:${scale}:${seed}`
    : `${FIELD_PREFIX}${kind}:${seed}`;
}

/** A loaded map with figures: its own, else the rules' default placement. */
export function withFigures(map: LoadedMap): LoadedMap {
  const hasUnits =
    map.battleMap.objects.some((o) => o.kind === 'hero') &&
    map.battleMap.objects.some((o) => o.kind === 'enemy');
  if (hasUnits) return map;
  return { ...map, battleMap: addDefaultSetup(map.battleMap) };
}

/**
 * The generated board a `field:` id names, written as a Tiled map and loaded like any
 * other (so it is drawn with the built-in tiles). A skirmish field plays under the
 * Skirmish rules; the seed-001 boards under the ones they name.
 */
export function loadFieldMap(
  id: string,
):
  | { ok: true; map: LoadedMap; kind: BoardKind; seed: number; scale: 'large' | 'small' }
  | { ok: false; error: string } {
  const parts = id.slice(FIELD_PREFIX.length).split(':');
  const kind = parts[0] as BoardKind;
  const scale = parts[1] === 'small' ? 'small' : 'large';
  const seed = Number(parts[parts.length - 1]);
  if (!id.startsWith(FIELD_PREFIX) || !boardKinds().includes(kind) || !Number.isSafeInteger(seed))
    return { ok: false, error: `There is no generated board "${id}".` };
  const board = generateBoard({ kind, seed, scale });
  const loaded = loadTiledMap(boardToTiledText(board), { id: `field-${kind}-${seed}` });
  if (!loaded.ok) return { ok: false, error: `The generated board did not load: ${loaded.error}` };
  // A module's own board plays under that module; seed-001's boards under the ones they name.
  const rules = isModuleBoard(kind) ? kind : loaded.map.battleMap.properties.ruleModule;
  const battleMap = {
    ...loaded.map.battleMap,
    properties: { ...loaded.map.battleMap.properties, ruleModule: String(rules) },
  };
  return { ok: true, map: withFigures({ ...loaded.map, battleMap }), kind, seed, scale };
}
