/**
 * The recorded baseline: bench/baseline.json (figures by key, read back to print the change)
 * and bench/BASELINE.md (the same, for people: machine, date, tables). `npm run bench` and
 * `npm run bench:browser` each keep their own part ('node' / 'browser'); a part is written on
 * the first run (when it is missing) or with --write-baseline.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './bench-boards';
import type { Machine } from './bench-stats';

export const BENCH_DIR = join(REPO_ROOT, 'bench');
const JSON_FILE = join(BENCH_DIR, 'baseline.json');
const MD_FILE = join(BENCH_DIR, 'BASELINE.md');

export type BaselinePart = 'node' | 'browser';

export interface BaselineRecord {
  recordedAt: string;
  machine: Machine;
  command: string;
  figures: Record<string, number>;
  /** The printed table of that run. */
  table: string;
  notes?: string[];
}

type BaselineFile = Partial<Record<BaselinePart, BaselineRecord>>;

function readFile(): BaselineFile {
  if (!existsSync(JSON_FILE)) return {};
  try {
    return JSON.parse(readFileSync(JSON_FILE, 'utf8')) as BaselineFile;
  } catch {
    return {};
  }
}

export function loadBaseline(part: BaselinePart): BaselineRecord | null {
  return readFile()[part] ?? null;
}

export function saveBaseline(part: BaselinePart, record: BaselineRecord): void {
  mkdirSync(BENCH_DIR, { recursive: true });
  const file = readFile();
  file[part] = record;
  writeFileSync(JSON_FILE, `${JSON.stringify(file, null, 2)}\n`);
  writeFileSync(MD_FILE, renderMarkdown(file));
}

function machineText(m: Machine): string {
  return `${m.cpu}; ${m.cores} logical cores; ${m.memoryGiB} GiB RAM (${m.freeMemoryGiB} GiB free at the time); Node ${m.node}; ${m.os}`;
}

function renderMarkdown(file: BaselineFile): string {
  const out: string[] = [
    '# Benchmark baseline',
    '',
    'Figures of the first recorded run of the performance suite. `npm run bench` and',
    '`npm run bench:browser` print the change of each figure against these (in `bench/baseline.json`).',
    'Re-record with `npm run bench -- --write-baseline` (or `npm run bench:browser -- --write-baseline`)',
    'only on purpose, e.g. on a new reference machine, and say so in the commit.',
    '',
    'The figures are timings on a shared machine: expect a few percent of noise between runs, more',
    'when other work runs at the same time. Lower is better for times and sizes, higher for throughput.',
    '',
  ];
  const parts: [BaselinePart, string][] = [
    ['node', 'Engine, pathing, line of sight, games, memory, bundle (`npm run bench`)'],
    ['browser', 'In the browser (`npm run bench:browser`)'],
  ];
  for (const [part, title] of parts) {
    const r = file[part];
    out.push(`## ${title}`, '');
    if (!r) {
      out.push('Not recorded yet.', '');
      continue;
    }
    out.push(`- Recorded: ${r.recordedAt}`);
    out.push(`- Command: \`${r.command}\``);
    out.push(`- Machine: ${machineText(r.machine)}`);
    for (const n of r.notes ?? []) out.push(`- ${n}`);
    out.push('', '```text', r.table.trim(), '```', '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
