/**
 * Tiled's XML formats (.tmx maps, .tsx tilesets, .tx templates) turned into the very JSON
 * objects Tiled writes for the same map (.tmj / .tsj / .tj), so the rest of the loader reads
 * one format only and a map gives the same battle map whichever way it was saved.
 * (Reference: Tiled's "TMX Map Format" and "JSON Map Format" pages.)
 *
 * Attributes become numbers or booleans where the JSON has them so; a value that is not
 * what it should be is kept as text, and the loader's schema check then names it in plain
 * words. Tile data stays encoded: CSV text and base64 text go to the decoder with the layer's
 * size known, so nothing large is allocated before the size checks.
 */
import { fillTileCount } from './legacy';
import { child, childrenNamed, type XmlElement } from './xml';

type Json = Record<string, unknown>;

const NUMBER = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

function numberOr(text: string): number | string {
  return NUMBER.test(text) ? Number(text) : text;
}

function boolOr(text: string): boolean | string {
  const t = text.trim().toLowerCase();
  if (t === '1' || t === 'true') return true;
  if (t === '0' || t === 'false') return false;
  return text;
}

/** Copies the listed attributes that are present, as numbers / booleans / text. */
function copyAttrs(
  el: XmlElement,
  out: Json,
  spec: { num?: readonly string[]; bool?: readonly string[]; str?: readonly string[] },
): void {
  for (const k of spec.str ?? []) if (el.attrs[k] !== undefined) out[k] = el.attrs[k];
  for (const k of spec.num ?? []) if (el.attrs[k] !== undefined) out[k] = numberOr(el.attrs[k]);
  for (const k of spec.bool ?? []) if (el.attrs[k] !== undefined) out[k] = boolOr(el.attrs[k]);
}

// ------------------------------------------------------------------ properties

/** The typed value of a <property> or <item> element, as Tiled's JSON holds it. */
function propertyValue(el: XmlElement, depth: number): unknown {
  const type = el.attrs.type ?? 'string';
  const raw = el.attrs.value ?? el.text;
  switch (type) {
    case 'int':
    case 'float':
    case 'object':
      return raw === '' ? 0 : numberOr(raw);
    case 'bool':
      return raw === '' ? false : boolOr(raw);
    case 'class': {
      const props = child(el, 'properties');
      return props && depth < 8 ? classValue(props, depth + 1) : {};
    }
    case 'list':
      return depth < 8 ? childrenNamed(el, 'item').map((i) => propertyValue(i, depth + 1)) : [];
    default:
      return raw;
  }
}

