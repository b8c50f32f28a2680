/**
 * The two small modules a worker starts from, written beside the function's bundle:
 * `basin-setup.js` runs first (ES modules evaluate in import order) and makes the user's
 * `Deno.serve(handler)` listen on the worker's Unix socket, whatever port it names; it routes
 * `fetch` calls to the project's own API (SUPABASE_URL) through the platform's socket, since the
 * sandbox denies every address of this machine. `basin-main.js` imports the setup, then the
 * entrypoint, and serves a default export with a `fetch` method if nothing called Deno.serve.
 */

export const SETUP_FILE = 'basin-setup.js';
export const MAIN_FILE = 'basin-main.js';

export const SETUP_SOURCE = `// Written by Basin: the worker's side of the platform (see functions/bootstrap.ts).
const [listenPath, gatewaySocket, envNames = ''] = Deno.args;

// The sandbox lets the function read only its own variables (--allow-env): any other name reads
// as unset, as it would on a machine where it is not set, rather than throwing NotCapable.
const readable = new Set(envNames.split(',').filter(Boolean));
const env = Deno.env;
const nativeGet = env.get.bind(env);
Object.defineProperties(env, {
  get: { value: (name) => (readable.has(name) ? nativeGet(name) : undefined) },
  has: { value: (name) => readable.has(name) && nativeGet(name) !== undefined },
  toObject: { value: () => Object.fromEntries([...readable].map((name) => [name, nativeGet(name)]).filter(([, value]) => value !== undefined)) },
});
const nativeServe = Deno.serve.bind(Deno);
let served = false;

function serve(first, second) {
  const handler = typeof first === 'function' ? first : typeof second === 'function' ? second : first?.handler;
  if (typeof handler !== 'function') throw new TypeError('Deno.serve needs a handler function');
  if (served) throw new Error('A function calls Deno.serve once: this worker already serves');
  served = true;
  const options = first && typeof first === 'object' ? first : {};
  // Requests arrive on a Unix socket (http+unix://localhost/...): give the function the URL its caller used.
  const withCallersUrl = (request, info) => {
    const url = new URL(request.url);
    const host = request.headers.get('host') || 'localhost';
    return handler(new Request(\`http://\${host}\${url.pathname}\${url.search}\`, request), info);
  };
  return nativeServe({ path: listenPath, signal: options.signal, onError: options.onError, onListen() {} }, withCallersUrl);
}
Object.defineProperty(Deno, 'serve', { value: serve, writable: false, configurable: false });

let gatewayOrigin;
try {
  gatewayOrigin = new URL(Deno.env.get('SUPABASE_URL') ?? '').origin;
} catch {
  gatewayOrigin = undefined;
}
const nativeFetch = globalThis.fetch;
let gatewayClient;
globalThis.fetch = function fetch(input, init) {
  let origin;
  try {
    origin = new URL(input instanceof Request ? input.url : String(input)).origin;
  } catch {
    origin = undefined;
  }
  if (gatewayOrigin && origin === gatewayOrigin) {
    gatewayClient ??= Deno.createHttpClient({ proxy: { transport: 'unix', path: gatewaySocket } });
    return nativeFetch(input, { ...init, client: gatewayClient });
  }
  return nativeFetch(input, init);
};

// A promise nobody awaited is logged, not the end of the worker (and of its other requests).
globalThis.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  console.error('Uncaught (in promise)', event.reason);
});

export function serveDefault(entry) {
  if (served) return;
  const fetchHandler = entry?.default?.fetch;
  if (typeof fetchHandler === 'function') serve((request, info) => fetchHandler.call(entry.default, request, info));
  else throw new Error('The function neither called Deno.serve nor exported a default { fetch } handler');
}
`;

/** The main module: the setup, then the entrypoint (a URL relative to the worker's directory). */
export function mainSource(entrypointUrl: string): string {
  return `import { serveDefault } from './${SETUP_FILE}';\nimport * as entry from ${JSON.stringify(entrypointUrl)};\nserveDefault(entry);\n`;
}
