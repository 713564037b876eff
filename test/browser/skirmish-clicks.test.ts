/**
 * A Skirmish battle played by a player's clicks, from its first activation to the Results
 * screen (issue 11). The autopilot (window.archfoe.suggest()) only decides what to do;
 * each decision is carried out as a player would: a click on a hero on the board, or on
 * the hero's card, hands that hero the turn (alternating activations, III);
 * a click on a square moves; a click on a foe attacks (the weapon chosen on the card
 * first when the autopilot wants another one); the End turn button or the Space key ends
 * the turn. After every click the test checks that the game changed the way the click
 * meant, and that no command was dispatched any other way.
 *
 * The set-up: the bundled Skirmish hall at its large scale, a Basic Battle (solitaire-
 * gaming-rules VI: it is over after its 5 rounds if no army is wiped out first) between
 * three heroes and three enemies. Whatever the dice (and whatever a new seeding of them
 * makes of seed 4), the battle ends within 5 rounds of about a dozen hero activations, so
 * the test stays short; three heroes give activations to hand over, and the archer's bow
 * or knife a weapon to choose on the card.
 */
import { describe, expect, it } from 'vitest';
import type { ArchFoeApi } from '../../src/app/automation';
import type { GameEvent, GameState } from '../../src/engine';
import { SKIRMISH_KINDS } from '../../src/engine/rulesets/skirmish/roster';
import { join } from 'node:path';
import {
  ARTIFACTS,
  clickButtonOn,
  openSetup,
  useBrowser,
  waitForScene,
  waitForAnimations,
} from './harness';

declare const window: { archfoe: ArchFoeApi };

const b = useBrowser();

const HEROES = 'knight,archer,swordsman';
const ENEMIES = 'warlord,wolf,swordsman';

const state = (): Promise<GameState> => b.page.evaluate(() => window.archfoe.state()!);
const events = (): Promise<GameEvent[]> => b.page.evaluate(() => window.archfoe.events());
const idle = (): Promise<void> => b.page.evaluate(() => window.archfoe.idle());

/** Clicks the middle of a board square with the real mouse (the pointer first moved away). */
async function clickSquare(x: number, y: number): Promise<void> {
  const p = await b.page.evaluate(([sx, sy]) => window.archfoe.debug.squareToScreen(sx, sy), [
    x,
    y,
  ] as const);
  expect(p, `square ${x},${y} on screen`).not.toBeNull();
  const view = (await b.page.evaluate(() => window.archfoe.debug.battle()))!.viewport;
  expect(
    p!.x >= view.x && p!.y >= view.y && p!.x <= view.x + view.width && p!.y <= view.y + view.height,
    `square ${x},${y} inside the board's view`,
  ).toBe(true);
  await b.page.mouse.move(1, 1);
  await b.page.mouse.click(p!.x, p!.y);
}

/** The events the game told after `before` of them, once its animation is over. */
async function eventsSince(before: number): Promise<GameEvent[]> {
  await b.page.waitForFunction((n) => window.archfoe.events().length > n, before);
  await idle();
  return (await events()).slice(before);
}

const acting = (s: GameState) => s.units.find((u) => u.id === s.turn?.unitId);

