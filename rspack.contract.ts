// The contract between the shell and a remote: which names of the @almacen/shared modules the
// remote's code takes at run time, and which ones the shell's build provides.
//
// A remote's production build brings no copy of @almacen/shared (rspack.shared.ts, `import:
// false`): it uses the shell's. A remote built against a `shared` with a name the deployed shell
// lacks would fail only when that name is used. So each remote's build records the names it
// imports and the `shared` version it was built with (pages.json and its ./pages module, as
// `contract`); the shell checks them against its own modules before it loads the remote's pages
// (shell/src/federation/contract.ts), and says so instead of failing.
//
// Reading a remote's imports needs no type checker: the front ends compile with
// `verbatimModuleSyntax`, so a named import without `type` is a name taken at run time.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { RemoteContract } from '@almacen/shared/pages';

export const SHARED_MODULE_PREFIX = '@almacen/shared';

/**
 * The @almacen/shared modules a remote takes from the shell's build: the shared singletons of
 * rspack.shared.ts that are ours (it checks the two lists agree). `pages` and `testing` are not
 * among them: each build bundles its own.
 */
export const SHARED_MODULES = [
  '@almacen/shared',
  '@almacen/shared/domain',
  '@almacen/shared/domain-pages',
  '@almacen/shared/fluent',
  '@almacen/shared/fluent-pages',
  '@almacen/shared/kit',
  '@almacen/shared/router',
  '@almacen/shared/schemas',
] as const;

export type { RemoteContract };

const SOURCE = /\.tsx?$/;
const NOT_PRODUCT = /\.test\.tsx?$|\.d\.ts$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' || entry.name === '__tests__' ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !NOT_PRODUCT.test(entry.name) ? [full] : [];
  });
}

/** `./x` from `file`: x.ts, x.tsx or x/index.ts(x), or null. */
function resolveLocal(file: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(file), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (SOURCE.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

interface FileImports {
  /** Shared module → names taken at run time. */
  shared: Map<string, Set<string>>;
  /** Files of the remote this one imports statically at run time (`import()` excluded). */
  local: string[];
}

/** What one file takes at run time: names of the shared `modules`, and its own static imports. */
function importsOf(file: string, modules: ReadonlySet<string>): FileImports {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: FileImports = { shared: new Map(), local: [] };
  const take = (module: string, name: string) => {
    if (!found.shared.has(module)) found.shared.set(module, new Set());
    found.shared.get(module)!.add(name);
  };
  for (const statement of source.statements) {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : null;
    if (!specifier) continue;
    const typeOnly = ts.isImportDeclaration(statement)
      ? !statement.importClause || statement.importClause.isTypeOnly
      : ts.isExportDeclaration(statement) && statement.isTypeOnly;
    if (specifier.startsWith('.')) {
      // A side-effect import (`import './x'`) runs too; only `import type` does not.
      const bare = ts.isImportDeclaration(statement) && !statement.importClause;
      const local = !typeOnly || bare ? resolveLocal(file, specifier) : null;
      if (local) found.local.push(local);
      continue;
    }
    if (!modules.has(specifier) || typeOnly) continue;
    const where = `${path.basename(file)}: ${specifier}`;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause!;
      if (clause.name) take(specifier, 'default');
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) throw new Error(`${where}: import * no se puede comprobar; importa cada nombre.`);
      for (const element of bindings?.elements ?? []) if (!element.isTypeOnly) take(specifier, (element.propertyName ?? element.name).text);
    } else if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (!clause || ts.isNamespaceExport(clause)) throw new Error(`${where}: export * no se puede comprobar; exporta cada nombre.`);
      for (const element of clause.elements) if (!element.isTypeOnly) take(specifier, (element.propertyName ?? element.name).text);
    }
  }
  return found;
}

type SharedImports = Record<string, string[]>;

function sorted(found: Map<string, Set<string>>): SharedImports {
  return Object.fromEntries(
    [...found.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([module, names]) => [module, [...names].sort()]),
  );
}

