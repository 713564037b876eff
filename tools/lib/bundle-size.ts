/**
 * The first screen's JavaScript: what a browser loads to show the Menu from a production
 * build (issue 31's target: at most 450 KB gzipped). Read from the built files, not guessed:
 * the scripts index.html names (`<script src>`, `<link rel="modulepreload">`) and every chunk
 * those import statically, transitively; a chunk reached only through `import()` loads when
 * first needed and is not counted. The service worker and its Workbox runtime (sw.js,
 * workbox-*.js) run in their own context after the page shows, so they are listed but not
 * counted. Sizes are gzip level 9 (node:zlib), in KiB (1024 bytes), as bench-bundle.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ChunkSize {
  /** Path inside the dist folder, with forward slashes. */
  file: string;
  rawKB: number;
  gzipKB: number;
  /** Loaded to show the first screen (else: when first needed, or by the service worker). */
  firstScreen: boolean;
}

export interface FirstScreenSize {
  /** The first screen's JavaScript, gzipped, in KiB. */
  firstScreenGzipKB: number;
  firstScreenRawKB: number;
  /** All the build's JavaScript gzipped, in KiB (what the offline app precaches of it). */
  allJsGzipKB: number;
  /** Every JavaScript file of the build, the first screen's first, then largest first. */
  chunks: ChunkSize[];
}

const KB = 1024;
const round1 = (bytes: number): number => Math.round((bytes / KB) * 10) / 10;

function jsFilesUnder(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsFilesUnder(path, base);
    return /\.m?js$/.test(name) ? [relative(base, path).split('\\').join('/')] : [];
  });
}

/** The scripts index.html loads itself: module entries, module preloads and classic scripts. */
export function scriptsOfHtml(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["']/g)) found.push(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*>/g)) {
    const href = /\bhref=["']([^"']+)["']/.exec(m[0]);
    if (href) found.push(href[1]!);
  }
  return found.map((s) => posix.normalize(s.replace(/^\.\//, '')));
}

/**
 * The chunks a built chunk imports statically (`import ... from "./x.js"`, `import "./x.js"`,
 * `export ... from "./x.js"`), as paths inside dist; `import("./x.js")` is left out.
 */
export function staticImportsOfChunk(file: string, code: string): string[] {
  const found: string[] = [];
  const re = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.m?js)["']/g;
  for (const m of code.matchAll(re)) {
    const spec = m[1]!;
    if (!spec.startsWith('.')) continue;
    found.push(posix.normalize(posix.join(posix.dirname(file), spec)));
  }
  return found;
}

/** Measures the first screen's JavaScript of the build in `distDir` (index.html at its top). */
export function firstScreenSize(distDir: string): FirstScreenSize {
  const html = join(distDir, 'index.html');
  if (!existsSync(html)) throw new Error(`${distDir} holds no index.html: build the game first.`);
  const all = jsFilesUnder(distDir);
  const known = new Set(all);
  const first = new Set<string>();
  const queue = scriptsOfHtml(readFileSync(html, 'utf8')).filter((f) => known.has(f));
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (first.has(file)) continue;
    first.add(file);
    const code = readFileSync(join(distDir, file), 'utf8');
    for (const next of staticImportsOfChunk(file, code))
      if (known.has(next) && !first.has(next)) queue.push(next);
  }
  const chunks = all.map((file): ChunkSize & { raw: number; gzip: number } => {
    const data = readFileSync(join(distDir, file));
    const gzip = gzipSync(data, { level: 9 }).length;
    return {
      file,
      raw: data.length,
      gzip,
      rawKB: round1(data.length),
      gzipKB: round1(gzip),
      firstScreen: first.has(file),
    };
  });
  chunks.sort((a, b) =>
    a.firstScreen !== b.firstScreen ? (a.firstScreen ? -1 : 1) : b.gzip - a.gzip,
  );
  const sum = (list: typeof chunks, key: 'raw' | 'gzip'): number =>
    list.reduce((n, c) => n + c[key], 0);
  const firstChunks = chunks.filter((c) => c.firstScreen);
  return {
    firstScreenGzipKB: round1(sum(firstChunks, 'gzip')),
    firstScreenRawKB: round1(sum(firstChunks, 'raw')),
    allJsGzipKB: round1(sum(chunks, 'gzip')),
    chunks: chunks.map(({ file, rawKB, gzipKB, firstScreen }) => ({
      file,
      rawKB,
      gzipKB,
      firstScreen,
    })),
  };
}
