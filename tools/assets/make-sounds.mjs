// Synthesises every sound of Arch Foe (sfx + dungeon music loop) in code.
// Deterministic: a seeded PRNG drives all noise, so reruns give the same WAVs.
// Writes WAVs to a temp dir, then encodes assets/audio/<name>.ogg (oggenc,
// Debian vorbis-tools) and assets/audio/<name>.mp3 (lame, Debian lame).
// No npm packages needed.   Run: node tools/assets/make-sounds.mjs
//   apt-get install vorbis-tools lame sox   (sox only for checking: sox f.ogg -n stat)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from './rng.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'assets/audio');
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'archfoe-audio-'));
const SR = 44100;
const TAU = Math.PI * 2;

// ---------------------------------------------------------------- basics
const buf = (sec) => new Float32Array(Math.ceil(sec * SR));
const mtof = (m) => 440 * Math.pow(2, (m - 69) / 12);

/** ADSR-ish envelope value at time t (s) for a note of length len. */
function env(t, { a = 0.005, d = 0.1, s = 0.6, r = 0.2, len = 1 }) {
  if (t < 0) return 0;
  if (t < a) return t / a;
  if (t < a + d) return 1 - (1 - s) * ((t - a) / d);
  if (t < len) return s;
  if (t < len + r) return s * (1 - (t - len) / r);
  return 0;
}
const expDecay = (t, tau) => (t < 0 ? 0 : Math.exp(-t / tau));

const osc = {
  sine: (p) => Math.sin(TAU * p),
  tri: (p) => 1 - 4 * Math.abs(((p + 0.25) % 1) - 0.5),
  saw: (p) => 2 * (p % 1) - 1,
  square: (p, duty = 0.5) => ((p % 1) < duty ? 1 : -1),
};

/** One-pole low-pass filter state machine. */
class LP {
  constructor() {
    this.y = 0;
  }
  run(x, fc) {
    const a = 1 - Math.exp((-TAU * Math.min(fc, SR * 0.45)) / SR);
    this.y += a * (x - this.y);
    return this.y;
  }
}
/** State-variable filter (Chamberlin), returns {lp, bp, hp}. */
class SVF {
  constructor() {
    this.l = 0;
    this.b = 0;
  }
  run(x, fc, q = 0.7) {
    const f = 2 * Math.sin((Math.PI * Math.min(fc, SR * 0.2)) / SR);
    const damp = 1 / q;
    this.l += f * this.b;
    const h = x - this.l - damp * this.b;
    this.b += f * h;
    return { lp: this.l, bp: this.b, hp: h };
  }
}

/** Simple Schroeder reverb; returns wet signal (same length + tail already in buffer). */
function reverb(input, { room = 0.82, damp = 0.3, mix = 0.3, pre = 0.0 } = {}) {
  const combs = [1557, 1617, 1491, 1422, 1277, 1356].map((n) => ({ n, b: new Float32Array(n), i: 0, f: 0 }));
  const aps = [556, 441, 341].map((n) => ({ n, b: new Float32Array(n), i: 0 }));
  const preN = Math.floor(pre * SR);
  const out = new Float32Array(input.length);
  for (let k = 0; k < input.length; k++) {
    const x = k >= preN ? input[k - preN] * 0.2 : 0;
    let s = 0;
    for (const c of combs) {
      const y = c.b[c.i];
      c.f = y * (1 - damp) + c.f * damp;
      c.b[c.i] = x + c.f * room;
      c.i = (c.i + 1) % c.n;
      s += y;
    }
    for (const a of aps) {
      const y = a.b[a.i];
      a.b[a.i] = s + y * 0.5;
      a.i = (a.i + 1) % a.n;
      s = y - s * 0.5;
    }
    out[k] = input[k] * (1 - mix) + s * mix;
  }
  return out;
}

function normalize(x, peak = 0.89) {
  let m = 0;
  for (const v of x) m = Math.max(m, Math.abs(v));
  if (m > 0) for (let i = 0; i < x.length; i++) x[i] *= peak / m;
  return x;
}
function fadeOut(x, sec) {
  const n = Math.floor(sec * SR);
  for (let i = 0; i < n && i < x.length; i++) x[x.length - 1 - i] *= i / n;
  return x;
}
function fadeIn(x, sec) {
  const n = Math.floor(sec * SR);
  for (let i = 0; i < n && i < x.length; i++) x[i] *= i / n;
  return x;
}
const softclip = (v) => Math.tanh(v);

// ---------------------------------------------------------------- sfx
function step(seed) {
  const rnd = mulberry32(seed);
  const x = buf(0.16);
  const lp = new LP();
  for (let i = 0; i < x.length; i++) {
    const t = i / SR;
    const n = rnd() * 2 - 1;
    const thump = Math.sin(TAU * (95 - 300 * t) * t) * expDecay(t, 0.03);
    const grit = lp.run(n, 1800) * expDecay(t, 0.025) * 1.6;
    x[i] = thump * 0.9 + grit;
  }
  return fadeOut(normalize(x, 0.6), 0.02);
}

