/**
 * Object layers: each Tiled object becomes (a) a normalised object for Phaser, moved by
 * layer offsets and the infinite-map origin and scaled to the 32-pixel grid, and (b) when
 * it has a kind the game knows, a MapObject with its square(s) and checked properties.
 * Squares: points use floor(x / tilewidth), floor(y / tileheight); rectangles cover every
 * square they overlap by at least an eighth of a tile; tile objects (gid) are anchored by the tileset's object alignment
 * (Tiled's default: x,y is the bottom-left corner).
 */
import type { MapObject, PropertyValue } from '../engine/map';
import { KNOWN_OBJECT_KINDS, NORMALIZED_TILE_SIZE, OBJECT_KIND_ALIASES } from './constants';
import type { RuleModule } from '../engine/rulesets/module';
import { enemyKinds, heroKinds as heroKindsOf } from './rules';
import { flagsOf, gidOf, withFlags } from './decode';
import { fail, quote, show } from './errors';
import type { Bounds, FlatObjectLayer } from './layers';
import {
  getProp,
  parseRoll,
  readBool,
  readFacing,
  readInt,
  readProperties,
  readString,
  recordOfBag,
  type PropertyBag,
} from './properties';
import { check, ObjectSchema, type RawObject } from './schema';
import { expandTemplate, type TemplateContext } from './templates';
import { tileInfo, type TilesetTable } from './tilesets';
import type { NormalizedObject, NormalizedObjectLayer } from './types';

/** A MapObject with where it came from, for later checks and messages. */
export interface ParsedObject {
  object: MapObject;
  where: string;
  layerName: string;
}

export interface ObjectContext {
  tilewidth: number;
  tileheight: number;
  bounds: Bounds;
  table: TilesetTable;
  templates: TemplateContext;
  warnings: string[];
  /** The map's rule module, whose kinds the objects may name. */
  rules: RuleModule;
  /** Objects the game does not use, gathered for one grouped warning (see ignoredObjectsWarning). */
  ignored: IgnoredObject[];
  /** Enemies that named no unit and got the rule module's default kind. */
  defaulted: string[];
}

/** An object the game does not use: where it is, its class, and whether it lies outside the map. */
export interface IgnoredObject {
  where: string;
  className: string;
  outside: boolean;
}

/**
 * One warning for all the objects the game does not use, e.g. `5 objects the game does not
 * use were ignored: class "Chest" (3), no class (2); first: Object "Chest 1" (id 4) in
 * layer "Items"...`, or null when there are none.
 */
export function ignoredObjectsWarning(ignored: readonly IgnoredObject[]): string | null {
  if (ignored.length === 0) return null;
  const byClass = new Map<string, number>();
  for (const o of ignored) byClass.set(o.className, (byClass.get(o.className) ?? 0) + 1);
  const classes = [...byClass]
    .slice(0, 6)
    .map(([c, n]) => `${c === '' ? 'no class' : `class ${quote(c)}`} (${n})`);
  if (byClass.size > 6) classes.push(`${byClass.size - 6} more classes`);
  const outside = ignored.filter((o) => o.outside).length;
  const first = ignored
    .slice(0, 3)
    .map((o) => o.where)
    .join('; ');
  const n = ignored.length;
  return (
    `${n === 1 ? '1 object' : `${n} objects`} the game does not use ${n === 1 ? 'was' : 'were'} ignored: ${classes.join(', ')}` +
    `${outside > 0 ? `; ${outside} of them outside the map` : ''}. First: ${first}${n > 3 ? '...' : '.'} ` +
    `Known classes: ${KNOWN_OBJECT_KINDS.join(', ')} (or player, start, spawn, monster...).`
  );
}

/**
 * The kind an object's name stands for when it has no class: `Player`, `Spawn Point`,
 * `Goblin`... (other games' maps name their objects rather than class them).
 */
function kindFromName(name: string, ctx: ObjectContext): string | undefined {
  if (name.trim() === '') return undefined;
  const k = normalizeKind(name);
  const known: readonly string[] = KNOWN_OBJECT_KINDS;
  if (known.includes(k)) return k;
  if (enemyKinds(ctx.rules).includes(k) || heroKindsOf(ctx.rules).includes(k)) return k;
  return undefined;
}

