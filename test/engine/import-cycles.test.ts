/**
 * The engine's files import one another without a circle (issue 30 point 9): a circle of
 * imports that bring code makes which file is initialised first depend on who imports the
 * engine first, and ties files that should stand alone. The graph is read with the
 * TypeScript parser (src/devtools/import-graph.ts); `import()` is not followed (a chunk
 * loaded later). Type-only imports are left out here: they vanish from the JavaScript (the
 * kernel's RuleModule and Context still name each other's types, see the report).
 */
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  importCycles,
  importGraph,
  importsOfText,
  type ImportGraph,
} from '../../src/devtools/import-graph';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const ENGINE = resolve(SRC, 'engine');
const bringsCode = (e: { typeOnly: boolean; dynamic: boolean }): boolean =>
  !e.typeOnly && !e.dynamic;

describe('import cycles', () => {
  it('src/engine has no circle of imports that bring code', () => {
    const cycles = importCycles(importGraph(ENGINE), bringsCode).map((group) =>
      group.map((f) => relative(SRC, f)).join(' <-> '),
    );
    expect(cycles).toEqual([]);
  });

  it('finds a circle through several files, and tells type-only and dynamic imports apart', () => {
    const a = resolve(ENGINE, 'a.ts');
    const b = resolve(ENGINE, 'b.ts');
    const c = resolve(ENGINE, 'c.ts');
    const graph: ImportGraph = new Map([
      [a, [{ to: b, typeOnly: false, dynamic: false }]],
      [b, [{ to: c, typeOnly: false, dynamic: false }]],
      [c, [{ to: a, typeOnly: true, dynamic: false }]],
    ]);
    expect(importCycles(graph)).toEqual([[a, b, c]]);
    expect(importCycles(graph, bringsCode)).toEqual([]);
    graph.set(c, [{ to: a, typeOnly: false, dynamic: false }]);
    expect(importCycles(graph, bringsCode)).toEqual([[a, b, c]]);
    graph.set(c, [{ to: a, typeOnly: false, dynamic: true }]);
    expect(importCycles(graph, bringsCode)).toEqual([]);
  });

  it('reads type-only, side-effect, re-export and dynamic imports of a file', () => {
    const file = resolve(ENGINE, 'game.ts');
    const edges = importsOfText(
      file,
      [
        "import type { Unit } from './types';",
        "import { type Point, isSamePoint } from './grid';",
        "import { type Point as P } from './grid';",
        "import './rulesets';",
        "export { rollDie } from './dice';",
        "export type { DiceSource } from './dice';",
        "const later = () => import('./setup');",
        "import { x } from 'some-package';",
      ].join('\n'),
    );
    const shown = edges.map(
      (e) => `${relative(ENGINE, e.to)}${e.typeOnly ? ' type' : ''}${e.dynamic ? ' dynamic' : ''}`,
    );
    expect(shown).toEqual([
      'types.ts type',
      'grid.ts',
      'grid.ts type',
      'rulesets/index.ts',
      'dice.ts',
      'dice.ts type',
      'setup.ts dynamic',
    ]);
  });
});