function meleeHit(seed) {
  const rnd = mulberry32(seed);
  const x = buf(0.45);
  const bp = new SVF();
  let ph1 = 0, ph2 = 0;
  for (let i = 0; i < x.length; i++) {
    const t = i / SR;
    const n = rnd() * 2 - 1;
    const crack = bp.run(n, 2400 - 2000 * Math.min(1, t * 8), 1.2).bp * expDecay(t, 0.04) * 2.5;
    const f = 120 * Math.exp(-t * 9) + 55;
    ph1 += f / SR;
    const thump = Math.sin(TAU * ph1) * expDecay(t, 0.09) * 1.2;
    ph2 += 1870 / SR;
    const ring = (Math.sin(TAU * ph2) + 0.5 * Math.sin(TAU * ph2 * 2.76)) * expDecay(t, 0.07) * 0.22;
    x[i] = softclip(crack + thump + ring);
  }
  return fadeOut(normalize(reverb(x, { room: 0.6, mix: 0.12 }), 0.72), 0.05);
}

function whoosh(seed, len, f0, f1, f2, amp = 1) {
  const rnd = mulberry32(seed);
  const x = buf(len);
  const svf = new SVF();
  for (let i = 0; i < x.length; i++) {
    const t = i / SR, u = t / len;
    const fc = u < 0.5 ? f0 + (f1 - f0) * (u / 0.5) : f1 + (f2 - f1) * ((u - 0.5) / 0.5);
    const e = Math.sin(Math.PI * Math.min(1, u)) ** 1.5;
    x[i] = svf.run(rnd() * 2 - 1, fc, 2.2).bp * e * amp;
  }
  return x;
}

function miss(seed) {
  return fadeOut(normalize(whoosh(seed, 0.32, 500, 2600, 700), 0.55), 0.03);
}

function throwSfx(seed) {
  // quick double-swish + a faint whistle
  const a = whoosh(seed, 0.28, 900, 3800, 1200);
  const x = buf(0.34);
  let ph = 0;
  for (let i = 0; i < x.length; i++) {
    const t = i / SR;
    ph += (1300 + 900 * Math.sin(Math.PI * Math.min(1, t / 0.28))) / SR;
    x[i] = (i < a.length ? a[i] : 0) + Math.sin(TAU * ph) * 0.04 * Math.sin(Math.PI * Math.min(1, t / 0.3));
  }
  return fadeOut(normalize(x, 0.7), 0.03);
}

function fire(seed, len, { rumble = 1, crackle = 1, swell = 0.3 } = {}) {
  const rnd = mulberry32(seed);
  const x = buf(len);
  const lp1 = new LP(), lp2 = new LP(), hp = new SVF();
  for (let i = 0; i < x.length; i++) {
    const t = i / SR, u = t / len;
    const e = Math.min(1, t / (len * swell)) * Math.min(1, (len - t) / (len * 0.35));
    const n = rnd() * 2 - 1;
    const roar = lp2.run(lp1.run(n, 500 + 900 * Math.sin(Math.PI * u)), 900) * 3.2 * rumble;
    const c = rnd() < 0.004 * crackle ? (rnd() * 2 - 1) * 1.5 : 0;
    const cr = hp.run(c, 3000, 3).bp * 1.6;
    x[i] = (roar + cr) * e;
  }
  return x;
}

function fireball(seed) {
  const f = fire(seed, 0.75, { crackle: 1.5, swell: 0.25 });
  const w = whoosh(seed + 1, 0.75, 300, 1600, 500, 0.8);
  const boomStart = Math.floor(0.62 * SR);
  const x = buf(1.2);
  const rnd = mulberry32(seed + 2);
  const lp = new LP();
  let ph = 0;
  for (let i = 0; i < x.length; i++) {
    let v = (i < f.length ? f[i] : 0) + (i < w.length ? w[i] : 0);
    if (i >= boomStart) {
      const t = (i - boomStart) / SR;
      ph += (60 + 80 * Math.exp(-t * 12)) / SR;
      v += Math.sin(TAU * ph) * expDecay(t, 0.18) * 1.4 + lp.run(rnd() * 2 - 1, 1200) * expDecay(t, 0.12) * 2.5;
    }
    x[i] = softclip(v);
  }
  return fadeOut(normalize(reverb(x, { room: 0.7, mix: 0.18 }), 0.8), 0.1);
}

