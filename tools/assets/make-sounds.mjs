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
