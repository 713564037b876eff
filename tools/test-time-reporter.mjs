/**
 * A vitest reporter for bench/test-time.md: each test file's wall time (from its start to its
 * end) and the CPU time of the whole run's process tree over that span (vitest, its workers,
 * the shared Chromium and its renderers: each live process's own and reaped children's time,
 * from /proc), so a figure taken on a busy machine still says what the file costs. With two
 * files at a time their spans overlap and their CPU figures count each other's; the run's
 * total is exact either way. Linux only (reads /proc); elsewhere the CPU column is empty.
 *
 *   npx vitest run --reporter=default --reporter=./tools/test-time-reporter.mjs [files]
 *   ARCHFOE_TEST_TIME_OUT=file.json to write the figures as JSON as well.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const TICKS = 100; // clock ticks per second (USER_HZ) on Linux

/** CPU seconds used so far by this process and every descendant (live, or reaped). */
function treeCpu() {
  let procs;
  try {
    procs = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return undefined;
  }
  const stats = new Map();
  const children = new Map();
  for (const pid of procs) {
    let text;
    try {
      text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // The command name may hold spaces: the fields after its closing parenthesis.
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(f[1]);
    const ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    stats.set(Number(pid), ticks);
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(Number(pid));
  }
  let total = 0;
  const stack = [process.pid];
  while (stack.length > 0) {
    const pid = stack.pop();
    total += stats.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total / TICKS;
}

export default class TestTimeReporter {
  rows = new Map();
  started = 0;
  cpuAtStart = 0;

  onInit() {
    this.started = performance.now();
    this.cpuAtStart = treeCpu() ?? 0;
  }

  onTestModuleStart(testModule) {
    this.rows.set(testModule.moduleId, {
      file: relative(process.cwd(), testModule.moduleId),
      project: testModule.project.name,
      start: performance.now(),
      cpu: treeCpu(),
    });
  }

  onTestModuleEnd(testModule) {
    const row = this.rows.get(testModule.moduleId);
    if (!row) return;
    const cpu = treeCpu();
    row.wall = (performance.now() - row.start) / 1000;
    row.cpu = row.cpu === undefined || cpu === undefined ? undefined : cpu - row.cpu;
    row.state = testModule.state();
  }

  onTestRunEnd() {
    const rows = [...this.rows.values()].filter((r) => r.wall !== undefined);
    const wall = (performance.now() - this.started) / 1000;
    const cpu = (treeCpu() ?? 0) - this.cpuAtStart;
    const lines = ['', 'file wall (s) and the process tree CPU (s) over its span:'];
    for (const r of rows.sort((a, b) => b.wall - a.wall))
      lines.push(
        `  ${r.wall.toFixed(1).padStart(7)} ${(r.cpu?.toFixed(1) ?? '-').padStart(7)}  ${r.file} (${r.state})`,
      );
    lines.push(
      `  run: ${wall.toFixed(1)} s wall, ${cpu.toFixed(1)} s CPU (the tree's, from /proc)`,
    );
    process.stdout.write(`${lines.join('\n')}\n`);
    const out = process.env.ARCHFOE_TEST_TIME_OUT;
    if (out) writeFileSync(out, JSON.stringify({ wall, cpu, files: rows }, null, 2));
  }
}
