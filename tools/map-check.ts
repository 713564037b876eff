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
 * unpacked). For each map: runs loadTiledMap, adds the default setup when the map has no
 * heroes or enemies, and prints a summary with warnings (exit 0), or prints the one plain
 * message that says what is wrong (exit 1). Never prints a stack trace.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import {
  LIMITS,
  loadTiledMap,
  MapError,
  mapsAmong,
  referencedFiles,
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

/** The Tiled files of a folder (recursively, bounded), keyed by their path inside it. */
function folderFiles(root: string): Record<string, string> {
  const out: Record<string, string> = {};
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
      }
    }
  };
  walk(root, 0);
  return out;
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
  files: { tilesets: Record<string, string>; templates: Record<string, string>; mapPath?: string },
  args: Args,
): Outcome {
  const result = loadTiledMap(mapText, {
    id,
    mapPath: files.mapPath,
    externalTilesets: files.tilesets,
    externalTemplates: files.templates,
  });
  if (!result.ok) return { ok: false, text: `${label}: ${result.error}` };
  const loaded = result.map;
  const lines: string[] = [];
  const hasHeroes = loaded.battleMap.objects.some((o) => o.kind === 'hero');
  const hasEnemies = loaded.battleMap.objects.some((o) => o.kind === 'enemy');
  if (hasHeroes && hasEnemies) {
    lines.push(loaded.summary);
  } else {
    const setup = tryAddDefaultSetup(loaded.battleMap, args.heroes);
    if (!setup.ok) return { ok: false, text: `${label}: ${setup.error}` };
    const extra = loaded.summary
      .split('\n')
      .filter((l) => /^  (Walls read from|Infinite map)/.test(l));
    lines.push(
      [summarizeMap(setup.map), ...extra].join('\n') +
        '\n  (heroes and enemies placed by the default setup)',
    );
  }
  const tilesets = loaded.tiled.tilesets.map((t) => `${t.name} -> ${t.image}`).join('; ');
  lines.push(`  Tilesets: ${tilesets}`);
  lines.push(`  Layers: ${loaded.tiled.layers.map((l) => l.name).join(', ')}`);
  if (loaded.warnings.length > 0) {
    lines.push(`  Warnings (${loaded.warnings.length}):`);
    for (const w of loaded.warnings) lines.push(`    - ${w}`);
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
function checkPack(label: string, files: Record<string, string>, args: Args): Outcome[] {
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
      { tilesets: all, templates: all, mapPath: m },
      args,
    ),
  );
}

function checkMap(file: string, args: Args): Outcome[] {
  if (/\.zip$/i.test(file)) {
    const bytes = readBytes(file, 'The map pack', LIMITS.maxZipBytes);
    let files: Record<string, string>;
    try {
      files = unpackZip(bytes, `The map pack ${file}`).files;
    } catch (e) {
      if (e instanceof MapError) return [{ ok: false, text: e.message }];
      throw e;
    }
    return checkPack(`${file}:`, files, args).map((o) => ({
      ...o,
      text: o.text.replace(`${file}:/`, `${file}:`),
    }));
  }
  if (isFolder(file)) return checkPack(file, folderFiles(file), args);
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
  return [checkLoaded(file, mapText, id, { tilesets, templates }, args)];
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
