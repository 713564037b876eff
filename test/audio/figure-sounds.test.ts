/**
 * The Skirmish roster's sounds (issue 11: "art and sounds for each new figure"): every
 * figure kind names an attack and a fall of its own in its art (the building a collapse),
 * each a file in assets/audio/ (made by tools/assets/make-sounds.mjs), no two kinds
 * sharing one; the sound bank loads them and plays them for that kind's attacks and falls,
 * while figures without sounds of their own keep the shared ones.
 */
import { existsSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { soundsForEvent, soundsToLoad, sourcesFor } from '../../src/audio/sound-bank';
import type { GameEvent } from '../../src/engine';
import { SKIRMISH_KINDS } from '../../src/engine/rulesets/skirmish/roster';
import { skirmishGame } from '../engine/skirmish/helpers';

const onDisk = (path: string): string | undefined => (existsSync(path) ? path : undefined);

describe('the Skirmish figures sound their own', () => {
  it('every figure kind has an attack and a fall sound of its own, the building a fall', () => {
    const names: string[] = [];
    for (const k of SKIRMISH_KINDS) {
      const own = k.art.sounds;
      expect(own?.fall, `${k.kind} falls`).toBeTruthy();
      if (k.size < 4) expect(own?.attack, `${k.kind} attacks`).toBeTruthy();
      names.push(...[own?.attack, own?.fall].filter((n): n is string => !!n));
    }
    expect(new Set(names).size).toBe(names.length);
    for (const name of names)
      for (const ext of ['ogg', 'mp3']) {
        const path = `assets/audio/${name}.${ext}`;
        expect(existsSync(path), path).toBe(true);
        expect(statSync(path).size, path).toBeGreaterThan(2000);
      }
  });

  it('the sound bank loads every one of them, from its files', () => {
    const loaded = soundsToLoad();
    for (const k of SKIRMISH_KINDS)
      for (const name of [k.art.sounds?.attack, k.art.sounds?.fall].filter(Boolean) as string[]) {
        expect(loaded, k.kind).toContain(name);
        expect(sourcesFor(name, onDisk).format).toEqual(['ogg', 'mp3']);
      }
    // The shared sounds are still loaded.
    expect(loaded).toEqual(expect.arrayContaining(['death', 'melee-hit', 'music-dungeon']));
  });

  it("an attack plays the attacker's own sound, then the hit or miss; a fall the figure's own", () => {
    const s = skirmishGame(
      `
      ##########
      #....e...#
      #........#
      #.......e#
      #........#
      #h......h#
      ##########`,
      ['wolf', 'knight'],
      ['ogre', 'slinger'],
    );
    const id = (kind: string) => s.units.find((u) => u.kind === kind)!.id;
    const attack = (unit: string, hit: boolean): GameEvent => ({
      type: 'attacked',
      unit: id(unit),
      target: id('slinger'),
      weapon: 'x',
      effect: 'dagger',
      roll: 12,
      need: 11,
      hit,
      text: '',
    });
    expect(soundsForEvent(attack('wolf', true), s)).toEqual(['sk-wolf-attack', 'melee-hit']);
    expect(soundsForEvent(attack('slinger', false), s)).toEqual(['sk-slinger-attack', 'miss']);
    const fall = (kind: string): GameEvent => ({
      type: 'defeated',
      unit: id(kind),
      by: null,
      text: '',
    });
    expect(soundsForEvent(fall('ogre'), s)).toEqual(['sk-ogre-fall']);
    expect(soundsForEvent(fall('knight'), s)).toEqual(['sk-knight-fall']);
    // A unit no module knows keeps the shared sounds.
    const stranger = { ...s, units: s.units.map((u) => ({ ...u, kind: 'stranger' })) };
    expect(soundsForEvent(fall('ogre'), stranger)).toEqual(['death']);
    expect(soundsForEvent(attack('wolf', true), stranger)).toEqual(['throw', 'melee-hit']);
  });
});
