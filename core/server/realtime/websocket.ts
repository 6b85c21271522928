import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, createWebSocketStream } from 'ws';

/** The path the broker answers on; every other upgrade request is left to other listeners. */
export const REALTIME_PATH = '/mqtt';

/** Subprotocols MQTT clients ask for: "mqtt" (3.1.1, what browsers' mqtt.js sends) and "mqttv3.1". */
const MQTT_SUBPROTOCOLS = ['mqtt', 'mqttv3.1'];

/** Clients only send small control packets (CONNECT, SUBSCRIBE, PINGREQ); anything larger is refused. */
const MAX_INBOUND_FRAME_BYTES = 64 * 1024;

/** The WebSocket under each connection's byte stream, for writes that need not go through the stream. */
const socketOf = new WeakMap<Duplex, WebSocket>();
const BINARY_FRAME = { binary: true, compress: false, fin: true } as const;

export interface WebSocketGateway {
  /** Terminates every open socket and stops accepting upgrades. */
  close(): Promise<void>;
}

/**
 * Accepts WebSocket upgrades on /mqtt of an existing HTTP server and hands each connection to `onStream`
 * as a byte stream carrying MQTT packets.
 */
export function attachWebSocketGateway(
  server: Server,
  onStream: (stream: Duplex, request: IncomingMessage) => void,
): WebSocketGateway {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_INBOUND_FRAME_BYTES,
    // Compression would cost a deflate per subscriber per message: the same frame could no longer go to all.
    perMessageDeflate: false,
    handleProtocols: (offered) => MQTT_SUBPROTOCOLS.find((protocol) => offered.has(protocol)) ?? false,
  });
  let closed = false;

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (pathOf(request.url) !== REALTIME_PATH) {
      // With no other upgrade listener, answer now rather than leave the socket open until it times out.
      if (server.listenerCount('upgrade') === 1) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    if (closed) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => onStream(toStream(ws), request));
  };
  server.on('upgrade', onUpgrade);

  return {
    async close() {
      closed = true;
      server.off('upgrade', onUpgrade);
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function pathOf(url: string | undefined): string {
  if (!url) return '';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * A byte stream over the socket. Writes queued while an earlier one is in flight go out joined in one
 * WebSocket frame instead of one frame each.
 */
function toStream(ws: WebSocket): Duplex {
  const stream = createWebSocketStream(ws);
  socketOf.set(stream, ws);
  stream._writev = (chunks, callback) => {
    const joined = chunks.length === 1 ? chunks[0].chunk : Buffer.concat(chunks.map(({ chunk }) => chunk));
    stream._write(joined, 'buffer' as BufferEncoding, callback);
  };
  // The MQTT layer reports connection errors itself; a socket reset before it takes over is not an error here.
  stream.on('error', () => {});
  return stream;
}

/**
 * Writes bytes of MQTT packets to a connection from `onStream` as one binary frame, unless more than
 * `maxBacklogBytes` already wait for it (a slow reader): then nothing is written and the result is false.
 * When the stream holds nothing of its own, the bytes go straight to the WebSocket (the same order, without the
 * stream's per-write work); otherwise they queue behind what the MQTT layer wrote.
 */
export function writeToConnection(stream: Duplex, bytes: Buffer, maxBacklogBytes: number): boolean {
  const ws = socketOf.get(stream);
  if (stream.writableLength + (ws?.bufferedAmount ?? 0) > maxBacklogBytes) return false;
  if (ws && stream.writableLength === 0 && ws.readyState === WebSocket.OPEN) ws.send(bytes, BINARY_FRAME);
  else stream.write(bytes);
  return true;
}
