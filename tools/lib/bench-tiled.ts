/**
 * ASCII benchmark board -> Tiled JSON (the minimal orthogonal form the game's loader reads:
 * a Floor layer, a Walls layer where any painted tile is a wall, and a Units object layer).
 * Used to write test/fixtures/bench/dungeon-64.tmj for the browser benchmark, which loads it
 * through `window.archfoe.loadMap(text)`.
 */
import { defaultRuleModule } from '../../src/engine/index';

const TILE = 32;
/** Tile ids (gid) in the built-in 8 x 2 dungeon tileset: 1 floor, 2 wall. */
const FLOOR_GID = 1;
const WALL_GID = 2;

interface TiledProperty {
  name: string;
  type: 'string' | 'bool' | 'int';
  value: string | boolean | number;
}

export function asciiToTiled(rows: readonly string[], name: string): Record<string, unknown> {
  const height = rows.length;
  const width = Math.max(...rows.map((r) => r.length));
  const floor: number[] = [];
  const walls: number[] = [];
  const objects: Record<string, unknown>[] = [];
  let id = 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ch = rows[y][x] ?? ' ';
      floor.push(ch === ' ' ? 0 : FLOOR_GID);
      walls.push(ch === '#' ? WALL_GID : 0);
      const unit = defaultRuleModule().asciiLetters[ch];
      const props: TiledProperty[] = [];
      let type: string | null = null;
      if (unit) {
        type = unit.kind;
        props.push({ name: 'unit', type: 'string', value: unit.unit });
        if (unit.archFoe) props.push({ name: 'archFoe', type: 'bool', value: true });
      } else if (ch === '1' || ch === '3' || ch === '5') {
        type = 'lair';
        props.push({ name: 'roll', type: 'string', value: `${ch}-${Number(ch) + 1}` });
      }
      if (type) {
        objects.push({
          id: id,
          name: unit ? unit.unit : `lair ${ch}`,
          type,
          x: x * TILE,
          y: y * TILE,
          width: TILE,
          height: TILE,
          rotation: 0,
          visible: true,
          properties: props,
        });
        id++;
      }
    }
  }
  // Its own key order (not src/devtools/tiled-json.ts's), so the committed dungeon-64.tmj stays as it is.
  const tileLayer = (id: number, layerName: string, data: number[]): Record<string, unknown> => ({
    id,
    type: 'tilelayer',
    name: layerName,
    x: 0,
    y: 0,
    width,
    height,
    opacity: 1,
    visible: true,
    data,
  });
  return {
    type: 'map',
    version: '1.10',
    tiledversion: '1.10.2',
    orientation: 'orthogonal',
    renderorder: 'right-down',
    width,
    height,
    tilewidth: TILE,
    tileheight: TILE,
    infinite: false,
    nextlayerid: 4,
    nextobjectid: id,
    properties: [
      { name: 'name', type: 'string', value: name },
      { name: 'victory', type: 'string', value: 'arch-foe' },
      { name: 'ruleModule', type: 'string', value: 'dungeon-crawl' },
    ],
    layers: [
      tileLayer(1, 'Floor', floor),
      tileLayer(2, 'Walls', walls),
      {
        id: 3,
        type: 'objectgroup',
        name: 'Units',
        x: 0,
        y: 0,
        opacity: 1,
        visible: true,
        draworder: 'topdown',
        objects,
      },
    ],
    tilesets: [
      {
        firstgid: 1,
        name: 'dungeon',
        tilewidth: TILE,
        tileheight: TILE,
        tilecount: 16,
        columns: 8,
        margin: 0,
        spacing: 0,
        image: '../assets/tiles/dungeon-tiles.png',
        imagewidth: 256,
        imageheight: 64,
      },
    ],
  };
}
