/**
 * The intent overlay in a real browser (issue 14): hovering a patrolling monster draws its
 * patrol table's outcomes with the engine's percentages; hovering an alerted one, its
 * likely strike with the wound chance; where the real acting order may change a monster's
 * odds, the figures of the runs of the monsters' whole turn in that order, the engine's; the Intent key puts a badge on each hero card with
 * the chance of being attacked, the same as the engine's. The page's look
 * (window.archfoe.debug.battle) says what is drawn; window.archfoe.intent the engine's.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BattleLook } from '../../src/app/app';
import type { ArchFoeApi } from '../../src/app/automation';
import { commandKey, formatChance, type EnemyIntent, type GameState } from '../../src/engine';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, useBrowser, waitForScene } from './harness';

declare const window: { archfoe: ArchFoeApi };

// Chromium required; the game built, served and opened before the tests, closed after.
const browser = useBrowser();
const errors = browser.errors;
let page: Page;
let baseUrl = '';
beforeAll(() => {
  page = browser.page;
  baseUrl = browser.session.baseUrl;
});

const state = (): Promise<GameState> => page.evaluate(() => window.archfoe.state()!);
const look = async (): Promise<BattleLook> =>
  (await page.evaluate(() => window.archfoe.debug.battle()))!;
const idle = (): Promise<void> => page.evaluate(() => window.archfoe.idle());
const engineIntent = (id: string): Promise<EnemyIntent | null> =>
  page.evaluate((u) => window.archfoe.intent(u), id);

async function hover(x: number, y: number): Promise<void> {
  const p = await page.evaluate(([sx, sy]) => window.archfoe.debug.squareToScreen(sx, sy), [
    x,
    y,
  ] as const);
  expect(p, `square ${x},${y} on screen`).not.toBeNull();
  await page.mouse.move(p!.x, p!.y);
  await page.waitForTimeout(60);
}

/** The engine's chance of each end square (all facings together), as "x,y" -> chance. */
function squaresOf(intent: EnemyIntent): Map<string, number> {
  const out = new Map<string, number>();
  const add = (at: { x: number; y: number }, c: number) =>
    out.set(`${at.x},${at.y}`, (out.get(`${at.x},${at.y}`) ?? 0) + c);
  if (intent.kind === 'patrol')
    for (const o of intent.outcomes) for (const e of o.ends) add(e.at, e.chance);
  if (intent.kind === 'alerted' && intent.squares[0])
    add(intent.squares[0].at, intent.squares[0].chance);
  return out;
}

type Mark = NonNullable<BattleLook['intent']>['marks'][number];

/**
 * The hovered monster's mark once settled: a monster whose odds the real acting order may
 * change shows the as-if-first odds at once, then the runs of the whole phase in turn order.
 */
async function settledMark(id: string): Promise<Mark> {
  await page.waitForFunction(
    (u) =>
      window.archfoe.debug
        .battle()
        ?.intent?.marks.some((m) => m.unitId === u && m.source !== 'as-if-first'),
    id,
    { timeout: 30_000 },
  );
  return (await look()).intent!.marks.find((m) => m.unitId === id)!;
}

/**
 * Checks a mark drawn from the runs of the monsters' whole turn in turn order against the
 * engine's (window.archfoe.attackOdds: the same runs as the overlay's): every end square of
 * a patrol, an alerted monster's likeliest, and its likeliest first strike.
 */
async function expectRunsMark(mark: Mark): Promise<void> {
  const odds = (await page.evaluate(() => window.archfoe.attackOdds()))!;
  const part = odds.enemies[mark.unitId];
  expect(part, `the runs' figures for ${mark.unitId}`).toBeDefined();
  const squares = new Map<string, number>();
  for (const e of part.ends)
    squares.set(`${e.at.x},${e.at.y}`, (squares.get(`${e.at.x},${e.at.y}`) ?? 0) + e.chance);
  if (mark.kind === 'alerted') {
    expect(mark.ghosts).toHaveLength(1);
    expect(mark.ghosts[0].chance).toBeCloseTo(Math.max(...squares.values()), 12);
  } else expect(mark.ghosts.length).toBe(squares.size);
  for (const g of mark.ghosts)
    expect(g.chance).toBeCloseTo(squares.get(`${g.at.x},${g.at.y}`)!, 12);
  const top = part.strikes[0];
  if (top) {
    expect(mark.strike?.targetId).toBe(top.target);
    expect(mark.strike?.chance).toBeCloseTo(top.chance, 12);
    expect(mark.strike?.woundChance).toBeCloseTo(top.woundChance, 12);
  } else expect(mark.strike).toBeNull();
  expect(mark.order).toMatch(
    odds.method === 'exact'
      ? /Exact in turn order: every roll of the enemy phase counted/
      : new RegExp(`Estimated from ${odds.runs} runs of the enemy phase in turn order`),
  );
}

