/**
 * The Skirmish's goal areas through the page (issue 28): on the Setup screen a scenario the
 * map cannot host (OptionChoice.unavailable) is shown greyed with its reason, cannot be
 * chosen, and a choice made on another map falls back to Basic Battle with a line saying
 * why; then an Escape on a field with open edges (solitaire-gaming-rules VI: "the first
 * army to get more than half the original number of figures ... across to the opposite
 * edge ... wins") is played to the heroes' win by clicks on the board's squares.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ArchFoeApi } from '../../src/app/automation';
import type { GameState } from '../../src/engine';
import { ARTIFACTS, clickButtonOn, openSetup, useBrowser, waitForScene } from './harness';

declare const window: { archfoe: ArchFoeApi };

const b = useBrowser();

const setup = () => b.page.evaluate(() => window.archfoe.debug.setup());
const text = (name: string) => b.page.evaluate((n) => window.archfoe.debug.textOf(n), name);
const state = (): Promise<GameState> => b.page.evaluate(() => window.archfoe.state()!);
const idle = (): Promise<void> => b.page.evaluate(() => window.archfoe.idle());

/** Clicks the middle of a board square with the real mouse (the pointer first moved away). */
async function clickSquare(x: number, y: number): Promise<void> {
  const p = await b.page.evaluate(([sx, sy]) => window.archfoe.debug.squareToScreen(sx, sy), [
    x,
    y,
  ] as const);
  expect(p, `square ${x},${y} on screen`).not.toBeNull();
  await b.page.mouse.move(1, 1);
  await b.page.mouse.click(p!.x, p!.y);
}