const EPS = 1e-6;
const EDGE = 0.125;

/** Normalises a kind text: lower case, spaces and underscores as dashes, aliases resolved. */
export function normalizeKind(text: string): string {
  const k = text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  return OBJECT_KIND_ALIASES[k] ?? k;
}

function pixelRect(
  obj: RawObject,
  ctx: ObjectContext,
): { left: number; top: number; width: number; height: number; isPoint: boolean } {
  if (obj.point) return { left: obj.x, top: obj.y, width: 0, height: 0, isPoint: true };
  const pts = obj.polygon ?? obj.polyline;
  if (pts && pts.length > 0) {
    const xs = pts.map((p) => p.x + obj.x);
    const ys = pts.map((p) => p.y + obj.y);
    const left = Math.min(...xs);
    const top = Math.min(...ys);
    return {
      left,
      top,
      width: Math.max(...xs) - left,
      height: Math.max(...ys) - top,
      isPoint: false,
    };
  }
  if (obj.gid !== undefined && gidOf(obj.gid) !== 0) {
    const set = ctx.table.find(gidOf(obj.gid));
    const align = set?.objectalignment ?? 'unspecified';
    const w = obj.width || (set?.tilewidth ?? ctx.tilewidth);
    const h = obj.height || (set?.tileheight ?? ctx.tileheight);
    let left = obj.x;
    let top = obj.y - h;
    if (align === 'top' || align === 'center' || align === 'bottom') left = obj.x - w / 2;
    if (align === 'topright' || align === 'right' || align === 'bottomright') left = obj.x - w;
    if (align === 'topleft' || align === 'top' || align === 'topright') top = obj.y;
    if (align === 'left' || align === 'center' || align === 'right') top = obj.y - h / 2;
    return { left, top, width: w, height: h, isPoint: false };
  }
  return {
    left: obj.x,
    top: obj.y,
    width: obj.width,
    height: obj.height,
    isPoint: obj.width === 0 && obj.height === 0,
  };
}