function archFoeRoar(seed) {
  const rnd = mulberry32(seed);
  const len = 1.9;
  const x = buf(len + 0.6);
  const f1 = new SVF(), f2 = new SVF(), nlp = new LP(), body = new LP();
  let ph = 0, ph2 = 0;
  for (let i = 0; i < x.length; i++) {
    const t = i / SR, u = Math.min(1, t / len);
    // pitch contour: rise, hold, fall
    const pitch = 62 + 48 * Math.sin(Math.PI * Math.pow(u, 0.7)) + 6 * Math.sin(TAU * 7.5 * t) + 4 * (rnd() - 0.5);
    ph += pitch / SR;
    ph2 += (pitch * 1.51) / SR;
    const src = osc.saw(ph) * 0.8 + osc.saw(ph2) * 0.35 + nlp.run(rnd() * 2 - 1, 1400) * 1.8;
    // vowel-ish formants sliding from "aa" to "oo"
    const fA = 700 - 250 * u, fB = 1150 - 400 * u;
    const v = f1.run(src, fA, 4).bp * 1.0 + f2.run(src, fB, 5).bp * 0.7 + body.run(src, 320) * 0.9;
    const e = Math.min(1, t / 0.18) * (t < len ? 1 : 0) * (t > len - 0.5 ? Math.max(0, (len - t) / 0.5) : 1);
    x[i] = softclip(v * e * 2.2);
  }
  return fadeOut(normalize(reverb(x, { room: 0.85, mix: 0.28, damp: 0.4 }), 0.82), 0.2);
}

function fireBreath(seed) {
  const f = fire(seed, 1.6, { rumble: 1.4, crackle: 2.5, swell: 0.12 });
  const w = whoosh(seed + 3, 1.6, 250, 900, 350, 1.2);
  const x = buf(1.9);
  for (let i = 0; i < x.length; i++) x[i] = softclip((i < f.length ? f[i] : 0) + (i < w.length ? w[i] : 0));
  return fadeOut(normalize(reverb(x, { room: 0.75, mix: 0.2 }), 0.85), 0.15);
}

function bell(x, start, freq, dur, amp, bright = 1) {
  const s0 = Math.floor(start * SR), n = Math.floor(dur * SR);
  for (let i = 0; i < n && s0 + i < x.length; i++) {
    const t = i / SR;
    const e = Math.min(1, t / 0.004) * expDecay(t, dur * 0.35);
    x[s0 + i] +=
      amp * e * (Math.sin(TAU * freq * t) + 0.35 * bright * Math.sin(TAU * freq * 2.0 * t) * expDecay(t, dur * 0.15) + 0.15 * bright * Math.sin(TAU * freq * 3.01 * t) * expDecay(t, dur * 0.08));
  }
}

function heal() {
  const x = buf(1.5);
  const notes = [72, 76, 79, 84, 88];
  notes.forEach((m, k) => bell(x, k * 0.09, mtof(m), 0.9, 0.5));
  // shimmer
  const rnd = mulberry32(77);
  for (let k = 0; k < 14; k++) bell(x, 0.15 + rnd() * 0.7, mtof(96 + Math.floor(rnd() * 8)), 0.25, 0.08);
  return fadeOut(normalize(reverb(x, { room: 0.8, mix: 0.35 }), 0.8), 0.2);
}

function death(seed) {
  const rnd = mulberry32(seed);
  const x = buf(1.1);
  const lp = new LP();
  let ph = 0;
  for (let i = 0; i < x.length; i++) {
    const t = i / SR;
    const f = 260 * Math.exp(-t * 2.2) + 40;
    ph += f / SR;
    const groan = osc.square(ph, 0.3) * 0.5 + osc.saw(ph * 0.5) * 0.4;
    const v = lp.run(groan + (rnd() * 2 - 1) * 0.4, 900 * Math.exp(-t * 1.5) + 200);
    x[i] = softclip(v * 1.6 * Math.min(1, t / 0.01) * expDecay(t, 0.45));
  }
  return fadeOut(normalize(reverb(x, { room: 0.7, mix: 0.2 }), 0.85), 0.15);
}

function brass(x, start, m, dur, amp) {
  const s0 = Math.floor(start * SR), n = Math.floor((dur + 0.25) * SR);
  const lp = new LP();
  let ph = 0;
  const f = mtof(m);
  for (let i = 0; i < n && s0 + i < x.length; i++) {
    const t = i / SR;
    ph += (f * (1 + 0.004 * Math.sin(TAU * 5 * t) * Math.min(1, t * 4))) / SR;
    const e = env(t, { a: 0.02, d: 0.12, s: 0.7, r: 0.22, len: dur });
    const raw = osc.saw(ph) * 0.6 + osc.square(ph, 0.5) * 0.25 + osc.saw(ph * 1.003) * 0.3;
    x[s0 + i] += lp.run(raw, 600 + 2600 * e) * e * amp;
  }
}

function victory() {
  const x = buf(3.0);
  const q = 0.13; // beat
  const seq = [
    [67, 0, 1], [72, 1, 1], [76, 2, 1], [79, 3, 2], [76, 5, 1], [79, 6, 1], [84, 7, 6],
  ];
  for (const [m, b, l] of seq) brass(x, b * q, m, l * q * 0.95, 0.35);
  // final chord under the last note
  for (const m of [60, 64, 67, 72]) brass(x, 7 * q, m, 6 * q, 0.16);
  for (const [m, b] of [[48, 0], [55, 3], [48, 7]]) brass(x, b * q, m, 3 * q, 0.22);
  return fadeOut(normalize(reverb(x, { room: 0.75, mix: 0.22 }), 0.85), 0.4);
}

