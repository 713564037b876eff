/**
 * Runs one engine workload for a few seconds, for `node --cpu-prof` (issue 31's profile):
 *   node tools/run-bundled.mjs --bundle-only tools/.bundled/profile-engine.mjs tools/profile-engine.ts
 *   node --cpu-prof --cpu-prof-dir=DIR tools/.bundled/profile-engine.mjs WORKLOAD [SECONDS]
 * then `node tools/profile-summary.mjs DIR/*.cpuprofile` for the self and total times.
 * WORKLOAD: a scenario's id (dungeon-crawl, skirmish-basic-battle) (whole autopilot games, the bench's seeds 1..60 on
 * the scenario's board), enemy-turn (every enemy alerted on the 64x64 board, warm),
 * enemy-turn-cold (the same on a fresh copy of the map each time), skirmish-round, intent.
 */
import { allScenarios } from '../src/engine/index';
import { loadBenchBoard } from './lib/bench-boards';
import {
  alertedEnemyTurn,
  gamesPerSecond,
  intentOverlay,
  skirmishAlertedRound,
} from './lib/bench-engine';
import { loadBundledMap } from './lib/maps';

const [workload = 'dungeon-crawl', secondsText = '8'] = process.argv.slice(2);
const until = performance.now() + Number(secondsText) * 1000;
const big = loadBenchBoard(64);
let runs = 0;
while (performance.now() < until) {
  runs++;
  if (allScenarios().some((s) => s.id === workload)) {
    const scenario = allScenarios().find((s) => s.id === workload);
    if (!scenario) throw new Error(`no scenario ${workload}`);
    const map = scenario.map ?? loadBundledMap(scenario.mapId);
    gamesPerSecond(map, scenario.id, 30, 1, scenario.defaults, scenario.ruleModule);
  } else if (workload === 'enemy-turn') alertedEnemyTurn(big, [1, 2, 3], 10);
  else if (workload === 'enemy-turn-cold') alertedEnemyTurn(big, [1, 2, 3], 10, 'cold');
  else if (workload === 'skirmish-round') skirmishAlertedRound(big, [1, 2, 3], 3);
  else if (workload === 'intent') intentOverlay(big, [1, 2, 3], 2, 'games');
  else throw new Error(`unknown workload ${workload}`);
}
console.log(`${workload}: ${runs} runs`);
