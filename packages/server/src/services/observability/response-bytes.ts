/**
 * The size of an answer's body, for the egress of the usage page: its Content-Length when it says
 * one (stored files, data API rows), else counted as the body streams out (functions, auth).
 */

/**
 * Calls `done` once with the bytes of `response`'s body: at once when they are known, else when
 * the body has been sent or the client went away (with what was sent until then). Answers the
 * response to send, which is `response` itself unless its body had to be counted on the way.
 */
export function measureBody(response: Response, method: string, done: (bytes: number) => void): Response {
  // The headers first: reading `body` turns node-server's lightweight answer (a string it writes
  // at once) into a web stream it must pump, which cost a one-row GET a third of its CPU.
  const length = response.headers.get('content-length');
  if (method === 'HEAD') return (done(0), response);
  if (length !== null && /^\d+$/.test(length)) return (done(Number(length)), response);
  if (response.body === null) return (done(0), response);
  const reader = response.body.getReader();
  let bytes = 0;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    done(bytes);
  };
  const counted = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: ended, value } = await reader.read();
        if (ended) {
          controller.close();
          finish();
          return;
        }
        bytes += value.byteLength;
        controller.enqueue(value);
      } catch (error) {
        finish();
        controller.error(error);
      }
    },
    cancel(reason) {
      finish();
      return reader.cancel(reason);
    },
  });
  return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
}
