/**
 * Reading untrusted XML (Tiled's .tmx maps, .tsx tilesets, .tx templates) into a small
 * element tree, with fast-xml-parser. Limits come first: the text length, the number of
 * elements (counted before parsing), nesting depth, and no entity declarations (Tiled never
 * writes them; they are how "billion laughs" files blow up). Every problem becomes one plain
 * MapError sentence.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { LIMITS } from './constants';
import { detailOf, fail } from './errors';
import { checkText, isForbiddenKey } from './safe-json';

/** One XML element: its name, attributes, child elements in order, and its own text. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** True when the text looks like XML rather than JSON (its first non-blank character is `<`). */
export function looksLikeXml(text: string): boolean {
  for (let i = 0; i < text.length && i < 4096; i++) {
    const c = text.charCodeAt(i);
    if (c === 0xfeff || c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) continue;
    return c === 0x3c; // '<'
  }
  return false;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: LIMITS.maxXmlDepth,
  commentPropName: false,
});

type RawNode = Record<string, unknown>;

function countElements(text: string): number {
  let n = 0;
  for (let i = text.indexOf('<'); i !== -1; i = text.indexOf('<', i + 1)) n++;
  return n;
}

/**
 * Parses `text` (the file called `what`, e.g. `The map file`) and returns its root element.
 * Throws a MapError naming the line for broken XML, and for files over the limits.
 */
export function parseXml(text: string, what: string): XmlElement {
  checkText(text, what);
  const body = text.replace(/^\uFEFF/, '');
  if (/<!ENTITY/i.test(body)) {
    fail(
      `${what} declares XML entities (<!ENTITY ...>), which Tiled never writes; the game does not read such files. Save it again from Tiled.`,
    );
  }
  const elements = countElements(body);
  if (elements > LIMITS.maxXmlElements) {
    fail(
      `${what} has more than ${LIMITS.maxXmlElements} XML elements, more than any map the game can play. ` +
        'In Tiled set Map > Map Properties > Tile Layer Format to "CSV" or "Base64 (zlib)" and save again.',
    );
  }
  let valid: ReturnType<typeof XMLValidator.validate>;
  try {
    valid = XMLValidator.validate(body, { allowBooleanAttributes: false });
  } catch (e) {
    valid = {
      err: { code: 'Invalid', msg: e instanceof Error ? e.message : 'unreadable', line: 0, col: 0 },
    };
  }
  if (valid !== true) {
    const { msg, line } = valid.err;
    const detail = String(msg).replace(/\s+/g, ' ').slice(0, 160);
    fail(
      `${what} is not valid XML (${line > 0 ? `line ${line}: ` : ''}${detail}). Save it again from Tiled.`,
    );
  }
  let raw: unknown;
  try {
    raw = parser.parse(body);
  } catch (e) {
    fail(`${what} could not be read as XML (${detailOf(e)}). Save it again from Tiled.`);
  }
  const roots = Array.isArray(raw) ? raw.map((n) => toElement(n as RawNode, 0)) : [];
  const root = roots.find((r): r is XmlElement => r !== null && r.name !== '#text');
  if (!root) fail(`${what} is empty; it holds no XML element. Save it again from Tiled.`);
  return root;
}

function toElement(node: RawNode, depth: number): XmlElement | null {
  if (depth > LIMITS.maxXmlDepth) {
    fail(
      `The file is nested more than ${LIMITS.maxXmlDepth} elements deep; it is not a Tiled file.`,
    );
  }
  const name = Object.keys(node).find((k) => k !== ':@');
  if (name === undefined) return null;
  if (name === '#text') return { name, attrs: {}, children: [], text: String(node[name]) };
  const attrs: Record<string, string> = {};
  const rawAttrs = node[':@'];
  if (rawAttrs !== null && typeof rawAttrs === 'object') {
    for (const [k, v] of Object.entries(rawAttrs as Record<string, unknown>)) {
      if (!isForbiddenKey(k)) attrs[k] = String(v);
    }
  }
  const children: XmlElement[] = [];
  let text = '';
  const list = node[name];
  if (Array.isArray(list)) {
    for (const item of list) {
      if (item === null || typeof item !== 'object') continue;
      const child = toElement(item as RawNode, depth + 1);
      if (!child) continue;
      if (child.name === '#text') text += child.text;
      else children.push(child);
    }
  }
  return { name, attrs, children, text };
}

/** The first child element called `name`, if any. */
export function child(el: XmlElement, name: string): XmlElement | undefined {
  return el.children.find((c) => c.name === name);
}

/** Every child element called `name`. */
export function childrenNamed(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c) => c.name === name);
}
