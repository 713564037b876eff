/**
 * Prints issue 31's engine figures of every rule module as one JSON line
 * (tools/lib/engine-figures.ts): `tsx tools/bench-engine-figures.ts [--quick] [--games-only]`. The bench
 * bundles it twice, with this tree's engine and with an older commit's, and runs both.
 */
import { measureEngineFigures } from './lib/engine-figures';

const argv = process.argv.slice(2);
console.log(
  JSON.stringify(
    measureEngineFigures({
      quick: argv.includes('--quick'),
      gamesOnly: argv.includes('--games-only'),
    }),
  ),
);
