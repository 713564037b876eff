/**
 * Valibot schemas for the parts of a Tiled JSON map (1.9-1.11) the loader reads, and the
 * translation of valibot issues into one plain sentence naming where the problem is.
 * Schemas are loose: unknown keys pass through untouched. Group layers are validated one
 * level at a time by the loader (children as `unknown[]`), which keeps the types simple
 * and bounds the recursion.
 */
import * as v from 'valibot';
import { LIMITS } from './constants';
import { fail, show } from './errors';

const num = v.number();
const int = v.pipe(v.number(), v.integer());
const nonNegInt = v.pipe(v.number(), v.integer(), v.minValue(0));
const posInt = v.pipe(v.number(), v.integer(), v.minValue(1));

export const PropertySchema = v.looseObject({
  name: v.string(),
  type: v.optional(v.string()),
  propertytype: v.optional(v.string()),
  value: v.optional(v.unknown()),
});
export type RawProperty = v.InferOutput<typeof PropertySchema>;

export const PropertiesSchema = v.optional(
  v.pipe(v.array(PropertySchema), v.maxLength(LIMITS.maxProperties)),
);

/** The map's top level (layers and tilesets are checked one by one afterwards). */
export const MapSchema = v.looseObject({
  type: v.optional(v.string()),
  orientation: v.string(),
  width: posInt,
  height: posInt,
  tilewidth: posInt,
  tileheight: posInt,
  infinite: v.optional(v.boolean(), false),
  renderorder: v.optional(v.string()),
  version: v.optional(v.union([v.string(), v.number()])),
  tiledversion: v.optional(v.string()),
  backgroundcolor: v.optional(v.string()),
  nextlayerid: v.optional(int),
  nextobjectid: v.optional(int),
  class: v.optional(v.string()),
  layers: v.pipe(v.array(v.unknown()), v.maxLength(LIMITS.maxLayers)),
  tilesets: v.optional(v.pipe(v.array(v.unknown()), v.maxLength(LIMITS.maxTilesets)), []),
  properties: PropertiesSchema,
});
export type RawMap = v.InferOutput<typeof MapSchema>;

const layerCommon = {
  name: v.optional(v.string(), ''),
  id: v.optional(int),
  class: v.optional(v.string()),
  x: v.optional(num, 0),
  y: v.optional(num, 0),
  offsetx: v.optional(num, 0),
  offsety: v.optional(num, 0),
  opacity: v.optional(num, 1),
  visible: v.optional(v.boolean(), true),
  tintcolor: v.optional(v.string()),
  parallaxx: v.optional(num, 1),
  parallaxy: v.optional(num, 1),
  properties: PropertiesSchema,
};

/** Just enough to tell layer kinds apart and name them in messages. */
export const LayerHeadSchema = v.looseObject({
  type: v.string(),
  name: v.optional(v.string(), ''),
});

const TileData = v.union([v.string(), v.array(v.unknown())]);

export const ChunkSchema = v.looseObject({
  x: int,
  y: int,
  width: posInt,
  height: posInt,
  data: TileData,
});
export type RawChunk = v.InferOutput<typeof ChunkSchema>;

export const TileLayerSchema = v.looseObject({
  ...layerCommon,
  type: v.literal('tilelayer'),
  width: v.optional(nonNegInt),
  height: v.optional(nonNegInt),
  startx: v.optional(int),
  starty: v.optional(int),
  encoding: v.optional(v.string()),
  compression: v.optional(v.string()),
  data: v.optional(TileData),
  chunks: v.optional(v.array(v.unknown())),
});
export type RawTileLayer = v.InferOutput<typeof TileLayerSchema>;

const PointSchema = v.looseObject({ x: num, y: num });

export const ObjectSchema = v.looseObject({
  id: v.optional(int),
  name: v.optional(v.string(), ''),
  type: v.optional(v.string(), ''),
  class: v.optional(v.string()),
  x: num,
  y: num,
  width: v.optional(num, 0),
  height: v.optional(num, 0),
  rotation: v.optional(num, 0),
  visible: v.optional(v.boolean(), true),
  gid: v.optional(nonNegInt),
  point: v.optional(v.boolean()),
  ellipse: v.optional(v.boolean()),
  polygon: v.optional(v.pipe(v.array(PointSchema), v.maxLength(10000))),
  polyline: v.optional(v.pipe(v.array(PointSchema), v.maxLength(10000))),
  template: v.optional(v.string()),
  text: v.optional(v.looseObject({ text: v.optional(v.string(), '') })),
  properties: PropertiesSchema,
});
export type RawObject = v.InferOutput<typeof ObjectSchema>;

export const ObjectLayerSchema = v.looseObject({
  ...layerCommon,
  type: v.literal('objectgroup'),
  draworder: v.optional(v.string()),
  color: v.optional(v.string()),
  objects: v.optional(v.array(v.unknown()), []),
});
export type RawObjectLayer = v.InferOutput<typeof ObjectLayerSchema>;

export const ImageLayerSchema = v.looseObject({
  ...layerCommon,
  type: v.literal('imagelayer'),
  image: v.optional(v.string(), ''),
  repeatx: v.optional(v.boolean(), false),
  repeaty: v.optional(v.boolean(), false),
});
export type RawImageLayer = v.InferOutput<typeof ImageLayerSchema>;