function defeat() {
  const x = buf(3.4);
  const q = 0.26;
  const seq = [[67, 0, 1], [66, 1, 1], [65, 2, 1], [63, 3, 1], [62, 4, 4]];
  for (const [m, b, l] of seq) brass(x, b * q, m - 12, l * q * 0.95, 0.32);
  for (const m of [38, 45, 50, 53]) brass(x, 4 * q, m, 5 * q, 0.15);
  return fadeOut(normalize(reverb(x, { room: 0.85, mix: 0.3, damp: 0.5 }), 0.8), 0.5);
}

function uiClick() {
  const x = buf(0.06);
  let ph = 0;
  for (let i = 0; i < x.length; i++) {
    const t = i / SR;
    ph += (1800 - 9000 * t) / SR;
    x[i] = osc.tri(ph) * expDecay(t, 0.012) * Math.min(1, t / 0.001);
  }
  return fadeOut(normalize(x, 0.5), 0.005);
}

// ---------------------------------------------------------------- Skirmish figures
// Each kind of the Skirmish roster has an attack and a fall of its own, built from the
// pieces below with its own pitch, length and seed; the large figures (ogre, wyrm) have
// voices, and the fortress a collapse.

/** Sums parts [signal, start (s), gain] into a new buffer `len` seconds long. */
function mix(len, ...parts) {
  const x = buf(len);
  for (const [y, start, gain = 1] of parts) {
    const s0 = Math.floor(start * SR);
    for (let i = 0; i < y.length && s0 + i < x.length; i++) x[s0 + i] += y[i] * gain;
  }
  for (let i = 0; i < x.length; i++) x[i] = softclip(x[i]);
  return x;
}
const finish = (x, { peak = 0.8, room = 0.6, wet = 0.15, tail = 0.05 } = {}) =>
  fadeOut(normalize(reverb(x, { room, mix: wet }), peak), tail);

/** A metal strike: noise crack, low thump, ringing partials at `ring` Hz. */
function clang(seed, { ring = 1870, thump = 55, len = 0.45, crack = 2400, ringAmp = 0.22 } = {}) {
  const rnd = mulberry32(seed);
  const x = buf(len);
  const bp = new SVF();
  let ph1 = 0, ph2 = 0;
  for (let i = 0; i < x.length; i++) {
    const t = i / SR;
    const c = bp.run(rnd() * 2 - 1, crack - (crack * 0.8) * Math.min(1, t * 8), 1.2).bp * expDecay(t, 0.04) * 2.5;
    ph1 += (thump * 2.2 * Math.exp(-t * 9) + thump) / SR;
    ph2 += ring / SR;
    const r = (Math.sin(TAU * ph2) + 0.5 * Math.sin(TAU * ph2 * 2.76)) * expDecay(t, 0.09) * ringAmp;
    x[i] = softclip(c + Math.sin(TAU * ph1) * expDecay(t, 0.09) * 1.2 + r);
  }
  return x;
}

/** A buffer `len` seconds long, each sample from `sample(t)` in order. */
function synth(len, sample) {
  const x = buf(len);
  for (let i = 0; i < x.length; i++) x[i] = sample(i / SR);
  return x;
}

/** A dull blow (club, mace, hoof, body on the ground): a falling low sine and muffled noise. */
function thud(seed, { f = 60, len = 0.5, noise = 0.8, decay = 0.16, cut = 700 } = {}) {
  const rnd = mulberry32(seed);
  const lp = new LP();
  let ph = 0;
  return synth(len, (t) => {
    ph += (f + f * 1.5 * Math.exp(-t * 14)) / SR;
    return Math.sin(TAU * ph) * expDecay(t, decay) + lp.run(rnd() * 2 - 1, cut) * expDecay(t, decay * 0.4) * noise * 3;
  });
}

/** A plucked string (bow, crossbow): a bright decaying tone sliding slightly down. */
function twang(seed, { f = 160, len = 0.35, decay = 0.09 } = {}) {
  const rnd = mulberry32(seed);
  const lp = new LP();
  let ph = 0;
  return synth(len, (t) => {
    ph += (f * (1 + 0.15 * Math.exp(-t * 40))) / SR;
    const v = osc.saw(ph) * 0.6 + osc.tri(ph * 2) * 0.3 + (t < 0.004 ? rnd() * 2 - 1 : 0);
    return lp.run(v, 3200 * expDecay(t, 0.05) + 400) * expDecay(t, decay) * Math.min(1, t / 0.001);
  });
}