function squareArea(
  rect: { left: number; top: number; width: number; height: number; isPoint: boolean },
  ctx: ObjectContext,
): { x: number; y: number; width: number; height: number } {
  const tw = ctx.tilewidth;
  const th = ctx.tileheight;
  if (rect.isPoint) {
    return {
      x: Math.floor(rect.left / tw + EPS),
      y: Math.floor(rect.top / th + EPS),
      width: 1,
      height: 1,
    };
  }
  // A square counts when the rectangle covers at least an eighth of a tile of it.
  const x0 = Math.floor(rect.left / tw + EDGE);
  const y0 = Math.floor(rect.top / th + EDGE);
  const x1 = Math.max(x0, Math.ceil((rect.left + rect.width) / tw - EDGE) - 1);
  const y1 = Math.max(y0, Math.ceil((rect.top + rect.height) / th - EDGE) - 1);
  return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/**
 * Reads one object layer. Returns the normalised layer for Phaser and the MapObjects of
 * known kinds. Throws a MapError naming the object for a broken object, an unknown unit,
 * a bad property value, an unknown tile id, or an object outside the map.
 */
export function readObjectLayer(
  layer: FlatObjectLayer,
  ctx: ObjectContext,
): { normalized: NormalizedObjectLayer; parsed: ParsedObject[] } {
  const { bounds, warnings } = ctx;
  const sx = NORMALIZED_TILE_SIZE / ctx.tilewidth;
  const sy = NORMALIZED_TILE_SIZE / ctx.tileheight;
  const originX = bounds.x * ctx.tilewidth - layer.offsetx;
  const originY = bounds.y * ctx.tileheight - layer.offsety;
  const normalized: NormalizedObject[] = [];
  const parsed: ParsedObject[] = [];

  layer.objects.forEach((instance, j) => {
    const inLayer = `in ${layer.where.replace(/^Layer/, 'layer')}`;
    const label0 = (o: unknown): string => {
      const head = o !== null && typeof o === 'object' ? (o as Record<string, unknown>) : {};
      const name =
        typeof head.name === 'string' && head.name !== '' ? quote(head.name) : `${j + 1}`;
      return `Object ${name}${typeof head.id === 'number' ? ` (id ${head.id})` : ''} ${inLayer}`;
    };
    const raw = expandTemplate(instance, label0(instance), ctx.templates);
    const obj = check(ObjectSchema, raw, label0(raw));
    const label = obj.name ? quote(obj.name) : `#${j + 1}`;
    const where = `Object ${label}${obj.id !== undefined ? ` (id ${obj.id})` : ''} ${inLayer}`;
    const bag = readProperties(obj.properties, where, warnings);
    const shifted: RawObject = { ...obj, x: obj.x - originX, y: obj.y - originY };

    // Tile object gid: check it and renumber it for the normalised map.
    let tileType: string | undefined;
    let newGid: number | undefined;
    if (obj.gid !== undefined && gidOf(obj.gid) !== 0) {
      const gid = gidOf(obj.gid);
      const set = ctx.table.find(gid);
      const missing = set ? undefined : ctx.table.missingFor(gid);
      if (missing) {
        fail(
          `${where} shows tile id ${gid} from the external tileset ${quote(missing.source)}, which was not supplied. ` +
            'Load that tileset file (.tsx or .tsj) together with the map, or embed it in Tiled with Map > Embed Tilesets.',
        );
      }
      if (!set) {
        fail(
          `${where} shows tile id ${gid}, ${ctx.table.rangesText()}. Replace the object in Tiled.`,
        );
      }
      tileType = tileInfo(set, gid - set.firstgid).type;
      if (set.builtinImage)
        newGid = withFlags(set.newFirstgid + gid - set.firstgid, flagsOf(obj.gid));
    }
    const rect = pixelRect(shifted, ctx);
    const classText = obj.type || obj.class || tileType || '';
    const typeText = classText || kindFromName(obj.name, ctx) || '';

    const n: NormalizedObject = {
      id: obj.id ?? 0,
      name: obj.name,
      type: typeText,
      x: (newGid !== undefined ? shifted.x : rect.left) * sx,
      y: (newGid !== undefined ? shifted.y : rect.top) * sy,
      width: (newGid !== undefined ? obj.width : rect.width) * sx,
      height: (newGid !== undefined ? obj.height : rect.height) * sy,
      rotation: obj.rotation,
      visible: obj.visible,
      properties: bag.list,
    };
    if (newGid !== undefined) n.gid = newGid;
    if (obj.point) n.point = true;
    if (obj.ellipse) n.ellipse = true;
    if (obj.polygon) n.polygon = obj.polygon.map((p) => ({ x: p.x * sx, y: p.y * sy }));
    if (obj.polyline) n.polyline = obj.polyline.map((p) => ({ x: p.x * sx, y: p.y * sy }));
    if (obj.text) n.text = { ...obj.text, text: obj.text.text };
    if (obj.polygon || obj.polyline) {
      n.x = shifted.x * sx;
      n.y = shifted.y * sy;
    }
    normalized.push(n);

    if (!typeText) {
      if (!obj.text) ctx.ignored.push({ where, className: '', outside: false });
      return;
    }
    const m = toMapObject(normalizeKind(typeText), typeText, obj, bag, rect, where, ctx);
    if (m) parsed.push({ object: m, where, layerName: layer.name });
  });

  return {
    normalized: {
      type: 'objectgroup',
      id: layer.id,
      name: layer.name,
      x: 0,
      y: 0,
      width: 0,
      height: 0,
      offsetx: 0,
      offsety: 0,
      opacity: layer.opacity,
      visible: layer.visible,
      draworder: layer.draworder,
      objects: normalized,
      properties: layer.own.list,
      ...(layer.className ? { class: layer.className } : {}),
    },
    parsed,
  };
}

function toMapObject(
  kindIn: string,
  typeText: string,
  obj: RawObject,
  bag: PropertyBag,
  rect: { left: number; top: number; width: number; height: number; isPoint: boolean },
  where: string,
  ctx: ObjectContext,
): MapObject | undefined {
  let kind = kindIn;
  const props = recordOfBag(bag);
  const heroKinds = heroKindsOf(ctx.rules);
  const unitKinds = enemyKinds(ctx.rules);
  if (unitKinds.includes(kind)) {
    props.unit = kind;
    kind = 'enemy';
  } else if (heroKinds.includes(kind)) {
    props.unit = kind;
    kind = 'hero';
  }
  const known: readonly string[] = KNOWN_OBJECT_KINDS;
  const used = known.includes(kind);

  let area = squareArea(rect, ctx);
  const single = kind === 'enemy' || kind === 'lair' || kind === 'door';
  if (single && (area.width > 1 || area.height > 1)) {
    const cx = Math.floor((rect.left + rect.width / 2) / ctx.tilewidth);
    const cy = Math.floor((rect.top + rect.height / 2) / ctx.tileheight);
    area = { x: cx, y: cy, width: 1, height: 1 };
  }
  const { width: W, height: H } = ctx.bounds;
  const outside = area.x < 0 || area.y < 0 || area.x + area.width > W || area.y + area.height > H;
  if (!used) {
    // Kept for rule modules when it is on the map; the game itself ignores it.
    ctx.ignored.push({ where, className: typeText, outside });
    if (outside) return undefined;
  }
  if (outside) {
    const at =
      area.width === 1 && area.height === 1
        ? `square ${area.x},${area.y}`
        : `squares ${area.x},${area.y} to ${area.x + area.width - 1},${area.y + area.height - 1}`;
    fail(
      `${where} is outside the map: it is at ${at}, but the map is ${W} x ${H} squares (x 0-${W - 1}, y 0-${H - 1}). Move it onto the map in Tiled.`,
    );
  }

  const facing = readFacing(bag, where);
  if (kind === 'enemy') {
    let unit = readString(bag, 'unit')
      ?.toLowerCase()
      .replace(/[\s_]+/g, '-');
    if (props.unit !== undefined && unit === undefined) unit = String(props.unit);
    if (unit === undefined || unit === '') {
      const fromName = unitKinds.find((k) => obj.name.toLowerCase().includes(k));
      if (fromName) {
        ctx.warnings.push(`${where} has no "unit" property; its name makes it a ${fromName}.`);
        unit = fromName;
      } else {
        ctx.defaulted.push(where);
        unit = ctx.rules.defaultEnemyKind;
      }
    }
    if (!unitKinds.includes(unit)) {
      fail(
        `${where} has unit ${show(getProp(bag, 'unit'))}, which the game does not know; use one of ${unitKinds.join(', ')}.`,
      );
    }
    deleteProp(props, 'unit');
    props.unit = unit;
    const archFoe = readBool(bag, 'archFoe', where);
    deleteProp(props, 'archFoe');
    if (archFoe !== undefined) props.archFoe = archFoe;
  } else if (kind === 'hero') {
    const unit =
      readString(bag, 'unit')
        ?.toLowerCase()
        .replace(/[\s_]+/g, '-') ?? props.unit;
    deleteProp(props, 'unit');
    if (unit !== undefined && unit !== '') {
      if (!heroKinds.includes(String(unit))) {
        fail(
          `${where} has unit ${show(getProp(bag, 'unit'))}, which is not a hero; use one of ${heroKinds.join(', ')} or leave it out.`,
        );
      }
      props.unit = unit;
    }
  } else if (kind === 'lair') {
    const roll = readString(bag, 'roll');
    if (roll !== undefined) {
      const r = parseRoll(roll);
      if (!r)
        fail(
          `${where} has roll ${show(getProp(bag, 'roll'))}; use a d6 range such as "1-2", "3-4" or "5".`,
        );
      deleteProp(props, 'roll');
      props.roll = r[0] === r[1] ? `${r[0]}` : `${r[0]}-${r[1]}`;
    }
  } else if (kind === 'objective') {
    const hold = readInt(bag, 'holdTurns', where, 1, 99);
    if (hold !== undefined) {
      deleteProp(props, 'holdTurns');
      props.holdTurns = hold;
    }
  }
  const name = obj.name || (typeof props.unit === 'string' ? props.unit : kind);
  const out: MapObject = {
    kind,
    x: area.x,
    y: area.y,
    width: area.width,
    height: area.height,
    name,
    properties: props,
  };
  if (facing !== undefined) {
    deleteProp(props, 'facing');
    out.facing = facing;
  }
  return out;
}

function deleteProp(props: Record<string, PropertyValue>, name: string): void {
  const lower = name.toLowerCase();
  for (const k of Object.keys(props)) if (k.toLowerCase() === lower) delete props[k];
}
