/**
 * A Skirmish set up and played through the page (issue 11): on the Setup screen the
 * scenario rolled on the d20 table (VI) and then chosen, a random battlefield (VII) rolled
 * and rerolled with its picture redrawn, patrols switched on; in the muster both armies
 * changed by clicks and keys within their points budgets, the enemy's Arch Foe marked;
 * then the battle played by the autopilot through the page's commands to the Results
 * screen, with no console errors. The dice log's lines for a Skirmish attack, a morale
 * check and a patrol roll read right and carry the rule book and section. Screenshots of
 * the Setup, the muster (desktop and a phone held upright) and the battle go to
 * test-artifacts/ (and docs/, for the README).
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ArchFoeApi } from '../../src/app/automation';
import { ARTIFACTS, clickButtonOn, openSetup, ROOT, useBrowser, waitForScene } from './harness';

declare const window: { archfoe: ArchFoeApi };

const b = useBrowser();

const setup = () => b.page.evaluate(() => window.archfoe.debug.setup());
const shot = async (name: string, docs?: string): Promise<void> => {
  const path = join(ARTIFACTS, `skirmish-${name}.png`);
  await b.page.waitForTimeout(300);
  await b.page.screenshot({ path });
  if (docs) copyFileSync(path, join(ROOT, 'docs', docs));
};
const seedOf = (id: string): number => Number(id.split(':').pop());

/** Every dice log line seen, with its tag, kept across the whole battle. */
async function collectLog(into: Map<string, string>): Promise<void> {
  const look = await b.page.evaluate(() => window.archfoe.debug.battle());
  for (const l of look?.log ?? []) into.set(l.text, l.tag);
}

