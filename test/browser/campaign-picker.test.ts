/**
 * The campaign picker through the real page (issue 12): an empty slot's New campaign opens
 * a picker listing each campaign with its story, missions and rule sets; a damaged file and
 * an invalid campaign file get a message naming the problem with every slot untouched; a
 * campaign of the player's own, loaded from a file, is started, survives a reload (its
 * definition is kept with the save) and is played through its first mission; a hero is
 * renamed by typing and a road is taken by a click, and both are there after a reload, in
 * the campaign's state and on the screen.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ArchFoeApi } from '../../src/app/automation';
import {
  ARTIFACTS,
  clickButtonOn,
  playToResultsByAutopilot,
  dropFiles,
  fileOf,
  useBrowser,
  waitForScene,
  openGameOn,
} from './harness';

declare const window: { archfoe: ArchFoeApi };

const browser = useBrowser();
/** A campaign seed whose first battle (the Dungeon Crawl, story difficulty) the autopilot wins. */
const SEED = 12;

/** A small campaign of a player's own: the Dungeon Crawl, then a choice of two roads. */
const OWN = {
  version: 1,
  id: 'two-roads',
  name: 'Two Roads',
  story: [
    'A caravan of salt went into the hills and did not come out.',
    'Four friends go to look for it, and find a cave that smells of smoke.',
  ],
  party: [
    { name: 'Brand', kinds: { 'dungeon-crawl': 'fighting-man', skirmish: 'captain' } },
    { name: 'Ysolde', kinds: { 'dungeon-crawl': 'magic-user', skirmish: 'fire-mage' } },
    { name: 'Pell', kinds: { 'dungeon-crawl': 'thief', skirmish: 'archer' } },
    { name: 'Maren', kinds: { 'dungeon-crawl': 'priest', skirmish: 'healer' } },
  ],
  start: 'cave',
  missions: [
    {
      id: 'cave',
      name: 'The Smoking Cave',
      story: ['The salt is in the cave. So is something that likes salted meat.'],
      scenario: 'dungeon-crawl',
      options: { enemyPercent: 75, archFoeWounds: -3 },
      choice: [
        { mission: 'pass', label: 'Take the high pass home' },
        { mission: 'tunnel', label: 'Follow the tunnel under the hill' },
      ],
    },
    {
      id: 'pass',
      name: 'The High Pass',
      story: ['The pass is narrow, and whatever lived in the cave runs faster downhill.'],
      scenario: 'field:skirmish:small:4',
      options: { scenario: 'escape' },
      final: true,
    },
    { id: 'tunnel', name: 'The Tunnel', scenario: 'map:a-map-nobody-has', final: true },
  ],
  ending: { victory: ['Home with the salt.'], defeat: ['The hills keep the salt.'] },
};

const text = (name: string) => browser.page.evaluate((n) => window.archfoe.debug.textOf(n), name);
const slots = () => browser.page.evaluate(() => window.archfoe.slots());
const shot = (name: string) =>
  browser.page.screenshot({ path: join(ARTIFACTS, `campaign-picker-${name}.png`) });

const openGame = (): Promise<void> => openGameOn(browser.page);

/** Loads a campaign file through the picker's file input; returns the message shown. */
async function loadFile(name: string, body: string): Promise<string> {
  const page = browser.page;
  const before = await text('campaigns-message');
  await page.setInputFiles('#campaign-file', {
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(body),
  });
  await page.waitForFunction(
    (b) => {
      const t = window.archfoe.debug.textOf('campaigns-message');
      return window.archfoe.scene() === 'Campaigns' && t !== null && t !== '' && t !== b;
    },
    before,
    { timeout: 20_000 },
  );
  return (await text('campaigns-message')) ?? '';
}

