/**
 * A vitest reporter for bench/test-time.md: each test file's wall time (from its start to its
 * end) and the CPU time of the whole run's process tree over that span (vitest, its workers,
 * the Chromiums and their renderers; each process's own time, sampled from /proc every
 * 250 ms), so a figure taken on a busy machine still says what the file costs. `/usr/bin/time`
 * misses much of Chromium's (its renderers are not reaped through the tree): 15 s against
 * this reporter's 28 s for one run of keys.test.ts. With two files at a time their spans
 * overlap and their CPU figures count each other's; the run's total holds either way. Linux
 * only (reads /proc); elsewhere the CPU column is empty.
 *
 *   npx vitest run --reporter=default --reporter=./tools/test-time-reporter.mjs [files]
 *   ARCHFOE_TEST_TIME_OUT=file.json to write the figures as JSON as well.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const TICKS = 100; // clock ticks per second (USER_HZ) on Linux

/** Each process's own CPU ticks (user + sys) and its parent, from /proc. */
function readProcs() {
  const procs = new Map();
  let pids;
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    let text;
    try {
      text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // The command name may hold spaces: the fields after its closing parenthesis.
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    procs.set(Number(pid), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
  }
  return procs;
}

/**
 * The CPU of this process and every descendant, counted per process from samples: a
 * process's last sampled time stays counted after it ends. Not the reaped children's times
 * (cutime): Chromium's renderers are not reaped by this tree when their browser closes, so
 * those would miss them, and a per-file Chromium would look cheaper than it is. A process
 * that lives under one sampling period is missed.
 */
class TreeCpu {
  seen = new Map();
  timer = setInterval(() => this.sample(), 250);

  constructor() {
    this.timer.unref();
  }

  sample() {
    const procs = readProcs();
    if (!procs) return false;
    const children = new Map();
    for (const [pid, p] of procs) {
      if (!children.has(p.ppid)) children.set(p.ppid, []);
      children.get(p.ppid).push(pid);
    }
    const stack = [process.pid];
    while (stack.length > 0) {
      const pid = stack.pop();
      const p = procs.get(pid);
      // A reused pid's new process starts below the old one's count: counted from zero.
      const before = this.seen.get(pid);
      if (p)
        this.seen.set(
          pid,
          before === undefined || p.ticks >= before.last
            ? { base: before?.base ?? 0, last: p.ticks }
            : { base: before.base + before.last, last: p.ticks },
        );
      stack.push(...(children.get(pid) ?? []));
    }
    return true;
  }

  /** CPU seconds so far, or undefined where /proc cannot be read. */
  now() {
    if (!this.sample()) return undefined;
    let ticks = 0;
    for (const s of this.seen.values()) ticks += s.base + s.last;
    return ticks / TICKS;
  }

  stop() {
    clearInterval(this.timer);
  }
}

export default class TestTimeReporter {
  rows = new Map();
  started = 0;
  cpuAtStart = 0;

  cpu = new TreeCpu();

  onInit() {
    this.started = performance.now();
    this.cpuAtStart = this.cpu.now() ?? 0;
  }

  onTestModuleStart(testModule) {
    this.rows.set(testModule.moduleId, {
      file: relative(process.cwd(), testModule.moduleId),
      project: testModule.project.name,
      start: performance.now(),
      cpu: this.cpu.now(),
    });
  }

  onTestModuleEnd(testModule) {
    const row = this.rows.get(testModule.moduleId);
    if (!row) return;
    const cpu = this.cpu.now();
    row.wall = (performance.now() - row.start) / 1000;
    row.cpu = row.cpu === undefined || cpu === undefined ? undefined : cpu - row.cpu;
    row.state = testModule.state();
  }

  onTestRunEnd() {
    const rows = [...this.rows.values()].filter((r) => r.wall !== undefined);
    const wall = (performance.now() - this.started) / 1000;
    const cpu = (this.cpu.now() ?? 0) - this.cpuAtStart;
    this.cpu.stop();
    const lines = ['', 'file wall (s) and the process tree CPU (s) over its span:'];
    for (const r of rows.sort((a, b) => b.wall - a.wall))
      lines.push(
        `  ${r.wall.toFixed(1).padStart(7)} ${(r.cpu?.toFixed(1) ?? '-').padStart(7)}  ${r.file} (${r.state})`,
      );
    lines.push(
      `  run: ${wall.toFixed(1)} s wall, ${cpu.toFixed(1)} s CPU (the tree's, sampled from /proc)`,
    );
    process.stdout.write(`${lines.join('\n')}\n`);
    const out = process.env.ARCHFOE_TEST_TIME_OUT;
    if (out) writeFileSync(out, JSON.stringify({ wall, cpu, files: rows }, null, 2));
  }
}
