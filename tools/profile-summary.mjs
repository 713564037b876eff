/**
 * Self and total time per function of a V8 .cpuprofile (node --cpu-prof), as a Markdown
 * table: `node tools/profile-summary.mjs FILE.cpuprofile [TOP]`. Total time counts a
 * function once per sample even when it recurses.
 * `node tools/profile-summary.mjs FILE.cpuprofile --groups 'a,b;c'` gives instead the share
 * of samples with any function of each group (by name) on the stack.
 */
import { readFileSync } from 'node:fs';

const [file, topText = '30', groupsText] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
// An esbuild bundle marks each module's start with a `// path/to/file.ts` line: a
// function's place is named by that file, which the bundle's line number alone is not.
const moduleStarts = new Map();
const moduleOf = (url, line) => {
  if (!url.startsWith('file://') || !url.endsWith('.mjs')) return null;
  if (!moduleStarts.has(url)) {
    const starts = [];
    try {
      readFileSync(new URL(url), 'utf8')
        .split('\n')
        .forEach((text, i) => {
          const m = /^\/\/ ((?:src|tools|node_modules)\/\S+)$/.exec(text);
          if (m) starts.push([i, m[1]]);
        });
    } catch {
      // not readable: the bundle's own name is kept
    }
    moduleStarts.set(url, starts);
  }
  let found = null;
  for (const [start, path] of moduleStarts.get(url)) if (start <= line) found = path;
  return found;
};
const nameOf = (n) => {
  const f = n.callFrame;
  const module = moduleOf(f.url, f.lineNumber);
  const where = module ?? (f.url ? `${f.url.split('/').pop()}:${f.lineNumber + 1}` : '');
  return `${f.functionName || '(anonymous)'} ${where}`.trim();
};
const hits = new Map();
for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
const self = new Map();
const total = new Map();
let all = 0;
for (const [id, count] of hits) {
  all += count;
  const name = nameOf(byId.get(id));
  self.set(name, (self.get(name) ?? 0) + count);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const n = nameOf(byId.get(at));
    if (seen.has(n)) continue;
    seen.add(n);
    total.set(n, (total.get(n) ?? 0) + count);
  }
}
const pct = (x) => ((100 * x) / all).toFixed(1);
if (topText === '--groups') {
  const groups = (groupsText ?? '').split(';').map((g) => g.split(','));
  const inGroup = groups.map(() => 0);
  for (const id of profile.samples) {
    const names = new Set();
    for (let at = id; at !== undefined; at = parent.get(at))
      names.add(byId.get(at).callFrame.functionName);
    groups.forEach((g, k) => {
      if (g.some((name) => names.has(name))) inGroup[k]++;
    });
  }
  console.log(groups.map((g, k) => `${g.join(', ')}: ${pct(inGroup[k])}`).join('\n'));
} else {
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(topText));
  console.log('| function | self % | total % |\n|---|---:|---:|');
  for (const [name, count] of top)
    console.log(`| ${name} | ${pct(count)} | ${pct(total.get(name))} |`);
}