/** A voice: pitch contour over formants (a groan, a snarl, a roar). */
function voice(seed, { pitch = 120, spread = 40, len = 0.8, fA = 700, fB = 1150, slide = 250, rough = 1.2, vibrato = 6, fall = 0 } = {}) {
  const rnd = mulberry32(seed);
  const x = buf(len + 0.2);
  const f1 = new SVF(), f2 = new SVF(), nlp = new LP(), body = new LP();
  let ph = 0, ph2 = 0;
  for (let i = 0; i < x.length; i++) {
    const t = i / SR, u = Math.min(1, t / len);
    const p = (pitch + spread * Math.sin(Math.PI * Math.pow(u, 0.7))) * (1 - fall * u) + vibrato * Math.sin(TAU * 7 * t) + 3 * (rnd() - 0.5);
    ph += Math.max(20, p) / SR;
    ph2 += (Math.max(20, p) * 1.51) / SR;
    const src = osc.saw(ph) * 0.8 + osc.saw(ph2) * 0.3 + nlp.run(rnd() * 2 - 1, 1400) * rough;
    const v = f1.run(src, fA - slide * u, 4).bp + f2.run(src, fB - slide * 1.5 * u, 5).bp * 0.7 + body.run(src, 300) * 0.8;
    const e = Math.min(1, t / 0.05) * (t < len ? 1 : 0) * (t > len * 0.6 ? Math.max(0, (len - t) / (len * 0.4)) : 1);
    x[i] = softclip(v * e * 2);
  }
  return x;
}

/** A fall: the figure's cry (or none), then its body (and gear) hitting the ground. */
function fallOf(seed, { cry, body = {}, at = 0.35, len = 1.1, clatter = 0 }) {
  const parts = [];
  if (cry) parts.push([voice(seed, { len: 0.6, fall: 0.5, ...cry }), 0, 0.9]);
  parts.push([thud(seed + 1, { f: 55, len: 0.6, ...body }), at, 0.9]);
  for (let k = 0; k < clatter; k++)
    parts.push([clang(seed + 2 + k, { ring: 2100 + 430 * k, thump: 80, len: 0.3, ringAmp: 0.3 }), at + 0.05 + 0.09 * k, 0.35]);
  return finish(mix(len, ...parts), { peak: 0.82, room: 0.7, wet: 0.2, tail: 0.12 });
}