type FrameSeen = { events: number; animating: boolean; pending: boolean };

/** Waits until the command `key` (commandKey) is foreseen from the state shown with its overlay whole. */
async function waitForReady(key: string): Promise<void> {
  await page.waitForFunction(
    (k) => window.archfoe.debug.battle()?.intent?.foreseen?.ready.includes(k) === true,
    key,
    { timeout: 60_000 },
  );
}

/**
 * The state just before `act`, then every frame after it (120 entries): the events played
 * so far, whether they are still being shown, and whether the overlay shown has work left.
 */
async function framesAfter(act: () => Promise<void>): Promise<FrameSeen[]> {
  await page.evaluate(() => {
    const seen: FrameSeen[] = [];
    (window as unknown as { frames: FrameSeen[] }).frames = seen;
    const watch = () => {
      const look = window.archfoe.debug.battle();
      if (look)
        seen.push({
          events: window.archfoe.events().length,
          animating: look.animating,
          pending: look.intent?.pending ?? true,
        });
      if (seen.length < 120) requestAnimationFrame(watch);
    };
    // The first entry now, before the act: a command given before the next frame would
    // otherwise be in every entry.
    watch();
  });
  await act();
  await idle();
  await page.waitForFunction(
    () => (window as unknown as { frames: unknown[] }).frames.length >= 120,
    null,
    { timeout: 60_000 },
  );
  return page.evaluate(() => (window as unknown as { frames: FrameSeen[] }).frames);
}

