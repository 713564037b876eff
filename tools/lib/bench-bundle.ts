/**
 * Bundle size: the production build (`vite build`, into a temporary folder so the working
 * dist/ is left alone), every file's size raw and gzipped (node:zlib, level 9), in total and
 * for Phaser's own chunk (vite.config.ts puts Phaser in a chunk whose name starts with
 * `phaser`). With `--no-build`, an existing dist/ is read instead.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from './bench-boards';
import { firstScreenSize, type FirstScreenSize } from './bundle-size';

export interface BundleFile {
  file: string;
  raw: number;
  gzip: number;
}

export interface BundleResult {
  source: string;
  buildMs: number | null;
  totalRaw: number;
  totalGzip: number;
  jsRaw: number;
  jsGzip: number;
  phaserRaw: number;
  phaserGzip: number;
  /** Share of Phaser in the JavaScript, gzipped. */
  phaserShareOfJs: number;
  files: BundleFile[];
  /** What the first screen (the Menu) loads of the JavaScript, and every chunk (bundle-size.ts). */
  firstScreen?: FirstScreenSize;
  error?: string;
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

export function buildDir(): string {
  return join(tmpdir(), `archfoe-bench-dist-${process.pid}`);
}

/** Runs `vite build` into `outDir`; returns the error text or null. */
export function viteBuild(outDir: string): { ms: number; error: string | null } {
  const t0 = performance.now();
  const vite = join(REPO_ROOT, 'node_modules/vite/bin/vite.js');
  const r = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 300_000,
      maxBuffer: 32 * 1024 * 1024,
    },
  );
  const ms = performance.now() - t0;
  if (r.status !== 0) {
    const text = `${r.stderr}\n${r.stdout}`
      .trim()
      .split('\n')
      .filter(Boolean)
      .slice(-4)
      .join(' | ');
    return { ms, error: `vite build failed (exit ${r.status}): ${text}` };
  }
  return { ms, error: null };
}

export function measureDir(dir: string, source: string, buildMs: number | null): BundleResult {
  const files: BundleFile[] = walk(dir)
    .sort()
    .map((p) => {
      const data = readFileSync(p);
      return {
        file: relative(dir, p),
        raw: data.length,
        gzip: gzipSync(data, { level: 9 }).length,
      };
    });
  const sum = (list: BundleFile[], key: 'raw' | 'gzip'): number =>
    list.reduce((a, f) => a + f[key], 0);
  const js = files.filter((f) => /\.(m?js)$/.test(f.file));
  const phaser = js.filter((f) => basename(f.file).startsWith('phaser'));
  return {
    source,
    buildMs,
    totalRaw: sum(files, 'raw'),
    totalGzip: sum(files, 'gzip'),
    jsRaw: sum(js, 'raw'),
    jsGzip: sum(js, 'gzip'),
    phaserRaw: sum(phaser, 'raw'),
    phaserGzip: sum(phaser, 'gzip'),
    phaserShareOfJs: sum(js, 'gzip') > 0 ? sum(phaser, 'gzip') / sum(js, 'gzip') : NaN,
    files,
    firstScreen: firstScreenSize(dir),
  };
}

function failed(source: string, error: string, buildMs: number | null): BundleResult {
  return {
    source,
    buildMs,
    totalRaw: NaN,
    totalGzip: NaN,
    jsRaw: NaN,
    jsGzip: NaN,
    phaserRaw: NaN,
    phaserGzip: NaN,
    phaserShareOfJs: NaN,
    files: [],
    error,
  };
}

/** Builds (or reads dist/ with `build = false`) and measures. */
export function measureBundle(build: boolean): BundleResult {
  if (!build) {
    const dist = join(REPO_ROOT, 'dist');
    if (!existsSync(dist))
      return failed(
        'dist/',
        'no dist/ folder (run without --no-build, or npm run build first)',
        null,
      );
    return measureDir(dist, 'existing dist/', null);
  }
  if (!existsSync(join(REPO_ROOT, 'index.html'))) {
    return failed(
      'vite build',
      'no index.html at the repository root yet, so there is nothing to build',
      null,
    );
  }
  const out = buildDir();
  try {
    const { ms, error } = viteBuild(out);
    if (error) return failed('vite build', error, ms);
    return measureDir(out, 'fresh `vite build` (temporary folder)', ms);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