describe('a Skirmish through the page', () => {
  it('is set up, mustered and played to the Results screen', async () => {
    const page = b.page;
    await page.setViewportSize({ width: 1280, height: 720 });
    await openSetup(page, b.session.baseUrl);
    await clickButtonOn(page, 'scenario-skirmish-basic-battle');
    await page.waitForFunction(() => window.archfoe.debug.buttonRect('field-random') !== null);

    // The scenario rolled on the d20 table, then Basic Battle chosen with the arrows.
    await clickButtonOn(page, 'scenario-roll');
    const rolled = (await setup()).options!.scenario as string;
    expect([
      'basic-battle',
      'ambush',
      'escape',
      'fortress-assault',
      'infiltrate',
      'spawning',
      'transport',
    ]).toContain(rolled);
    for (let i = 0; i < 7 && (await setup()).options!.scenario !== 'basic-battle'; i++)
      await clickButtonOn(page, 'scenario-next');
    expect((await setup()).options!.scenario).toBe('basic-battle');

    // A random battlefield, then another: the seed and the picture change.
    await clickButtonOn(page, 'field-random');
    await page.waitForFunction(() => window.archfoe.debug.setup().scenario.startsWith('field:'));
    const first = await setup();
    const firstPicture = await page.evaluate(() => window.archfoe.debug.setupPreview());
    expect(firstPicture?.key).toContain(first.scenario);
    await clickButtonOn(page, 'field-reroll');
    await page.waitForFunction(
      (id) => window.archfoe.debug.setup().scenario !== id,
      first.scenario,
    );
    const second = await setup();
    expect(second.scenario).toMatch(/^field:skirmish:large:\d+$/);
    expect(seedOf(second.scenario)).not.toBe(seedOf(first.scenario));
    const secondPicture = await page.evaluate(() => window.archfoe.debug.setupPreview());
    expect(secondPicture?.key).toContain(second.scenario);
    // The options chosen survive the reroll.
    expect(second.options!.scenario).toBe('basic-battle');
    await clickButtonOn(page, 'patrol-toggle');
    expect((await setup()).options).toMatchObject({ patrol: true, morale: true });
    await shot('setup', 'skirmish-setup.png');

    // The muster: the enemy's budget lowered (the army is over it, and Start refuses), then
    // figures taken out by clicks; the heroes' raised, and figures added with the keys.
    await clickButtonOn(page, 'muster-open');
    await waitForScene(page, 'Muster');
    expect(await page.evaluate(() => window.archfoe.debug.buttonNames())).toContain(
      'muster-enemies-add-wolf',
    );
    await clickButtonOn(page, 'muster-enemies-budget-40');
    for (const kind of ['ogre', 'swordsman', 'spearman'])
      await clickButtonOn(page, `muster-enemies-remove-${kind}`);
    let options = (await setup()).options!;
    expect(options.enemyPoints).toBe(40);
    expect(String(options.enemies).split(',')).toEqual([
      'warlord',
      'swordsman',
      'slinger',
      'slinger',
      'wolf',
      'wolf',
    ]);
    // Full: no figure fits the budget.
    const addWolf = await page.evaluate(() =>
      window.archfoe.debug.buttonRect('muster-enemies-add-wolf'),
    );
    expect(addWolf?.enabled).toBe(false);
    await clickButtonOn(page, 'muster-heroes-budget-120');
    // The keys: the first figure row of the heroes (the cursor starts there), then two down.
    await page.keyboard.press('+');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await clickButtonOn(page, 'muster-heroes-add-knight');
    options = (await setup()).options!;
    const heroes = String(options.heroes).split(',');
    expect(heroes.slice(-4)).toEqual(['swordsman', 'archer', 'archer', 'knight']);
    expect(options.heroPoints).toBe(120);
    await shot('muster', 'skirmish-muster.png');
    await page.keyboard.press('Enter');
    await waitForScene(page, 'Setup');

    // The battle: the autopilot plays the heroes through the page's commands.
    await clickButtonOn(page, 'start');
    await waitForScene(page, 'Battle');
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    await page.evaluate(() => window.archfoe.idle());
    const s0 = (await page.evaluate(() => window.archfoe.state()))!;
    expect(s0.ruleModule).toBe('skirmish');
    expect(s0.scenarioId).toBe(second.scenario);
    expect(s0.units.filter((u) => u.side === 'heroes').map((u) => u.kind)).toEqual(heroes);
    expect(s0.units.find((u) => u.ai?.archFoe)?.kind).toBe('warlord');
    const log = new Map<string, string>();
    let shotTaken = false;
    for (let i = 0; i < 2000; i++) {
      const scene = await page.evaluate(() => window.archfoe.scene());
      const state = await page.evaluate(() => window.archfoe.state());
      if (scene !== 'Battle' || !state || state.phase === 'over') break;
      const c = await page.evaluate(() => window.archfoe.suggest());
      if (!c) break;
      const r = await page.evaluate((cmd) => window.archfoe.dispatch(cmd), c);
      expect(r, JSON.stringify(c)).toEqual({ ok: true });
      if (i % 3 === 0) await collectLog(log);
      if (!shotTaken && state.round >= 2) {
        await shot('battle', 'skirmish-battle.png');
        shotTaken = true;
      }
    }
    await collectLog(log).catch(() => undefined);
    await waitForScene(page, 'Results', 60_000);
    await shot('results');

    const lines = [...log.entries()];
    const find = (re: RegExp) => lines.find(([text]) => re.test(text));
    // VIII Attack: "<attacker> <weapon> at <target>: <d20>, needs 6+ / 11+ / 16+ - hit or miss".
    const attack = find(/ at .+: .*needs (6|11|16)\+ \u2014 (hit|miss)$/);
    expect(attack, lines.map((l) => l[0]).join('\n')).toBeDefined();
    expect(attack![1]).toBe('Solitaire rules \u00b7 VIII Attack');
    // III Patrolling: "<enemy> patrol d20 = <n>: stays in place / moves forward / turns ...".
    const patrol = find(
      / patrol d20 = \d+: (stays in place|moves forward|turns left|turns right|turns about)$/,
    );
    expect(patrol, 'a patrol roll').toBeDefined();
    expect(patrol![1]).toBe('Solitaire rules \u00b7 III Patrolling');
    // VIII Morale: "<figure> morale d20 = <n>, needs 6+ or 11+ - holds / retreats / routed".
    const morale = find(/ morale d20 = \d+, needs (6|11)\+ \u2014 (holds|retreats|routed)$/);
    expect(morale, lines.map((l) => l[0]).join('\n')).toBeDefined();
    expect(morale![1]).toBe('Solitaire rules \u00b7 VIII Morale');
    expect(b.errors).toEqual([]);
  }, 300_000);

  it('the muster fits a phone held upright', async () => {
    const page = b.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.archfoe.debug.buttonRect('play-again'));
    await clickButtonOn(page, 'to-menu');
    await waitForScene(page, 'Menu');
    await clickButtonOn(page, 'new-game');
    await waitForScene(page, 'Setup');
    await clickButtonOn(page, 'muster-open');
    await waitForScene(page, 'Muster');
    // Every control is on the screen, and a tap adds a figure.
    for (const name of ['muster-done', 'muster-heroes-add-wolf', 'muster-enemies-add-wyrm']) {
      const r = await page.evaluate((n) => window.archfoe.debug.buttonRect(n), name);
      expect(r, name).not.toBeNull();
      expect(r!.x).toBeGreaterThanOrEqual(0);
      expect(r!.x + r!.width).toBeLessThanOrEqual(390);
      expect(r!.y + r!.height).toBeLessThanOrEqual(844);
      expect(r!.height, `${name} is big enough to tap`).toBeGreaterThanOrEqual(20);
    }
    const before = String((await setup()).options!.heroes).split(',').length;
    await clickButtonOn(page, 'muster-heroes-remove-archer');
    expect(String((await setup()).options!.heroes).split(',').length).toBe(before - 1);
    await shot('muster-phone', 'skirmish-muster-phone.png');
    await clickButtonOn(page, 'muster-done');
    await waitForScene(page, 'Setup');
    expect(b.errors).toEqual([]);
  }, 120_000);
});