describe('the campaign picker', () => {
  it('lists the bundled campaign with its story, missions and rule sets', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${browser.session.baseUrl}?renderer=canvas`);
    await openGame();
    await clickButtonOn(page, 'campaign');
    await waitForScene(page, 'Campaigns');
    await clickButtonOn(page, 'slot-1-new');
    await page.waitForFunction(() => window.archfoe.debug.buttonRect('picker-start') !== null);
    expect(await text('pick-ember-crown-title')).toBe('The Ember Crown');
    expect(await text('pick-ember-crown-blurb')).toMatch(/dragon/);
    expect(await text('pick-ember-crown-facts')).toMatch(
      /^11 missions · .*(Dungeon Crawl.*Skirmish|Skirmish.*Dungeon Crawl)/,
    );
    for (const d of ['story', 'normal', 'hard', 'ironman'])
      expect(
        await page.evaluate((n) => window.archfoe.debug.buttonRect(n), `difficulty-${d}`),
      ).not.toBeNull();
    await shot('bundled');
  });

  it('refuses a damaged file and an invalid campaign with a message, touching nothing', async () => {
    const page = browser.page;
    const before = await slots();
    expect(await loadFile('broken.json', '{"version": 1, "id": ')).toMatch(
      /broken\.json cannot be loaded as a campaign\. The campaign file is not valid JSON/,
    );
    const bad = { ...OWN, start: 'nowhere' };
    expect(await loadFile('bad.json', JSON.stringify(bad))).toMatch(/bad\.json.*"nowhere"/);
    const clash = { ...OWN, id: 'ember-crown' };
    expect(await loadFile('clash.json', JSON.stringify(clash))).toMatch(
      /comes with the game: give yours an id of its own/,
    );
    expect(await slots()).toEqual(before);
    expect(await page.evaluate(() => window.archfoe.debug.buttonRect('pick-two-roads'))).toBeNull();
    // Still the picker, for slot 1.
    expect(
      await page.evaluate(() => window.archfoe.debug.buttonRect('picker-start')),
    ).not.toBeNull();
    await shot('refused');
  });

  it('starts a campaign loaded from a file (dropped), which survives a reload', async () => {
    const page = browser.page;
    const before = await text('campaigns-message');
    await dropFiles(page, [fileOf('two-roads.json', JSON.stringify(OWN), 'application/json')]);
    await page.waitForFunction(
      (b) => window.archfoe.debug.textOf('campaigns-message') !== b,
      before,
    );
    expect(await text('campaigns-message')).toMatch(/"Two Roads" is loaded from two-roads\.json/);
    expect(await text('pick-two-roads-facts')).toMatch(/^3 missions · /);
    // The map it names that this game lacks is named, with what happens.
    expect(await text('picker-missing')).toMatch(/The Tunnel \(map:a-map-nobody-has\)/);
    await shot('own');
    await clickButtonOn(page, 'difficulty-story');
    await page.evaluate((s) => window.archfoe.debug.seedNextCampaign(s), SEED);
    await clickButtonOn(page, 'picker-start');
    await waitForScene(page, 'Campaign');
    const c = await page.evaluate(() => window.archfoe.campaign());
    expect(c?.campaign).toBe('two-roads');
    expect(c?.difficulty).toBe('story');
    await page.evaluate(() => window.archfoe.saved());

    await page.reload();
    await openGame();
    await clickButtonOn(page, 'campaign');
    await waitForScene(page, 'Campaigns');
    expect(await text('slot-1-title')).toBe('Two Roads');
    await clickButtonOn(page, 'slot-1-continue');
    await waitForScene(page, 'Campaign');
    expect(await page.evaluate(() => window.archfoe.campaign())).toEqual(c);
    expect(await text('campaign-title')).toMatch(/Two Roads/);
  });

  it('renames a hero by typing and takes a road by a click; both stay after a reload', async () => {
    const page = browser.page;
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    // The first mission won (the hero side's moves by the autopilot, through the page).
    await clickButtonOn(page, 'campaign-play');
    await waitForScene(page, 'Battle');
    await playToResultsByAutopilot(page);
    await clickButtonOn(page, 'results-aftermath');
    await waitForScene(page, 'Aftermath');
    await clickButtonOn(page, 'aftermath-all');
    await clickButtonOn(page, 'aftermath-continue');
    await waitForScene(page, 'Campaign');
    const c = await page.evaluate(() => window.archfoe.campaign());
    expect(c?.position.at).toBe('choice');
    const hero = c!.party[0];

    // Renaming: the Rename button opens the game's own text field (no browser prompt),
    // the old name selected; the keys type the new one and Enter takes it.
    let prompted = false;
    page.on('dialog', (d) => {
      prompted = true;
      void d.dismiss();
    });
    const field = () => page.evaluate(() => window.archfoe.debug.buttonRect('rename-field'));
    await clickButtonOn(page, `rename-${hero.id}`);
    await page.waitForFunction(() => window.archfoe.debug.buttonRect('rename-field') !== null);
    expect((await field())!.label).toBe(hero.name);
    // Escape cancels: the name stays.
    await page.keyboard.type('Nobody');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => window.archfoe.debug.buttonRect('rename-field') === null);
    expect(await text(`hero-${hero.id}-name`)).toBe(hero.name);
    expect(await page.evaluate(() => window.archfoe.scene())).toBe('Campaign');
    // An empty name is refused with words; the field stays open.
    await clickButtonOn(page, `rename-${hero.id}`);
    await page.waitForFunction(() => window.archfoe.debug.buttonRect('rename-field') !== null);
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() =>
      /at least one letter/.test(window.archfoe.debug.textOf('rename-field-message') ?? ''),
    );
    expect(await field()).not.toBeNull();
    // The field takes no more than a name's most characters (40).
    await page.keyboard.type('x'.repeat(50));
    expect((await field())!.label).toBe('x'.repeat(40));
    await page.keyboard.press(process.platform === 'darwin' ? 'Meta+A' : 'Control+A');
    // The text size setting's letters, on the canvas and in the field alike, readable.
    const letters = await page.evaluate(() => {
      const input = document.querySelector('input[data-name="rename-field-input"]');
      return input ? parseFloat(getComputedStyle(input).fontSize) : 0;
    });
    expect(letters).toBeGreaterThanOrEqual(12);
    await page.keyboard.type('Wulfric the Salty');
    await page.screenshot({ path: join(ARTIFACTS, 'campaign-rename-field.png') });
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (id) => window.archfoe.debug.textOf(`hero-${id}-name`) === 'Wulfric the Salty',
      hero.id,
    );
    expect(prompted).toBe(false);
    expect(await field()).toBeNull();
    await clickButtonOn(page, 'choose-pass');
    await page.waitForFunction(() => {
      const p = window.archfoe.campaign()?.position;
      return p?.at === 'mission' && p.mission === 'pass';
    });
    await page.evaluate(() => window.archfoe.saved());
    await shot('after-choice');

    await page.reload();
    await openGame();
    await clickButtonOn(page, 'campaign');
    await waitForScene(page, 'Campaigns');
    await clickButtonOn(page, 'slot-1-continue');
    await waitForScene(page, 'Campaign');
    const back = await page.evaluate(() => window.archfoe.campaign());
    expect(back?.party.find((h) => h.id === hero.id)?.name).toBe('Wulfric the Salty');
    expect(back?.position).toEqual({ at: 'mission', mission: 'pass' });
    expect(await text(`hero-${hero.id}-name`)).toBe('Wulfric the Salty');
    expect(await page.evaluate(() => window.archfoe.debug.buttonRect('choose-pass'))).toBeNull();
    expect(await text('campaign-story')).toMatch(/runs faster downhill/);
    expect(browser.errors).toEqual([]);
  });
});