const FIGURE_SOUNDS = {
  // Attacks.
  'sk-swordsman-attack': () => finish(mix(0.6, [whoosh(101, 0.22, 600, 3000, 900), 0], [clang(102, { ring: 1650 }), 0.16])),
  'sk-spearman-attack': () => finish(mix(0.55, [whoosh(103, 0.16, 400, 1800, 600), 0], [thud(104, { f: 140, len: 0.3, cut: 1800, decay: 0.06 }), 0.13, 0.8])),
  'sk-archer-attack': () => finish(mix(0.6, [twang(105, { f: 150 }), 0], [whoosh(106, 0.3, 1500, 4200, 1800, 0.6), 0.03])),
  'sk-slinger-attack': () =>
    finish(mix(0.75, [whoosh(107, 0.15, 300, 900, 400), 0, 0.7], [whoosh(108, 0.15, 300, 1100, 400), 0.15, 0.8], [whoosh(109, 0.2, 500, 2600, 900), 0.3], [thud(110, { f: 300, len: 0.1, decay: 0.02 }), 0.3, 0.4])),
  'sk-wolf-attack': () => finish(mix(0.7, [voice(111, { pitch: 150, spread: 60, len: 0.45, fA: 900, fB: 1800, rough: 2.2, vibrato: 18 }), 0], [thud(112, { f: 220, len: 0.12, decay: 0.02, cut: 3000 }), 0.4, 0.9])),
  'sk-repeater-attack': () => finish(mix(0.7, [twang(113, { f: 220, len: 0.2 }), 0], [twang(114, { f: 230, len: 0.2 }), 0.16], [twang(115, { f: 215, len: 0.2 }), 0.32], [thud(116, { f: 900, len: 0.05, decay: 0.008, cut: 5000 }), 0.1, 0.5], [thud(117, { f: 900, len: 0.05, decay: 0.008, cut: 5000 }), 0.26, 0.5])),
  'sk-healer-attack': () => finish(mix(0.8, [whoosh(118, 0.2, 300, 1200, 400), 0, 0.7], [thud(119, { f: 75, len: 0.4 }), 0.16], [clang(120, { ring: 990, thump: 70, ringAmp: 0.15, crack: 1200 }), 0.16, 0.5])),
  'sk-lancer-attack': () =>
    finish(mix(0.9, [thud(121, { f: 90, len: 0.15, decay: 0.04 }), 0, 0.7], [thud(122, { f: 95, len: 0.15, decay: 0.04 }), 0.12, 0.7], [thud(123, { f: 88, len: 0.15, decay: 0.04 }), 0.24, 0.8], [whoosh(124, 0.2, 400, 2000, 700), 0.3], [clang(125, { ring: 1400, ringAmp: 0.12 }), 0.46, 0.9])),
  'sk-knight-attack': () => finish(mix(0.75, [whoosh(126, 0.26, 400, 2400, 700), 0], [clang(127, { ring: 2350, thump: 48, ringAmp: 0.3 }), 0.2]), { wet: 0.2 }),
  'sk-fire-mage-attack': () => finish(mix(0.9, [fire(128, 0.7, { crackle: 2, swell: 0.2 }), 0], [whoosh(129, 0.5, 300, 1900, 600, 0.9), 0.1]), { wet: 0.2 }),
  'sk-captain-attack': () => finish(mix(0.65, [whoosh(130, 0.2, 700, 3300, 1000), 0], [clang(131, { ring: 2000, ringAmp: 0.25 }), 0.15], [twang(132, { f: 260, len: 0.15 }), 0.05, 0.25])),
  'sk-ogre-attack': () => finish(mix(1.1, [voice(133, { pitch: 85, spread: 35, len: 0.5, fA: 520, fB: 900, rough: 1.6 }), 0, 0.8], [whoosh(134, 0.35, 150, 700, 200, 1.2), 0.25], [thud(135, { f: 45, len: 0.6, decay: 0.22, noise: 1.2 }), 0.55]), { room: 0.75, wet: 0.22 }),
  'sk-warlord-attack': () => finish(mix(0.75, [whoosh(136, 0.3, 300, 1600, 500, 1.1), 0], [thud(137, { f: 110, len: 0.35, decay: 0.06, cut: 2500 }), 0.25], [clang(138, { ring: 1250, thump: 60, ringAmp: 0.15 }), 0.25, 0.6])),
  'sk-wyrm-attack': () => finish(mix(1.5, [voice(139, { pitch: 60, spread: 55, len: 1.1, fA: 650, fB: 1050, rough: 2.2, vibrato: 9 }), 0], [fire(140, 0.9, { rumble: 1.3, crackle: 2, swell: 0.2 }), 0.4, 0.7]), { room: 0.8, wet: 0.25, tail: 0.15 }),
  // Falls.
  'sk-swordsman-fall': () => fallOf(151, { cry: { pitch: 210, spread: 30 }, clatter: 1 }),
  'sk-spearman-fall': () => fallOf(152, { cry: { pitch: 190, spread: 25, fA: 600 }, body: { f: 70 }, at: 0.3 }),
  'sk-archer-fall': () => fallOf(153, { cry: { pitch: 240, spread: 40, fA: 800 }, body: { f: 65, noise: 0.5 } }),
  'sk-slinger-fall': () => fallOf(154, { cry: { pitch: 330, spread: 50, fA: 900, fB: 1500, len: 0.4 }, body: { f: 80, len: 0.4 }, at: 0.25, len: 0.85 }),
  'sk-wolf-fall': () => fallOf(155, { cry: { pitch: 620, spread: 180, fA: 1200, fB: 2200, rough: 0.4, vibrato: 25, len: 0.5 }, body: { f: 75, len: 0.4 }, at: 0.4, len: 0.9 }),
  'sk-repeater-fall': () => fallOf(156, { cry: { pitch: 200, spread: 35, fA: 650 }, clatter: 1, body: { f: 60 } }),
  'sk-healer-fall': () => fallOf(157, { cry: { pitch: 180, spread: 20, fA: 550, rough: 0.6 }, body: { f: 58, noise: 0.5 }, at: 0.45, len: 1.2 }),
  'sk-lancer-fall': () => fallOf(158, { cry: { pitch: 420, spread: 160, fA: 1000, fB: 1700, vibrato: 30, len: 0.7 }, body: { f: 42, len: 0.8, decay: 0.25, noise: 1.1 }, at: 0.55, len: 1.4 }),
  'sk-knight-fall': () => fallOf(159, { cry: { pitch: 165, spread: 25, fA: 600 }, body: { f: 55 }, clatter: 3, len: 1.3 }),
  'sk-fire-mage-fall': () => finish(mix(1.3, [fallOf(160, { cry: { pitch: 250, spread: 45, fA: 850 }, body: { f: 62, noise: 0.4 } }), 0], [fire(161, 0.8, { rumble: 0.4, crackle: 3, swell: 0.1 }), 0.3, 0.35])),
  'sk-captain-fall': () => fallOf(162, { cry: { pitch: 185, spread: 35, fA: 680 }, clatter: 2 }),
  'sk-ogre-fall': () => fallOf(163, { cry: { pitch: 95, spread: 30, fA: 480, fB: 850, rough: 1.8, len: 0.9 }, body: { f: 32, len: 1.0, decay: 0.35, noise: 1.4 }, at: 0.7, len: 1.8 }),
  'sk-warlord-fall': () => fallOf(164, { cry: { pitch: 140, spread: 45, fA: 560, len: 0.9 }, body: { f: 50 }, clatter: 2, at: 0.6, len: 1.5 }),
  'sk-wyrm-fall': () => fallOf(165, { cry: { pitch: 75, spread: 70, fA: 620, fB: 1000, rough: 2.4, vibrato: 12, len: 1.3 }, body: { f: 28, len: 1.2, decay: 0.45, noise: 1.6 }, at: 1.1, len: 2.4 }),
  'sk-fortress-fall': () => {
    const rumble = fire(166, 2.2, { rumble: 1.6, crackle: 0.5, swell: 0.05 });
    const parts = [[rumble, 0, 0.9], [thud(167, { f: 35, len: 1.2, decay: 0.4, noise: 1.5 }), 0]];
    const rnd = mulberry32(168);
    for (let k = 0; k < 14; k++) parts.push([thud(169 + k, { f: 90 + rnd() * 200, len: 0.2, decay: 0.03, cut: 2500 }), 0.2 + rnd() * 1.6, 0.3 + rnd() * 0.3]);
    return finish(mix(2.8, ...parts), { peak: 0.85, room: 0.8, wet: 0.25, tail: 0.4 });
  },
};

