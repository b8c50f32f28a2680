/**
 * A local HTTP server speaking OpenAI's chat completions streaming protocol (`POST
 * /v1/chat/completions` with `stream: true`: SSE `data:` chunks, then `data: [DONE]`), scripted
 * answer by answer, recording every request it gets, so tests can assert exactly what the model
 * was sent. The only stand-in in the assistant's tests: Basin talks to it as to any provider.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One piece of a streamed answer. */
export type StandInChunk =
  | { text: string }
  | { reasoning: string }
  /** A tool call, its arguments sent in the given pieces (the model streams JSON in fragments). */
  | { toolCall: { id: string; name: string; arguments: string[] } }
  | { finish: 'stop' | 'tool_calls' | 'length' };

export type StandInAnswer =
  | {
      kind: 'stream';
      chunks: StandInChunk[];
      /** Wait before each chunk. */
      delayMs?: number;
      /** Keep the connection open after the chunks, until the client goes (a stop mid-stream). */
      hang?: boolean;
    }
  /** An error answer with its status and JSON body, as OpenAI-compatible servers send them. */
  | { kind: 'error'; status: number; body: unknown }
  /** The connection dropped without an answer. */
  | { kind: 'drop' };

export interface StandInRequest {
  body: any;
  authorization: string | undefined;
  path: string;
  /** Whether the client went away before the answer ended. */
  aborted: boolean;
}

export const text = (...pieces: string[]): StandInAnswer => ({
  kind: 'stream',
  chunks: [...pieces.map((t) => ({ text: t })), { finish: 'stop' }],
});

/** A tool call whose JSON arguments arrive in `pieces` fragments. */
export function toolCall(name: string, args: unknown, id = `call_${name}`, pieces = 3): StandInAnswer {
  const json = JSON.stringify(args);
  const size = Math.ceil(json.length / pieces);
  const fragments = Array.from({ length: pieces }, (_, i) => json.slice(i * size, (i + 1) * size)).filter(Boolean);
  return { kind: 'stream', chunks: [{ toolCall: { id, name, arguments: fragments } }, { finish: 'tool_calls' }] };
}

export const contextTooLong = (): StandInAnswer => ({
  kind: 'error',
  status: 400,
  body: {
    error: {
      message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9001 tokens.",
      type: 'invalid_request_error',
      param: 'messages',
      code: 'context_length_exceeded',
    },
  },
});

export interface OpenAiStandIn {
  /** The base URL to configure, ending in /v1. */
  url: string;
  requests: StandInRequest[];
  /** Answers for the next requests, in order; once they run out, every request gets `text('OK')`. */
  script(...answers: StandInAnswer[]): void;
  /** Resolves once `count` requests have arrived. */
  waitForRequests(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startOpenAiStandIn(): Promise<OpenAiStandIn> {
  const queue: StandInAnswer[] = [];
  const requests: StandInRequest[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const sockets = new Set<import('node:net').Socket>();

  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const piece of req) raw += piece;
    const record: StandInRequest = {
      body: raw ? JSON.parse(raw) : null,
      authorization: req.headers.authorization,
      path: req.url ?? '',
      aborted: false,
    };
    requests.push(record);
    for (const waiter of waiters.filter((w) => requests.length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
    res.on('close', () => {
      if (!res.writableFinished) record.aborted = true;
    });
    const answer = queue.shift() ?? text('OK');
    if (answer.kind === 'drop') return req.socket.destroy();
    if (answer.kind === 'error') {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(answer.body));
    }
    await stream(res, record.body?.model ?? 'model', answer);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...answers) => queue.push(...answers),
    waitForRequests: (count) =>
      requests.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function stream(res: http.ServerResponse, model: string, answer: Extract<StandInAnswer, { kind: 'stream' }>): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
  const created = Math.floor(Date.now() / 1000);
  const send = (delta: object, finish: string | null = null) =>
    res.write(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
    );
  let toolIndex = 0;
  let first = true;
  for (const chunk of answer.chunks) {
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (res.destroyed) return;
    const role = first ? { role: 'assistant' } : {};
    first = false;
    if ('text' in chunk) send({ ...role, content: chunk.text });
    else if ('reasoning' in chunk) send({ ...role, reasoning_content: chunk.reasoning });
    else if ('toolCall' in chunk) {
      const index = toolIndex++;
      const { id: callId, name, arguments: pieces } = chunk.toolCall;
      send({ ...role, tool_calls: [{ index, id: callId, type: 'function', function: { name, arguments: '' } }] });
      for (const piece of pieces) send({ tool_calls: [{ index, function: { arguments: piece } }] });
    } else send({}, chunk.finish);
  }
  if (answer.hang) return; // the client ends it
  res.write(
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } })}\n\n`,
  );
  res.end('data: [DONE]\n\n');
}