describe('the intent overlay', () => {
  it('a patrolling monster, then an alerted one, with the engine\u2019s percentages; I badges the heroes', async () => {
    await page.goto(baseUrl + '?renderer=canvas');
    await page.waitForFunction(() => window.archfoe?.isReady === true, null, { timeout: 30_000 });
    await waitForScene(page, 'Menu');
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    expect(
      await page.evaluate(() => window.archfoe.start({ scenario: 'dungeon-crawl', seed: 7 })),
    ).toEqual({ ok: true });
    await idle();

    // A patrolling monster under the pointer: its d8 table's outcomes.
    let s = await state();
    const patroller = s.units.find(
      (u) => u.side === 'enemies' && u.position && u.ai?.status === 'patrolling',
    );
    expect(patroller, 'a patrolling monster at the start').toBeDefined();
    await hover(patroller!.position!.x, patroller!.position!.y);
    let mark: Mark | undefined = await settledMark(patroller!.id);
    expect(mark?.kind).toBe('patrol');
    const patrol = (await engineIntent(patroller!.id))!;
    expect(patrol.kind).toBe('patrol');
    for (const g of mark.ghosts) expect(g.text).toMatch(/^\d+(\.\d)?%$/);
    if (patrol.exactInOrder === false) await expectRunsMark(mark);
    else {
      // Exact: the table as if it acted first is the answer in the real order.
      expect(mark.source).toBe('exact');
      const want = squaresOf(patrol);
      expect(mark.ghosts.length).toBe(want.size);
      for (const g of mark.ghosts)
        expect(g.chance).toBeCloseTo(want.get(`${g.at.x},${g.at.y}`)!, 12);
      if (patrol.kind === 'patrol') {
        const full = patrol.outcomes.find((o) => o.label === 'full move forward');
        expect(full?.chance).toBeCloseTo(0.25, 12);
        expect(mark.lines).toContain('25% full move forward');
      }
    }

    // Play on with the autopilot until a monster is alerted on the heroes' turn.
    let alerted: GameState['units'][number] | undefined;
    for (let i = 0; i < 200 && !alerted; i++) {
      const c = await page.evaluate(() => window.archfoe.suggest());
      if (!c) break;
      await page.evaluate((cmd) => window.archfoe.dispatch(cmd), c);
      await idle();
      s = await state();
      if (s.phase !== 'heroes' || s.outcome) continue;
      alerted = s.units.find(
        (u) => u.side === 'enemies' && u.position && u.ai?.status === 'alerted',
      );
    }
    expect(alerted, 'an alerted monster on the heroes\u2019 turn').toBeDefined();
    const intent = (await engineIntent(alerted!.id))!;
    expect(intent.kind).toBe('alerted');
    await hover(alerted!.position!.x, alerted!.position!.y);
    mark = await settledMark(alerted!.id);
    expect(mark?.kind).toBe('alerted');
    if (intent.exactInOrder === false) await expectRunsMark(mark);
    else if (intent.kind === 'alerted') {
      const top = intent.strikes[0];
      if (top) {
        expect(mark!.strike?.targetId).toBe(top.target);
        expect(mark!.strike?.chance).toBeCloseTo(top.chance, 12);
        expect(mark!.strike?.woundChance).toBeCloseTo(top.woundChance, 12);
        expect(mark!.strike?.text).toContain('to wound');
      } else expect(mark!.strike).toBeNull();
      expect(mark!.note).toBe(intent.note);
    }

    // Intent on (the I key): a badge on each living hero's card, the engine's chances.
    expect((await look()).intent?.odds ?? []).toEqual([]);
    await page.keyboard.press('i');
    // The odds are refined over frames after a first estimate (the tip says "estimating").
    await page.waitForFunction(
      () => {
        const odds = window.archfoe.debug.battle()?.intent?.odds ?? [];
        return odds.length > 0 && odds.every((o) => !o.tip.includes('estimating'));
      },
      null,
      { timeout: 30_000 },
    );
    const shown = (await look()).intent!;
    const odds = (await page.evaluate(() => window.archfoe.attackOdds()))!;
    const living = (await state()).units.filter((u) => u.side === 'heroes' && u.position);
    expect(shown.odds.map((o) => o.unit).sort()).toEqual(living.map((u) => u.id).sort());
    for (const o of shown.odds) {
      const c = odds.chances[o.unit];
      expect(o.text).toBe(`\u2694 ${formatChance(c)}`);
      expect(o.tip).toContain(odds.method === 'exact' ? 'exact' : 'Monte Carlo');
    }
    // With Intent on every monster on the board has its marks.
    const monsters = (await state()).units.filter((u) => u.side === 'enemies' && u.position);
    expect(shown.marks.length).toBe(monsters.length);
    expect(errors).toEqual([]);
  }, 240_000);

  it('on the 64x64 benchmark board, the click the pointer rests on, the end of the turn foreseen while idle, and a quick click on a command pondered while idle have their whole overlay in the first frame after them', async () => {
    // The benchmark's 64x64 dungeon as a Tiled map of the player's, at instant speed (no
    // walk to work during: what is ready at once is the work done ahead).
    const text = readFileSync(join(ROOT, 'test/fixtures/bench/dungeon-64.tmj'), 'utf8');
    await page.goto(baseUrl + '?renderer=canvas');
    await page.waitForFunction(() => window.archfoe?.isReady === true, null, { timeout: 30_000 });
    await waitForScene(page, 'Menu');
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    expect(await page.evaluate((t) => window.archfoe.loadMap(t, {}, 'bench-64.tmj').ok, text)).toBe(
      true,
    );
    expect(
      await page.evaluate(() => window.archfoe.start({ scenario: 'custom', seed: 3 })),
    ).toEqual({ ok: true });
    await waitForScene(page, 'Battle');
    await idle();
    await page.keyboard.press('i');
    // The overlay of the state shown is worked out over frames first.
    await page.waitForFunction(
      () => window.archfoe.debug.battle()?.intent?.pending === false,
      null,
      {
        timeout: 60_000,
      },
    );

    // A square the acting hero can move to, on screen.
    const moves = (await page.evaluate(() => window.archfoe.legalCommands())).filter(
      (c): c is Extract<typeof c, { type: 'move' }> => c.type === 'move',
    );
    let target: { x: number; y: number } | null = null;
    let point: { x: number; y: number } | null = null;
    let targetKey = '';
    for (const m of moves.reverse()) {
      point = await page.evaluate(([x, y]) => window.archfoe.debug.squareToScreen(x, y), [
        m.to.x,
        m.to.y,
      ] as const);
      if (point) {
        target = m.to;
        targetKey = commandKey(m);
        break;
      }
    }
    expect(point, 'a move square on screen').not.toBeNull();
    await page.mouse.move(point!.x, point!.y);
    // Resting there, the click's state is foreseen and its overlay worked out ahead.
    await waitForReady(targetKey);
    // Every frame from the click on.
    const frames = await framesAfter(() => page.mouse.click(point!.x, point!.y));
    const hero = (await state()).units.find(
      (u) => u.position && u.position.x === target!.x && u.position.y === target!.y,
    );
    expect(hero?.side, 'the hero moved to the square clicked').toBe('heroes');
    // From the first frame that shows the new state, the overlay is whole.
    const shown = frames.findIndex((f) => f.events > frames[0].events && !f.animating);
    expect(shown, JSON.stringify(frames.slice(0, 8))).toBeGreaterThan(0);
    expect(frames.slice(shown).every((f) => !f.pending)).toBe(true);

    // With nothing else to do, ending the turn is foreseen: the End turn key (Space) gives a
    // state whose overlay is whole from its first frame too.
    await page.mouse.move(2, 2);
    const turnOf = (await state()).turn!.unitId;
    await waitForReady(commandKey({ type: 'end-turn', unit: turnOf }));
    const after = await framesAfter(() => page.keyboard.press(' '));
    expect((await state()).turn?.unitId).not.toBe(turnOf);
    const next = after.findIndex((f) => f.events > after[0].events && !f.animating);
    expect(next, JSON.stringify(after.slice(0, 8))).toBeGreaterThan(0);
    expect(after.slice(next).every((f) => !f.pending)).toBe(true);

    // Still idle, the next hero's commands are pondered, nearest it first. A quick click on
    // one (no rest before it: pointer and click at once) is whole from its first frame too.
    const nextMoves = (await page.evaluate(() => window.archfoe.legalCommands())).filter(
      (c): c is Extract<typeof c, { type: 'move' }> => c.type === 'move',
    );
    await page.waitForFunction(
      () => (window.archfoe.debug.battle()?.intent?.foreseen?.ready.length ?? 0) >= 3,
      null,
      { timeout: 60_000 },
    );
    const ready = (await look()).intent?.foreseen?.ready ?? [];
    let quick: { x: number; y: number } | null = null;
    let quickTo: { x: number; y: number } | null = null;
    for (const m of nextMoves) {
      if (!ready.includes(commandKey(m))) continue;
      quick = await page.evaluate(([x, y]) => window.archfoe.debug.squareToScreen(x, y), [
        m.to.x,
        m.to.y,
      ] as const);
      if (quick) {
        quickTo = m.to;
        break;
      }
    }
    expect(quick, 'a pondered move square on screen').not.toBeNull();
    expect((await look()).intent?.foreseen?.pondered).toBeGreaterThanOrEqual(3);
    const quickFrames = await framesAfter(() => page.mouse.click(quick!.x, quick!.y));
    const moved = (await state()).units.find(
      (u) => u.position?.x === quickTo!.x && u.position?.y === quickTo!.y,
    );
    expect(moved?.side, 'the hero moved to the square clicked').toBe('heroes');
    const first = quickFrames.findIndex((f) => f.events > quickFrames[0].events && !f.animating);
    expect(first, JSON.stringify(quickFrames.slice(0, 8))).toBeGreaterThan(0);
    expect(quickFrames.slice(first).every((f) => !f.pending)).toBe(true);
    expect(errors).toEqual([]);
  }, 240_000);
});
