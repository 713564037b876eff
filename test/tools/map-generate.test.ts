/**
 * npm run map:generate: writes a generated board as a Tiled map that npm run map:check
 * accepts and the game loads; the same seed writes the same bytes; wrong arguments get a
 * plain message and exit 1.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toolArgs } from './bundled-tool';
import { ROOT } from '../../src/devtools/bundled-maps';
import { loadTiledMap } from '../../src/maps';

const dir = mkdtempSync(join(tmpdir(), 'archfoe-generate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(tool: string, ...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, toolArgs(tool, args), {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('npm run map:generate', () => {
  it('writes a large battlefield that map:check accepts, the same bytes for the same seed', () => {
    const a = join(dir, 'large-a.tmj');
    const b = join(dir, 'large-b.tmj');
    const first = run('tools/map-generate.ts', '--seed', '12', '--size', 'large', '--out', a);
    expect(first.code).toBe(0);
    expect(first.out).toContain(`Wrote ${a}`);
    expect(first.out).toContain('Battlefield 12: 72 x 48 squares');
    expect(run('tools/map-generate.ts', '--seed=12', '--size=large', '--out', b).code).toBe(0);
    expect(readFileSync(b, 'utf8')).toBe(readFileSync(a, 'utf8'));
    const check = run('tools/map-check.ts', a);
    expect(check.code).toBe(0);
    expect(check.out).toContain('Battlefield 12 [large-a]: 72 x 48 squares');
    expect(check.out).toContain('Tilesets: dungeon-tiles -> assets/tiles/dungeon-tiles.png');
    expect(check.out).toContain('Layers: Ground, Features, Units');
  });

  it('writes small fields, the 3 x 3 ft shape, the sheet and the chessboard', () => {
    const cases: [string[], string][] = [
      [['--size', 'small'], '24 x 24'],
      [['--size', 'small', '--shape', '10x8in'], '10 x 8'],
      [['--shape', '3x3ft'], '36 x 36'],
      [['--kind', 'sheet'], '8 x 10'],
      [['--kind', 'chessboard'], '8 x 8'],
    ];
    const files: string[] = [];
    for (const [args, size] of cases) {
      const out = join(dir, `${args.join('')}.tmj`);
      const r = run('tools/map-generate.ts', '--seed', '3', ...args, '--out', out);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain(`${size} squares`);
      expect(loadTiledMap(readFileSync(out, 'utf8'), { id: 'x' }).ok).toBe(true);
      files.push(out);
    }
    const check = run('tools/map-check.ts', '--quiet', ...files);
    expect(check.code, check.err).toBe(0);
    expect(check.out.trim().split('\n')).toEqual(files.map((f) => `OK ${f}`));
  });

  it('prints every roll with --log', () => {
    const r = run(
      'tools/map-generate.ts',
      '--seed',
      '4',
      '--size',
      'small',
      '--log',
      '--out',
      join(dir, 'log.tmj'),
    );
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Section 1 \(0,0\): d6 = \d: \d small, \d large/);
    expect(r.out).toMatch(/2d6 = \d+: .*; d8 = \d \([a-z-]+\), d6-1 = \d: at \d+,\d+/);
  });

  it('says plainly what is wrong with the arguments, and exits 1', () => {
    const cases: [string[], RegExp][] = [
      [['--out', join(dir, 'x.tmj')], /No --seed given/],
      [['--seed', '1'], /No --out file given/],
      [['--seed', 'one', '--out', 'x.tmj'], /--seed needs a whole number, not "one"/],
      [['--seed', '1', '--size', 'huge', '--out', 'x.tmj'], /--size is large or small/],
      [['--seed', '1', '--kind', 'hex', '--out', 'x.tmj'], /--kind is one of skirmish/],
      [['--seed', '1', '--size', 'small', '--shape', '6x4ft', '--out', 'x.tmj'], /large/],
      [['--seed', '1', '--kind', 'sheet', '--size', 'small', '--out', 'x.tmj'], /skirmish/],
      [['--seed', '1', '--frobnicate', '--out', 'x.tmj'], /Unknown argument --frobnicate/],
    ];
    for (const [args, message] of cases) {
      const r = run('tools/map-generate.ts', ...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.err).toMatch(message);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
  });
});
