/**
 * The checks `npm test` runs before the test suites: the type check, the formatting check
 * and the two soaks (200 Duel games, 4 campaign games), two at a time (each is one busy
 * process, so a 2-core machine does them in about half the time one after the other took).
 * Each check's output is printed whole when it ends, never interleaved; the exit code is 1
 * if any check failed (all of them still run to the end, so one run names every failure).
 *
 *   node tools/test-checks.mjs
 */
import { spawn } from 'node:child_process';

const CHECKS = [
  ['run', 'typecheck'],
  ['run', 'soak', '--', '--games', '200', '--module', 'test/modules/duel.ts'],
  ['run', 'lint'],
  ['run', 'soak', '--', '--campaign', 'ember-crown', '--games', '4'],
];
const AT_ONCE = 2;

/** Runs `npm ...args`, resolving to its exit code once its output is printed. */
function run(args) {
  return new Promise((done) => {
    const out = [];
    const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'] });
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
await Promise.all(Array.from({ length: AT_ONCE }, worker));
process.exit(failed > 0 ? 1 : 0);
