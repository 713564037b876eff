/**
 * The sound bank: every sound of the game through howler, one audio context. Sounds are
 * created on the first user gesture (browsers refuse audio before one), the files and the
 * volumes are handed in by the boot code (main.ts), and game events map to sounds in
 * `soundsForEvent`.
 */
import { Howl, Howler } from 'howler';
import type { GameEvent, GameState } from '../engine';
import { listRuleModules, rulesOf } from '../engine/rulesets/registry';

export type SoundName =
  | 'step'
  | 'melee-hit'
  | 'miss'
  | 'fireball'
  | 'throw'
  | 'arch-foe-roar'
  | 'fire-breath'
  | 'heal'
  | 'death'
  | 'victory'
  | 'defeat'
  | 'ui-click'
  | 'music-dungeon';

export const SOUND_NAMES: readonly SoundName[] = [
  'step',
  'melee-hit',
  'miss',
  'fireball',
  'throw',
  'arch-foe-roar',
  'fire-breath',
  'heal',
  'death',
  'victory',
  'defeat',
  'ui-click',
  'music-dungeon',
];

/**
 * Sounds made from another's file, played slower or softer: a draw's ending is the victory
 * fanfare slowed and hushed (no winner's blare, no loser's dirge).
 */
export const SOUND_CUES: Readonly<
  Record<string, { sound: SoundName; rate: number; volume: number }>
> = { draw: { sound: 'victory', rate: 0.8, volume: 0.55 } };

/**
 * Every sound the bank loads: its own, and each rule module's figure sounds (named by the
 * kinds' art, `UnitArt.sounds`).
 */
export function soundsToLoad(): string[] {
  const names = new Set<string>(SOUND_NAMES);
  for (const module of listRuleModules())
    for (const kind of module.kinds) {
      const own = kind.art.sounds;
      if (own?.attack) names.add(own.attack);
      if (own) names.add(own.fall);
    }
  return [...names];
}

/** A unit's kind's own sounds (by its module's art), if it has any. */
function kindSounds(state: GameState, unitId: string) {
  const unit = state.units.find((u) => u.id === unitId);
  if (!unit) return undefined;
  return rulesOf(state)?.kinds.find((k) => k.kind === unit.kind)?.art.sounds;
}

const FORMATS = ['ogg', 'mp3', 'wav', 'm4a'];

/** Where an asset file is served, by its game-root path; undefined when it is missing. */
export type AssetUrl = (path: string) => string | undefined;

/** URLs of a sound in preference order (ogg, mp3, wav), with their formats. */
export function sourcesFor(name: string, urlOf: AssetUrl): { src: string[]; format: string[] } {
  const src: string[] = [];
  const format: string[] = [];
  for (const ext of FORMATS) {
    const url = urlOf(`assets/audio/${name}.${ext}`);
    if (url) {
      src.push(url);
      format.push(ext);
    }
  }
  return { src, format };
}

export interface Volumes {
  master: number;
  music: number;
  effects: number;
}

export class SoundBank {
  private sounds = new Map<string, Howl>();
  private unlocked = false;
  private volumes: Volumes = { master: 0.8, music: 0.5, effects: 0.8 };
  private wantMusic = false;
  private musicId: number | null = null;
  /** Last time each effect started, to avoid stacking the same sound many times a frame. */
  private lastPlayed = new Map<string, number>();
  /** Where the sound files are (given by the boot code: the bank knows no app module). */
  private urlOf: AssetUrl = () => undefined;

  /** Tells the bank where the sound files are served; call before the first unlock. */
  useAssets(urlOf: AssetUrl): void {
    this.urlOf = urlOf;
  }

  get isUnlocked(): boolean {
    return this.unlocked;
  }

  /** Creates the sounds; call from the first user gesture. */
  unlock(): void {
    if (this.unlocked) return;
    this.unlocked = true;
    Howler.volume(this.volumes.master);
    this.createSounds();
    if (this.wantMusic) this.startMusic();
  }

