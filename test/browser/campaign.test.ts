/**
 * The campaign through the real page (issue 12): start a campaign in slot 1 from the
 * Campaign screen, win its first mission (the hero side's moves chosen by the autopilot and
 * given through the page's own command dispatch, as a player's clicks are), see the
 * between-mission rolls shown one by one, reload and continue from the slot to the same
 * campaign; export the slot as a file and import it into slot 2; import a damaged file, a
 * foreign one and a tampered one, and see the message with every slot untouched.
 * Screenshots go to test-artifacts/ (and docs/ with DOCS_SHOTS=1).
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ArchFoeApi } from '../../src/app/automation';
import { campaignRecord } from '../../src/app/campaign-play';
import { saveFileText } from '../../src/app/save-slots';
import { loadCampaignFile, resolveScenarioFromDisk } from '../../src/devtools/campaigns';
import { campaignOptions, playAutoCampaign } from '../../src/engine/campaign';
import {
  ARTIFACTS,
  clickButtonOn,
  downloadedText,
  playToResultsByAutopilot,
  ROOT,
  useBrowser,
  waitForScene,
  waitForSteadyScreen,
  openCampaigns,
  openGameOn,
  waitForAnimations,
} from './harness';

declare const window: { archfoe: ArchFoeApi };

const browser = useBrowser();
/** A campaign seed whose first battle the autopilot wins (story difficulty). */
const SEED = 12;

async function shot(name: string, docs?: string): Promise<void> {
  const path = join(ARTIFACTS, `campaign-${name}.png`);
  await browser.page.screenshot({ path });
  if (docs && process.env.DOCS_SHOTS === '1') copyFileSync(path, join(ROOT, 'docs', docs));
}

const openGame = (): Promise<void> => openGameOn(browser.page);

async function slots() {
  return browser.page.evaluate(() => window.archfoe.slots());
}

