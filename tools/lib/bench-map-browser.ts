/**
 * Map loading in the browser: the committed 100 x 100 TMX map (three compressed layers) with
 * its TSX tileset and the tileset's PNG, dropped on the game's page the way a player drops
 * them, in headless Chromium on the production build (Canvas renderer). Two times a run, on
 * the page's clock:
 *   - drop to Setup: the files read, the PNG's header checked and the image decoded, the
 *     map loaded, kept in IndexedDB ("my maps") and shown on the Setup screen with its
 *     picture drawn in its own art;
 *   - Start to battle: the battle set up and its board built in the map's own art, until
 *     the first frame after the Battle scene says it is shown.
 * Each run starts from a freshly loaded page (as when a player drops a map), median of runs.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { CHROMIUM, launchChromium } from '../../src/devtools/chromium';
import { serveDir } from '../../src/devtools/static-server';
import { BENCH_FIXTURES, REPO_ROOT } from './bench-boards';
import { viteBuild } from './bench-bundle';
import { TMX_100_FILE, TSX_100_FILE } from './bench-tmx';
import { percentile, type Row } from './bench-stats';

export interface BrowserMapLoad {
  runs: number;
  /** Median ms from the drop to the Setup screen showing the map. */
  dropToSetupMs: number;
  /** Median ms from Start to the battle on screen. */
  startToBattleMs: number;
  samples: { drop: number[]; start: number[] };
  /** How the board drew the map (its own art: art layers > 0). */
  boardArt: { artLayers: number; fallbackSquares: number } | null;
  bytes: number;
  error?: string;
}

interface Dropped {
  name: string;
  base64: string;
  type: string;
}

/** The files a player drops: the map, its tileset and the tileset's image. */
function benchFiles(): Dropped[] {
  const file = (name: string, data: Buffer, type: string): Dropped => ({
    name,
    base64: data.toString('base64'),
    type,
  });
  return [
    file(TMX_100_FILE, readFileSync(join(BENCH_FIXTURES, TMX_100_FILE)), 'application/xml'),
    file(TSX_100_FILE, readFileSync(join(BENCH_FIXTURES, TSX_100_FILE)), 'application/xml'),
    // The image the tileset names (dungeon-tiles.png), dropped as the player's own.
    file(
      'dungeon-tiles.png',
      readFileSync(join(REPO_ROOT, 'assets/tiles/dungeon-tiles.png')),
      'image/png',
    ),
  ];
}

/** Runs in the page: drops the files, times the Setup screen, then Start to the battle. */
async function dropAndStart(files: Dropped[]): Promise<{
  drop: number;
  start: number;
  art: { artLayers: number; fallbackSquares: number } | null;
  error?: string;
}> {
  type Api = {
    ready: Promise<void>;
    scene(): string;
    setSpeed(s: string): boolean;
    start(o: { scenario: string; seed: number }): Promise<{ ok: boolean; error?: string }>;
    debug: {
      mapMessage(): { kind: string; text: string } | null;
      setupPreview(): { width: number } | null;
      boardArt(): { artLayers: number; fallbackSquares: number } | null;
    };
  };
  const api = (window as unknown as { archfoe: Api }).archfoe;
  await api.ready;
  const frame = (): Promise<number> => new Promise((r) => requestAnimationFrame(r));
  const dt = new DataTransfer();
  for (const f of files) {
    const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
    dt.items.add(new File([bytes], f.name, { type: f.type }));
  }
  const t0 = performance.now();
  window.dispatchEvent(
    new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }),
  );
  const deadline = t0 + 60_000;
  while (!(api.scene() === 'Setup' && api.debug.setupPreview()?.width === 100)) {
    await frame();
    if (performance.now() > deadline)
      return {
        drop: NaN,
        start: NaN,
        art: null,
        error: api.debug.mapMessage()?.text ?? 'no Setup',
      };
  }
  const t1 = performance.now();
  api.setSpeed('instant');
  const started = await api.start({ scenario: 'custom', seed: 1 });
  await frame();
  const t2 = performance.now();
  if (!started.ok) return { drop: t1 - t0, start: NaN, art: null, error: started.error };
  return { drop: t1 - t0, start: t2 - t1, art: api.debug.boardArt() };
}

