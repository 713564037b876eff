/**
 * The kernel, the view and the app know no rule module by name (issue 30): a file outside a
 * module's folder (src/engine/rulesets/<module>/) that spells one of that module's names as
 * a string literal fails this test. The names are read from the registered module objects
 * themselves: the id, the kinds of figure, the command types and the event types it
 * declares a show for (RuleModule.eventShows), and its statuses when it declares any (no
 * module does yet: the statuses are the kernel's closed EnemyStatus). A name the kernel or
 * a shared system declares too (a command or an event type in an `interface CommandTypes` /
 * `EventTypes` outside the module folders, e.g. systems/healing.ts's heal and healed) is the
 * kernel's, not the module's. The source is read with the TypeScript compiler, so comments
 * and identifiers do not count, only string literals (a file path in an import neither:
 * it is not a name on its own).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { listRuleModules, type RuleModule } from '../../src/engine';
import '../../src/engine/rulesets';

const ROOT = join(__dirname, '..', '..');
const SRC = join(ROOT, 'src');
const MODULES_DIR = join(SRC, 'engine', 'rulesets');

/**
 * Known violations outside this helper's part, each with the issue point that removes it.
 * Keyed `file: literal`; the test fails for any other, and for an exception no longer met
 * (so the list shrinks as the work lands).
 */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  // Point 9 (a module's board generator a part of the module): the app still names the
  // random field's board kind "skirmish" where it offers it.
  'src/app/maps.ts: skirmish': 'issue 30 point 9 (the random field offered by its module)',
  // Point 9 (modules registered in one place that the game, the tools and the tests
  // share): the tutorial's battle and the benchmark's board pick the Dungeon Crawl by its
  // id; the module, not the app, should offer its tutorial scenario and its bench board.
  'src/app/tutorial-flag.ts: dungeon-crawl': 'issue 30 point 9',
  'src/devtools/bench-boards.ts: dungeon-crawl': 'issue 30 point 9',
  // Point 9 (presentation a part of its own): the Skirmish draws four figures with the
  // sprites the art collection names after the Dungeon Crawl's kinds.
  'src/engine/rulesets/skirmish/roster.ts: fighting-man': 'issue 30 point 9',
  'src/engine/rulesets/skirmish/roster.ts: thief': 'issue 30 point 9',
  'src/engine/rulesets/skirmish/roster.ts: priest': 'issue 30 point 9',
  'src/engine/rulesets/skirmish/roster.ts: magic-user': 'issue 30 point 9',
};

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
      out.push(path);
  }
  return out;
}

/** The folder of the module a file belongs to, or null for a file of no module. */
function moduleFolderOf(file: string): string | null {
  const rel = relative(MODULES_DIR, file);
  if (rel.startsWith('..')) return null;
  const parts = rel.split(sep);
  return parts.length > 1 ? parts[0] : null;
}

/** Every string literal in a file, with its line, but not import/export paths. */
function stringLiterals(file: string): { text: string; line: number }[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: { text: string; line: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isImportTypeNode(node)) return;
    if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name)) {
      node.body && visit(node.body);
      return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const parent = node.parent;
      const isDynamicImport =
        ts.isCallExpression(parent) && parent.expression.kind === ts.SyntaxKind.ImportKeyword;
      if (!isDynamicImport)
        out.push({
          text: node.text,
          line: source.getLineAndCharacterOfPosition(node.pos).line + 1,
        });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The command and event types declared by the kernel and its shared systems (not modules). */
function kernelDeclaredTypes(files: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    if (moduleFolderOf(file)) continue;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const visit = (node: ts.Node): void => {
      if (
        ts.isInterfaceDeclaration(node) &&
        (node.name.text === 'CommandTypes' || node.name.text === 'EventTypes')
      )
        for (const member of node.members)
          if (member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)))
            names.add(member.name.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return names;
}

/** A module's own names, read from the module object. */
function namesOf(module: RuleModule, kernel: ReadonlySet<string>): Map<string, string> {
  const names = new Map<string, string>();
  const add = (name: string, what: string) => {
    if (!kernel.has(name)) names.set(name, what);
  };
  add(module.id, 'module id');
  for (const k of module.kinds) add(k.kind, 'kind');
  for (const type of Object.keys(module.commands)) add(type, 'command');
  for (const type of Object.keys(module.eventShows ?? {})) add(type, 'event');
  const statuses = (module as { statuses?: readonly string[] }).statuses ?? [];
  for (const s of statuses) add(s, 'status');
  return names;
}

/** The folder a module lives in: the one whose index.ts exports it. */
function folderOf(module: RuleModule): string {
  for (const name of readdirSync(MODULES_DIR)) {
    const dir = join(MODULES_DIR, name);
    if (!statSync(dir).isDirectory()) continue;
    const index = readFileSync(join(dir, 'index.ts'), 'utf8');
    if (index.includes(`id: ${JSON.stringify(module.id)}`) || index.includes(`'${module.id}'`))
      return name;
  }
  return module.id;
}

describe('no file outside a module names the module', () => {
  const files = sourceFiles(SRC);
  const kernel = kernelDeclaredTypes(files);
  const modules = listRuleModules();
  const literals = new Map(files.map((f) => [f, stringLiterals(f)]));

  it('reads the names from the registered modules', () => {
    expect(modules.map((m) => m.id).sort()).toEqual(['dungeon-crawl', 'skirmish']);
    const skirmish = namesOf(
      modules.find((m) => m.id === 'skirmish')!,
      kernel,
    );
    // The Skirmish's own: its id, a figure, its commands; the shared heal is the kernel's.
    expect(skirmish.get('skirmish')).toBe('module id');
    expect(skirmish.get('activate')).toBe('command');
    expect(skirmish.has('heal')).toBe(false);
    expect(skirmish.has('healed')).toBe(false);
    expect([...skirmish.values()]).toContain('kind');
  });

  it('finds a name spelled in a string literal, not in a comment or an identifier', () => {
    const probe = join(ROOT, 'test', 'architecture', 'probe-source.ts.txt');
    const found = stringLiterals(probe).map((l) => l.text);
    expect(found).toContain('skirmish');
    expect(found).not.toContain('../engine/rulesets/skirmish');
    expect(found.filter((t) => t === 'goblin')).toHaveLength(0);
  });

  it('finds none outside the module folders (apart from the listed exceptions)', () => {
    const homes = new Map(modules.map((m) => [folderOf(m), namesOf(m, kernel)]));
    const found: { key: string; where: string }[] = [];
    for (const module of modules) {
      const names = namesOf(module, kernel);
      const home = folderOf(module);
      for (const file of files) {
        const folder = moduleFolderOf(file);
        if (folder === home) continue;
        // Another module's file may spell a name that module owns as well (a Priest in both).
        const own = folder ? homes.get(folder) : undefined;
        for (const literal of literals.get(file)!) {
          const what = names.get(literal.text);
          if (!what || own?.has(literal.text)) continue;
          const path = relative(ROOT, file).split(sep).join('/');
          found.push({
            key: `${path}: ${literal.text}`,
            where: `${path}:${literal.line} names ${module.id}'s ${what} "${literal.text}"`,
          });
        }
      }
    }
    expect(found.filter((f) => !(f.key in EXCEPTIONS)).map((f) => f.where)).toEqual([]);
    // An exception no longer met goes from the list (the work that removes it has landed).
    const met = new Set(found.map((f) => f.key));
    expect(Object.keys(EXCEPTIONS).filter((k) => !met.has(k))).toEqual([]);
  });
});
