/**
 * The game in a real browser: the production build served as static files, driven by real
 * mouse clicks and keys and by the window.archfoe API, in headless Chromium (Canvas
 * renderer: software WebGL is too slow here). Screenshots of every scene go to
 * test-artifacts/. One browser for the whole file; the tests run in order.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { ArchFoeApi } from '../../src/app/automation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  squaresNoticedBy,
  squaresThreatenedBy,
  squaresThreatenedByAlerted,
  type Command,
  type GameEvent,
  type GameState,
} from '../../src/engine';
import {
  ARTIFACTS,
  clickButtonOn,
  moveAndEndTurn,
  requireChromium,
  ROOT,
  startBrowser,
  startFromSetup,
  waitForCustomMap,
  stopBrowser,
  waitForScene,
  watchErrors,
  type BrowserSession,
  openGameOn,
  waitForAnimations,
} from './harness';

/** The page's automation API, as the game declares it. */
type Api = ArchFoeApi;
declare const window: { archfoe: Api };

let context: BrowserContext;
let page: Page;
let baseUrl = '';
const errors: string[] = [];

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

async function waitScene(name: string, timeout = 20_000): Promise<void> {
  await waitForScene(page, name, timeout);
}

const openGame = (query = '?renderer=canvas'): Promise<void> => openGameOn(page, baseUrl + query);

/** Clicks a named button with the real mouse at its on-screen position. */
async function clickButton(name: string): Promise<void> {
  await clickButtonOn(page, name);
}

async function clickSquare(x: number, y: number): Promise<void> {
  const p = await page.evaluate(([sx, sy]) => window.archfoe.debug.squareToScreen(sx, sy), [
    x,
    y,
  ] as const);
  expect(p, `square ${x},${y} on screen`).not.toBeNull();
  await page.mouse.click(p!.x, p!.y);
}

/**
 * Distinct colours in a real screenshot of the page (works for any renderer: a WebGL
 * canvas cannot be read back with a 2D context), counted by decoding the PNG in the page.
 */
async function distinctScreenshotColours(): Promise<number> {
  const png = (await page.screenshot()).toString('base64');
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, c.width, c.height).data;
    const seen = new Set<number>();
    for (let i = 0; i < data.length; i += 4 * 7)
      seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    return seen.size;
  }, png);
}

/** Distinct colours in the game canvas (Canvas renderer), sampled on a grid. */
async function distinctColours(): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector('canvas') as HTMLCanvasElement;
    const ctx = canvas.getContext('2d');
    if (!ctx) return -1;
    const { width, height } = canvas;
    const data = ctx.getImageData(0, 0, width, height).data;
    const seen = new Set<number>();
    for (let y = 0; y < height; y += 5) {
      for (let x = 0; x < width; x += 5) {
        const i = (y * width + x) * 4;
        seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      }
    }
    return seen.size;
  });
}

const state = (): Promise<GameState> => page.evaluate(() => window.archfoe.state()!);

requireChromium();

let session: BrowserSession | undefined;

beforeAll(async () => {
  session = await startBrowser(errors);
  ({ context, page, baseUrl } = session);
}, 180_000);

afterAll(async () => {
  await stopBrowser(session);
});

