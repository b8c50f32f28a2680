/**
 * Deploy's check that a function's module graph names no local file outside its bundle (issue 21:
 * Deno's loader reads a module its graph names literally, `file:` URL or path, without asking
 * --allow-read, so `await import('file:///data/secret.key', { with: { type: 'text' } })` read the
 * platform's secret). The worker's sandbox is the fix; this refuses such bundles at deploy, before
 * anything is stored, with a message naming the file and the specifier.
 *
 * What Deno resolves without a permission check is what it finds statically, and that is what this
 * looks at (the TypeScript parser, not patterns, so strings, comments and regular expressions are
 * never taken for imports):
 * - in every file Deno would run as a module (.ts .tsx .mts .cts .js .jsx .mjs .cjs, any case, and
 *   files without an extension, which Deno runs too): static imports and re-exports (not
 *   `import type`/`export type`, which Deno erases; `import { type A }` counts),
 *   `import x = require()`, `require()` with a literal (CommonJS), and
 *   `import()`/`import.defer()`/`import.source()` with a string or no-substitution template
 *   literal, whatever their attributes (text, bytes, json); the `@jsxImportSource` pragma, from
 *   which Deno imports `<source>/jsx-runtime`;
 * - the module names a .wasm file imports (Deno resolves them like JavaScript imports);
 * - the modules of `data:` URLs those name, read as Deno reads them (3 deep at most);
 * - the deployed import map (import_map_path): every target of `imports` and `scopes`. Only that
 *   one: workers run with --no-config, so a deno.json or deno.jsonc in the bundle is never read.
 * A specifier names a file outside the bundle when it is a `file:` URL or an absolute path (the
 * bundle's place on disk is not the function's to know), or a relative path that climbs out of the
 * bundle from its importing file (import map targets: from the map's file), `%2e%2e`, `%2f` and `\`
 * included, as Deno's URL parser and the file system read them. Bare names resolve only through the
 * import map, which is checked itself; npm:, jsr:, node: and https: are not local files.
 *
 * Left to the sandbox: specifiers computed at run time (`import(name)`, `import('./' + x)`),
 * workers, `import.meta.resolve` and `new URL(..., import.meta.url)` (Deno asks --allow-read for
 * those), and what remote modules import. Symlinks do not arise: deploy takes only a multipart form
 * (a name and bytes per file, stored in the database and written out as regular files), never an
 * archive.
 *
 * Each form above was seen to load a file outside the bundle on Deno 2.9.6 without --allow-read.
 *
 * A file the parser cannot read without errors (a syntax error, or syntax it does not know, such
 * as `import source x from`) might hide an import in what it skipped: there every string literal
 * counts as a specifier.
 */
import { FUNCTIONS_MESSAGES } from '@basin/core/schemas';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as TS from 'typescript';

type TypeScript = typeof TS;

/** A local file outside the bundle that a deploy names. */
export type OutsideImport =
  | { kind: 'import'; file: string; specifier: string }
  | { kind: 'syntax-error'; file: string; specifier: string }
  | { kind: 'data-too-deep'; file: string }
  | { kind: 'import-map'; file: string; key: string; target: string };

const quote = (value: string) => JSON.stringify(value.length > 200 ? `${value.slice(0, 200)}…` : value);

export function outsideImportMessage(found: OutsideImport): string {
  switch (found.kind) {
    case 'import':
      return FUNCTIONS_MESSAGES.importOutside(found.file, quote(found.specifier));
    case 'syntax-error':
      return FUNCTIONS_MESSAGES.importOutsideUnparsed(found.file, quote(found.specifier));
    case 'data-too-deep':
      return FUNCTIONS_MESSAGES.importDataTooDeep(found.file, DATA_DEPTH);
    case 'import-map':
      return FUNCTIONS_MESSAGES.importMapOutside(found.file, quote(found.key), quote(found.target));
  }
}

