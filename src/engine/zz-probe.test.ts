import { it } from 'vitest';
import * as ns from 'easystarjs';
it('p', () => {
  const ES = (ns as any).default.js;
  const es = new ES(); es.enableSync(); es.enableDiagonals(); es.setAcceptableTiles([1,2]); es.setTileCost(1,1); es.setTileCost(2,2);
  es.setGrid([[1,2,1],[2,1,1]]);
  es.findPath(0,0,2,0,(p: any) => console.log(JSON.stringify(p))); es.calculate();
});