function merge(into: Map<string, Set<string>>, from: Map<string, Set<string>>): void {
  for (const [module, names] of from) {
    if (!into.has(module)) into.set(module, new Set());
    for (const name of names) into.get(module)!.add(name);
  }
}

/** What every product file of a remote's sources (`srcDir`) takes from the shared modules. */
export function remoteImports(srcDir: string, modules: Iterable<string>): SharedImports {
  const wanted = new Set(modules);
  const found = new Map<string, Set<string>>();
  for (const file of sourceFiles(srcDir)) merge(found, importsOf(file, wanted).shared);
  return sorted(found);
}

/**
 * Per exposed module (`./App`, `./Home`…), what loading it takes from the shared modules: its
 * file and every file it imports statically, so the home page's section is checked against the
 * modules the home page has, not the kit the pages load later.
 */
export function exposedImports(dir: string, exposes: Record<string, string>, modules: Iterable<string>): Record<string, SharedImports> {
  const wanted = new Set(modules);
  const cache = new Map<string, FileImports>();
  const of = (file: string) => cache.get(file) ?? cache.set(file, importsOf(file, wanted)).get(file)!;
  return Object.fromEntries(
    Object.entries(exposes).map(([exposed, entry]) => {
      const seen = new Set<string>();
      const queue = [path.resolve(dir, entry)];
      const found = new Map<string, Set<string>>();
      while (queue.length > 0) {
        const file = queue.pop()!;
        if (seen.has(file)) continue;
        seen.add(file);
        const imports = of(file);
        merge(found, imports.shared);
        queue.push(...imports.local);
      }
      return [exposed, sorted(found)];
    }),
  );
}

/** The names of `imports` that `provided` (module → its names) lacks, as "module: name". */
export function missingFromContract(imports: Record<string, readonly string[]>, provided: Record<string, readonly string[]>): string[] {
  return Object.entries(imports).flatMap(([module, names]) => {
    const has = new Set(provided[module] ?? []);
    return names.filter((name) => !has.has(name)).map((name) => `${module}: ${name}`);
  });
}

/**
 * What each shared module gives at run time: the names of its value exports (functions,
 * constants, components), read by the type checker from shared/package.json's entry points.
 */
export function sharedSurface(root: string, modules: Iterable<string>): Record<string, string[]> {
  const pkg = JSON.parse(readFileSync(path.join(root, 'shared/package.json'), 'utf8')) as { exports: Record<string, string> };
  const entries = [...modules].sort().map((module) => {
    const subpath = `.${module.slice(SHARED_MODULE_PREFIX.length)}`;
    const file = pkg.exports[subpath];
    if (!file) throw new Error(`shared/package.json no exporta ${subpath}`);
    return [module, path.join(root, 'shared', file)] as const;
  });
  const options = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'shared/tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!.options;
  const program = ts.createProgram(
    entries.map(([, file]) => file),
    { ...options, noEmit: true, composite: false, incremental: false },
  );
  const checker = program.getTypeChecker();
  return Object.fromEntries(
    entries.map(([module, file]) => {
      const source = program.getSourceFile(file);
      const symbol = source && checker.getSymbolAtLocation(source);
      if (!symbol) throw new Error(`${file}: no es un módulo`);
      const names = checker
        .getExportsOfModule(symbol)
        .filter((exported) => {
          const declaration = exported.declarations?.[0];
          // What a package declares reached a shared module only through `export type *`.
          if (!declaration || declaration.getSourceFile().fileName.includes('/node_modules/')) return false;
          if (exported.flags & ts.SymbolFlags.Alias) {
            // `export { X } from …` or `import { X } …; export { X }`: a value unless marked `type`.
            if (ts.isExportSpecifier(declaration) && (declaration.isTypeOnly || declaration.parent.parent.isTypeOnly)) return false;
            return (checker.getAliasedSymbol(exported).flags & ts.SymbolFlags.Value) !== 0;
          }
          return (exported.flags & ts.SymbolFlags.Value) !== 0;
        })
        .map((exported) => exported.name)
        .sort();
      return [module, names];
    }),
  );
}