describe('Arch Foe in the browser', () => {
  it('shows a menu that is not blank', async () => {
    await openGame();
    await page.waitForTimeout(300);
    expect(await distinctColours()).toBeGreaterThan(40);
    expect((await page.evaluate(() => window.archfoe.debug.buttonRect('continue')))?.enabled).toBe(
      false,
    );
    await shot('01-menu');
  });

  it('goes Menu -> Setup -> Battle by mouse, moves a hero and attacks by clicking squares', async () => {
    await clickButton('new-game');
    await waitScene('Setup');
    await page.waitForTimeout(200);
    await shot('02-setup');
    // A typed seed makes this run the same every time.
    await clickButton('seed-typed');
    await page.keyboard.type('4242');
    await page.waitForTimeout(100);
    await shot('02b-setup-typed-seed');
    // Animations fast but visible; the opening plays while the test waits.
    await page.evaluate(() => window.archfoe.setSpeed('fast'));
    await clickButton('start');
    await waitScene('Battle');
    await page.evaluate(() => window.archfoe.idle());
    expect((await state()).dice.seed).toBe(4242);
    await page.waitForTimeout(250);
    expect(await distinctColours()).toBeGreaterThan(60);
    await shot('03-battle-start');
    await page.keyboard.press('h');
    await page.waitForTimeout(100);
    await shot('03b-battle-help');
    await page.keyboard.press('h');

    // An illegal click: the engine's sentence is shown briefly, nothing changes.
    const commandsBefore = (await page.evaluate(() => window.archfoe.events())).length;
    const s0 = await state();
    const moves = (await page.evaluate(() => window.archfoe.legalCommands())).filter(
      (c) => c.type === 'move',
    );
    let far: { x: number; y: number } | null = null;
    for (let y = 0; y < s0.map.height && !far; y++) {
      for (let x = 0; x < s0.map.width && !far; x++) {
        const occupied = s0.units.some(
          (u) => u.position && u.position.x === x && u.position.y === y,
        );
        const reachable = moves.some((c) => c.type === 'move' && c.to.x === x && c.to.y === y);
        if (!occupied && !reachable && s0.map.terrain[y * s0.map.width + x] === 'floor')
          far = { x, y };
      }
    }
    await clickSquare(far!.x, far!.y);
    await page.waitForTimeout(150);
    expect(await page.evaluate(() => window.archfoe.debug.lastToast())).toContain(
      `cannot reach (${far!.x}, ${far!.y})`,
    );
    expect((await page.evaluate(() => window.archfoe.events())).length).toBe(commandsBefore);
    await shot('03c-battle-illegal-click');

    // Clicking a monster that is not a target shows what it can see, by the engine's rule.
    const targets = new Set(
      (await page.evaluate(() => window.archfoe.legalCommands())).flatMap((c) =>
        c.type === 'attack' ? [c.target] : [],
      ),
    );
    const monster = s0.units.find((u) => u.side === 'enemies' && u.position && !targets.has(u.id))!;
    await clickSquare(monster.position!.x, monster.position!.y);
    await page.waitForTimeout(150);
    const inspection = await page.evaluate(() => window.archfoe.debug.inspection());
    expect(inspection?.unit).toBe(monster.id);
    const expected = squaresNoticedBy(await state(), monster).map((p) => `${p.x},${p.y}`);
    expect(expected.length).toBeGreaterThan(0);
    expect(inspection!.sees.map((p) => `${p.x},${p.y}`).sort()).toEqual(expected.sort());
    const strikes = squaresThreatenedBy(await state(), monster).map((p) => `${p.x},${p.y}`);
    expect(strikes.length).toBeGreaterThan(0);
    expect(inspection!.strikes.map((p) => `${p.x},${p.y}`).sort()).toEqual(strikes.sort());
    expect((await page.evaluate(() => window.archfoe.events())).length).toBe(commandsBefore);
    await shot('03d-battle-monster-sight');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(100);
    expect((await page.evaluate(() => window.archfoe.debug.inspection()))?.sees).toEqual([]);

    // Sound: the clicks unlocked howler's one audio context and the sounds loaded.
    const audio = await page.evaluate(() => {
      const h = (
        window as unknown as { Howler?: { ctx?: AudioContext; _howls?: { state(): string }[] } }
      ).Howler;
      return {
        ctx: h?.ctx?.state ?? 'none',
        loaded: (h?._howls ?? []).filter((x) => x.state() === 'loaded').length,
      };
    });
    expect(audio.ctx).toBe('running');
    expect(audio.loaded).toBeGreaterThanOrEqual(10);

    let moved = false;
    let undone = false;
    let attacked = false;
    for (let step = 0; step < 60 && !attacked; step++) {
      const s = await state();
      if (s.phase === 'over') break;
      const legal = await page.evaluate(() => window.archfoe.legalCommands());
      const attack = legal.find((c) => c.type === 'attack');
      if (attack && attack.type === 'attack') {
        const target = s.units.find((u) => u.id === attack.target)!;
        // Hover first: the target preview and line of sight show up.
        const p = await page.evaluate(([x, y]) => window.archfoe.debug.squareToScreen(x, y), [
          target.position!.x,
          target.position!.y,
        ] as const);
        await page.mouse.move(p!.x, p!.y);
        await page.waitForTimeout(150);
        await shot('04-battle-target-preview');
        const before = (await page.evaluate(() => window.archfoe.events())).length;
        await clickSquare(target.position!.x, target.position!.y);
        await page.waitForFunction((n) => window.archfoe.events().length > n, before);
        await page.evaluate(() => window.archfoe.idle());
        const events = (await page.evaluate(() => window.archfoe.events())).slice(before);
        expect(events.some((e) => e.type === 'attacked')).toBe(true);
        attacked = true;
        break;
      }
      const suggestion = await page.evaluate(() => window.archfoe.suggest());
      const move = suggestion?.type === 'move' ? suggestion : legal.find((c) => c.type === 'move');
      if (move && move.type === 'move' && !s.turn!.moved) {
        const hero = s.units.find((u) => u.id === move.unit)!;
        const from = hero.position!;
        await page.mouse.move(1, 1);
        await clickSquare(move.to.x, move.to.y);
        await page.waitForFunction(
          ([id, x, y]) => {
            const u = window.archfoe.state()!.units.find((v) => v.id === id)!;
            return u.position !== null && u.position.x === x && u.position.y === y;
          },
          [hero.id, move.to.x, move.to.y] as const,
        );
        await page.evaluate(() => window.archfoe.idle());
        moved = true;
        const canUndo = (await page.evaluate(() => window.archfoe.legalCommands())).some(
          (c) => c.type === 'undo-move',
        );
        if (!undone && canUndo) {
          await shot('05-battle-moved');
          await clickButton('undo');
          await page.waitForFunction(
            ([id, x, y]) => {
              const u = window.archfoe.state()!.units.find((v) => v.id === id)!;
              return u.position!.x === x && u.position!.y === y;
            },
            [hero.id, from.x, from.y] as const,
          );
          await page.evaluate(() => window.archfoe.idle());
          undone = true;
        }
        continue;
      }
      // Nothing to attack from here: end the turn with the Space key (the monsters act).
      const count = (await page.evaluate(() => window.archfoe.events())).length;
      await page.keyboard.press('Space');
      await page.waitForFunction((n) => window.archfoe.events().length > n, count);
      await page.evaluate(() => window.archfoe.idle());
    }
    expect(moved).toBe(true);
    expect(attacked).toBe(true);
    await shot('06-battle-after-attack');
  });

  it('resumes the same battle after a reload', async () => {
    const before = await state();
    expect(before.phase).not.toBe('over');
    await page.reload();
    await page.waitForFunction(() => window.archfoe?.isReady === true, null, { timeout: 30_000 });
    await waitScene('Menu');
    await shot('07-menu-with-save');
    await clickButton('continue');
    await waitScene('Battle');
    await page.evaluate(() => window.archfoe.idle());
    const after = await state();
    expect(after).toEqual(before);
    await page.waitForTimeout(200);
    await shot('08-battle-resumed');
  });

  it('plays a whole game to the Results screen through the API', async () => {
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    const started = await page.evaluate(() =>
      window.archfoe.start({ scenario: 'dungeon-crawl', seed: 11 }),
    );
    expect(started.ok).toBe(true);
    // The autopilot plays; the first time a move can be taken back, the Undo button is clicked.
    let undoTested = false;
    for (let i = 0; i < 3000; i++) {
      const s = await state();
      if (s.phase === 'over' || (await page.evaluate(() => window.archfoe.scene())) !== 'Battle')
        break;
      const c = await page.evaluate(() => window.archfoe.suggest());
      if (!c) break;
      const r = await page.evaluate((cmd) => window.archfoe.dispatch(cmd), c);
      expect(r, JSON.stringify(c)).toEqual({ ok: true });
      if (!undoTested && c.type === 'move') {
        const canUndo = (await page.evaluate(() => window.archfoe.legalCommands())).some(
          (x) => x.type === 'undo-move',
        );
        if (canUndo) {
          const from = s.units.find((u) => u.id === c.unit)!.position!;
          await clickButton('undo');
          await page.waitForFunction(
            ([id, x, y]) => {
              const u = window.archfoe.state()!.units.find((v) => v.id === id)!;
              return u.position!.x === x && u.position!.y === y;
            },
            [c.unit, from.x, from.y] as const,
          );
          const again = await page.evaluate((cmd) => window.archfoe.dispatch(cmd), c);
          expect(again.ok).toBe(true);
          undoTested = true;
        }
      }
    }
    expect(undoTested).toBe(true);
    const outcome = await page.evaluate(() => ({ phase: window.archfoe.state()!.phase }));
    expect(outcome).toMatchObject({ phase: 'over' });
    await waitScene('Results');
    await waitForAnimations(page);
    await shot('09-results');
    await clickButton('play-again');
    await waitScene('Battle');
    await page.evaluate(() => window.archfoe.idle());
    expect((await state()).phase).toBe('heroes');
    await clickButton('to-menu');
    await waitScene('Menu');
  });

  it('plays a bundled map and loads a map of the player', async () => {
    const started = await page.evaluate(() =>
      window.archfoe.start({ scenario: 'map:flooded-crypt', seed: 3 }),
    );
    expect(started).toEqual({ ok: true });
    await page.waitForTimeout(200);
    await shot('10-battle-flooded-crypt');
    // Settings over the battle: hide the dice log, the battle re-lays itself out unchanged.
    const before = await state();
    await clickButton('settings');
    await waitScene('Settings');
    await clickButton('log-off');
    await shot('10b-battle-settings-overlay');
    await clickButton('settings-back');
    await waitScene('Battle');
    await page.waitForTimeout(200);
    expect(await state()).toEqual(before);
    await shot('10c-battle-no-log');
    await clickButton('settings');
    await clickButton('log-on');
    await clickButton('settings-back');
    await waitScene('Battle');
    await clickButton('to-menu');
    await waitScene('Menu');
    await clickButton('new-game');
    await waitScene('Setup');
    const bad = await page.evaluate(() =>
      window.archfoe.loadMap('{"type":"map","width":3}', {}, 'broken.tmj'),
    );
    expect(bad).toMatchObject({ ok: false, error: expect.stringMatching(/\w+ \w+/) });
    await page.waitForTimeout(200);
    await shot('11-setup-map-error');
    // The file button's input, with a player's map that uses an external tileset (.tsj):
    // load it, start it and play a turn on it.
    const fixtures = join(ROOT, 'test', 'fixtures', 'maps');
    await page.setInputFiles('#map-file', [
      join(fixtures, 'external.tmj'),
      join(fixtures, 'tiles', 'external.tsj'),
    ]);
    await waitForCustomMap(page, 'Test Cellar');
    await waitScene('Setup');
    await startFromSetup(page);
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    await page.evaluate(() => window.archfoe.idle());
    const onCustom = await state();
    expect(onCustom.map.id).toBe('external');
    expect(onCustom.map.name).toBe('Test Cellar');
    await moveAndEndTurn(page);
    await shot('12b-battle-own-map-after-turn');
    await clickButton('to-menu');
    await waitScene('Menu');
    await clickButton('new-game');
    await waitScene('Setup');
    // Drag and drop onto the page.
    const dropped = readFileSync(join(ROOT, 'maps', 'dragon-hall.tmj'), 'utf8');
    await page.evaluate((t) => {
      const dt = new DataTransfer();
      dt.items.add(new File([t], 'dropped-hall.tmj', { type: 'application/json' }));
      globalThis.dispatchEvent(
        new DragEvent('dragenter', { dataTransfer: dt, bubbles: true, cancelable: true }),
      );
      globalThis.dispatchEvent(
        new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }),
      );
    }, dropped);
    await page.waitForFunction(() =>
      window.archfoe
        .scenarios()
        .some((s: { id: string; name: string }) => s.id === 'custom' && /Dragon Hall/.test(s.name)),
    );
    // A map whose Thief is placed from an object template (.tj) given with it.
    const templated = JSON.parse(
      readFileSync(join(ROOT, 'test', 'fixtures', 'maps', 'small-csv.tmj'), 'utf8'),
    ) as { layers: { objects?: Record<string, unknown>[] }[] };
    const units = templated.layers.find((l) => l.objects)!.objects!;
    const i = units.findIndex((o) => o.name === 'Thief');
    units[i] = { id: units[i].id, x: units[i].x, y: units[i].y, template: 'thief.tj' };
    const thiefTemplate = readFileSync(
      join(ROOT, 'test', 'fixtures', 'templates', 'thief.tj'),
      'utf8',
    );
    const withTemplate = await page.evaluate(
      ([t, tj]) => window.archfoe.loadMap(t, { 'thief.tj': tj }, 'templated.tmj'),
      [JSON.stringify(templated), thiefTemplate] as const,
    );
    expect(withTemplate).toMatchObject({ ok: true });
    const withoutTemplate = await page.evaluate(
      (t) => window.archfoe.loadMap(t, {}, 'templated.tmj'),
      JSON.stringify(templated),
    );
    expect(withoutTemplate).toMatchObject({
      ok: false,
      error: expect.stringContaining('template "thief.tj"'),
    });
    const text = readFileSync(join(ROOT, 'maps', 'goblin-warren.tmj'), 'utf8');
    const good = await page.evaluate((t) => window.archfoe.loadMap(t, {}, 'my-warren.tmj'), text);
    expect(good.ok).toBe(true);
    await page.waitForTimeout(200);
    await shot('12-setup-own-map');
    await clickButton('start');
    await waitScene('Battle');
    expect((await state()).map.id).toBe('my-warren');
    await clickButton('to-menu');
    await waitScene('Menu');
  });

  it('shows Settings and Credits', async () => {
    await clickButton('settings');
    await waitScene('Settings');
    await clickButton('speed-slow');
    expect(await page.evaluate(() => localStorage.getItem('archfoe.settings.v1'))).toContain(
      'slow',
    );
    await shot('13-settings');
    await clickButton('settings-back');
    await waitScene('Menu');
    await clickButton('credits');
    await waitScene('Credits');
    await page.waitForTimeout(100);
    await shot('14-credits');
    await clickButton('credits-back');
    await waitScene('Menu');
  });

  it('keeps the comfort settings (colour-blind colours, text size, reduced motion) across a reload', async () => {
    await clickButton('settings');
    await waitScene('Settings');
    await clickButton('colour-blind-on');
    await waitScene('Settings');
    await clickButton('text-larger');
    await waitScene('Settings');
    await clickButton('motion-on');
    const applied = {
      colourBlind: true,
      readingScale: 1.4,
      reducedMotion: true,
      heroColor: 0x56b4e9,
    };
    expect(await page.evaluate(() => window.archfoe.debug.comfort())).toEqual(applied);
    await shot('13b-settings-comfort');
    await openGame();
    expect(await page.evaluate(() => window.archfoe.debug.comfort())).toEqual(applied);
    await clickButton('settings');
    await waitScene('Settings');
    await clickButton('colour-blind-off');
    await waitScene('Settings');
    await clickButton('text-normal');
    await waitScene('Settings');
    await clickButton('motion-off');
    expect(await page.evaluate(() => window.archfoe.debug.comfort())).toMatchObject({
      colourBlind: false,
      readingScale: 1,
      reducedMotion: false,
    });
    await clickButton('settings-back');
    await waitScene('Menu');
  });

  it('plays by the keyboard alone: Tab and Enter on the menus, arrows and Enter on the board', async () => {
    await openGame();
    const focused = () => page.evaluate(() => window.archfoe.debug.focusedButton());
    expect(await focused()).toBeNull();
    for (let i = 0; i < 10 && (await focused()) !== 'new-game'; i++)
      await page.keyboard.press('Tab');
    expect(await focused()).toBe('new-game');
    await shot('13c-menu-keyboard-focus');
    await page.keyboard.press('Enter');
    await waitScene('Setup');
    await page.keyboard.press('Enter');
    await waitScene('Battle');
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    await page.evaluate(() => window.archfoe.idle());
    const before = await state();
    const heroId = before.turn!.unitId;
    const from = before.units.find((u) => u.id === heroId)!.position!;
    const move = (await page.evaluate(() => window.archfoe.legalCommands())).find(
      (c) => c.type === 'move',
    );
    if (move?.type !== 'move') throw new Error('the acting hero has no move');
    const dx = move.to.x - from.x;
    const dy = move.to.y - from.y;
    for (let i = 0; i < Math.abs(dx); i++)
      await page.keyboard.press(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
    for (let i = 0; i < Math.abs(dy); i++)
      await page.keyboard.press(dy > 0 ? 'ArrowDown' : 'ArrowUp');
    await page.keyboard.press('Enter');
    await page.evaluate(() => window.archfoe.idle());
    const after = await state();
    expect(after.units.find((u) => u.id === heroId)!.position).toEqual(move.to);
    await page.keyboard.press(' ');
    await page.evaluate(() => window.archfoe.idle());
    expect((await state()).turn?.unitId).not.toBe(heroId);
    await clickButton('to-menu');
    await waitScene('Menu');
  });

  it('sets a corrupt save aside with a message and keeps the menu working', async () => {
    // A damaged save of the older single-slot kind, and nothing in the quick battle slot
    // (src/app/save-slots.ts): it is set aside as it is moved in.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const open = indexedDB.open('archfoe-saves');
          open.onsuccess = () => {
            const tx = open.result.transaction('slots', 'readwrite');
            tx.objectStore('slots').delete('quick');
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
          };
          open.onerror = () => resolve();
        }),
    );
    await page.evaluate(() =>
      localStorage.setItem('archfoe.save.v1', '{"format":"archfoe-save", broken'),
    );
    await openGame();
    await page.waitForTimeout(200);
    await shot('15-menu-corrupt-save');
    expect(await page.evaluate(() => localStorage.getItem('archfoe.save.v1'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('archfoe.save.corrupt'))).toContain(
      'broken',
    );
    expect((await page.evaluate(() => window.archfoe.debug.buttonRect('continue')))?.enabled).toBe(
      false,
    );
    await clickButton('new-game');
    await waitScene('Setup');
  });

  it('sets the victory condition and its number on Setup', async () => {
    await openGame();
    await clickButton('new-game');
    await waitScene('Setup');
    for (let i = 0; i < 3; i++) await clickButton('victory-next'); // arch-foe -> all -> minions -> hold
    await clickButton('hold-3');
    await shot('02c-setup-hold');
    await clickButton('start');
    await waitScene('Battle');
    const s = await state();
    expect(s.options.victory).toBe('hold');
    expect(s.options.holdTurns).toBe(3);
  });

  it('opens a closed door with a click on it', async () => {
    await openGame();
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    expect(
      await page.evaluate(() => window.archfoe.start({ scenario: 'map:flooded-crypt', seed: 2 })),
    ).toEqual({ ok: true });
    await waitScene('Battle');
    await page.evaluate(() => window.archfoe.idle());
    expect((await state()).doors).toContainEqual({ x: 5, y: 10, open: false });
    // The Fighting Man steps beside the door; the others wait; next round he opens it by a click.
    expect(
      await page.evaluate(() =>
        window.archfoe.dispatch({ type: 'move', unit: 'fighting-man-1', to: { x: 4, y: 10 } }),
      ),
    ).toEqual({ ok: true });
    for (let i = 0; (i < 4 && (await state()).turn?.unitId !== 'fighting-man-1') || i === 0; i++) {
      const s = await state();
      const id = s.turn!.unitId;
      expect(
        await page.evaluate((u) => window.archfoe.dispatch({ type: 'end-turn', unit: u }), id),
      ).toEqual({ ok: true });
    }
    expect((await state()).turn?.unitId).toBe('fighting-man-1');
    await page.waitForTimeout(150);
    await clickSquare(5, 10);
    await page.evaluate(() => window.archfoe.idle());
    expect((await state()).doors).toContainEqual({ x: 5, y: 10, open: true });
    expect(
      (await page.evaluate(() => window.archfoe.events())).some((e) => e.type === 'door-opened'),
    ).toBe(true);
    await shot('17-battle-door-opened');
  });

  it('auto-battle plays the heroes to the end when its button is clicked', async () => {
    await openGame();
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    expect(
      await page.evaluate(() => window.archfoe.start({ scenario: 'dungeon-crawl', seed: 11 })),
    ).toEqual({ ok: true });
    await waitScene('Battle');
    await page.evaluate(() => window.archfoe.idle());
    await clickButton('auto');
    await waitScene('Results', 90_000);
    const end = await state();
    expect(end.phase).toBe('over');
    expect(end.commandCount).toBeGreaterThan(5);
  });

  it('runs with the default renderer (WebGL here) as well as Canvas', async () => {
    await openGame('');
    expect(await page.evaluate(() => window.archfoe.renderer())).toBe('webgl');
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    expect(
      await page.evaluate(() => window.archfoe.start({ scenario: 'dungeon-crawl', seed: 4 })),
    ).toEqual({ ok: true });
    await waitScene('Battle');
    const suggestion = await page.evaluate(() => window.archfoe.suggest());
    expect(await page.evaluate((c) => window.archfoe.dispatch(c!), suggestion)).toEqual({
      ok: true,
    });
    await page.waitForTimeout(500);
    await shot('16-battle-webgl');
    expect(await distinctScreenshotColours()).toBeGreaterThan(60);
    await page.goto(baseUrl + '?renderer=canvas');
    await page.waitForFunction(() => window.archfoe?.isReady === true);
    expect(await page.evaluate(() => window.archfoe.renderer())).toBe('canvas');
  });

  it('shows where the alerted monsters could strike next turn (T)', async () => {
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    expect(
      await page.evaluate(() => window.archfoe.start({ scenario: 'dungeon-crawl', seed: 5 })),
    ).toEqual({ ok: true });
    // Play on with the autopilot until some monster is alerted, on a hero's turn.
    for (let step = 0; step < 80; step++) {
      const s = await state();
      if (s.phase === 'heroes' && s.units.some((u) => u.position && u.ai?.status === 'alerted'))
        break;
      const c = await page.evaluate(() => window.archfoe.suggest());
      if (!c) break;
      expect(await page.evaluate((x) => window.archfoe.dispatch(x), c)).toEqual({ ok: true });
    }
    await page.evaluate(() => window.archfoe.idle());
    const s = await state();
    expect(s.phase).toBe('heroes');
    const expected = squaresThreatenedByAlerted(s).map((p) => `${p.x},${p.y}`);
    expect(expected.length).toBeGreaterThan(0);
    await page.keyboard.press('t');
    await page.waitForTimeout(100);
    const shown = await page.evaluate(() => window.archfoe.debug.inspection());
    expect(shown!.strikes.map((p) => `${p.x},${p.y}`).sort()).toEqual(expected.sort());
    await shot('20-battle-threats');
    // Hovering an open square names the alerted monsters that could strike there.
    const open = squaresThreatenedByAlerted(s).find(
      (p) =>
        !s.units.some((u) => u.position?.x === p.x && u.position.y === p.y) &&
        s.map.terrain[p.y * s.map.width + p.x] === 'floor',
    )!;
    const there = (await page.evaluate(([x, y]) => window.archfoe.debug.squareToScreen(x, y), [
      open.x,
      open.y,
    ] as const))!;
    await page.mouse.move(there.x, there.y);
    await page.waitForTimeout(100);
    const strikers = s.units.filter(
      (u) =>
        u.position &&
        u.ai?.status === 'alerted' &&
        squaresThreatenedBy(s, u).some((q) => q.x === open.x && q.y === open.y),
    );
    const info = (await page.evaluate(() => window.archfoe.debug.info()))!;
    expect(info.title).toBe(`Square ${open.x}, ${open.y}`);
    expect(info.body).toContain('could strike here');
    for (const u of strikers) expect(info.body).toContain(u.name);
    await shot('20b-battle-threat-hover');
    await clickButton('threats');
    await page.waitForTimeout(100);
    expect((await page.evaluate(() => window.archfoe.debug.inspection()))!.strikes).toEqual([]);
    await clickButton('to-menu');
    await waitScene('Menu');
  });

  it('plays by touch: a tap previews, a second tap acts, two fingers pinch-zoom', async () => {
    const touchPage = await context.newPage();
    watchErrors(touchPage, errors);
    const cdp = await context.newCDPSession(touchPage);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    await touchPage.goto(baseUrl + '?renderer=canvas');
    await touchPage.waitForFunction(() => window.archfoe?.isReady === true, null, {
      timeout: 30_000,
    });
    await touchPage.evaluate(() => window.archfoe.setSpeed('instant'));
    expect(
      await touchPage.evaluate(() => window.archfoe.start({ scenario: 'dungeon-crawl', seed: 9 })),
    ).toEqual({ ok: true });
    await touchPage.evaluate(() => window.archfoe.idle());
    type Touch = { x: number; y: number; id: number };
    const touch = async (
      type: 'touchStart' | 'touchMove' | 'touchEnd',
      points: Touch[],
    ): Promise<void> => {
      await cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: points.map((p) => ({ x: p.x, y: p.y, id: p.id })),
      });
    };
    const tap = async (x: number, y: number): Promise<void> => {
      await touch('touchStart', [{ x, y, id: 1 }]);
      await touch('touchEnd', []);
      await touchPage.waitForTimeout(120);
    };
    const st = (): Promise<GameState> => touchPage.evaluate(() => window.archfoe.state()!);
    const move = (await touchPage.evaluate(() => window.archfoe.legalCommands())).find(
      (c) => c.type === 'move',
    );
    if (!move || move.type !== 'move') throw new Error('no move to tap');
    const at = (await touchPage.evaluate(([x, y]) => window.archfoe.debug.squareToScreen(x, y), [
      move.to.x,
      move.to.y,
    ] as const))!;
    const before = (await st()).units.find((u) => u.id === move.unit)!.position;
    await tap(at.x, at.y);
    // The first tap only shows the way.
    expect((await st()).units.find((u) => u.id === move.unit)!.position).toEqual(before);
    await touchPage.screenshot({ path: join(ARTIFACTS, '18-touch-first-tap.png') });
    await tap(at.x, at.y);
    await touchPage.evaluate(() => window.archfoe.idle());
    expect((await st()).units.find((u) => u.id === move.unit)!.position).toEqual(move.to);

    // Pinch: two fingers moving apart zoom the board in.
    const zoom0 = (await touchPage.evaluate(() => window.archfoe.debug.boardZoom()))!;
    const c = (await touchPage.evaluate(() => window.archfoe.debug.squareToScreen(4, 5)))!;
    await touch('touchStart', [{ x: c.x - 30, y: c.y, id: 1 }]);
    await touch('touchMove', [{ x: c.x - 30, y: c.y, id: 1 }]);
    await touch('touchStart', [
      { x: c.x - 30, y: c.y, id: 1 },
      { x: c.x + 30, y: c.y, id: 2 },
    ]);
    for (let k = 1; k <= 6; k++)
      await touch('touchMove', [
        { x: c.x - 30 - 12 * k, y: c.y, id: 1 },
        { x: c.x + 30 + 12 * k, y: c.y, id: 2 },
      ]);
    await touch('touchEnd', []);
    await touchPage.waitForTimeout(120);
    const zoom1 = (await touchPage.evaluate(() => window.archfoe.debug.boardZoom()))!;
    expect(zoom1).toBeGreaterThan(zoom0 * 1.3);
    // The pinch moved nobody.
    expect((await st()).units.find((u) => u.id === move.unit)!.position).toEqual(move.to);
    await touchPage.screenshot({ path: join(ARTIFACTS, '19-touch-pinched.png') });
    await touchPage.close();
  });

  it('logged no console errors', () => {
    expect(errors).toEqual([]);
  });
});
