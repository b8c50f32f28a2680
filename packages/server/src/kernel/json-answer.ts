/**
 * A JSON answer that says its length, as `application/json` unless the headers name a type. The
 * gateway sends such an answer as it is; one of unknown length it counts while streaming it out
 * for the usage figures (response-bytes.ts), which cost an auth API request about a tenth of its
 * CPU. (Hono's c.json and Response.json say no length.)
 */
export function jsonAnswer(body: unknown, init: { status?: number; headers?: ConstructorParameters<typeof Headers>[0] } = {}): Response {
  const text = JSON.stringify(body);
  const headers = new Headers(init.headers);
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  headers.set('content-length', String(Buffer.byteLength(text)));
  return new Response(text, { status: init.status ?? 200, headers });
}