async function importFile(name: string, text: string): Promise<string> {
  const page = browser.page;
  const before = await page.evaluate(() => window.archfoe.debug.textOf('campaigns-message'));
  await page.setInputFiles('#save-file', {
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
  await page.waitForFunction(
    (b) => {
      const t = window.archfoe.debug.textOf('campaigns-message');
      return window.archfoe.scene() === 'Campaigns' && t !== null && t !== '' && t !== b;
    },
    before,
    { timeout: 20_000 },
  );
  return (await page.evaluate(() => window.archfoe.debug.textOf('campaigns-message'))) ?? '';
}

/** Reloads the page at `textSize` and opens the campaign in slot 3 again. */
async function reopenSlot3At(textSize: string): Promise<void> {
  const page = browser.page;
  await page.evaluate(
    (t) => localStorage.setItem('archfoe.settings.v1', JSON.stringify({ textSize: t })),
    textSize,
  );
  await page.reload();
  await openGame();
  await clickButtonOn(page, 'campaign');
  await waitForScene(page, 'Campaigns');
  await clickButtonOn(page, 'slot-3-continue');
  await waitForScene(page, 'Campaign', 60_000);
  await page.waitForTimeout(400);
}

/**
 * The campaign's ending on an upright phone: its story's letters `least` page pixels or
 * more; on every hero card the skills and the figures end short of the Rename button's
 * right edge (the card's), and the "grievously wounded" word overlaps no skill line.
 */
async function checkUprightEnding(least: number): Promise<void> {
  const look = await browser.page.evaluate(() => {
    const d = window.archfoe.debug;
    const all = (name: string) => {
      const out = [];
      for (let i = 0; i < 40; i++) {
        const b = d.textBox(name, i);
        if (!b) break;
        out.push(b);
      }
      return out;
    };
    const party = window.archfoe.campaign()?.party ?? [];
    return {
      story: d.textBox('campaign-ending-story'),
      skills: all('campaign-skills'),
      stats: all('campaign-stat'),
      status: all('campaign-status'),
      renames: party.map((h) => d.buttonRect(`rename-${h.id}`)),
    };
  });
  expect(look.story!.letters).toBeGreaterThanOrEqual(least);
  const right = Math.max(...look.renames.map((r) => r!.x + r!.width));
  expect(look.skills.length).toBe(look.renames.length);
  expect(look.stats.length).toBe(4 * look.renames.length);
  for (const t of [...look.skills, ...look.stats])
    expect(t.x + t.width, 'a card text within its card').toBeLessThanOrEqual(right + 2);
  for (const s of look.status)
    for (const k of look.skills) {
      const apart =
        s.x >= k.x + k.width ||
        k.x >= s.x + s.width ||
        s.y >= k.y + k.height ||
        k.y >= s.y + s.height;
      expect(apart, 'the wounded word off the skills').toBe(true);
    }
}

/**
 * The last mission's aftermath on an upright phone (from the campaign screen, every line
 * shown): each line's letters `least` page pixels or more (they were 6.5 px high there,
 * the text size unheeded), each inside the page, and no two lines on top of each other.
 */
async function checkAftermath(least: number, textSize: string): Promise<void> {
  const page = browser.page;
  await clickButtonOn(page, 'campaign-aftermath');
  await waitForScene(page, 'Aftermath');
  await clickButtonOn(page, 'aftermath-all');
  await page.waitForTimeout(300);
  const lines = await page.evaluate(() => {
    const out = [];
    for (let i = 0; i < 80; i++) {
      const b = window.archfoe.debug.textBox('aftermath-line', i);
      if (!b) break;
      out.push(b);
    }
    return out;
  });
  await shot(`aftermath-upright-${textSize}`);
  expect(lines.length).toBeGreaterThan(5);
  for (const [i, l] of lines.entries()) {
    expect(l.letters, `line ${i} at ${textSize}`).toBeGreaterThanOrEqual(least);
    expect(l.x).toBeGreaterThanOrEqual(0);
    expect(l.x + l.width, `line ${i} inside the page`).toBeLessThanOrEqual(390);
    if (i > 0)
      expect(l.y, `line ${i} under the one before`).toBeGreaterThanOrEqual(
        lines[i - 1].y + lines[i - 1].height - 1,
      );
  }
  await clickButtonOn(page, 'aftermath-continue');
  await waitForScene(page, 'Campaign');
}

describe('the campaign in the browser', () => {
  it('starts a campaign in slot 1 from the menu', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${browser.session.baseUrl}?renderer=canvas`);
    await openGame();
    await clickButtonOn(page, 'campaign');
    await waitForScene(page, 'Campaigns');
    expect(await slots()).toEqual({
      quick: null,
      'campaign-1': null,
      'campaign-2': null,
      'campaign-3': null,
    });
    await clickButtonOn(page, 'slot-1-new');
    await clickButtonOn(page, 'pick-ember-crown');
    await clickButtonOn(page, 'difficulty-story');
    await page.evaluate((s) => window.archfoe.debug.seedNextCampaign(s), SEED);
    await clickButtonOn(page, 'picker-start');
    await waitForScene(page, 'Campaign');
    const c = await page.evaluate(() => window.archfoe.campaign());
    expect(c?.slot).toBe('campaign-1');
    expect(c?.difficulty).toBe('story');
    expect(c?.position).toEqual({ at: 'mission', mission: 'the-den' });
    expect(c?.party.map((h) => h.name)).toEqual(['Brand', 'Ysolde', 'Pell', 'Maren']);
    await page.evaluate(() => window.archfoe.saved());
    expect((await slots())['campaign-1']?.title).toBe('The Ember Crown');
    await page.waitForTimeout(400);
    await shot('screen', 'campaign-screen.png');
  });

  it('wins the first mission through the page and shows the rolls one by one', async () => {
    const page = browser.page;
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    await clickButtonOn(page, 'campaign-play');
    await waitForScene(page, 'Battle');
    await playToResultsByAutopilot(page);
    const c = await page.evaluate(() => window.archfoe.campaign());
    expect(c?.history).toHaveLength(1);
    expect(c?.history[0].winner).toBe('heroes');
    expect(c?.history[0].rolls).toBeGreaterThan(0);
    expect(c?.position).toEqual({ at: 'mission', mission: 'the-warren' });
    await page.evaluate(() => window.archfoe.saved());
    expect((await slots())['campaign-1']?.detail).toMatch(/1 won, next "The Warren"/);
    await waitForAnimations(page);
    await shot('results', 'results-charts.png');

    // The battle again, step by step, with the dice log beside it.
    await clickButtonOn(page, 'results-replay');
    await waitForScene(page, 'Replay');
    const step = () => page.evaluate(() => window.archfoe.debug.textOf('replay-step') ?? '');
    expect(await step()).toMatch(/^Command 0 of \d+: Before the first command/);
    await clickButtonOn(page, 'replay-forward');
    await page.waitForFunction(() =>
      /^Command 1 of/.test(window.archfoe.debug.textOf('replay-step') ?? ''),
    );
    expect(await step()).toMatch(/The battle begins/);
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() =>
      /^Command 7 of/.test(window.archfoe.debug.textOf('replay-step') ?? ''),
    );
    await clickButtonOn(page, 'replay-back');
    await page.waitForFunction(() =>
      /^Command 6 of/.test(window.archfoe.debug.textOf('replay-step') ?? ''),
    );
    await page.waitForTimeout(300);
    await shot('replay', 'battle-replay.png');
    await clickButtonOn(page, 'replay-last');
    await page.waitForFunction(() => {
      const m = /^Command (\d+) of (\d+)/.exec(window.archfoe.debug.textOf('replay-step') ?? '');
      return m !== null && m[1] === m[2];
    });
    await clickButtonOn(page, 'replay-leave');
    await waitForScene(page, 'Results');

    // The rolls between missions appear one by one at the normal speed.
    await page.evaluate(() => window.archfoe.setSpeed('normal'));
    await clickButtonOn(page, 'results-aftermath');
    await waitForScene(page, 'Aftermath');
    await page.waitForFunction(() => window.archfoe.aftermathShown().length >= 2);
    const early = (await page.evaluate(() => window.archfoe.aftermathShown())).length;
    await page.waitForFunction((n) => window.archfoe.aftermathShown().length > n, early);
    const lines = await page.evaluate(() => window.archfoe.aftermathShown());
    expect(lines[0]).toMatch(/The Den under the Hill.*victory/);
    await page.waitForFunction(
      () => window.archfoe.aftermathShown().some((l) => /d\d+ = \d/.test(l)),
      null,
      { timeout: 30_000 },
    );
    await clickButtonOn(page, 'aftermath-all');
    await page.waitForTimeout(300);
    const all = await page.evaluate(() => window.archfoe.aftermathShown());
    expect(all[all.length - 1]).toMatch(/Next: "The Warren"/);
    await shot('aftermath', 'campaign-aftermath.png');
    await clickButtonOn(page, 'aftermath-continue');
    await waitForScene(page, 'Campaign');
    await shot('screen-after-mission');
  });

  it('reloads and continues the same campaign from its slot', async () => {
    const page = browser.page;
    const before = await page.evaluate(() => window.archfoe.campaign());
    await page.reload();
    await openGame();
    expect(await page.evaluate(() => window.archfoe.campaign())).toBeNull();
    await clickButtonOn(page, 'campaign');
    await waitForScene(page, 'Campaigns');
    await shot('slots');
    await clickButtonOn(page, 'slot-1-continue');
    await waitForScene(page, 'Campaign');
    expect(await page.evaluate(() => window.archfoe.campaign())).toEqual(before);
  });

  it('saves a campaign battle after every command: a reload resumes it at the same move', async () => {
    const page = browser.page;
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    await clickButtonOn(page, 'campaign-play');
    await waitForScene(page, 'Battle');
    for (let i = 0; i < 4; i++)
      await page.evaluate(async () => {
        await window.archfoe.idle();
        const c = window.archfoe.suggest();
        if (c) await window.archfoe.dispatch(c);
        await window.archfoe.idle();
      });
    const state = await page.evaluate(() => window.archfoe.state());
    const commands = (await page.evaluate(() => window.archfoe.campaign()))?.battle?.commands;
    expect(commands).toBe(5); // 'start' and four more
    await page.evaluate(() => window.archfoe.saved());
    await page.reload();
    await openGame();
    await clickButtonOn(page, 'campaign');
    await waitForScene(page, 'Campaigns');
    expect((await slots())['campaign-1']?.detail).toMatch(/battle under way/);
    await clickButtonOn(page, 'slot-1-continue');
    await waitForScene(page, 'Campaign');
    expect((await page.evaluate(() => window.archfoe.campaign()))?.battle).toEqual({
      mission: 'the-warren',
      commands: 5,
    });
    await clickButtonOn(page, 'campaign-play');
    await waitForScene(page, 'Battle');
    await page.evaluate(() => window.archfoe.idle());
    expect(await page.evaluate(() => window.archfoe.state())).toEqual(state);
    await clickButtonOn(page, 'to-menu');
    await waitForScene(page, 'Campaign');
  });

  it('exports slot 1 as a file and imports it into slot 2', async () => {
    const page = browser.page;
    await clickButtonOn(page, 'campaign-leave');
    await waitForScene(page, 'Menu');
    await clickButtonOn(page, 'campaign');
    await waitForScene(page, 'Campaigns');
    const downloading = page.waitForEvent('download');
    await clickButtonOn(page, 'slot-1-export');
    const download = await downloading;
    const text = await downloadedText(download);
    expect(JSON.parse(text).format).toBe('arch-foe-slot');
    const message = await importFile(download.suggestedFilename(), text);
    expect(message).toMatch(/now in campaign slot 2/);
    const after = await slots();
    expect(after['campaign-2']).toEqual(after['campaign-1']);
    await clickButtonOn(page, 'slot-2-continue');
    await waitForScene(page, 'Campaign');
    const two = await page.evaluate(() => window.archfoe.campaign());
    expect(two?.slot).toBe('campaign-2');
    expect(two?.history).toHaveLength(1);
    await clickButtonOn(page, 'campaign-leave');
    await waitForScene(page, 'Menu');
    await clickButtonOn(page, 'campaign');
    await waitForScene(page, 'Campaigns');
  });

  it('refuses a damaged, a foreign and a tampered file with a message, every slot untouched', async () => {
    const page = browser.page;
    const before = await slots();
    expect(before['campaign-3']).toBeNull();
    let message = await importFile('broken.json', '{"format":"arch-foe-slot", "ver');
    expect(message).toMatch(/damaged/);
    await shot('import-refused', 'campaign-import-refused.png');
    expect(await slots()).toEqual(before);
    expect(message).toMatch(/^broken\.json: /);
    message = await importFile('map.tmx', '<map version="1.10"></map>');
    expect(message).toMatch(/^map\.tmx: .*not an Arch Foe save/);
    expect(await slots()).toEqual(before);
    message = await importFile('level.tmj', '{"type": "map", "layers": []}');
    expect(message).toMatch(/^level\.tmj: .*not an Arch Foe save/);
    expect(await slots()).toEqual(before);
    // A save whose first battle's seed was changed: it no longer replays.
    const download = page.waitForEvent('download');
    await clickButtonOn(page, 'slot-1-export');
    const good = JSON.parse(await downloadedText(await download));
    good.data.steps[0].seed += 1;
    message = await importFile('tampered.json', JSON.stringify(good));
    expect(message).toMatch(/cannot be loaded/);
    expect(await slots()).toEqual(before);
    // A damaged file dropped on the page: the same message, nothing changed.
    await page.evaluate(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['not a save at all'], 'dropped.json', { type: 'application/json' }));
      (globalThis as unknown as EventTarget).dispatchEvent(
        new DragEvent('drop', { dataTransfer: dt, bubbles: true }),
      );
    });
    await page.waitForFunction(() =>
      /^dropped\.json: .*of another kind/.test(
        window.archfoe.debug.textOf('campaigns-message') ?? '',
      ),
    );
    expect(await slots()).toEqual(before);
    expect(browser.errors).toEqual([]);
  });

  it("opens a whole campaign played to its end: the ending, the party's story and the chart", async () => {
    const page = browser.page;
    // The Ember Crown played to its end by the autopilot in node, then imported as a file.
    const def = loadCampaignFile('ember-crown');
    const done = playAutoCampaign(def, 4, campaignOptions('story'), resolveScenarioFromDisk);
    expect(done.position.at).toBe('over');
    const message = await importFile(
      'ember-crown-finished.json',
      saveFileText(campaignRecord('campaign-1', def, done)),
    );
    expect(message).toMatch(/now in campaign slot 3/);
    await clickButtonOn(page, 'slot-3-continue');
    await waitForScene(page, 'Campaign', 60_000);
    const c = await page.evaluate(() => window.archfoe.campaign());
    expect(c?.position).toEqual(done.position);
    expect(c?.history).toHaveLength(done.history.length);
    const chronicle = await page.evaluate(() => window.archfoe.debug.textOf('campaign-chronicle'));
    expect(chronicle).toMatch(/^1\. The Den under the Hill: won/);
    expect(await page.evaluate(() => window.archfoe.debug.textOf('campaign-story-title'))).toBe(
      done.position.at === 'over' && done.position.result === 'victory'
        ? 'The campaign is won'
        : 'The campaign is lost',
    );
    await page.waitForTimeout(400);
    await shot('end', 'campaign-end.png');

    // At the larger text size the ending's texts grow, and its panels stay one under another.
    const boxes = () =>
      page.evaluate(() => {
        const d = window.archfoe.debug;
        return {
          story: d.textBox('campaign-ending-story'),
          chronicle: d.textBox('campaign-chronicle'),
          chart: d.textBox('campaign-chart-title'),
          fallen: d.textBox('campaign-fallen'),
        };
      });
    const normal = await boxes();
    await reopenSlot3At('larger');
    const larger = await boxes();
    await shot('end-larger');
    for (const part of ['story', 'chronicle', 'fallen'] as const) {
      if (!normal[part]) continue;
      expect(larger[part]!.letters / normal[part]!.letters, part).toBeGreaterThanOrEqual(1.3);
    }
    expect(larger.story!.y + larger.story!.height).toBeLessThan(larger.chronicle!.y);
    expect(larger.chronicle!.y + larger.chronicle!.height).toBeLessThan(larger.chart!.y);
    expect(await page.evaluate(() => window.archfoe.debug.textOf('campaign-chronicle'))).toMatch(
      /^1\. The Den under the Hill: won/,
    );

    // On an upright phone: the ending's texts drawn larger than the wide screen's shrunk (its
    // story was 8 px high on a 390-wide phone), and each hero card's skills and figures
    // within the card at the larger size (the Skirmish's three skills ran past its edge).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await waitForSteadyScreen(page);
    await waitForScene(page, 'Campaign');
    await checkUprightEnding(14);
    await shot('end-upright-larger');
    await checkAftermath(9.5, 'larger');
    // At the normal size too; and a grievously wounded hero's word stays off the skills.
    await reopenSlot3At('normal');
    await checkUprightEnding(10);
    await shot('end-upright');
    await checkAftermath(9.5, 'normal');
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(browser.errors).toEqual([]);
  }, 180_000);

  it('on a small phone (360x640) shows the missions around the next one, the story clear of the chronicle', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 360, height: 640 });
    await openCampaigns(page, browser.session.baseUrl);
    await clickButtonOn(page, 'slot-1-continue');
    await waitForScene(page, 'Campaign', 60_000);
    await waitForSteadyScreen(page);
    const look = await page.evaluate(() => {
      const d = window.archfoe.debug;
      return {
        more: d.textOf('campaign-missions-more'),
        story: d.textBox('campaign-story'),
        chronicle: d.textBox('campaign-chronicle'),
        scroll: d.textOf('campaign-story-more'),
      };
    });
    await shot('small-phone');
    // Eleven missions: the list keeps to those around the next one and counts the rest.
    expect(look.more).toMatch(/more ahead/);
    // The story ends above the chronicle, or (longer than its panel) scrolls there, cut
    // above it: shrunk, a long one ran over it.
    if (look.scroll === null)
      expect(look.story!.y + look.story!.height).toBeLessThanOrEqual(look.chronicle!.y);
    else expect(look.scroll).toBe('more: scroll \u2193');
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(browser.errors).toEqual([]);
  }, 60_000);
});
