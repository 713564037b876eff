/**
 * The layers of src/ import one way only: engine <- maps <- app <- view/audio <- scenes
 * (main.ts, the boot code, may import all of those), src/devtools (shared by the tools and
 * the tests) is imported by no part of the game, and nothing in src/ imports from outside
 * it but packages (a test kept beside its module may use test/ helpers). The engine is pure TypeScript: no Phaser,
 * no howler. This test reads every import of src/**.ts and fails on an arrow pointing the
 * wrong way, naming the file and the import.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** What each layer may not import: other layers of src/, and packages. */
const FORBIDDEN: Record<string, readonly string[]> = {
  engine: ['maps', 'app', 'view', 'audio', 'scenes', 'devtools', 'phaser', 'howler'],
  maps: ['app', 'view', 'audio', 'scenes', 'devtools', 'phaser', 'howler'],
  app: ['view', 'audio', 'scenes', 'devtools'],
  view: ['scenes', 'devtools'],
  audio: ['scenes', 'devtools'],
  scenes: ['devtools'],
  'main.ts': ['devtools'],
  // What the tools and the tests share (maps from disk, benchmark boards, Chromium): it
  // reads the engine and the map loader, and the game never loads it.
  devtools: ['app', 'view', 'audio', 'scenes', 'phaser', 'howler'],
};

/**
 * The view's headless modules: the battle's UI record, what to draw derived from it, the
 * input decisions and the HUD layout run under vitest without a browser, so they import
 * no Phaser, directly or through another module of src/.
 */
const HEADLESS = [
  'view/battle-ui.ts',
  'view/battle-view.ts',
  'view/battle-intents.ts',
  'view/battle-layout.ts',
  'view/button-row.ts',
  'view/words.ts',
  'view/map-art.ts',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'fixtures' ? [] : sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** Every module a file imports (static, side-effect, re-export and dynamic imports). */
function importsOf(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bfrom\s+['"]([^'"]+)['"]/g,
    /^\s*import\s+['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) for (const m of text.matchAll(re)) found.push(m[1]);
  return found;
}

/** The layer (src/ folder) or package an import names, seen from `file`. */
function targetOf(file: string, spec: string): { layer: string; path: string | null } {
  if (!spec.startsWith('.')) return { layer: spec.split('/')[0], path: null };
  const path = resolve(dirname(file), spec);
  const rel = relative(SRC, path);
  if (rel.startsWith('..')) return { layer: `outside src (${spec})`, path: null };
  return { layer: rel.split(/[\\/]/)[0], path };
}

function layerOf(file: string): string {
  return relative(SRC, file).split(/[\\/]/)[0];
}

const FILES = sourceFiles(SRC);

function resolveFile(path: string): string | null {
  for (const candidate of [path, `${path}.ts`, join(path, 'index.ts')])
    if (FILES.includes(candidate)) return candidate;
  return null;
}

describe('the layers of src/', () => {
  it('import one way: engine <- maps <- app <- view/audio <- scenes', () => {
    const wrong: string[] = [];
    for (const file of FILES) {
      const forbidden = FORBIDDEN[layerOf(file)] ?? [];
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        const target = targetOf(file, spec);
        const outside = target.layer.startsWith('outside src') && !file.endsWith('.test.ts');
        if (forbidden.includes(target.layer) || outside)
          wrong.push(`${relative(SRC, file)} imports ${spec} (${target.layer})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps Phaser out of the headless view modules, through any import', () => {
    const wrong: string[] = [];
    for (const start of HEADLESS.map((f) => join(SRC, f))) {
      expect(FILES, `${start} exists`).toContain(start);
      const seen = new Set<string>();
      const walk = (file: string, via: string[]): void => {
        if (seen.has(file)) return;
        seen.add(file);
        for (const spec of importsOf(readFileSync(file, 'utf8'))) {
          const target = targetOf(file, spec);
          if (target.layer === 'phaser')
            wrong.push([...via, relative(SRC, file), 'phaser'].join(' -> '));
          const next = target.path ? resolveFile(target.path) : null;
          if (next) walk(next, [...via, relative(SRC, file)]);
        }
      };
      walk(start, []);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the tests off tools/ (but for the tests of the tools themselves)', () => {
    const TEST = join(SRC, '..', 'test');
    const TOOLS = join(SRC, '..', 'tools');
    const wrong: string[] = [];
    for (const file of sourceFiles(TEST)) {
      if (relative(TEST, file).startsWith(`tools${sep}`)) continue;
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        const path = spec.startsWith('.') ? resolve(dirname(file), spec) : '';
        if (path.startsWith(TOOLS + sep)) wrong.push(`${relative(TEST, file)} imports ${spec}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('sees the arrows it is meant to catch', () => {
    const file = join(SRC, 'engine', 'x.ts');
    expect(targetOf(file, '../view/theme').layer).toBe('view');
    expect(targetOf(file, 'phaser').layer).toBe('phaser');
    expect(importsOf("import type { A } from '../app/app';\nimport './rulesets';")).toEqual([
      '../app/app',
      './rulesets',
    ]);
  });
});
