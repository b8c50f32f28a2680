import { describe, expect, it } from 'vitest';
import { findOutsideImport, outsideImportMessage, wasmImports } from './function-imports.ts';

const ENTRY = 'supabase/functions/leak/index.ts';

/** The first file outside the bundle a deploy of these files names (strings are UTF-8 files). */
const check = (files: Record<string, string | Buffer>, importMapPath: string | null = null) =>
  findOutsideImport(new Map(Object.entries(files).map(([path, content]) => [path, Buffer.from(content)])), importMapPath);

/** The specifier found in the entrypoint, or undefined when the module passes. */
const found = async (source: string, file = ENTRY) => {
  const outside = await check({ [file]: source });
  return outside && 'specifier' in outside ? outside.specifier : outside;
};

/** A WebAssembly module importing one function from each of `modules` (after a memory import, to step over one). */
function wasm(modules: string[]): Buffer {
  const vec = (bytes: Buffer) => Buffer.concat([Buffer.from([bytes.length]), bytes]);
  const text = (s: string) => vec(Buffer.from(s));
  const imports = [
    Buffer.concat([text('env'), text('memory'), Buffer.from([0x02, 0x01, 0x01, 0x02])]), // memory, min 1 max 2
    ...modules.map((module) => Buffer.concat([text(module), text('f'), Buffer.from([0x00, 0x00])])), // func, type 0
  ];
  const section = (id: number, body: Buffer) => Buffer.concat([Buffer.from([id]), vec(body)]);
  return Buffer.concat([
    Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]),
    section(0, Buffer.concat([text('name'), Buffer.from([0])])), // a custom section first
    section(1, Buffer.from([0x01, 0x60, 0x00, 0x00])), // one type: () -> ()
    section(2, Buffer.concat([Buffer.from([imports.length]), ...imports])),
  ]);
}