// ---------------------------------------------------------------- music
/**
 * music-dungeon: 48 s seamless loop in D minor at 80 bpm (16 bars of 4/4 at 0.75 s/beat = 48 s).
 * Layers: sub drone on D, slowly breathing detuned pad (Dm - Bb - Gm - A), sparse plucked
 * melody (bell/harp), distant low drum every 2 bars. Rendered with a tail; the tail is folded
 * back onto the start so the reverb carries across the loop point.
 */
function music() {
  const BEAT = 0.75, BARS = 16, LOOP = BEAT * 4 * BARS; // 48 s
  const TAIL = 6;
  const x = new Float32Array(Math.ceil((LOOP + TAIL) * SR));
  const rnd = mulberry32(2024);
  const L = Math.ceil(LOOP * SR);

  // 1. drone: D1 + A1 with slow beating. Frequencies are nudged (< 0.02 Hz) to whole cycles per
  //    loop and the filter runs one warm-up loop first, so the drone is exactly periodic.
  {
    const lp = new LP();
    const cyc = (f) => Math.round(f * LOOP) / LOOP;
    const f1 = cyc(mtof(38)), f2 = cyc(mtof(45) * 1.0015), f3 = cyc(mtof(26) * 2);
    for (let i = 0; i < 2 * L; i++) {
      const t = (i % L) / SR;
      const raw = osc.saw(f1 * t) * 0.5 + osc.saw(f2 * t) * 0.3 + Math.sin(TAU * f3 * t) * 0.6;
      const breathe = 0.75 + 0.25 * Math.sin((TAU * t) / (LOOP / 4));
      const v = lp.run(raw, 260 + 120 * Math.sin((TAU * t) / (LOOP / 2))) * 0.33 * breathe;
      if (i >= L) x[i - L] += v;
    }
  }
  // 2. pad chords (4 bars each): Dm, Bb, Gm, A(sus->maj)
  const chords = [
    [50, 53, 57, 62],
    [46, 50, 53, 58],
    [43, 50, 55, 58],
    [45, 52, 57, 61],
  ];
  {
    const barLen = BEAT * 4;
    chords.forEach((ch, k) => {
      const start = k * 4 * barLen, dur = 4 * barLen;
      for (const m of ch) {
        const lp = new LP();
        const f = mtof(m);
        let pa = rnd(), pb = rnd(), pc = rnd();
        const s0 = Math.floor(start * SR);
        const n = Math.floor((dur + 2.5) * SR);
        for (let i = 0; i < n; i++) {
          const t = i / SR;
          pa += (f * 0.997) / SR;
          pb += (f * 1.003) / SR;
          pc += (f * 0.5) / SR;
          const e = env(t, { a: 2.2, d: 0.5, s: 0.85, r: 2.4, len: dur - 0.4 });
          const raw = osc.saw(pa) + osc.saw(pb) + 0.6 * osc.tri(pc);
          const v = lp.run(raw, 500 + 400 * e) * e * 0.05;
          const idx = (s0 + i) % L; // wrap the release into the loop start
          x[idx] += v;
        }
      }
    });
  }
  // 3. sparse melody (D natural minor), plucked bell/harp; rests are null
  const mel = [
    // bar: 8 eighth-notes per bar, 16 bars
    [74, null, null, 77, 76, null, 74, null],
    [null, null, 72, null, 69, null, null, null],
    [70, null, null, 72, 74, null, null, null],
    [null, null, null, null, 69, null, 67, null],
    [70, null, null, 74, 72, null, 70, null],
    [69, null, null, null, null, null, null, null],
    [67, null, 70, null, 69, null, 65, null],
    [null, null, 67, null, null, null, null, null],
    [74, null, null, 77, 76, null, 74, null],
    [null, null, 72, null, 74, null, null, 76],
    [77, null, null, 76, 74, null, null, null],
    [null, null, null, null, 70, null, 72, null],
    [74, null, null, 72, 70, null, 69, null],
    [null, null, 67, null, null, 65, null, null],
    [64, null, null, 65, 67, null, 69, null],
    [null, null, null, null, 61, null, null, null],
  ];
  const pluck = (start, m, amp) => {
    const s0 = Math.floor(start * SR), n = Math.floor(2.6 * SR);
    const f = mtof(m);
    const lp = new LP();
    for (let i = 0; i < n; i++) {
      const t = i / SR;
      const e = Math.min(1, t / 0.003) * expDecay(t, 0.7);
      const raw = Math.sin(TAU * f * t) + 0.4 * Math.sin(TAU * 2 * f * t) * expDecay(t, 0.25) + 0.2 * osc.tri(f * 3 * t) * expDecay(t, 0.08);
      x[(s0 + i) % L] += lp.run(raw, 3500 * expDecay(t, 0.5) + 600) * e * amp;
    }
  };
  mel.forEach((bar, b) =>
    bar.forEach((m, k) => {
      if (m == null) return;
      const start = (b * 8 + k) * (BEAT / 2);
      pluck(start, m, 0.16 + 0.04 * rnd());
      pluck(start + 0.004, m - 12, 0.05); // soft octave doubling
    }),
  );
  // 4. distant drum: low tom every 2 bars (beat 1) + soft ghost on beat 3 of odd bars
  const drum = (start, amp) => {
    const s0 = Math.floor(start * SR), n = Math.floor(1.2 * SR);
    const lp = new LP();
    let ph = 0;
    for (let i = 0; i < n; i++) {
      const t = i / SR;
      ph += (55 + 40 * Math.exp(-t * 20)) / SR;
      const v = Math.sin(TAU * ph) * expDecay(t, 0.35) + lp.run(rnd() * 2 - 1, 300) * expDecay(t, 0.05) * 0.8;
      x[(s0 + i) % L] += v * amp;
    }
  };
  for (let b = 0; b < BARS; b += 2) {
    drum(b * 4 * BEAT, 0.28);
    drum((b * 4 + 2.5) * BEAT, 0.1);
  }
  // 5. reverb over the whole loop: render two passes so the tail of the loop feeds its start
  const twice = new Float32Array(2 * L + Math.ceil(TAIL * SR));
  for (let i = 0; i < 2 * L; i++) twice[i] = x[i % L];
  const wet = reverb(twice, { room: 0.88, damp: 0.45, mix: 0.38 });
  const out = new Float32Array(L);
  for (let i = 0; i < L; i++) out[i] = softclip(wet[L + i] * 1.2); // steady-state second pass
  return normalize(out, 0.8);
}

