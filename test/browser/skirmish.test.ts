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
import { musterRoster } from '../../src/engine/rulesets/skirmish/muster';
import { DEFAULT_SKIRMISH_OPTIONS } from '../../src/engine/rulesets/skirmish/options';
import { ARTIFACTS, clickButtonOn, openSetup, ROOT, useBrowser, waitForScene } from './harness';

declare const window: { archfoe: ArchFoeApi };

const b = useBrowser();

const setup = () => b.page.evaluate(() => window.archfoe.debug.setup());
const shot = async (name: string, docs?: string): Promise<void> => {
  const path = join(ARTIFACTS, `skirmish-${name}.png`);
  // The pointer away from the controls: no tooltip over the picture.
  await b.page.mouse.move(2, 2);
  await b.page.waitForTimeout(700);
  await b.page.screenshot({ path });
  // Into docs/ (the README's pictures) only when asked: DOCS_SHOTS=1.
  if (docs && process.env.DOCS_SHOTS === '1') copyFileSync(path, join(ROOT, 'docs', docs));
};
const seedOf = (id: string): number => Number(id.split(':').pop());

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
    // A new roll keeps the field's scale (here the hall's own, small, carried to the field).
    expect(second.scenario).toMatch(/^field:skirmish:(small|large):\d+$/);
    expect(second.scenario.split(':')[2]).toBe(first.scenario.split(':')[2]);
    expect(seedOf(second.scenario)).not.toBe(seedOf(first.scenario));
    const secondPicture = await page.evaluate(() => window.archfoe.debug.setupPreview());
    expect(secondPicture?.key).toContain(second.scenario);
    // The options chosen survive the reroll.
    expect(second.options!.scenario).toBe('basic-battle');
    // The small scale: the same field rolled smaller, the seed kept.
    await clickButtonOn(page, 'scale-small');
    await page.waitForFunction(
      (id) => window.archfoe.debug.setup().scenario === id,
      second.scenario.replace(':large:', ':small:'),
    );
    expect((await setup()).options!.scale).toBe('small');
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
    // The keys, on the heroes' side since their budget was chosen: the figure row the
    // last click was on (the spearman's), then one row down, six times.
    const kinds = musterRoster(DEFAULT_SKIRMISH_OPTIONS).map((f) => f.kind);
    const next = kinds[kinds.indexOf('spearman') + 1];
    await page.keyboard.press('+');
    await page.keyboard.press('ArrowDown');
    for (let i = 0; i < 6; i++) await page.keyboard.press('+');
    await clickButtonOn(page, 'muster-heroes-add-knight');
    options = (await setup()).options!;
    const heroes = String(options.heroes).split(',');
    expect(heroes.slice(-8)).toEqual(['spearman', ...Array(6).fill(next), 'knight']);
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
    expect(s0.scenarioId).toBe(second.scenario.replace(':large:', ':small:'));
    expect(s0.units.filter((u) => u.side === 'heroes').map((u) => u.kind)).toEqual(heroes);
    expect(s0.units.find((u) => u.ai?.archFoe)?.kind).toBe('warlord');
    // Played to the Results screen. While a patrol roll (or a morale check) has not come up,
    // again: with new dice, or (no patrol: the enemies saw the heroes from the start; no
    // attack: the armies never met within the five rounds) on a rerolled battlefield from
    // the Setup screen; at most five battles. The battlefield's seed is random, so these
    // retries keep the test from hanging on one field's luck.
    const log = new Map<string, string>();
    let shotTaken = false;
    const morale = / morale d20 = \d+, needs (6|11)\+ \u2014 (holds|retreats|routed)$/;
    const patrolled =
      / patrol d20 = \d+: (stays in place|moves forward|turns left|turns right|turns about)$/;
    const attacked = / at .+: .*needs (6|11|16)\+ \u2014 (hit|miss)$/;
    const seen = (re: RegExp) => [...log.keys()].some((t) => re.test(t));
    const fields: string[] = [];
    for (let battle = 0; battle < 5; battle++) {
      if (battle > 0 && (!seen(patrolled) || !seen(attacked))) {
        await clickButtonOn(page, 'results-menu');
        await waitForScene(page, 'Menu');
        await clickButtonOn(page, 'new-game');
        await waitForScene(page, 'Setup');
        const before = (await setup()).scenario;
        await clickButtonOn(page, 'field-reroll');
        await page.waitForFunction((id) => window.archfoe.debug.setup().scenario !== id, before);
        expect((await setup()).options).toMatchObject({ scale: 'small', patrol: true });
        await clickButtonOn(page, 'start');
        await waitForScene(page, 'Battle');
        await page.evaluate(() => window.archfoe.idle());
      } else if (battle > 0) {
        await clickButtonOn(page, 'play-again');
        await waitForScene(page, 'Battle');
        await page.evaluate(() => window.archfoe.idle());
      }
      fields.push((await page.evaluate(() => window.archfoe.state()))?.scenarioId ?? '?');
      for (let i = 0; i < 3000; i++) {
        // One round trip a command: the autopilot's choice for the acting hero, dispatched.
        const step = await page.evaluate(async () => {
          const a = window.archfoe;
          const s = a.state();
          if (a.scene() !== 'Battle' || !s || s.phase === 'over') return null;
          const c = a.suggest();
          if (!c) return null;
          const result = await a.dispatch(c);
          // The dice log's lines (all it keeps) once the command's animation is over.
          const lines = a.debug.battle()?.log ?? [];
          return { command: c, round: s.round, result, lines };
        });
        if (!step) break;
        expect(step.result, JSON.stringify(step.command)).toEqual({ ok: true });
        for (const l of step.lines) log.set(l.text, l.tag);
        if (!shotTaken && step.round >= 2) {
          await shot('battle', 'skirmish-battle.png');
          shotTaken = true;
        }
      }
      await waitForScene(page, 'Results', 60_000);
      if (battle === 0) await shot('results');
      if (seen(morale) && seen(patrolled) && seen(attacked)) break;
    }

    const lines = [...log.entries()];
    const find = (re: RegExp) => lines.find(([text]) => re.test(text));
    // VIII Attack: "<attacker> <weapon> at <target>: <d20>, needs 6+ / 11+ / 16+ - hit or miss".
    const attack = find(attacked);
    expect(
      attack,
      `an attack among ${lines.length} lines, battles on ${fields.join(', ')}`,
    ).toBeDefined();
    expect(attack![1]).toBe('Solitaire rules \u00b7 VIII Attack');
    // III Patrolling: "<enemy> patrol d20 = <n>: stays in place / moves forward / turns ...".
    const patrol = find(patrolled);
    expect(patrol, `a patrol roll in the battles on ${fields.join(', ')}`).toBeDefined();
    expect(patrol![1]).toBe('Solitaire rules \u00b7 III Patrolling');
    // VIII Morale: "<figure> morale d20 = <n>, needs 6+ or 11+ - holds / retreats / routed".
    // A morale check needs an army below half its figures, which these 4- and 5-round
    // scenarios reach only in some battles: when one came up, its line reads and is tagged
    // right; the wording and tag are also checked headless in
    // test/engine/skirmish/enemies.test.ts (VIII Morale).
    const check = find(morale);
    if (check) expect(check[1]).toBe('Solitaire rules \u00b7 VIII Morale');
    expect(b.errors).toEqual([]);
  }, 600_000);

  it('the muster fits a phone held upright', async () => {
    const page = b.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await openSetup(page, b.session.baseUrl);
    await clickButtonOn(page, 'scenario-skirmish-basic-battle');
    await clickButtonOn(page, 'muster-open');
    await waitForScene(page, 'Muster');
    // One army at a time, chosen by its tab; every control on the screen and big enough.
    await clickButtonOn(page, 'muster-side-enemies');
    await page.waitForFunction(() => window.archfoe.debug.buttonRect('muster-enemies-add-wyrm'));
    expect(
      await page.evaluate(() => window.archfoe.debug.buttonRect('muster-heroes-add-wolf')),
    ).toBeNull();
    for (const name of ['muster-done', 'muster-enemies-add-wyrm', 'muster-side-heroes']) {
      const r = await page.evaluate((n) => window.archfoe.debug.buttonRect(n), name);
      expect(r, name).not.toBeNull();
      expect(r!.x).toBeGreaterThanOrEqual(0);
      expect(r!.x + r!.width).toBeLessThanOrEqual(390);
      expect(r!.y + r!.height).toBeLessThanOrEqual(844);
      expect(r!.height, `${name} is big enough to tap`).toBeGreaterThanOrEqual(20);
    }
    await clickButtonOn(page, 'muster-side-heroes');
    const before = String((await setup()).options!.heroes).split(',').length;
    await clickButtonOn(page, 'muster-heroes-remove-archer');
    expect(String((await setup()).options!.heroes).split(',').length).toBe(before - 1);
    await shot('muster-phone', 'skirmish-muster-phone.png');
    await clickButtonOn(page, 'muster-done');
    await waitForScene(page, 'Setup');
    expect(b.errors).toEqual([]);
  }, 120_000);
});