describe('findOutsideImport', () => {
  it.each([
    ['dynamic import as text', 'await import("file:///data/secret.key", { with: { type: "text" } });', 'file:///data/secret.key'],
    ['dynamic import as bytes', 'await import("/data/secret.key", { with: { type: "bytes" } });', '/data/secret.key'],
    ['dynamic import as json', "await import('../../../../config.json', { with: { type: 'json' } });", '../../../../config.json'],
    ['the older assert', 'await import("file:///etc/passwd", { assert: { type: "text" } });', 'file:///etc/passwd'],
    ['a template literal', 'await import(`file:///etc/passwd`, { with: { type: "text" } });', 'file:///etc/passwd'],
    ['a comment inside the call', 'await import(/* hi */ "/etc/passwd");', '/etc/passwd'],
    ['no attributes', 'await import("file:///srv/other/bundle/index.ts");', 'file:///srv/other/bundle/index.ts'],
    ['import.defer()', 'await import.defer("file:///x.js");', 'file:///x.js'],
    ['a static import', 'import passwd from "file:///etc/passwd" with { type: "text" };', 'file:///etc/passwd'],
    ['a side-effect import', 'import "/etc/x.js";', '/etc/x.js'],
    ['a deferred import', 'import defer * as x from "/etc/x.js";', '/etc/x.js'],
    ['export *', 'export * from "/etc/x";', '/etc/x'],
    ['export { } from', 'export { a } from "file:///etc/x.ts";', 'file:///etc/x.ts'],
    ['import = require()', 'import x = require("/etc/x.cjs");', '/etc/x.cjs'],
    ['require()', 'const x = require("../../../../../x.cjs");', '../../../../../x.cjs'],
    ['file://localhost', 'await import("file://localhost/etc/passwd", { with: { type: "text" } });', 'file://localhost/etc/passwd'],
    ['an upper-case scheme', 'import "FILE:///etc/x.ts";', 'FILE:///etc/x.ts'],
    ['a scheme-relative path', 'import "//etc/x.ts";', '//etc/x.ts'],
    ['an escaped string', 'import "\\x66ile:///etc/x.ts";', 'file:///etc/x.ts'],
  ])('refuses %s', async (_, source, specifier) => {
    expect(await found(source)).toBe(specifier);
  });

  it.each([
    ['climbs one level too many', '../../../../secret.key'],
    ['climbs with percent-encoded dots', './%2e%2e/%2E%2e/.%2e/%2e./secret.key'],
    ['climbs with percent-encoded slashes', './..%2f..%2f..%2f..%2fsecret.key'],
    ['climbs with backslashes', './..\\..\\..\\..\\secret.key'],
    ['climbs out and back in by a name', '../../../../bundle/supabase/functions/leak/index.ts'],
    ['climbs out past a folder it names', './a/../../../../../b'],
    ['an absolute path', '/secret.key'],
  ])('refuses a path that %s', async (_, specifier) => {
    expect(await found(`await import(${JSON.stringify(specifier)}, { with: { type: 'text' } });`)).toBe(specifier);
  });

  it('resolves relative paths from the importing file: climbing inside the bundle is fine', async () => {
    expect(await found("import '../../../secret.key' with { type: 'text' };")).toBeUndefined(); // the bundle's root
    expect(await found("import '../../../secret.key' with { type: 'text' };", 'supabase/functions/leak/deeper/index.ts')).toBeUndefined();
    expect(await found("import '../secret.key' with { type: 'text' };", 'index.ts')).toBe('../secret.key');
  });

  it('reads every module Deno would run: any case of a code extension, no extension, CommonJS', async () => {
    const leak = 'await import("file:///etc/passwd", { with: { type: "text" } });';
    for (const file of ['a/b.TS', 'a/b.Js', 'a/b.tsx', 'a/b.jsx', 'a/b.mjs', 'a/b.mts', 'a/b.cjs', 'a/b.cts', 'a/b', 'a/.hidden'])
      expect(await check({ 'index.ts': '', [file]: leak })).toEqual({ kind: 'import', file, specifier: 'file:///etc/passwd' });
    for (const file of ['README.md', 'notes.txt', 'data.json', 'a/b.', 'page.html'])
      expect(await check({ 'index.ts': '', [file]: `import x from "file:///etc/passwd";` })).toBeUndefined();
  });

  it('reads JSX files as JSX, and the @jsxImportSource pragma', async () => {
    expect(await found('const a = <div title="/etc/passwd">{"file:///x"}</div>;', 'index.tsx')).toBeUndefined();
    expect(await found('/** @jsxImportSource file:///data/jsx */\nexport const a = <div />;', 'index.tsx')).toBe(
      'file:///data/jsx/jsx-runtime',
    );
    expect(await found('/** @jsxImportSource npm:preact */\nexport const a = <div />;', 'index.tsx')).toBeUndefined();
  });

  it('reads the modules of data: URLs, base64 or not', async () => {
    const inner = `export default (await import('file:///data/secret.key', { with: { type: 'text' } })).default;`;
    expect(await found(`await import(${JSON.stringify(`data:text/javascript,${inner}`)});`)).toBe('file:///data/secret.key');
    const base64 = `data:application/typescript;base64,${Buffer.from(inner).toString('base64')}`;
    expect(await found(`import ${JSON.stringify(base64)};`)).toBe('file:///data/secret.key');
    const wasmUrl = `data:application/wasm;base64,${wasm(['file:///etc/x.js']).toString('base64')}`;
    expect(await found(`import ${JSON.stringify(wasmUrl)};`)).toBe('file:///etc/x.js');
    // Nothing relative resolves in a data: module (Deno: 'relative URL with a cannot-be-a-base base').
    expect(await found(`import "data:text/javascript,import 'https://esm.sh/x'; import '/etc/x.js'; import '../x.js';";`)).toBeUndefined();
    let nested = `import "file:///etc/x.js";`;
    for (let i = 0; i < 4; i++)
      nested = `import ${JSON.stringify(`data:text/javascript;base64,${Buffer.from(nested).toString('base64')}`)};`;
    expect(await check({ [ENTRY]: nested })).toEqual({ kind: 'data-too-deep', file: ENTRY });
  });

  it('reads the imports of WebAssembly modules', async () => {
    expect(wasmImports(wasm(['./ok.js', 'wasm:js-string']))).toEqual(['env', './ok.js', 'wasm:js-string']);
    expect(await check({ [ENTRY]: '', 'supabase/functions/leak/m.wasm': wasm(['./ok.js']) })).toBeUndefined();
    expect(await check({ [ENTRY]: '', 'supabase/functions/leak/m.WASM': wasm(['./ok.js', '../../../../x.js']) })).toEqual({
      kind: 'import',
      file: 'supabase/functions/leak/m.WASM',
      specifier: '../../../../x.js',
    });
    expect(wasmImports(Buffer.from('not wasm'))).toEqual([]);
    expect(wasmImports(wasm(['file:///x.js']).subarray(0, 40))).toEqual(['env']); // cut short: what was read
  });

  it('counts every string of a file with syntax errors, the parser having skipped parts of it', async () => {
    // TypeScript does not know source phase imports (Deno does).
    expect(await check({ [ENTRY]: 'import source mod from "file:///data/x.wasm";' })).toEqual({
      kind: 'syntax-error',
      file: ENTRY,
      specifier: 'file:///data/x.wasm',
    });
    expect(await found('const a = ;\nfetch("/api/x");')).toBe('/api/x');
    expect(await found('const a = ;\nfetch("https://example.com/x");')).toBeUndefined();
  });

  it('lets through own files, npm:, jsr:, node:, https: and bare specifiers', async () => {
    const source = [
      "import { greet } from '../_shared/greet.ts';",
      "import './lib/a.ts';",
      "import data from './data.json' with { type: 'json' };",
      "import { z } from 'npm:zod@3';",
      "import { join } from 'jsr:@std/path@1';",
      "import { Buffer } from 'node:buffer';",
      "import x from 'https://esm.sh/x@1';",
      "import y from 'lodash';",
      "export * from './lib/b.ts';",
      "await import('./lib/lazy.ts');",
      'await import(`../_shared/${"x"}.ts`);',
    ].join('\n');
    expect(await found(source)).toBeUndefined();
  });

  it('leaves types, strings, comments, regular expressions and computed specifiers alone', async () => {
    const source = [
      "import type { Database } from '../../../../types/database.ts';",
      "export type { Row } from '/abs/types.ts';",
      "import type Legacy = require('/abs/legacy');",
      "type T = typeof import('file:///x.ts');",
      "const paths = ['/etc/passwd', 'file:///etc/passwd', '../../../../x'];",
      "// import 'file:///etc/passwd';",
      "/* await import('/etc/passwd') */",
      'const quote = /"/; const s = "import(\'/etc/passwd\')";',
      "const name = '/etc/passwd'; await import(name, { with: { type: 'text' } });",
      "await import('file:///etc/' + 'passwd', { with: { type: 'text' } });",
      "await import(`file:///etc/${'passwd'}`, { with: { type: 'text' } });",
      "import.meta.resolve('file:///etc/passwd'); new URL('/etc/passwd', import.meta.url);",
      "new Worker('file:///etc/x.js', { type: 'module' });",
      "fetch('/api/health'); obj.require('/etc/x');",
    ].join('\n');
    expect(await found(source)).toBeUndefined();
  });

  it('checks the import map: imports and scopes, against its own place in the bundle', async () => {
    const map = 'supabase/functions/import_map.json';
    const refused = async (importMap: unknown) => check({ [ENTRY]: 'import "x";', [map]: JSON.stringify(importMap) }, map);
    expect(await refused({ imports: { secret: 'file:///etc/passwd' } })).toEqual({
      kind: 'import-map',
      file: map,
      key: 'secret',
      target: 'file:///etc/passwd',
    });
    expect(await refused({ imports: { secret: '/etc/passwd' } })).toMatchObject({ target: '/etc/passwd' });
    expect(await refused({ imports: { 'up/': '../../../' } })).toMatchObject({ key: 'up/', target: '../../../' });
    expect(await refused({ imports: { 'up/': '../../' } })).toBeUndefined(); // the bundle's root
    expect(await refused({ scopes: { './leak/': { secret: 'file:///data/secret.key' } } })).toMatchObject({
      target: 'file:///data/secret.key',
    });
    expect(await refused({ imports: { x: 'data:text/javascript,import "file:///etc/x.js"' } })).toMatchObject({
      kind: 'import',
      specifier: 'file:///etc/x.js',
    });
    const fine = { imports: { std: 'https://deno.land/std@0.224.0/', zod: 'npm:zod@3', shared: './_shared/', bad: 'not-a-url' } };
    expect(await refused(fine)).toBeUndefined();
    // Duplicate keys (Deno keeps the last), a byte order mark, JSON escapes: every target is read.
    const text = '\uFEFF{"\\u0069mports": {"a": "file:///etc/passwd", "a": "./ok.ts"}}';
    expect(await check({ [ENTRY]: '', [map]: text }, map)).toMatchObject({ key: 'a', target: 'file:///etc/passwd' });
  });

  it('ignores a deno.json that is not the import map: workers run with --no-config', async () => {
    const denoJson = JSON.stringify({ imports: { secret: 'file:///etc/passwd' } });
    expect(await check({ [ENTRY]: 'import "secret";', 'supabase/functions/deno.json': denoJson })).toBeUndefined();
    expect(await check({ [ENTRY]: '', 'deno.json': denoJson }, 'deno.json')).toMatchObject({ kind: 'import-map', key: 'secret' });
  });

  it('says which file names what', () => {
    expect(outsideImportMessage({ kind: 'import', file: 'a/index.ts', specifier: 'file:///etc/passwd' })).toBe(
      'a/index.ts imports "file:///etc/passwd", a file outside the function: import its own files by relative paths that stay inside it, and other modules as npm:, jsr: or https: specifiers',
    );
    expect(outsideImportMessage({ kind: 'import-map', file: 'map.json', key: 'secret', target: '/etc/passwd' })).toBe(
      'The import map map.json maps "secret" to "/etc/passwd", a file outside the function: map names to its own files or to npm:, jsr: or https: specifiers',
    );
    expect(outsideImportMessage({ kind: 'syntax-error', file: 'a.ts', specifier: '/x' })).toContain('a.ts has a syntax error');
    expect(outsideImportMessage({ kind: 'data-too-deep', file: 'a.ts' })).toContain('nested more than 3 deep');
    expect(outsideImportMessage({ kind: 'import', file: 'a.ts', specifier: `data:,${'x'.repeat(500)}` }).length).toBeLessThan(400);
  });
});
