/**
 * Timing, statistics, machine description and table printing for the benchmarks.
 */
import { cpus, freemem, totalmem, platform, release, arch } from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  freeMemoryGiB: number;
  node: string;
  os: string;
}

export function describeMachine(): Machine {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    freeMemoryGiB: round(freemem() / 2 ** 30, 1),
    node: process.version,
    os: `${platform()} ${release()} ${arch()}`,
  };
}

export function machineLine(m: Machine): string {
  return `${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB RAM (${m.freeMemoryGiB} free), node ${m.node}, ${m.os}`;
}

export function round(x: number, digits = 3): number {
  if (!Number.isFinite(x)) return x;
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** Rounds to `significant` significant digits (for printing figures of any size). */
export function sig(x: number, significant = 3): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const digits = Math.max(0, significant - 1 - Math.floor(Math.log10(Math.abs(x))));
  return round(x, digits);
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const rank = Math.min(s.length, Math.max(1, Math.ceil((p / 100) * s.length)));
  return s[rank - 1];
}

export interface Timing {
  /** Median of the runs, in milliseconds. */
  medianMs: number;
  minMs: number;
  maxMs: number;
  runs: number;
}

/**
 * Times `fn` warm: `warmup` untimed calls, then `runs` timed calls; returns the median.
 * `fn` should do a whole batch (e.g. 1,000 searches) so each run is well above timer noise.
 */
export function timeRuns(fn: () => void, runs: number, warmup = 1): Timing {
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return {
    medianMs: median(samples),
    minMs: Math.min(...samples),
    maxMs: Math.max(...samples),
    runs,
  };
}

/** A result row of the printed table. */
export interface Row {
  section: string;
  name: string;
  value: number;
  unit: string;
  /** Extra words shown after the figure (peer ratio, checks...). */
  note?: string;
  /** Key under which the figure is kept in the baseline; rows without one are not compared. */
  key?: string;
  /** 'lower' (times, sizes) or 'higher' (throughput) is better. */
  better?: 'lower' | 'higher';
}

export function formatValue(value: number, unit: string): string {
  if (!Number.isFinite(value)) return 'n/a';
  return `${sig(value, 4).toLocaleString('en-US', { maximumFractionDigits: 4 })} ${unit}`;
}

/** Change against a baseline figure, e.g. "+12.0% (worse)". */
export function changeText(
  value: number,
  base: number | undefined,
  better: 'lower' | 'higher' | undefined,
): string {
  if (base === undefined || !Number.isFinite(base) || !Number.isFinite(value) || base === 0)
    return '';
  const pct = ((value - base) / Math.abs(base)) * 100;
  if (Math.abs(pct) < 0.05) return '±0%';
  const sign = pct > 0 ? '+' : '';
  let verdict = '';
  if (better && Math.abs(pct) >= 5) {
    const improved = better === 'lower' ? pct < 0 : pct > 0;
    verdict = improved ? ' better' : ' worse';
  }
  return `${sign}${pct.toFixed(1)}%${verdict}`;
}

/** Prints rows grouped by section as an aligned text table. */
export function printTable(rows: readonly Row[], baseline: Record<string, number> | null): string {
  const lines: string[] = [];
  const cells = rows.map((r) => ({
    section: r.section,
    name: r.name,
    value: formatValue(r.value, r.unit),
    change: r.key && baseline ? changeText(r.value, baseline[r.key], r.better) : '',
    note: r.note ?? '',
  }));
  const w = {
    name: Math.max(6, ...cells.map((c) => c.name.length)),
    value: Math.max(6, ...cells.map((c) => c.value.length)),
    change: Math.max(baseline ? 10 : 0, ...cells.map((c) => c.change.length)),
  };
  let section = '';
  for (const c of cells) {
    if (c.section !== section) {
      section = c.section;
      lines.push('');
      lines.push(`== ${section}`);
      lines.push(
        `  ${'figure'.padEnd(w.name)}  ${'value'.padStart(w.value)}${baseline ? `  ${'vs base'.padEnd(w.change)}` : ''}  notes`,
      );
    }
    lines.push(
      `  ${c.name.padEnd(w.name)}  ${c.value.padStart(w.value)}${baseline ? `  ${c.change.padEnd(w.change)}` : ''}  ${c.note}`.trimEnd(),
    );
  }
  return lines.join('\n');
}

/** Deterministic sampler over a list (mulberry32 stream). */
export function makeSampler(seed: number): {
  int(n: number): number;
  pick<T>(list: readonly T[]): T;
} {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (n) => Math.floor(next() * n),
    pick: (list) => list[Math.floor(next() * list.length)],
  };
}
