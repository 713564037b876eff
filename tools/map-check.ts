/**
 * map:check — validates Tiled maps the way the game loads them.
 *
 *   npm run map:check -- FILE|FOLDER|PACK.zip [...] [--tileset FILE]... [--heroes N] [--quiet]
 *
 * A FILE is a map in Tiled's XML (.tmx) or JSON (.tmj / .json): its external tilesets (given
 * with --tileset, or found beside the map by their `source` path) and object templates (found
 * beside the map by their `template` path) are read too. A FOLDER or a .zip map pack is
 * searched for maps, and every map in it is checked with the tilesets and templates it holds
 * (a zip's size and its entries are checked against the game's limits before anything is
 * unpacked). The images the map and its tilesets name are found the same way; only their
 * headers are read (their size, checked against the game's image limits), so the summary
 * says which tilesets and image layers the game draws in the map's own art. For each map:
 * runs loadTiledMap, adds the default setup when the map has no heroes or enemies, and
 * prints a summary with warnings (exit 0), or prints the one plain message that says what
 * is wrong (exit 1). Never prints a stack trace.
 */
import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import {
  checkImageFile,
  describeScenarioChoices,
  IMAGE_FILE,
  IMAGE_HEADER_BYTES,
  LIMITS,
  loadTiledMap,
  MapError,
  mapsAmong,
  referencedFiles,
  referencedImages,
  resolveRelative,
  summarizeMap,
  TILED_FILE,
  tryAddDefaultSetup,
  unpackZip,
} from '../src/maps/index';

const USAGE =
  'Usage: npm run map:check -- FILE|FOLDER|PACK.zip [...] [--tileset FILE]... [--heroes N]';
const MAX_FILE_BYTES = 64 * 1024 * 1024;
/** Folders are searched this deep, and for at most this many Tiled files. */
const MAX_FOLDER_DEPTH = 8;

interface Args {
  maps: string[];
  tilesets: string[];
  heroes: number;
  quiet: boolean;
}

class UsageError extends Error {}

function parseArgs(argv: string[]): Args {
  const out: Args = { maps: [], tilesets: [], heroes: 4, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--tileset' || a === '-t') {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`--tileset needs a file name. ${USAGE}`);
      out.tilesets.push(v);
    } else if (a.startsWith('--tileset=')) {
      out.tilesets.push(a.slice('--tileset='.length));
    } else if (a === '--heroes') {
      const v = Number(argv[++i]);
      if (!Number.isInteger(v) || v < 1 || v > 16)
        throw new UsageError(`--heroes needs a number from 1 to 16. ${USAGE}`);
      out.heroes = v;
    } else if (a === '--quiet' || a === '-q') {
      out.quiet = true;
    } else if (a === '--help' || a === '-h') {
      throw new UsageError(USAGE);
    } else if (a.startsWith('-')) {
      throw new UsageError(`Unknown option ${a}. ${USAGE}`);
    } else {
      out.maps.push(a);
    }
  }
  if (out.maps.length === 0) throw new UsageError(`No map file given. ${USAGE}`);
  return out;
}

/** The size of a file (not a folder), or an Error with a plain message. */
function fileSize(path: string, what: string, maxBytes: number): number {
  let size: number;
  try {
    const st = statSync(path);
    if (st.isDirectory()) throw new Error(`${what} ${path} is a folder, not a file.`);
    size = st.size;
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ENOENT') throw new Error(`${what} ${path} does not exist.`);
    if (code === 'EACCES') throw new Error(`${what} ${path} cannot be read (permission denied).`);
    throw new Error(
      e instanceof Error && !code
        ? e.message
        : `${what} ${path} cannot be read (${code ?? 'unknown error'}).`,
    );
  }
  if (size > maxBytes)
    throw new Error(
      `${what} ${path} is ${Math.round(size / 1048576)} MB; that is far too big for a map.`,
    );
  return size;
}

function readBytes(path: string, what: string, maxBytes: number): Uint8Array {
  fileSize(path, what, maxBytes);
  try {
    return readFileSync(path);
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new Error(`${what} ${path} cannot be read (${code ?? 'unknown error'}).`);
  }
}

function readText(path: string, what: string): string {
  fileSize(path, what, MAX_FILE_BYTES);
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new Error(`${what} ${path} cannot be read (${code ?? 'unknown error'}).`);
  }
}

/** Image sizes by path (as the loader's `images` option takes them), and why some were refused. */
interface Images {
  sizes: Record<string, { width: number; height: number }>;
  refused: string[];
}

const noImages = (): Images => ({ sizes: {}, refused: [] });

