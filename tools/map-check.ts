/**
 * map:check — validates Tiled maps the way the game loads them.
 *
 *   npm run map:check -- FILE [FILE...] [--tileset FILE]... [--heroes N] [--quiet]
 *
 * For each map: reads it, gathers external tilesets (given with --tileset, or found beside
 * the map by their `source` path) and object templates (found beside the map by their
 * `template` path), runs loadTiledMap, adds the default setup when the map
 * has no heroes or enemies, and prints a summary with warnings (exit 0), or prints the one
 * plain message that says what is wrong (exit 1). Never prints a stack trace.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, resolve } from 'node:path';
import { loadTiledMap, summarizeMap, tryAddDefaultSetup } from '../src/maps/index';

const USAGE = 'Usage: npm run map:check -- FILE [FILE...] [--tileset FILE]... [--heroes N]';
const MAX_FILE_BYTES = 64 * 1024 * 1024;

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

function readText(path: string, what: string): string {
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
  if (size > MAX_FILE_BYTES)
    throw new Error(
      `${what} ${path} is ${Math.round(size / 1048576)} MB; that is far too big for a map.`,
    );
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new Error(`${what} ${path} cannot be read (${code ?? 'unknown error'}).`);
  }
}

/**
 * The files a map refers to, if its text is JSON at all: its external tilesets' `source`
 * paths, and the `template` paths of objects in its object layers (groups included).
 */
function referencedFiles(text: string): { tilesets: string[]; templates: string[] } {
  const found = { tilesets: [] as string[], templates: [] as string[] };
  const isPath = (s: unknown): s is string =>
    typeof s === 'string' && s.length > 0 && s.length < 1024;
  const field = (o: unknown, key: string): unknown =>
    o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[key] : undefined;
  const visit = (layers: unknown, depth: number): void => {
    if (!Array.isArray(layers) || depth > 32) return;
    for (const layer of layers) {
      const objects = field(layer, 'objects');
      if (Array.isArray(objects))
        for (const o of objects) {
          const t = field(o, 'template');
          if (isPath(t) && !found.templates.includes(t)) found.templates.push(t);
        }
      visit(field(layer, 'layers'), depth + 1);
    }
  };
  try {
    const json = JSON.parse(text) as unknown;
    const list = field(json, 'tilesets');
    if (Array.isArray(list)) found.tilesets = list.map((t) => field(t, 'source')).filter(isPath);
    visit(field(json, 'layers'), 0);
  } catch {
    // Not JSON: the loader says so in plain words.
  }
  return found;
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

function checkMap(file: string, args: Args): { ok: boolean; text: string } {
  const mapText = readText(file, 'The map file');
  const externalTilesets: Record<string, string> = {};
  for (const t of args.tilesets) {
    const text = readText(t, 'The tileset file');
    externalTilesets[t] = text;
    externalTilesets[basename(t)] ??= text;
  }
  const referenced = referencedFiles(mapText);
  readBeside(file, referenced.tilesets, 'The tileset file', externalTilesets);
  const externalTemplates: Record<string, string> = {};
  readBeside(file, referenced.templates, 'The template file', externalTemplates);
  const id = basename(file, extname(file));
  const result = loadTiledMap(mapText, { id, externalTilesets, externalTemplates });
  if (!result.ok) return { ok: false, text: `${file}: ${result.error}` };
  const loaded = result.map;
  const lines: string[] = [];
  const hasHeroes = loaded.battleMap.objects.some((o) => o.kind === 'hero');
  const hasEnemies = loaded.battleMap.objects.some((o) => o.kind === 'enemy');
  if (hasHeroes && hasEnemies) {
    lines.push(loaded.summary);
  } else {
    const setup = tryAddDefaultSetup(loaded.battleMap, args.heroes);
    if (!setup.ok) return { ok: false, text: `${file}: ${setup.error}` };
    lines.push(`${summarizeMap(setup.map)}\n  (heroes and enemies placed by the default setup)`);
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
  return { ok: true, text: `OK ${file}\n${lines.join('\n')}` };
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
    let outcome: { ok: boolean; text: string };
    try {
      outcome = checkMap(file, args);
    } catch (e) {
      outcome = { ok: false, text: e instanceof Error ? e.message : String(e) };
    }
    if (outcome.ok) {
      if (!args.quiet) process.stdout.write(`${outcome.text}\n`);
      else process.stdout.write(`${outcome.text.split('\n')[0]}\n`);
    } else {
      failed++;
      process.stderr.write(`map:check: ${outcome.text}\n`);
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
