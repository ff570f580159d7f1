import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** The repository root: every path below is relative to it. */
export const repositoryRoot = join(import.meta.dirname, '..', '..');

const SOURCE_EXTENSIONS = /\.(ts|tsx|mts|js|mjs)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git', 'coverage', 'generated']);

/** For each entry file, the names it exports (one TypeScript program reads them all). */
export function listEntryExports(entryFiles: readonly string[]): Map<string, string[]> {
  const program = ts.createProgram(entryFiles, {
    allowImportingTsExtensions: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    target: ts.ScriptTarget.ES2023,
  });
  const checker = program.getTypeChecker();
  return new Map(
    entryFiles.map((entryFile) => {
      const source = program.getSourceFile(entryFile);
      const symbol = source && checker.getSymbolAtLocation(source);
      if (!symbol) throw new Error(`${entryFile} is no module`);
      return [
        entryFile,
        checker
          .getExportsOfModule(symbol)
          .map((e) => e.name)
          .sort(),
      ];
    }),
  );
}

/** Every TypeScript or JavaScript source file under `folder`, skipping builds and dependencies. */
export function listSourceFiles(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (SKIPPED_FOLDERS.has(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) files.push(...listSourceFiles(path));
    else if (SOURCE_EXTENSIONS.test(entry.name)) files.push(path);
  }
  return files;
}

/** Names imported from `specifier` in one file: static imports, re-exports and destructured `await import()`. */
export function namesImportedFrom(file: string, specifier: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const names: string[] = [];
  const isSpecifier = (node: ts.Node | undefined) =>
    node !== undefined && ts.isStringLiteral(node) && node.text === specifier;
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && isSpecifier(node.moduleSpecifier)) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) {
        throw new Error(
          `${file}: import * from '${specifier}' hides which names it uses; name them`,
        );
      }
      if (bindings) names.push(...bindings.elements.map((e) => (e.propertyName ?? e.name).text));
    } else if (ts.isExportDeclaration(node) && isSpecifier(node.moduleSpecifier)) {
      const clause = node.exportClause;
      if (clause && ts.isNamedExports(clause)) {
        names.push(...clause.elements.map((e) => (e.propertyName ?? e.name).text));
      }
    } else if (isDynamicImportOf(node, isSpecifier)) {
      names.push(...destructuredNames(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

function isDynamicImportOf(
  node: ts.Node,
  isSpecifier: (node: ts.Node | undefined) => boolean,
): node is ts.CallExpression {
  return (
    ts.isCallExpression(node) &&
    node.expression.kind === ts.SyntaxKind.ImportKeyword &&
    isSpecifier(node.arguments[0])
  );
}

/**
 * `const { a, b } = await import('x')`, its `Promise.all` form and `import('x').then(({ a, b }) => …)`
 * give `a` and `b`; another dynamic import counts no name.
 */
function destructuredNames(call: ts.CallExpression): string[] {
  const pattern = awaitedPattern(call) ?? thenPattern(call) ?? promiseAllPattern(call);
  if (!pattern) return [];
  return pattern.elements.map((e) => ((e.propertyName ?? e.name) as ts.Identifier).text);
}

function awaitedPattern(call: ts.CallExpression): ts.ObjectBindingPattern | undefined {
  const awaited = ts.isAwaitExpression(call.parent) ? call.parent : undefined;
  const declaration =
    awaited && ts.isVariableDeclaration(awaited.parent) ? awaited.parent : undefined;
  return declaration && ts.isObjectBindingPattern(declaration.name) ? declaration.name : undefined;
}

/** `const [{ a }, { b }] = await Promise.all([import('x'), import('y')])`. */
function promiseAllPattern(call: ts.CallExpression): ts.ObjectBindingPattern | undefined {
  const list = ts.isArrayLiteralExpression(call.parent) ? call.parent : undefined;
  const all = list && ts.isCallExpression(list.parent) ? list.parent : undefined;
  const awaited = all && ts.isAwaitExpression(all.parent) ? all.parent : undefined;
  const declaration =
    awaited && ts.isVariableDeclaration(awaited.parent) ? awaited.parent : undefined;
  if (!list || !declaration || !ts.isArrayBindingPattern(declaration.name)) return undefined;
  const element = declaration.name.elements[list.elements.indexOf(call)];
  return element && ts.isBindingElement(element) && ts.isObjectBindingPattern(element.name)
    ? element.name
    : undefined;
}

function thenPattern(call: ts.CallExpression): ts.ObjectBindingPattern | undefined {
  const access = ts.isPropertyAccessExpression(call.parent) ? call.parent : undefined;
  const then =
    access?.name.text === 'then' && ts.isCallExpression(access.parent) ? access.parent : undefined;
  const callback = then?.arguments[0];
  const parameter =
    callback && (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))
      ? callback.parameters[0]?.name
      : undefined;
  return parameter && ts.isObjectBindingPattern(parameter) ? parameter : undefined;
}

/** For each name an entry exports, the files outside `ownFolder` that import it through `specifier`. */
export function usesOutside(
  specifier: string,
  ownFolder: string,
  files: readonly string[],
): Map<string, string[]> {
  const uses = new Map<string, string[]>();
  for (const file of files) {
    if (file.startsWith(`${ownFolder}/`)) continue;
    for (const name of namesImportedFrom(file, specifier)) {
      const list = uses.get(name) ?? [];
      list.push(relative(repositoryRoot, file));
      uses.set(name, list);
    }
  }
  return uses;
}
