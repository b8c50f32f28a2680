// ESLint for the whole monorepo: typescript-eslint's recommended rules (syntax only, no type
// information, so a full run stays fast), React's hook rules for the dashboard, and the zones that
// keep the layers pointing one way. Prettier owns formatting (eslint-config-prettier, last).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const S = 'packages/server/src';

// The server's layers, lowest first. A layer may import the layers below it and never one above.
// The domain folders form one layer: they may import each other.
export const SERVER_LAYERS = {
  kernel: ['kernel'],
  instances: ['instances'],
  store: ['store'],
  domain: ['services', 'meta', 'advisors', 'rest', 'gotrue', 'storage', 'functions', 'logs', 'ai', 'realtime', 'graphql'],
  jobs: ['jobs'],
  http: ['http'],
};
// Root files of packages/server/src, by where they sit.
// Leaves: importable from every layer; they import no layer themselves (config.ts reads three
// leaf settings parsers, listed in CONFIG_READS).
export const SERVER_LEAVES = ['config.ts', 'logger.ts', 'rounds.ts', 'trusted-proxies.ts'];
const CONFIG_READS = { storage: 'sizes.ts', functions: 'config.ts', ai: 'config.ts' };
// Better Auth's setup uses the store: it sits with the domain layer (http uses it).
export const SERVER_DOMAIN_FILES = ['auth.ts', 'account-rules.ts'];
// The composition root wires everything together; nothing but itself imports it.
export const SERVER_ROOT = ['platform.ts', 'main.ts', 'index.ts'];

const dirs = (names) => names.map((name) => `${S}/${name}`);
const above = (layer) => {
  const order = Object.keys(SERVER_LAYERS);
  return order.slice(order.indexOf(layer) + 1).flatMap((name) => SERVER_LAYERS[name]);
};
const layerZone = (layer, extra = []) => ({
  target: dirs(SERVER_LAYERS[layer]),
  from: dirs([...above(layer), ...extra, ...SERVER_ROOT]),
  message: `${layer} never imports ${[...above(layer), 'the composition root'].join(', ')} (SERVER_LAYERS in eslint.config.js).`,
});

const zones = [
  // core is pure rules: it imports nothing of ours.
  {
    target: 'packages/core',
    from: ['packages/server', 'packages/web', 'e2e', 'bench'],
    message: 'core imports nothing of ours.',
  },
  { target: 'packages/web', from: ['packages/server', 'e2e', 'bench'], message: 'web never imports the server.' },
  { target: 'packages/server/src', from: ['packages/web', 'e2e', 'bench'], message: 'the server never imports web, e2e or bench.' },
  // kernel: below everything; it may read the types of the driver and the store (see the type-only rule below).
  {
    target: `${S}/kernel`,
    from: dirs([...above('store'), ...SERVER_DOMAIN_FILES, ...SERVER_ROOT]),
    message: 'kernel sits below every layer: see SERVER_LAYERS in eslint.config.js.',
  },
  { target: `${S}/kernel`, from: `${S}/instances`, except: ['./types.ts'], message: 'kernel reads only the types of instances/types.ts.' },
  { target: `${S}/kernel`, from: `${S}/store`, except: ['./db.ts'], message: 'kernel reads only the types of store/db.ts.' },
  layerZone('instances', SERVER_DOMAIN_FILES),
  layerZone('store', SERVER_DOMAIN_FILES),
  layerZone('domain'),
  layerZone('jobs'),
  layerZone('http'),
  {
    target: dirs(SERVER_DOMAIN_FILES),
    from: dirs([...SERVER_LAYERS.jobs, ...SERVER_LAYERS.http, ...SERVER_ROOT]),
    message: 'auth sits with the domain layer.',
  },
  // Leaves import no layer (config.ts only its three settings parsers).
  {
    target: dirs(SERVER_LEAVES.filter((f) => f !== 'config.ts')),
    from: dirs([...Object.values(SERVER_LAYERS).flat(), ...SERVER_DOMAIN_FILES, ...SERVER_ROOT, 'config.ts']),
    message: 'a root leaf imports no layer.',
  },
  {
    target: `${S}/config.ts`,
    from: dirs([
      ...Object.values(SERVER_LAYERS)
        .flat()
        .filter((d) => !(d in CONFIG_READS)),
      ...SERVER_DOMAIN_FILES,
      ...SERVER_ROOT,
    ]),
    message: 'config.ts imports no layer.',
  },
  ...Object.entries(CONFIG_READS).map(([dir, file]) => ({
    target: `${S}/config.ts`,
    from: `${S}/${dir}`,
    except: [`./${file}`],
    message: `config.ts reads only ${dir}/${file}.`,
  })),
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/', '**/dist/', 'data/', 'test-results/', 'packages/web/src/data/api-types/'], // the last: generated
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // What no-cycle reads of an imported file: our TypeScript, parsed as ESLint parses it.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      // No file imports one that leads back to it: shared types and constants go in the lower file
      // (or one of their own), so each pair reads one way. The rule skips type-only imports and
      // packages (ignoreExternal keeps it from parsing node_modules: a full lint stays fast).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // A leading underscore marks a binding kept on purpose (a skipped argument, a field left out of a rest copy).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Off: our rethrown errors already carry the caught one's text, and pino appends a cause's message to the
      // logged one, so `{ cause }` would print it twice in every log line.
      'preserve-caught-error': 'off',
    },
  },
  {
    // Off in tests: they read untyped JSON answers and poke at internals on purpose.
    files: ['**/*.test.ts', '**/*.test.tsx', 'packages/server/test/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Type-only imports are erased at run time, so the kernel may name the driver's and the store's types.
    files: [`${S}/kernel/**`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../instances/*', '../store/*'],
              allowTypeImports: true,
              message: 'kernel imports only types from instances and store.',
            },
          ],
        },
      ],
    },
  },
  {
    // A package name our resolver cannot follow (web has no entry point) still counts.
    files: ['packages/core/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@basin/(?!core(/|$))', message: 'core imports nothing of ours.' }] },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The two classic hook rules. The plugin's React Compiler rules (static-components, purity, refs, ...)
    // run the compiler on every component: three quarters of the lint time, for a compiler we do not use.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  prettier,
);