  /**
   * Creates the sounds not made yet: after the unlock, the rule modules' figure sounds once
   * their code has loaded (it loads after the first screen) and registered them.
   */
  addModuleSounds(): void {
    if (this.unlocked) this.createSounds();
  }

  /** The names the bank has made a sound for (a failed file is dropped, not tried again). */
  private readonly created = new Set<string>();

  private createSounds(): void {
    for (const name of soundsToLoad()) {
      if (this.created.has(name)) continue;
      this.created.add(name);
      const { src, format } = sourcesFor(name, this.urlOf);
      if (src.length === 0) continue;
      const music = name === 'music-dungeon';
      const howl = new Howl({
        src,
        format,
        loop: music,
        volume: music ? this.volumes.music : this.volumes.effects,
        preload: true,
        html5: false,
        onloaderror: () => {
          this.sounds.delete(name);
        },
        onplayerror: () => {
          // The context was still locked: howler retries after the next gesture.
        },
      });
      this.sounds.set(name, howl);
    }
  }

  setVolumes(v: Volumes): void {
    this.volumes = { ...v };
    if (!this.unlocked) return;
    Howler.volume(v.master);
    for (const [name, howl] of this.sounds)
      howl.volume(name === 'music-dungeon' ? v.music : v.effects);
  }

  play(name: SoundName | string, options: { volume?: number; rate?: number } = {}): void {
    const cue = SOUND_CUES[name];
    if (cue) return this.play(cue.sound, { rate: cue.rate, volume: cue.volume, ...options });
    if (!this.unlocked || name === 'music-dungeon') return;
    const howl = this.sounds.get(name);
    if (!howl) return;
    const now = performance.now();
    if (now - (this.lastPlayed.get(name) ?? -1e9) < 40) return;
    this.lastPlayed.set(name, now);
    const id = howl.play();
    if (options.volume !== undefined) howl.volume(this.volumes.effects * options.volume, id);
    if (options.rate !== undefined) howl.rate(options.rate, id);
  }

  startMusic(): void {
    this.wantMusic = true;
    if (!this.unlocked) return;
    const howl = this.sounds.get('music-dungeon');
    if (!howl) return;
    if (this.musicId !== null && howl.playing(this.musicId)) return;
    this.musicId = howl.play();
    howl.fade(0, this.volumes.music, 1500, this.musicId);
  }

  stopMusic(): void {
    this.wantMusic = false;
    const howl = this.sounds.get('music-dungeon');
    if (!howl || this.musicId === null) return;
    const id = this.musicId;
    this.musicId = null;
    howl.fade(howl.volume(id) as number, 0, 600, id);
    howl.once('fade', () => howl.stop(id), id);
  }
}

export const sounds = new SoundBank();

/** The sounds an event makes when it is shown (steps are played per step by the animator). */
export function soundsForEvent(event: GameEvent, state: GameState): string[] {
  switch (event.type) {
    case 'attacked': {
      const out: string[] = [];
      const own = kindSounds(state, event.unit)?.attack;
      if (own) out.push(own);
      else if (event.effect === 'fireball') out.push('fireball');
      else if (event.effect === 'spear' || event.effect === 'dagger') out.push('throw');
      else if (event.effect === 'fire') out.push('fire-breath');
      out.push(event.hit ? 'melee-hit' : 'miss');
      return out;
    }
    case 'status-changed': {
      const unit = state.units.find((u) => u.id === event.unit);
      if (event.to === 'alerted' && unit?.ai?.archFoe) return ['arch-foe-roar'];
      return [];
    }
    case 'door-opened':
      return ['step', 'ui-click'];
    case 'defeated':
      return [kindSounds(state, event.unit)?.fall ?? 'death'];
    case 'game-over':
      return [
        event.winner === 'heroes' ? 'victory' : event.winner === 'enemies' ? 'defeat' : 'draw',
      ];
    default:
      // A module's own event: the sounds its module declares for it.
      return [...(rulesOf(state)?.eventShows?.[event.type]?.sounds ?? [])];
  }
}