// Loaded on the first deploy, which waits about a second for it (no start should), and through
// require: import() of the 9 MB CommonJS file takes three times as long (Node scans it for exports).
let loaded: TypeScript | undefined;
const typescript = () => (loaded ??= createRequire(import.meta.url)('typescript') as TypeScript);

const CODE = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs']);
/** How deep `data:` URLs inside `data:` URLs are read; deeper ones are refused. */
const DATA_DEPTH = 3;

/**
 * The bundle's root stands at two made-up places: a path that climbs out of it and back in by the
 * root's name (`../bundle/x`) lands inside only one of them.
 */
const ROOTS = ['file:///basin-check-a/bundle/', 'file:///basin-check-b/other/'];

/** A bundle path as a URL under `root`, each segment percent-encoded as the worker's loader sees it. */
const fileUrl = (root: string, file: string) => new URL(file.split('/').map(encodeURIComponent).join('/'), root);

/** Where a specifier leads, as Deno resolves it: a local file outside the bundle, a `data:` module, or neither. */
function classify(specifier: string, importer: string | null): 'outside' | 'data' | 'ok' {
  if (URL.canParse(specifier)) {
    const protocol = new URL(specifier).protocol;
    return protocol === 'file:' ? 'outside' : protocol === 'data:' ? 'data' : 'ok';
  }
  // URL-like as import maps and Deno define it; the URL parser drops leading spaces and controls, and tabs and newlines anywhere.
  const trimmed = specifier.replace(/^[\0- ]+/, '').replace(/[\t\n\r]/g, '');
  if (![specifier, trimmed].some((s) => s.startsWith('/') || s.startsWith('./') || s.startsWith('../'))) return 'ok'; // bare
  if (importer === null) return 'ok'; // inside a data: module nothing relative resolves, for Deno neither
  return ROOTS.every((root) => staysInside(specifier, importer, root)) ? 'ok' : 'outside';
}

function staysInside(specifier: string, importer: string, root: string): boolean {
  let url: URL;
  try {
    url = new URL(specifier, fileUrl(root, importer));
  } catch {
    return true; // Deno cannot resolve it either
  }
  if (url.protocol !== 'file:' || url.host !== '') return false;
  const rootPath = new URL(root).pathname;
  // The loader turns the URL into a path byte by byte (`%2f` becomes `/`), and the file system follows `..` in it.
  const decoded = url.pathname.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return url.pathname.startsWith(rootPath) && path.posix.normalize(decoded).startsWith(rootPath);
}

/**
 * Checks a deploy's files (paths already normalized by deployFunction) and its import map path.
 * Answers the first local file outside the bundle that they name (files in path order), or undefined.
 */
export async function findOutsideImport(
  files: ReadonlyMap<string, Buffer>,
  importMapPath: string | null,
): Promise<OutsideImport | undefined> {
  const ts = typescript();
  const checker = new Checker(ts);
  const importMap = importMapPath === null ? undefined : files.get(importMapPath);
  if (importMapPath !== null && importMap) {
    const found = await checker.importMap(importMapPath, importMap.toString('utf8'));
    if (found) return found;
  }
  for (const file of [...files.keys()].sort()) {
    // Parsing runs on the event loop: other requests get their turn between files.
    await new Promise((resolve) => setImmediate(resolve));
    const extension = path.posix.extname(file).toLowerCase();
    const content = files.get(file)!;
    const found =
      extension === '.wasm'
        ? await checker.specifiers(file, file, wasmImports(content), 'import', 0)
        : CODE.has(extension) || extension === ''
          ? await checker.module(file, file, content.toString('utf8'), scriptKind(ts, extension), 0)
          : undefined;
    if (found) return found;
  }
  return undefined;
}