function classValue(props: XmlElement, depth: number): Json {
  const out: Json = {};
  for (const p of childrenNamed(props, 'property')) {
    const name = p.attrs.name;
    if (name === undefined || name === '__proto__' || name === 'constructor') continue;
    Object.defineProperty(out, name, {
      value: propertyValue(p, depth),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** The element's <properties> as Tiled's JSON property list, or undefined without any. */
function properties(el: XmlElement): Json[] | undefined {
  const props = child(el, 'properties');
  if (!props) return undefined;
  return childrenNamed(props, 'property').map((p) => {
    const out: Json = { name: p.attrs.name ?? '', type: p.attrs.type ?? 'string' };
    if (p.attrs.propertytype !== undefined) out.propertytype = p.attrs.propertytype;
    out.value = propertyValue(p, 0);
    return out;
  });
}

function withProperties(el: XmlElement, out: Json): Json {
  const props = properties(el);
  if (props) out.properties = props;
  return out;
}

// ------------------------------------------------------------------ objects

function points(text: string | undefined): { x: number | string; y: number | string }[] {
  if (!text) return [];
  return text
    .trim()
    .split(/\s+/)
    .filter((p) => p !== '')
    .map((p) => {
      const [x = '', y = ''] = p.split(',');
      return { x: numberOr(x), y: numberOr(y) };
    });
}

const OBJECT_ATTRS = {
  str: ['name', 'type', 'class', 'template'],
  num: ['id', 'x', 'y', 'width', 'height', 'rotation', 'gid', 'opacity'],
  bool: ['visible'],
} as const;

/**
 * A TMX <object> as JSON. `instance` objects (on a map) get x / y 0 when absent, as Tiled
 * reads them; a template's own object keeps only what it sets.
 */
export function objectJson(el: XmlElement, instance: boolean): Json {
  const out: Json = {};
  copyAttrs(el, out, OBJECT_ATTRS);
  if (instance) {
    out.x ??= 0;
    out.y ??= 0;
  }
  if (child(el, 'point')) out.point = true;
  if (child(el, 'ellipse')) out.ellipse = true;
  if (child(el, 'capsule')) out.capsule = true;
  const polygon = child(el, 'polygon');
  if (polygon) out.polygon = points(polygon.attrs.points);
  const polyline = child(el, 'polyline');
  if (polyline) out.polyline = points(polyline.attrs.points);
  const text = child(el, 'text');
  if (text) {
    const t: Json = { text: text.text };
    copyAttrs(text, t, {
      str: ['fontfamily', 'color', 'halign', 'valign'],
      num: ['pixelsize'],
      bool: ['wrap', 'bold', 'italic', 'underline', 'strikeout', 'kerning'],
    });
    out.text = t;
  }
  return withProperties(el, out);
}

// ------------------------------------------------------------------ layers

const LAYER_ATTRS = {
  str: ['name', 'class', 'tintcolor', 'mode'],
  num: ['id', 'x', 'y', 'offsetx', 'offsety', 'opacity', 'parallaxx', 'parallaxy'],
  bool: ['visible', 'locked'],
} as const;

/** Tile data of a <data> or <chunk> element: CSV / base64 text, or <tile gid> elements. */
function tileData(el: XmlElement, encoding: string | undefined): unknown {
  if (encoding === undefined || encoding === '') {
    return childrenNamed(el, 'tile').map((t) =>
      t.attrs.gid === undefined ? 0 : numberOr(t.attrs.gid),
    );
  }
  return el.text.trim();
}

function tileLayerJson(el: XmlElement): Json {
  const out: Json = { type: 'tilelayer' };
  copyAttrs(el, out, { ...LAYER_ATTRS, num: [...LAYER_ATTRS.num, 'width', 'height'] });
  withProperties(el, out);
  const data = child(el, 'data');
  if (!data) return out;
  const encoding = data.attrs.encoding;
  // XML <tile> elements and CSV text both become the JSON's "csv" kind of data.
  out.encoding = encoding === undefined || encoding === '' ? 'csv' : encoding;
  if (data.attrs.compression !== undefined && data.attrs.compression !== '') {
    out.compression = data.attrs.compression;
  }
  const chunks = childrenNamed(data, 'chunk');
  if (chunks.length > 0) {
    out.chunks = chunks.map((c) => {
      const chunk: Json = {};
      copyAttrs(c, chunk, { num: ['x', 'y', 'width', 'height'] });
      chunk.data = tileData(c, encoding);
      return chunk;
    });
  } else {
    out.data = tileData(data, encoding);
  }
  return out;
}

function objectGroupJson(el: XmlElement): Json {
  const out: Json = { type: 'objectgroup' };
  copyAttrs(el, out, { ...LAYER_ATTRS, str: [...LAYER_ATTRS.str, 'draworder', 'color'] });
  withProperties(el, out);
  out.objects = childrenNamed(el, 'object').map((o) => objectJson(o, true));
  return out;
}

function imageLayerJson(el: XmlElement): Json {
  const out: Json = { type: 'imagelayer' };
  copyAttrs(el, out, { ...LAYER_ATTRS, bool: [...LAYER_ATTRS.bool, 'repeatx', 'repeaty'] });
  const image = child(el, 'image');
  if (image?.attrs.source !== undefined) out.image = image.attrs.source;
  return withProperties(el, out);
}

function layersJson(el: XmlElement, depth: number): Json[] {
  const out: Json[] = [];
  for (const c of el.children) {
    if (c.name === 'layer') out.push(tileLayerJson(c));
    else if (c.name === 'objectgroup') out.push(objectGroupJson(c));
    else if (c.name === 'imagelayer') out.push(imageLayerJson(c));
    else if (c.name === 'group') {
      const g: Json = { type: 'group' };
      copyAttrs(c, g, LAYER_ATTRS);
      withProperties(c, g);
      // Deeper groups than this are refused by the layer walk with a plain message.
      g.layers = depth < 32 ? layersJson(c, depth + 1) : [];
      out.push(g);
    }
  }
  return out;
}

// ------------------------------------------------------------------ tilesets

const TILESET_ATTRS = {
  str: ['name', 'class', 'objectalignment', 'tilerendersize', 'fillmode', 'source'],
  num: ['firstgid', 'tilewidth', 'tileheight', 'spacing', 'margin', 'tilecount', 'columns'],
} as const;

function tileJson(el: XmlElement): Json {
  const out: Json = {};
  copyAttrs(el, out, {
    str: ['type', 'class'],
    num: ['id', 'probability', 'x', 'y', 'width', 'height'],
  });
  const image = child(el, 'image');
  if (image) {
    if (image.attrs.source !== undefined) out.image = image.attrs.source;
    if (image.attrs.width !== undefined) out.imagewidth = numberOr(image.attrs.width);
    if (image.attrs.height !== undefined) out.imageheight = numberOr(image.attrs.height);
  }
  const group = child(el, 'objectgroup');
  if (group) out.objectgroup = objectGroupJson(group);
  const animation = child(el, 'animation');
  if (animation) {
    out.animation = childrenNamed(animation, 'frame').map((f) => {
      const frame: Json = {};
      copyAttrs(f, frame, { num: ['tileid', 'duration'] });
      return frame;
    });
  }
  return withProperties(el, out);
}

/** A TMX / TSX <tileset> element as Tiled's JSON tileset (embedded, external reference, or file). */
export function tilesetJson(el: XmlElement): Json {
  const out: Json = {};
  copyAttrs(el, out, TILESET_ATTRS);
  if (el.attrs.source !== undefined) return out;
  const image = child(el, 'image');
  if (image) {
    if (image.attrs.source !== undefined) out.image = image.attrs.source;
    if (image.attrs.width !== undefined) out.imagewidth = numberOr(image.attrs.width);
    if (image.attrs.height !== undefined) out.imageheight = numberOr(image.attrs.height);
    if (image.attrs.trans !== undefined) out.transparentcolor = `#${image.attrs.trans}`;
  }
  const offset = child(el, 'tileoffset');
  if (offset) {
    const o: Json = {};
    copyAttrs(offset, o, { num: ['x', 'y'] });
    out.tileoffset = o;
  }
  withProperties(el, out);
  const tiles = childrenNamed(el, 'tile');
  if (tiles.length > 0) out.tiles = tiles.map(tileJson);
  fillTileCount(out);
  return out;
}

// ------------------------------------------------------------------ documents

const MAP_ATTRS = {
  str: [
    'version',
    'tiledversion',
    'class',
    'orientation',
    'renderorder',
    'backgroundcolor',
    'staggeraxis',
    'staggerindex',
  ],
  num: [
    'compressionlevel',
    'width',
    'height',
    'tilewidth',
    'tileheight',
    'hexsidelength',
    'parallaxoriginx',
    'parallaxoriginy',
    'nextlayerid',
    'nextobjectid',
  ],
  bool: ['infinite'],
} as const;

/** A TMX <map> element as Tiled's JSON map. */
export function mapJson(el: XmlElement): Json {
  const out: Json = { type: 'map' };
  copyAttrs(el, out, MAP_ATTRS);
  withProperties(el, out);
  out.tilesets = childrenNamed(el, 'tileset').map(tilesetJson);
  out.layers = layersJson(el, 0);
  return out;
}

/** A TSX file's <tileset> element as a Tiled JSON tileset file (.tsj). */
export function tilesetFileJson(el: XmlElement): Json {
  const out = tilesetJson(el);
  delete out.firstgid;
  delete out.source;
  return { type: 'tileset', ...out };
}

/** A TX file's <template> element as a Tiled JSON template (.tj). */
export function templateJson(el: XmlElement): Json {
  const out: Json = { type: 'template' };
  const ts = child(el, 'tileset');
  if (ts) {
    const t: Json = {};
    copyAttrs(ts, t, { num: ['firstgid'], str: ['source'] });
    out.tileset = t;
  }
  // Without an <object> the template reader says the file is not a template.
  const object = child(el, 'object');
  if (object) out.object = objectJson(object, false);
  return out;
}
