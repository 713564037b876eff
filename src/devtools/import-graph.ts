/**
 * The import graph of src/, read with the TypeScript compiler's parser (madge is not a
 * dependency): which file imports which, whether an import only brings types (erased from
 * the JavaScript) and whether it is dynamic (`import()`, a chunk loaded when first
 * needed). The engine's cycle test and the bundle notes use it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  /** The file imported (absolute path). */
  to: string;
  /** Only types are imported: nothing of it is left in the JavaScript. */
  typeOnly: boolean;
  /** `import('...')`: loaded when first needed, not with the importer. */
  dynamic: boolean;
}

/** Every .ts file under `dir` (tests and fixtures left out). */
export function sourceFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'fixtures' ? [] : sourceFilesUnder(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The file a relative import names, or null for a package or an unknown file. */
export function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')])
    if (candidate.endsWith('.ts') && existsSync(candidate) && statSync(candidate).isFile())
      return candidate;
  return null;
}

function bindingsAllTypes(clause: ts.ImportClause): boolean {
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  if (!bindings) return true;
  if (ts.isNamespaceImport(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

/** The relative imports of one file's text. */
export function importsOfText(file: string, text: string): ImportEdge[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const edges: ImportEdge[] = [];
  const add = (spec: string, typeOnly: boolean, dynamic: boolean): void => {
    const to = resolveImport(file, spec);
    if (to) edges.push({ to, typeOnly, dynamic });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(
        node.moduleSpecifier.text,
        node.importClause ? bindingsAllTypes(node.importClause) : false,
        false,
      );
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = node.exportClause;
      const allTypes =
        node.isTypeOnly ||
        (!!clause &&
          ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((e) => e.isTypeOnly));
      add(node.moduleSpecifier.text, allTypes, false);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length === 1 &&
      ts.isStringLiteral(node.arguments[0]!)
    ) {
      add((node.arguments[0] as ts.StringLiteral).text, false, true);
    } else if (ts.isImportTypeNode(node)) {
      // `import('./x').T` in a type position: a type only.
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal))
        add(arg.literal.text, true, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

export type ImportGraph = Map<string, ImportEdge[]>;

/** The graph of every file under `dir` (edges to files outside it are kept). */
export function importGraph(dir: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFilesUnder(dir))
    graph.set(file, importsOfText(file, readFileSync(file, 'utf8')));
  return graph;
}

/**
 * The groups of files that import each other in a circle (strongly connected components of
 * more than one file, or a file importing itself), following the edges `follow` keeps;
 * each group sorted, the groups in a stable order. Tarjan's algorithm.
 */
export function importCycles(
  graph: ImportGraph,
  follow: (edge: ImportEdge) => boolean = (e) => !e.dynamic,
): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let next = 0;
  const connect = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const edge of graph.get(file) ?? []) {
      if (!follow(edge) || !graph.has(edge.to)) continue;
      if (!index.has(edge.to)) {
        connect(edge.to);
        low.set(file, Math.min(low.get(file)!, low.get(edge.to)!));
      } else if (onStack.has(edge.to)) low.set(file, Math.min(low.get(file)!, index.get(edge.to)!));
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      const selfLoop = (graph.get(file) ?? []).some((e) => e.to === file && follow(e));
      if (group.length > 1 || selfLoop) groups.push(group.sort());
    }
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file);
  return groups.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

/**
 * Every file `entry` loads with it: its static imports that bring code, and theirs (a
 * dynamic import starts a chunk of its own; type-only imports leave nothing behind).
 */
export function staticClosure(entry: string, edgesOf: (file: string) => ImportEdge[]): string[] {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const edge of edgesOf(file)) {
      if (edge.dynamic || edge.typeOnly || seen.has(edge.to)) continue;
      seen.add(edge.to);
      queue.push(edge.to);
    }
  }
  return [...seen].sort();
}

/** `edgesOf` for staticClosure reading the files from disk (cached). */
export function diskEdges(): (file: string) => ImportEdge[] {
  const cache = new Map<string, ImportEdge[]>();
  return (file) => {
    let edges = cache.get(file);
    if (!edges) {
      edges = importsOfText(file, readFileSync(file, 'utf8'));
      cache.set(file, edges);
    }
    return edges;
  };
}