function scriptKind(ts: TypeScript, extension: string): TS.ScriptKind {
  if (extension === '.tsx') return ts.ScriptKind.TSX;
  if (extension === '.jsx') return ts.ScriptKind.JSX;
  if (extension === '.js' || extension === '.mjs' || extension === '.cjs') return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

class Checker {
  constructor(private readonly ts: TypeScript) {}

  /** `file` is the bundle file named in messages; `importer` the bundle path relative specifiers resolve from (null in a data: module). */
  async module(file: string, importer: string | null, source: string, kind: TS.ScriptKind, depth: number) {
    const { specifiers, parsed } = this.moduleSpecifiers(source, kind);
    return this.specifiers(file, importer, specifiers, parsed ? 'import' : 'syntax-error', depth);
  }

  async specifiers(file: string, importer: string | null, specifiers: string[], kind: 'import' | 'syntax-error', depth: number) {
    for (const specifier of specifiers) {
      const where = classify(specifier, importer);
      if (where === 'outside') return { kind, file, specifier } satisfies OutsideImport;
      if (where === 'data') {
        const found = await this.dataModule(file, specifier, depth + 1);
        if (found) return found;
      }
    }
    return undefined;
  }

  async importMap(file: string, text: string): Promise<OutsideImport | undefined> {
    const { ts } = this;
    // Deno reads import maps as strict JSON; the lenient JSON parser reads at least that, duplicate keys included.
    const json = ts.parseJsonText(file, text.replace(/^\uFEFF/, ''));
    const top = json.statements[0]?.expression;
    if (!top || !ts.isObjectLiteralExpression(top)) return undefined;
    const entries = (node: TS.Expression): [string, string][] =>
      ts.isObjectLiteralExpression(node)
        ? node.properties.flatMap((p) =>
            ts.isPropertyAssignment(p) && ts.isStringLiteralLike(p.initializer) ? [[propertyName(ts, p) ?? '', p.initializer.text]] : [],
          )
        : [];
    const targets: [string, string][] = [];
    for (const property of top.properties) {
      if (!ts.isPropertyAssignment(property)) continue;
      const name = propertyName(ts, property);
      if (name === 'imports') targets.push(...entries(property.initializer));
      if (name === 'scopes' && ts.isObjectLiteralExpression(property.initializer))
        for (const scope of property.initializer.properties)
          if (ts.isPropertyAssignment(scope)) targets.push(...entries(scope.initializer));
    }
    for (const [key, target] of targets) {
      const where = classify(target, file);
      if (where === 'outside') return { kind: 'import-map', file, key, target };
      if (where === 'data') {
        const found = await this.dataModule(file, target, 1);
        if (found) return found;
      }
    }
    return undefined;
  }

  /** A `data:` URL's module, read as Deno reads it (fetch decodes data: URLs by the same standard). */
  private async dataModule(file: string, url: string, depth: number): Promise<OutsideImport | undefined> {
    if (depth > DATA_DEPTH) return { kind: 'data-too-deep', file };
    let response: Response;
    try {
      response = await fetch(url);
    } catch {
      return undefined; // not a data: URL Deno could read either
    }
    const type = response.headers.get('content-type') ?? '';
    const body = Buffer.from(await response.arrayBuffer());
    if (/wasm/i.test(type)) return this.specifiers(file, null, wasmImports(body), 'import', depth);
    if (/json/i.test(type)) return undefined;
    const kind = /tsx/i.test(type) ? this.ts.ScriptKind.TSX : /jsx/i.test(type) ? this.ts.ScriptKind.JSX : this.ts.ScriptKind.TS;
    return this.module(file, null, body.toString('utf8'), kind, depth);
  }

  /** The specifiers a module names statically; every string literal in it when it does not parse. */
  moduleSpecifiers(source: string, kind: TS.ScriptKind): { specifiers: string[]; parsed: boolean } {
    const { ts } = this;
    const sourceFile = ts.createSourceFile(
      'module',
      source,
      { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
      false,
      kind,
    );
    // Internal to the compiler, but there since its first release (the unit tests would notice it gone).
    const parsed = !(sourceFile as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics.length;
    const specifiers: string[] = [];
    const literal = (node: TS.Node | undefined) => (node && ts.isStringLiteralLike(node) ? node.text : undefined);
    const stack: TS.Node[] = [sourceFile];
    while (stack.length) {
      const node = stack.pop()!;
      let specifier: string | undefined;
      if (!parsed) specifier = literal(node);
      else if (ts.isImportDeclaration(node)) {
        if (node.importClause?.phaseModifier !== ts.SyntaxKind.TypeKeyword) specifier = literal(node.moduleSpecifier);
      } else if (ts.isExportDeclaration(node)) {
        if (!node.isTypeOnly) specifier = literal(node.moduleSpecifier);
      } else if (ts.isImportEqualsDeclaration(node)) {
        if (!node.isTypeOnly && ts.isExternalModuleReference(node.moduleReference)) specifier = literal(node.moduleReference.expression);
      } else if (ts.isCallExpression(node)) {
        const callee = node.expression;
        // import(), import.defer(), import.source() and CommonJS's require().
        if (
          callee.kind === ts.SyntaxKind.ImportKeyword ||
          (ts.isMetaProperty(callee) && callee.keywordToken === ts.SyntaxKind.ImportKeyword) ||
          (ts.isIdentifier(callee) && callee.text === 'require')
        )
          specifier = literal(node.arguments[0]);
      }
      if (specifier !== undefined) specifiers.push(specifier);
      ts.forEachChild(node, (child) => {
        stack.push(child);
      });
    }
    // Deno imports `<source>/jsx-runtime` for the pragma; looked for anywhere, comments being where it goes.
    for (const match of source.matchAll(/@jsxImportSource\s+(\S+)/g)) specifiers.push(`${match[1]!.replace(/\*\/$/, '')}/jsx-runtime`);
    return { specifiers, parsed };
  }
}

function propertyName(ts: TypeScript, property: TS.PropertyAssignment): string | undefined {
  const name = property.name;
  return ts.isStringLiteral(name) || ts.isIdentifier(name) || ts.isNumericLiteral(name) ? name.text : undefined;
}

/**
 * The module names of a WebAssembly module's imports (its import section, id 2). What is not a
 * module Deno could compile answers what was read so far (Deno would not load it).
 */
export function wasmImports(bytes: Buffer): string[] {
  const names: string[] = [];
  if (bytes.length < 8 || bytes.readUInt32BE(0) !== 0x0061736d) return names;
  let at = 8;
  const byte = () => {
    if (at >= bytes.length) throw new RangeError('end of module');
    return bytes[at++]!;
  };
  const uleb = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const b = byte();
      value += (b & 0x7f) * 2 ** shift;
      if (!(b & 0x80)) return value;
      if (shift > 63) throw new RangeError('bad integer');
    }
  };
  const name = () => {
    const length = uleb();
    if (at + length > bytes.length) throw new RangeError('end of module');
    at += length;
    return bytes.toString('utf8', at - length, at);
  };
  const valueType = () => {
    const type = byte();
    if (type === 0x63 || type === 0x64) uleb(); // (ref null? heap type): the heap type follows
  };
  const limits = () => {
    const flags = byte();
    uleb(); // minimum
    if (flags & 0x01) uleb(); // maximum
    if (flags & 0x08) uleb(); // custom page size
  };
  // What follows an import's names, by its kind.
  const DESCRIPTORS: Partial<Record<number, () => void>> = {
    0x00: uleb, // function: its type's index
    0x01: () => (valueType(), limits()), // table: reference type, limits
    0x02: limits, // memory
    0x03: () => (valueType(), byte()), // global: value type, mutability
    0x04: () => (byte(), uleb()), // tag: attribute, type index
  };
  try {
    while (at < bytes.length) {
      const id = byte();
      const size = uleb();
      const end = at + size;
      if (id === 2) {
        for (let count = uleb(); count > 0; count--) {
          names.push(name());
          name();
          const skipDescriptor = DESCRIPTORS[byte()];
          if (!skipDescriptor) break; // not a kind of import Deno's engine knows
          skipDescriptor();
        }
        break;
      }
      if (id > 2) break; // sections come in order (custom ones, 0, anywhere): there is no import section
      at = end;
    }
  } catch {
    // a truncated or malformed module: Deno would not load it
  }
  return names;
}