/** Checks one image from its first bytes (header) and file size, into `into` under `key`. */
function addImage(into: Images, key: string, head: Uint8Array, size: number): void {
  if (into.sizes[key] !== undefined || Object.keys(into.sizes).length >= LIMITS.maxImages) return;
  const checked = checkImageFile(key, head, size);
  if ('error' in checked) into.refused.push(checked.error);
  else into.sizes[key] = { width: checked.width, height: checked.height };
}

/** The first bytes of a file (enough for its image header), or null when it cannot be read. */
function readHead(path: string): { head: Uint8Array; size: number } | null {
  try {
    const size = statSync(path).size;
    const fd = openSync(path, 'r');
    try {
      const head = new Uint8Array(Math.min(size, IMAGE_HEADER_BYTES));
      readSync(fd, head, 0, head.length, 0);
      return { head, size };
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
}

/**
 * The images a map beside `mapFile` uses: those it names and those its tilesets (keyed by
 * their path relative to the map) name, read from disk relative to the map's folder.
 */
function imagesBeside(mapFile: string, mapText: string, tilesets: Record<string, string>): Images {
  const out = noImages();
  const paths = referencedImages(mapText, 'map').map((p) => resolveRelative(undefined, p));
  for (const [key, text] of Object.entries(tilesets))
    for (const p of referencedImages(text, 'tileset')) paths.push(resolveRelative(key, p));
  for (const path of paths) {
    const read = readHead(resolve(dirname(mapFile), path));
    if (read) addImage(out, path, read.head, read.size);
  }
  return out;
}

/** Reads each referenced file found beside the map into `into` (missing ones are left out). */
function readBeside(
  mapFile: string,
  paths: string[],
  what: string,
  into: Record<string, string>,
): void {
  for (const path of paths) {
    if (into[path] !== undefined) continue;
    try {
      into[path] = readText(resolve(dirname(mapFile), path.replace(/\\/g, '/')), what);
    } catch {
      // Not beside the map: the loader reports it as missing, with the fix.
    }
  }
}

/** The Tiled files of a folder (recursively, bounded), keyed by their path inside it, and its images' sizes. */
function folderFiles(root: string): { files: Record<string, string>; images: Images } {
  const out: Record<string, string> = {};
  const images = noImages();
  let count = 0;
  const walk = (dir: string, depth: number): void => {
    if (depth > MAX_FOLDER_DEPTH) return;
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch (e) {
      const code = (e as { code?: string }).code;
      throw new Error(`The folder ${dir} cannot be read (${code ?? 'unknown error'}).`);
    }
    for (const name of names) {
      if (name.startsWith('.') || name === 'node_modules') continue;
      const path = join(dir, name);
      let isDir: boolean;
      try {
        isDir = statSync(path).isDirectory();
      } catch {
        continue;
      }
      if (isDir) {
        walk(path, depth + 1);
      } else if (TILED_FILE.test(name)) {
        if (++count > LIMITS.maxZipEntries) {
          throw new Error(
            `The folder ${root} holds more than ${LIMITS.maxZipEntries} Tiled files; give the map's own folder.`,
          );
        }
        out[relative(root, path).split('\\').join('/')] = readText(path, 'The file');
      } else if (IMAGE_FILE.test(name)) {
        const read = readHead(path);
        if (read)
          addImage(images, relative(root, path).split('\\').join('/'), read.head, read.size);
      }
    }
  };
  walk(root, 0);
  return { files: out, images };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

interface Outcome {
  ok: boolean;
  text: string;
}

/** Loads one map with its files, and describes the result. */
function checkLoaded(
  label: string,
  mapText: string,
  id: string,
  files: {
    tilesets: Record<string, string>;
    templates: Record<string, string>;
    mapPath?: string;
    images: Images;
  },
  args: Args,
): Outcome {
  const result = loadTiledMap(mapText, {
    id,
    mapPath: files.mapPath,
    externalTilesets: files.tilesets,
    externalTemplates: files.templates,
    images: files.images.sizes,
  });
  if (!result.ok) return { ok: false, text: `${label}: ${result.error}` };
  const loaded = result.map;
  const lines: string[] = [];
  const hasHeroes = loaded.battleMap.objects.some((o) => o.kind === 'hero');
  const hasEnemies = loaded.battleMap.objects.some((o) => o.kind === 'enemy');
  let placed = loaded.battleMap;
  if (hasHeroes && hasEnemies) {
    lines.push(loaded.summary);
  } else {
    const setup = tryAddDefaultSetup(loaded.battleMap, args.heroes);
    if (!setup.ok) return { ok: false, text: `${label}: ${setup.error}` };
    placed = setup.map;
    const extra = loaded.summary
      .split('\n')
      .filter((l) => /^  (Walls read from|Infinite map)/.test(l));
    lines.push(
      [summarizeMap(setup.map), ...extra].join('\n') +
        '\n  (heroes and enemies placed by the default setup)',
    );
  }
  // Which of a rule set's scenarios the map can host (the Skirmish's goal areas, its fortress).
  lines.push(...describeScenarioChoices(placed));
  const art = loaded.art?.tilesets ?? [];
  const tilesets = loaded.tiled.tilesets
    .map((t) => {
      const replaced = t.properties?.find((p) => p.name === 'replaces')?.value;
      const own = art.find((a) => !a.builtin && a.name === (replaced ?? t.name));
      if (own?.image) return `${t.name} -> ${own.image.path} (its own art)`;
      if (own)
        return `${t.name} -> ${own.tiles.filter((x) => x.image).length} images (its own art)`;
      return `${t.name} -> ${t.image}${replaced !== undefined ? ' (built-in tiles by terrain)' : ''}`;
    })
    .join('; ');
  lines.push(`  Tilesets: ${tilesets}`);
  lines.push(`  Layers: ${loaded.tiled.layers.map((l) => l.name).join(', ')}`);
  const warnings = [...files.images.refused, ...loaded.warnings];
  if (warnings.length > 0) {
    lines.push(`  Warnings (${warnings.length}):`);
    for (const w of warnings) lines.push(`    - ${w}`);
  } else {
    lines.push('  Warnings: none');
  }
  return { ok: true, text: `OK ${label}\n${lines.join('\n')}` };
}

function givenTilesets(args: Args): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of args.tilesets) {
    const text = readText(t, 'The tileset file');
    out[t] = text;
    out[basename(t)] ??= text;
  }
  return out;
}

/** Every map among a folder's or a pack's files, each with the files around it. */
function checkPack(
  label: string,
  files: Record<string, string>,
  images: Images,
  args: Args,
): Outcome[] {
  const maps = mapsAmong(files);
  if (maps.length === 0) {
    return [{ ok: false, text: `${label}: there is no Tiled map (.tmx or .tmj) in it.` }];
  }
  const all = { ...givenTilesets(args), ...files };
  return maps.map((m) =>
    checkLoaded(
      `${label}${label.endsWith('/') ? '' : '/'}${m}`,
      files[m],
      basename(m, extname(m)),
      { tilesets: all, templates: all, mapPath: m, images },
      args,
    ),
  );
}

function checkMap(file: string, args: Args): Outcome[] {
  if (/\.zip$/i.test(file)) {
    const bytes = readBytes(file, 'The map pack', LIMITS.maxZipBytes);
    let files: Record<string, string>;
    const images = noImages();
    try {
      const pack = unpackZip(bytes, `The map pack ${file}`);
      files = pack.files;
      for (const [path, data] of Object.entries(pack.images))
        addImage(images, path, data, data.length);
    } catch (e) {
      if (e instanceof MapError) return [{ ok: false, text: e.message }];
      throw e;
    }
    return checkPack(`${file}:`, files, images, args).map((o) => ({
      ...o,
      text: o.text.replace(`${file}:/`, `${file}:`),
    }));
  }
  if (isFolder(file)) {
    const folder = folderFiles(file);
    return checkPack(file, folder.files, folder.images, args);
  }
  const mapText = readText(file, 'The map file');
  const tilesets = givenTilesets(args);
  const referenced = referencedFiles(mapText);
  readBeside(file, referenced.tilesets, 'The tileset file', tilesets);
  const templates: Record<string, string> = {};
  readBeside(file, referenced.templates, 'The template file', templates);
  // A tileset saved in the other format (desert.tsj for desert.tsx) beside the map.
  for (const source of referenced.tilesets) {
    if (tilesets[source] !== undefined) continue;
    for (const ext of ['.tsx', '.tsj', '.json']) {
      const other = resolveRelative(undefined, source).replace(/\.[^./]*$/, ext);
      readBeside(file, [other], 'The tileset file', tilesets);
    }
  }
  const id = basename(file, extname(file));
  const images = imagesBeside(file, mapText, tilesets);
  return [checkLoaded(file, mapText, id, { tilesets, templates, images }, args)];
}

function main(argv: string[]): number {
  let args: Args;
  try {
    args = parseArgs(argv);
  } catch (e) {
    process.stderr.write(`map:check: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  let failed = 0;
  for (const file of args.maps) {
    let outcomes: Outcome[];
    try {
      outcomes = checkMap(file, args);
    } catch (e) {
      outcomes = [{ ok: false, text: e instanceof Error ? e.message : String(e) }];
    }
    for (const outcome of outcomes) {
      if (outcome.ok) {
        if (!args.quiet) process.stdout.write(`${outcome.text}\n`);
        else process.stdout.write(`${outcome.text.split('\n')[0]}\n`);
      } else {
        failed++;
        process.stderr.write(`map:check: ${outcome.text}\n`);
      }
    }
  }
  return failed > 0 ? 1 : 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (e) {
  process.stderr.write(`map:check: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
}