// ---------------------------------------------------------------- output
function writeWav(file, x) {
  const n = x.length;
  const b = Buffer.alloc(44 + n * 2);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + n * 2, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(SR, 24);
  b.writeUInt32LE(SR * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++) b.writeInt16LE(Math.round(Math.max(-1, Math.min(1, x[i])) * 32767), 44 + i * 2);
  fs.writeFileSync(file, b);
}

const SOUNDS = {
  step: () => step(11),
  'melee-hit': () => meleeHit(12),
  miss: () => miss(13),
  fireball: () => fireball(14),
  throw: () => throwSfx(15),
  'arch-foe-roar': () => archFoeRoar(16),
  'fire-breath': () => fireBreath(17),
  heal: () => heal(),
  death: () => death(19),
  victory: () => victory(),
  defeat: () => defeat(),
  'ui-click': () => uiClick(),
  'music-dungeon': () => music(),
  ...FIGURE_SOUNDS,
};

fs.mkdirSync(OUT, { recursive: true });
const only = process.argv.slice(2);
for (const [name, fn] of Object.entries(SOUNDS)) {
  if (only.length && !only.includes(name)) continue;
  const x = fn();
  if (name.startsWith('music')) {
    // remove any DC offset without disturbing the loop (a constant shift keeps it seamless)
    let mean = 0;
    for (const v of x) mean += v / x.length;
    for (let i = 0; i < x.length; i++) x[i] -= mean;
  } else {
    // DC blocker (one-pole high-pass at ~20 Hz), then re-normalise to the same peak
    let peak = 0;
    for (const v of x) peak = Math.max(peak, Math.abs(v));
    let px = 0, py = 0;
    for (let i = 0; i < x.length; i++) {
      const y = x[i] - px + 0.997 * py;
      px = x[i];
      py = y;
      x[i] = y;
    }
    normalize(x, peak);
  }
  const wav = path.join(TMP, `${name}.wav`);
  writeWav(wav, x);
  const isMusic = name.startsWith('music');
  execFileSync('oggenc', ['-Q', '--serial', '1', '-q', isMusic ? '2' : '3', '-o', path.join(OUT, `${name}.ogg`), wav]);
  execFileSync('lame', ['--quiet', '--noreplaygain', '-m', 'm', ...(isMusic ? ['-b', '80'] : ['-V', '4']), wav, path.join(OUT, `${name}.mp3`)]);
  if (process.env.KEEP_WAV) fs.copyFileSync(wav, path.join(process.env.KEEP_WAV, `${name}.wav`));
  console.log(`${name}: ${(x.length / SR).toFixed(2)} s`);
}
fs.rmSync(TMP, { recursive: true, force: true });
