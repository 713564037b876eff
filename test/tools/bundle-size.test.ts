/**
 * The first screen's JavaScript (tools/lib/bundle-size.ts): what index.html loads and what
 * those chunks import statically counts; a chunk reached only by `import()` and the service
 * worker do not. Checked on a small build written here, so the rule is pinned down without
 * building the game.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { firstScreenSize, scriptsOfHtml, staticImportsOfChunk } from '../../tools/lib/bundle-size';

const dist = mkdtempSync(join(tmpdir(), 'bundle-size-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(join(dist, path, '..'), { recursive: true });
  writeFileSync(join(dist, path), text);
}

const gz = (text: string): number => gzipSync(Buffer.from(text), { level: 9 }).length;

describe("the first screen's JavaScript", () => {
  it('reads the scripts and module preloads index.html names', () => {
    const html =
      '<script type="module" crossorigin src="./assets/index-A.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="./assets/phaser-B.js">\n' +
      '<link rel="stylesheet" href="./assets/style.css">\n' +
      '<script id="sw" src="./registerSW.js"></script>';
    expect(scriptsOfHtml(html)).toEqual([
      'assets/index-A.js',
      'registerSW.js',
      'assets/phaser-B.js',
    ]);
  });

  it("follows a chunk's static imports and re-exports, not its import() calls", () => {
    const code =
      'import{t as e}from"./phaser-B.js";import"./style-C.js";export{x}from"./x-D.js";' +
      'const later=()=>import("./Battle-E.js");';
    expect(staticImportsOfChunk('assets/index-A.js', code)).toEqual([
      'assets/phaser-B.js',
      'assets/style-C.js',
      'assets/x-D.js',
    ]);
  });

  it('counts the entry and what it imports statically, and leaves the rest out', () => {
    const entry =
      'import{a}from"./shared-S.js";const go=()=>import("./Battle-E.js");' + 'x'.repeat(300);
    const shared = 'export const a=1;' + 'y'.repeat(500);
    const later = 'import{a}from"./shared-S.js";' + 'z'.repeat(4000);
    write(
      'index.html',
      '<script type="module" src="./assets/index-A.js"></script><script src="./registerSW.js"></script>',
    );
    write('assets/index-A.js', entry);
    write('assets/shared-S.js', shared);
    write('assets/Battle-E.js', later);
    write('registerSW.js', 'navigator.serviceWorker.register("./sw.js")');
    write('sw.js', 'self.addEventListener("fetch",()=>{});' + 'w'.repeat(2000));
    const r = firstScreenSize(dist);
    const first = r.chunks.filter((c) => c.firstScreen).map((c) => c.file);
    expect(first.sort()).toEqual(['assets/index-A.js', 'assets/shared-S.js', 'registerSW.js']);
    const bytes = gz(entry) + gz(shared) + gz('navigator.serviceWorker.register("./sw.js")');
    expect(r.firstScreenGzipKB).toBeCloseTo(bytes / 1024, 1);
    expect(r.chunks.find((c) => c.file === 'assets/Battle-E.js')?.firstScreen).toBe(false);
    expect(r.chunks.find((c) => c.file === 'sw.js')?.firstScreen).toBe(false);
    expect(r.allJsGzipKB).toBeGreaterThan(r.firstScreenGzipKB);
  });

  it('says in words when the folder holds no build', () => {
    const empty = mkdtempSync(join(tmpdir(), 'bundle-size-empty-'));
    try {
      expect(() => firstScreenSize(empty)).toThrow(/no index.html/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