export const GroupLayerSchema = v.looseObject({
  ...layerCommon,
  type: v.literal('group'),
  layers: v.optional(v.array(v.unknown()), []),
});
export type RawGroupLayer = v.InferOutput<typeof GroupLayerSchema>;

export const TileSchema = v.looseObject({
  id: nonNegInt,
  type: v.optional(v.string()),
  class: v.optional(v.string()),
  image: v.optional(v.string()),
  properties: PropertiesSchema,
});
export type RawTile = v.InferOutput<typeof TileSchema>;

const tilesetBody = {
  name: v.optional(v.string(), ''),
  class: v.optional(v.string()),
  tilewidth: posInt,
  tileheight: posInt,
  tilecount: v.pipe(nonNegInt, v.maxValue(LIMITS.maxTilesPerTileset)),
  columns: v.optional(nonNegInt, 0),
  image: v.optional(v.string()),
  imagewidth: v.optional(nonNegInt),
  imageheight: v.optional(nonNegInt),
  margin: v.optional(nonNegInt, 0),
  spacing: v.optional(nonNegInt, 0),
  objectalignment: v.optional(v.string()),
  tiles: v.optional(v.pipe(v.array(TileSchema), v.maxLength(LIMITS.maxTilesPerTileset))),
  properties: PropertiesSchema,
};

/** A tileset entry of the map that points at an external .tsj file. */
export const ExternalTilesetRefSchema = v.looseObject({
  firstgid: posInt,
  source: v.string(),
});

/** A tileset embedded in the map. */
export const EmbeddedTilesetSchema = v.looseObject({ firstgid: posInt, ...tilesetBody });
export type RawEmbeddedTileset = v.InferOutput<typeof EmbeddedTilesetSchema>;

/** The content of an external tileset file (.tsj / .json). */
export const TilesetFileSchema = v.looseObject({ type: v.optional(v.string()), ...tilesetBody });
export type RawTilesetBody = v.InferOutput<typeof TilesetFileSchema>;

type Issue = v.BaseIssue<unknown>;

const LIST_ITEM_NAMES: Readonly<Record<string, string>> = {
  properties: 'property',
  chunks: 'chunk',
  tiles: 'tile',
  objects: 'object',
  layers: 'layer',
  tilesets: 'tileset',
  data: 'tile id',
  polygon: 'point',
  polyline: 'point',
};

/**
 * Where inside the checked thing the problem is, in words: `the "width"`,
 * `the "value" of property "speed"`, `tile id 5 of layer "Ground"`...
 */
function describePath(issue: Issue): string {
  const parts: string[] = [];
  let lastKey = '';
  for (const item of issue.path ?? []) {
    const key: unknown = item.key;
    if (typeof key === 'number') {
      const itemName = LIST_ITEM_NAMES[lastKey] ?? 'item';
      const value: unknown = item.value;
      const named =
        value !== null &&
        typeof value === 'object' &&
        typeof (value as Record<string, unknown>).name === 'string' &&
        (value as Record<string, unknown>).name !== ''
          ? `${itemName} ${show((value as Record<string, unknown>).name)}`
          : `${itemName} ${key + 1}`;
      if (parts.length > 0 && parts[parts.length - 1] === `"${lastKey}"`) parts.pop();
      parts.push(named);
    } else {
      lastKey = String(key);
      parts.push(`"${lastKey}"`);
    }
  }
  const phrase = parts.reverse().join(' of ');
  return phrase.startsWith('"') ? `the ${phrase}` : phrase;
}

/** `The map` -> `the map`, `Layer "Ground"` -> `layer "Ground"` (names keep their case). */
function lowerFirst(where: string): string {
  return where.charAt(0).toLowerCase() + where.slice(1);
}

const EXPECTED_WORDS: Readonly<Record<string, string>> = {
  number: 'a number',
  string: 'a text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  loose_object: 'an object',
};

function describeProblem(issue: Issue): string {
  const received = show(issue.input);
  if (issue.input === undefined && issue.kind === 'schema') return 'is missing';
  switch (issue.type) {
    case 'integer':
      return `should be a whole number but is ${received}`;
    case 'min_value':
      return `should be at least ${String(issue.requirement)} but is ${received}`;
    case 'max_value':
      return `should be at most ${String(issue.requirement)} but is ${received}`;
    case 'max_length':
      return `has more than ${String(issue.requirement)} entries, which is more than the game accepts`;
    case 'literal':
      return `should be ${issue.expected ?? ''} but is ${received}`;
    case 'union':
      return `should be a list of tile ids or base64 text, but is ${received}`;
    default: {
      const word = EXPECTED_WORDS[issue.type];
      if (word) return `should be ${word} but is ${received}`;
      return issue.message;
    }
  }
}

/**
 * Validates `input` against `schema`; on failure throws a MapError naming `where`
 * (e.g. `Layer "Ground"`) and the field, e.g.
 * `In layer "Ground", the "width" should be a whole number but is 7.5. Fix it in Tiled and save again.`
 */
export function check<const TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
  where: string,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input, { abortEarly: true });
  if (result.success) return result.output;
  const issue = result.issues[0] as Issue;
  if (!issue.path || issue.path.length === 0) {
    fail(`${where} should be an object but is ${show(input)}. Save the map again from Tiled.`);
  }
  fail(
    `In ${lowerFirst(where)}, ${describePath(issue)} ${describeProblem(issue)}. Fix it in Tiled and save again.`,
  );
}