describe('a Skirmish played by clicks', () => {
  it('is played from the first activation to the Results screen by clicks and keys', async () => {
    const page = b.page;
    await page.setViewportSize({ width: 1280, height: 720 });
    await openSetup(page, b.session.baseUrl);
    const started = await page.evaluate(
      ([heroes, enemies]) =>
        window.archfoe.start({
          scenario: 'skirmish-basic-battle',
          seed: 4,
          options: { scenario: 'basic-battle', scale: 'large', heroes, enemies },
        }),
      [HEROES, ENEMIES] as const,
    );
    expect(started).toMatchObject({ ok: true });
    await waitForScene(page, 'Battle');
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    await idle();
    const s0 = await state();
    expect(s0.ruleModule).toBe('skirmish');
    expect(s0.options.scenario).toBe('basic-battle');
    expect(s0.units.filter((u) => u.side === 'heroes').map((u) => u.kind)).toEqual(
      HEROES.split(','),
    );

    const done = { activated: 0, byCard: 0, moved: 0, attacked: 0, weaponChosen: 0, ended: 0 };
    let endByKey = false;
    for (let click = 0; click < 400; click++) {
      const s = await state();
      if (s.phase === 'over' || (await page.evaluate(() => window.archfoe.scene())) !== 'Battle')
        break;
      const hero = acting(s);
      expect(hero?.side, `round ${s.round}: a hero acts`).toBe('heroes');
      const count = (await events()).length;
      const legal = await page.evaluate(() => window.archfoe.legalCommands());

      // A fresh activation with other heroes ready: the player plays the ready hero whose
      // id comes first in odd rounds and last in even ones (a choice that stays put once
      // made), handing it the turn by a click on its card, or on it on the board every
      // other time.
      const ready = [
        hero!.id,
        ...legal.flatMap((c) => (c.type === 'activate' ? [c.unit] : [])),
      ].sort();
      const pick = ready[s.round % 2 === 1 ? 0 : ready.length - 1];
      if (pick !== hero!.id) {
        const chosen = s.units.find((u) => u.id === pick)!;
        if (done.activated % 2 === 0) {
          await clickButtonOn(page, `card-${pick}`);
          done.byCard++;
        } else await clickSquare(chosen.position!.x, chosen.position!.y);
        await page.waitForFunction((id) => window.archfoe.state()?.turn?.unitId === id, pick);
        await idle();
        done.activated++;
        continue;
      }

      const c = await page.evaluate(() => window.archfoe.suggest());
      expect(c, 'the autopilot has a suggestion').not.toBeNull();
      if (c!.type === 'move') {
        await clickSquare(c!.to.x, c!.to.y);
        await page.waitForFunction(
          ([id, x, y]) => {
            const u = window.archfoe.state()!.units.find((v) => v.id === id)!;
            return u.position?.x === x && u.position?.y === y;
          },
          [c!.unit, c!.to.x, c!.to.y] as const,
        );
        await idle();
        expect((await state()).turn?.moved, 'the move is the turn\u2019s').toBe(true);
        done.moved++;
      } else if (c!.type === 'attack') {
        // A hero with more than one weapon: the one to use chosen on its card first.
        if (hero!.weapons.length > 1) {
          await clickButtonOn(page, `card-${c!.unit}-${c!.weapon}`);
          done.weaponChosen++;
        }
        const target = s.units.find((u) => u.id === c!.target)!;
        await clickSquare(target.position!.x, target.position!.y);
        const told = await eventsSince(count);
        expect(
          told.find((e) => e.type === 'attacked'),
          `${c!.unit} attacks ${c!.target}`,
        ).toMatchObject({ unit: c!.unit, target: c!.target, weapon: c!.weapon });
        if (done.attacked === 0)
          await page.screenshot({ path: join(ARTIFACTS, 'skirmish-clicks-attack.png') });
        done.attacked++;
      } else if (c!.type === 'end-turn') {
        if (endByKey) await page.keyboard.press('Space');
        else await clickButtonOn(page, 'end-turn');
        const told = await eventsSince(count);
        expect(
          told.some((e) => e.type === 'turn-ended' && e.unit === c!.unit),
          `${c!.unit}'s turn ended by ${endByKey ? 'Space' : 'the End turn button'}`,
        ).toBe(true);
        endByKey = !endByKey;
        done.ended++;
      } else {
        throw new Error(`no click for the suggestion ${JSON.stringify(c)}`);
      }
    }

    await waitForScene(page, 'Results', 60_000);
    await waitForAnimations(page);
    await page.screenshot({ path: join(ARTIFACTS, 'skirmish-clicks-results.png') });
    const end = await state();
    expect(end.phase).toBe('over');
    expect(end.outcome).not.toBeNull();
    // Every command of the battle came from a click or a key: the game's count of commands
    // is the start's and the clicks' (choosing a weapon is no command).
    expect(done.moved).toBeGreaterThan(0);
    expect(done.attacked).toBeGreaterThan(0);
    expect(done.ended).toBeGreaterThan(1);
    expect(done.activated - done.byCard).toBeGreaterThan(0);
    expect(done.byCard).toBeGreaterThan(0);
    expect(end.commandCount).toBe(1 + done.activated + done.moved + done.attacked + done.ended);
    // The clicks unlocked the sound bank: every Skirmish figure's own sounds are loaded.
    const loaded = await page.evaluate(() => {
      const h = (
        window as unknown as {
          Howler?: { _howls?: { state(): string; _src: string | string[] }[] };
        }
      ).Howler;
      return (h?._howls ?? [])
        .filter((x) => x.state() === 'loaded')
        .map((x) => String(Array.isArray(x._src) ? x._src[0] : x._src));
    });
    for (const kind of SKIRMISH_KINDS)
      for (const name of [kind.art.sounds?.attack, kind.art.sounds?.fall])
        if (name)
          expect(
            loaded.some((src) => src.includes(`${name}`)),
            `${name} loaded`,
          ).toBe(true);
    expect(b.errors).toEqual([]);
  }, 240_000);
});