/** Measures `runs` drops on a page of the game served at `url`. */
export async function mapLoadOnPage(
  page: Page,
  url: string,
  runs: number,
): Promise<BrowserMapLoad> {
  const files = benchFiles();
  const out: BrowserMapLoad = {
    runs: 0,
    dropToSetupMs: NaN,
    startToBattleMs: NaN,
    samples: { drop: [], start: [] },
    boardArt: null,
    bytes: files.reduce((n, f) => n + (f.base64.length * 3) / 4, 0),
  };
  for (let i = 0; i < runs; i++) {
    await page.goto(`${url}?renderer=canvas`, { waitUntil: 'load' });
    await page.waitForFunction(
      () =>
        (
          window as unknown as { archfoe?: { isReady: boolean; scene(): string } }
        ).archfoe?.scene() === 'Menu',
      null,
      { timeout: 60_000 },
    );
    const r = await page.evaluate(dropAndStart, files);
    if (r.error) {
      out.error = r.error;
      break;
    }
    out.samples.drop.push(r.drop);
    out.samples.start.push(r.start);
    out.boardArt = r.art;
    out.runs++;
  }
  out.dropToSetupMs = percentile(out.samples.drop, 50);
  out.startToBattleMs = percentile(out.samples.start, 50);
  if (!out.error && (!out.boardArt || out.boardArt.artLayers === 0))
    out.error = 'the board did not draw the map in its own art';
  return out;
}

/**
 * Builds the game (or serves `dist`), launches Chromium and measures. Never throws: a
 * problem (no Chromium, a failed build) comes back in `error`.
 */
export async function measureMapLoadInBrowser(
  runs: number,
  dist?: string,
): Promise<BrowserMapLoad> {
  const empty: BrowserMapLoad = {
    runs: 0,
    dropToSetupMs: NaN,
    startToBattleMs: NaN,
    samples: { drop: [], start: [] },
    boardArt: null,
    bytes: 0,
  };
  const temp: string[] = [];
  try {
    let dir = dist;
    if (!dir) {
      dir = mkdtempSync(join(tmpdir(), 'archfoe-bench-maps-dist-'));
      temp.push(dir);
      const built = viteBuild(dir);
      if (built.error) return { ...empty, error: built.error };
    }
    const { server, url } = await serveDir(dir);
    const profile = mkdtempSync(join(tmpdir(), 'archfoe-bench-maps-chromium-'));
    temp.push(profile);
    try {
      const context = await launchChromium(profile);
      try {
        await context.addInitScript('window.__name = (f) => f;');
        const page = context.pages()[0] ?? (await context.newPage());
        return await mapLoadOnPage(page, url, runs);
      } finally {
        await context.close();
      }
    } finally {
      server.close();
    }
  } catch (e) {
    return { ...empty, error: e instanceof Error ? e.message : String(e) };
  } finally {
    for (const t of temp) rmSync(t, { recursive: true, force: true });
  }
}

/** Report rows for a browser map-load measurement. */
export function mapLoadRows(r: BrowserMapLoad, section: string, keyPrefix: string): Row[] {
  if (r.error)
    return [{ section, name: 'in the browser: not measured', value: NaN, unit: '', note: r.error }];
  return [
    {
      section,
      name: 'in the browser: drop to Setup',
      value: r.dropToSetupMs,
      unit: 'ms',
      note: `${TMX_100_FILE} + ${TSX_100_FILE} + its PNG (${Math.round(r.bytes / 1024)} KiB) dropped: read, image header checked and decoded, loaded, kept in IndexedDB, Setup shown with its picture; median of ${r.runs} fresh pages (Canvas)`,
      key: `${keyPrefix}.dropMs`,
      better: 'lower',
    },
    {
      section,
      name: 'in the browser: Start to the battle on screen',
      value: r.startToBattleMs,
      unit: 'ms',
      note: `board built in the map's own art (${r.boardArt?.artLayers ?? 0} art layers, ${r.boardArt?.fallbackSquares ?? 0} squares in built-in tiles); median of ${r.runs}`,
      key: `${keyPrefix}.startMs`,
      better: 'lower',
    },
  ];
}

export { CHROMIUM };
