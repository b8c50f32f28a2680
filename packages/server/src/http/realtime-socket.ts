/**
 * Realtime's WebSocket door: `/realtime/v1/websocket` of a project's API, on the project's host
 * or by path (`/api/projects/{ref}/gateway/realtime/v1/websocket`), as the gateway serves its
 * other APIs. The `apikey` query parameter (realtime-js sends it there: browsers cannot set
 * headers on a WebSocket) must be one of the project's current keys; the project must be running.
 * Refusals are HTTP answers to the upgrade request; realtime-js then retries with backoff.
 */
import { type IncomingMessage, type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { API_KEYS_MESSAGES, MESSAGES } from '@basin/core';
import type { PlatformContext } from '../kernel/context.ts';
import { closeAllRealtime, hubFor } from '../realtime/hub.ts';
import { VSNS, type Vsn } from '../realtime/protocol.ts';
import { ClientSocket } from '../realtime/socket.ts';
import { checkProjectKey } from '../services/api/api-keys.ts';
import { projectJwtKeys } from '../services/api/jwt-keys.ts';
import * as projects from '../store/projects.ts';
import { projectRefOfHost } from './gateway.ts';

const SOCKET_PATH = '/realtime/v1/websocket';
/** The largest message a client may send (Realtime's default payload limit is 256 KB; headers on top). */
const MAX_MESSAGE_BYTES = 3 * 1024 * 1024;

/** The project a socket request is for, by Host or by path; undefined for any other upgrade. */
function projectOf(request: IncomingMessage, domain: string): { ref: string; url: URL } | undefined {
  const url = new URL(request.url ?? '/', 'http://socket');
  const path = url.pathname.replace(/\/+$/, '');
  const byHost = projectRefOfHost(request.headers.host, domain);
  if (byHost) return path === SOCKET_PATH ? { ref: byHost, url } : undefined;
  const byPath = /^\/api\/projects\/([^/]+)\/gateway(\/.*)$/.exec(path);
  return byPath?.[2] === SOCKET_PATH ? { ref: byPath[1]!, url } : undefined;
}

function refuse(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

export function serveRealtimeSockets(ctx: PlatformContext, server: Server): { close(): Promise<void> } {
  const sockets = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: MAX_MESSAGE_BYTES });

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const target = projectOf(request, ctx.config.domain);
    if (!target) return refuse(socket, 404, 'No such route on the project API');
    const vsn = (target.url.searchParams.get('vsn') ?? '1.0.0') as Vsn;
    if (!VSNS.includes(vsn)) return refuse(socket, 400, `Unsupported protocol version ${vsn}: use 1.0.0 or 2.0.0`);
    const project = await projects.findSnapshot(ctx.db, target.ref);
    if (!project) return refuse(socket, 404, MESSAGES.notFound('Project'));
    const key = target.url.searchParams.get('apikey') ?? request.headers.apikey;
    if (typeof key !== 'string' || !key) return refuse(socket, 401, API_KEYS_MESSAGES.gatewayMissingKey);
    const check = await checkProjectKey(ctx, target.ref, key);
    if (!check.role || check.rotatedOut) return refuse(socket, 401, API_KEYS_MESSAGES.gatewayInvalidKey);
    if (project.status !== 'ACTIVE_HEALTHY') return refuse(socket, 503, `The project is not running (status ${project.status})`);
    sockets.handleUpgrade(request, socket, head, (ws) => {
      new ClientSocket(ws, hubFor(ctx, target.ref), {
        vsn,
        keyAuth: { role: check.role, claims: check.claims },
        jwtKeys: () => projectJwtKeys(ctx, target.ref),
      });
    });
  }

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgrade(request, socket, head).catch((err: unknown) => {
      ctx.logger.error({ err }, 'realtime socket not opened');
      refuse(socket, 503, 'Realtime is unavailable');
    });
  });

  return {
    async close() {
      await closeAllRealtime(ctx);
      sockets.close();
    },
  };
}
