/**
 * `npm test`: the test suites (`vitest run`) and, beside them, the checks that are not test
 * files: the type check, the formatting check and the two soaks (200 Duel games, 4 campaign
 * games), one at a time. Vitest's browser files run one at a time after its unit files and
 * leave the second core mostly idle (a browser file waits on Chromium far more than it
 * computes), so the checks cost little wall time there; before, they ran first, two at a
 * time, and vitest waited for them (42 s on the idle machine).
 *
 * Vitest's report streams as it comes; each check's output is printed whole when it ends,
 * never interleaved. The exit code is 1 if vitest or any check failed (everything still runs
 * to the end, so one run names every failure). Arguments go to vitest.
 *
 *   node tools/test-checks.mjs [vitest arguments]
 *   ARCHFOE_CHECKS_ONLY=1 node tools/test-checks.mjs   # the checks alone, two at a time
 */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

const CHECKS = [
  ['run', 'typecheck'],
  ['run', 'soak', '--', '--games', '200', '--module', 'test/modules/duel.ts'],
  ['run', 'lint'],
  ['run', 'soak', '--', '--campaign', 'ember-crown', '--games', '4'],
];
const checksOnly = process.env.ARCHFOE_CHECKS_ONLY === '1';
// Alone, two at a time (each is one busy process); beside vitest, one at a time, at a low
// priority (set before npm starts the check, so the processes it starts inherit it).
const AT_ONCE = checksOnly ? 2 : 1;

/** Runs `npm ...args`, resolving to its exit code once its output is printed. */
function run(args) {
  return new Promise((done) => {
    const out = [];
    const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    // Beside vitest the checks take the CPU its workers leave (the unit files keep both
    // cores busy for their two minutes; a browser file leaves one mostly idle).
    if (!checksOnly && child.pid !== undefined)
      try {
        setPriority(child.pid, 10);
      } catch {
        // Left at normal priority: slower suites, same results.
      }
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    const finish = (code, error) => {
      process.stdout.write(Buffer.concat(out));
      if (error) process.stdout.write(`npm ${args.join(' ')}: ${error.message}\n`);
      done(code);
    };
    child.on('error', (e) => finish(1, e));
    child.on('close', (code) => finish(code ?? 1));
  });
}

/** Runs `vitest run` with this script's arguments, its output straight through. */
function vitest() {
  const cli = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
  return new Promise((done) => {
    const child = spawn(process.execPath, [cli, 'run', ...process.argv.slice(2)], {
      stdio: 'inherit',
    });
    child.on('error', (e) => {
      process.stdout.write(`vitest: ${e.message}\n`);
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });
}

const queue = [...CHECKS];
let failed = 0;
async function worker() {
  for (let args = queue.shift(); args; args = queue.shift()) {
    const code = await run(args);
    if (code !== 0) {
      failed++;
      process.stdout.write(`\nFAILED (exit ${code}): npm ${args.join(' ')}\n`);
    }
  }
}
const suites = checksOnly
  ? Promise.resolve()
  : vitest().then((code) => {
      if (code !== 0) {
        failed++;
        process.stdout.write(`\nFAILED (exit ${code}): vitest run\n`);
      }
    });
await Promise.all([suites, ...Array.from({ length: AT_ONCE }, worker)]);
process.exit(failed > 0 ? 1 : 0);
