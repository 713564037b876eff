/**
 * The README's screenshots of a map from elsewhere drawn in its own art:
 *   npx tsx tools/screenshots-own-art.ts [--renderer webgl|canvas]
 * Builds the game, serves it, opens it in headless Chromium (/usr/bin/chromium or
 * CHROMIUM_PATH), drops Marsh Keep (test/fixtures/maps/own-art: the map, its .tsx tileset and
 * its PNGs, made by tools/mapgen/own-art.ts) on the page as a player would, and saves
 *   docs/screenshot-own-art-setup.png    the Setup screen: the map's picture and summary
 *   docs/screenshot-own-art-battle.png   the battle on it, a hero's move shown
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './lib/bench-boards';
import { runShots, withGamePage } from './lib/shots';

type Api = {
  isReady: boolean;
  scene(): string;
  scenarios(): { id: string; name: string }[];
  setSpeed(s: string): boolean;
  idle(): Promise<void>;
  start(o: { scenario: string; seed: number }): Promise<{ ok: boolean; error?: string }>;
  debug: {
    buttonRect(n: string): { cx: number; cy: number; enabled: boolean } | null;
    setupPreview(): { ownArt: boolean } | null;
    squareToScreen(x: number, y: number): { x: number; y: number } | null;
  };
};

const OWN = join(REPO_ROOT, 'test/fixtures/maps/own-art');
const FILES = [
  'marsh-keep.tmx',
  'tiles/keep.tsx',
  'art/keep-tiles.png',
  'art/barrel.png',
  'art/crate.png',
  'art/banner.png',
  'art/mire.png',
];

async function main(): Promise<void> {
  const renderer = process.argv.includes('canvas') ? 'canvas' : 'webgl';
  await withGamePage(async (page, url) => {
    const click = async (name: string): Promise<void> => {
      const rect = await page.evaluate(
        (n) => (window as unknown as { archfoe: Api }).archfoe.debug.buttonRect(n),
        name,
      );
      if (!rect) throw new Error(`no button ${name}`);
      await page.mouse.click(rect.cx, rect.cy);
    };
    await page.goto(`${url}?renderer=${renderer}`);
    await page.waitForFunction(
      () => (window as unknown as { archfoe?: Api }).archfoe?.scene() === 'Menu',
    );
    await click('new-game');
    await page.waitForFunction(
      () => (window as unknown as { archfoe: Api }).archfoe.scene() === 'Setup',
    );
    const files = FILES.map((p) => ({
      name: p.replace(/^.*\//, ''),
      base64: readFileSync(join(OWN, p)).toString('base64'),
      type: p.endsWith('.png') ? 'image/png' : 'application/xml',
    }));
    await page.evaluate((list) => {
      const dt = new DataTransfer();
      for (const f of list) {
        const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        dt.items.add(new File([bytes], f.name, { type: f.type }));
      }
      window.dispatchEvent(
        new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }),
      );
    }, files);
    await page.waitForFunction(
      () => (window as unknown as { archfoe: Api }).archfoe.debug.setupPreview()?.ownArt === true,
    );
    await page.mouse.move(1270, 700);
    await page.waitForTimeout(600);
    await page.screenshot({ path: join(REPO_ROOT, 'docs/screenshot-own-art-setup.png') });
    await page.evaluate(() =>
      (window as unknown as { archfoe: Api }).archfoe.start({ scenario: 'custom', seed: 7 }),
    );
    await page.evaluate(() => (window as unknown as { archfoe: Api }).archfoe.idle());
    // Hover a square the acting hero can reach, to show its path over the art.
    const to = await page.evaluate(() =>
      (window as unknown as { archfoe: Api }).archfoe.debug.squareToScreen(4, 5),
    );
    if (to) await page.mouse.move(to.x, to.y);
    await page.waitForTimeout(700);
    await page.screenshot({ path: join(REPO_ROOT, 'docs/screenshot-own-art-battle.png') });
    process.stdout.write(`Saved docs/screenshot-own-art-{setup,battle}.png (${renderer})\n`);
  });
}

runShots(main);
