import { loadBenchBoard } from './bench-boards';
import { benchBoardPathing, makePairs } from './bench-pathing';
for (const size of [32, 64, 128]) {
  const map = loadBenchBoard(size);
  const t = performance.now();
  const res = benchBoardPathing(map, makePairs(map, 1000, 1000 + size), 1);
  for (const r of res) for (const s of r.solvers) console.log(size, r.kind, s.id.padEnd(14), s.perSearchUs.toFixed(1).padStart(8), 'us', s.ratio?.toFixed(2), s.sameLength, s.longer, s.maxExtraSteps, 'meanLen', r.meanLength.toFixed(1));
  console.log('total s', (performance.now() - t) / 1000, res[0].prepareMs);
}