describe('the Skirmish\u2019s goal areas through the page', () => {
  it('greys a scenario the map cannot host, with its reason, and falls back when the map changes', async () => {
    const page = b.page;
    await page.setViewportSize({ width: 1280, height: 720 });
    await openSetup(page, b.session.baseUrl);
    await clickButtonOn(page, 'scenario-skirmish-basic-battle');
    // The large scale, chosen (the hall's own is small: V), is kept on the next battlefield.
    await clickButtonOn(page, 'scale-large');
    await page.waitForFunction(() => window.archfoe.debug.setup().options?.scale === 'large');
    // The Dragon Hall hosts every scenario: Escape is chosen with the arrows.
    await clickButtonOn(page, 'scenario-next');
    await clickButtonOn(page, 'scenario-next');
    await page.waitForFunction(() => window.archfoe.debug.setup().options?.scenario === 'escape');

    // Another battlefield: the Dungeon Crawl's cave, whose monsters stand everywhere. Escape
    // cannot be played there at the large scale: the battle falls back to Basic Battle, and
    // says why.
    await clickButtonOn(page, 'field-next');
    await page.waitForFunction(() =>
      window.archfoe.debug.setup().scenario.endsWith('map:dungeon-crawl'),
    );
    await page.waitForFunction(() => window.archfoe.debug.textOf('scenario-note') !== null);
    expect((await setup()).options?.scenario).toBe('basic-battle');
    expect(await text('scenario-note')).toMatch(
      /^Escape: not on this map, so Basic Battle instead\. This map has no open edge/,
    );

    // Stepping on: Ambush is chosen; Escape is shown greyed, not chosen, with the reason.
    await clickButtonOn(page, 'scenario-next');
    await page.waitForFunction(() => window.archfoe.debug.setup().options?.scenario === 'ambush');
    expect(await text('scenario-note')).toBeNull();
    await clickButtonOn(page, 'scenario-next');
    await page.waitForFunction(() => window.archfoe.debug.textOf('scenario-value') === 'Escape');
    expect((await setup()).options?.scenario).toBe('ambush');
    expect(await text('scenario-note')).toMatch(
      /^Escape: not on this map \(Ambush stays chosen\)\. This map has no open edge/,
    );
    // Its reason on hover.
    const label = await page.evaluate(() => window.archfoe.debug.textBox('scenario-value'));
    expect(label).not.toBeNull();
    await page.mouse.move(label!.x + label!.width / 2, label!.y + label!.height / 2);
    await page.waitForFunction(() =>
      (window.archfoe.debug.textOf('tooltip') ?? '').startsWith('This map has no open edge'),
    );
    await page.screenshot({ path: join(ARTIFACTS, 'skirmish-goals-setup.png') });

    // VI: "choose a map setup or roll 1d20": a roll the map cannot host is said, and the
    // scenario chosen stays (8 faces in 20 roll one here: Escape, the Fortress Assault,
    // Infiltrate, Transport).
    let refused: string | null = null;
    for (let roll = 0; roll < 40 && !refused; roll++) {
      const before = (await setup()).options?.scenario;
      const shown = await text('scenario-roll');
      await clickButtonOn(page, 'scenario-roll');
      // (The same face twice shows the same line: a short wait, then read it.)
      await page
        .waitForFunction(
          (was) => {
            const t = window.archfoe.debug.textOf('scenario-roll');
            return t !== null && t !== was;
          },
          shown,
          { timeout: 2000 },
        )
        .catch(() => undefined);
      const said = await text('scenario-roll');
      if (said?.endsWith(': not on this map')) {
        refused = said;
        expect((await setup()).options?.scenario).toBe(before);
      }
    }
    await page.screenshot({ path: join(ARTIFACTS, 'skirmish-goals-roll.png') });
    expect(refused).toMatch(
      /^Rolled d20 = (1[1-6]|19|20): (Escape|Fortress Assault|Infiltrate|Transport) \(\d+-\d+\): not on this map$/,
    );
    const chosen = (await setup()).options?.scenario;
    expect(['basic-battle', 'ambush', 'spawning']).toContain(chosen);

    // The battle that starts is the one chosen, never one greyed.
    await clickButtonOn(page, 'start');
    await waitForScene(page, 'Battle');
    expect((await state()).options.scenario).toBe(chosen);
    expect(b.errors).toEqual([]);
  }, 120_000);

  it('plays an Escape on a field with open edges to the heroes\u2019 win by clicks on the board', async () => {
    const page = b.page;
    // 1280x720: the field's top row (the heroes' goal) lies clear of the board window's
    // corner buttons (it lay under Fold panels once, and a click there folded the panels).
    await page.setViewportSize({ width: 1280, height: 720 });
    await openSetup(page, b.session.baseUrl);
    const started = await page.evaluate(() =>
      window.archfoe.start({
        scenario: 'field:skirmish:small:4',
        seed: 3,
        options: {
          scenario: 'escape',
          scale: 'small',
          heroes: 'lancer,lancer,lancer',
          enemies: 'swordsman,swordsman',
        },
      }),
    );
    expect(started).toMatchObject({ ok: true });
    await waitForScene(page, 'Battle');
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    await idle();
    const first = await state();
    // The heroes' goal: the open row along the top, the far edge from where they set up.
    const marks = await page.evaluate(() => window.archfoe.state()!.flow);
    expect(
      (marks as { areas: { goal: { heroes: { y: number }[] } } }).areas.goal.heroes.every(
        (p) => p.y === 0,
      ),
    ).toBe(true);
    expect(first.units.filter((u) => u.side === 'heroes').every((u) => u.position!.y > 12)).toBe(
      true,
    );

    let moves = 0;
    let ends = 0;
    for (let click = 0; click < 120; click++) {
      const s = await state();
      if (s.phase === 'over') break;
      const before = s.commandCount;
      const c = await page.evaluate(() => window.archfoe.suggest());
      expect(c, 'the autopilot has a suggestion').not.toBeNull();
      if (c!.type === 'move') {
        await clickSquare(c!.to.x, c!.to.y);
        moves++;
      } else if (c!.type === 'end-turn') {
        await clickButtonOn(page, 'end-turn');
        ends++;
      } else throw new Error(`no click for the suggestion ${JSON.stringify(c)}`);
      await page.waitForFunction((n) => window.archfoe.state()!.commandCount > n, before);
      await idle();
    }
    const end = await state();
    expect(end.outcome).toEqual({
      winner: 'heroes',
      reason: 'More than half the heroes escaped off the far edge.',
    });
    expect(end.units.filter((u) => u.offField === 'escaped').length).toBeGreaterThanOrEqual(2);
    // Every command after the start came from a click.
    expect(end.commandCount).toBe(1 + moves + ends);
    await waitForScene(page, 'Results', 60_000);
    await page.screenshot({ path: join(ARTIFACTS, 'skirmish-goals-escape-results.png') });
    expect(b.errors).toEqual([]);
  }, 180_000);
});
