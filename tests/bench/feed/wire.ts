/**
 * A lean MQTT 3.1.1 subscriber over WebSocket for the feed benchmark: a plain TCP socket, the WebSocket
 * handshake and framing written out, CONNECT / SUBSCRIBE / PINGREQ encoded by hand and a streaming reader of the
 * packets that come back. It costs a few hundred bytes and a few microseconds a message, so thousands of them
 * fit in one load process and the benchmark measures the broker rather than its clients.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

export interface SubscriberEvents {
  /** Every subscription was granted: the subscriber is live. */
  ready(): void;
  /** A PUBLISH arrived; its payload is `bytes[start, end)`. The bytes are only valid during the call. */
  message(topic: string, bytes: Buffer, start: number, end: number): void;
  /** The connection failed or closed; `reason` says why. */
  closed(reason: string): void;
}

const MQTT_CONNACK = 2;
const MQTT_PUBLISH = 3;
const MQTT_SUBACK = 9;
const MQTT_PINGRESP = 13;
const WS_CONTINUATION = 0x0;
const WS_BINARY = 0x2;
const WS_CLOSE = 0x8;
const WS_PING = 0x9;
const WS_PONG = 0xa;
const SUBACK_FAILURE = 0x80;

/** One subscriber connection. */
export class LeanSubscriber {
  private readonly socket: Socket;
  private upgraded = false;
  /** Bytes of an incomplete WebSocket frame (or handshake response), and how many the frame needs in all. */
  private partialFrame: Buffer[] = [];
  private partialBytes = 0;
  private neededBytes = 0;
  /** MQTT bytes of an incomplete packet (the broker joins whole packets per frame, but a reader must not rely on it). */
  private partialPacket: Buffer | null = null;
  private done = false;

  constructor(
    url: URL,
    private readonly clientId: string,
    private readonly topics: readonly string[],
    private readonly keepaliveSeconds: number,
    private readonly events: SubscriberEvents,
  ) {
    this.socket = connect(Number(url.port), url.hostname);
    this.socket.setNoDelay(true);
    this.socket.on('connect', () => this.socket.write(upgradeRequest(url)));
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', (error) => this.close(`socket error: ${error.message}`));
    this.socket.on('close', () => this.close('socket closed'));
  }

  ping(): void {
    if (this.upgraded && !this.done) this.sendMqtt(Buffer.from([0xc0, 0x00]));
  }

  close(reason = 'closed by the benchmark'): void {
    if (this.done) return;
    this.done = true;
    this.socket.destroy();
    this.events.closed(reason);
  }

  private onData(chunk: Buffer): void {
    if (this.partialBytes > 0) {
      this.partialFrame.push(chunk);
      this.partialBytes += chunk.length;
      if (this.partialBytes < this.neededBytes) return;
      chunk = Buffer.concat(this.partialFrame, this.partialBytes);
      this.partialFrame = [];
      this.partialBytes = 0;
    }
    let offset = this.upgraded ? 0 : this.readHandshake(chunk);
    if (offset < 0 || this.done) return;
    while (offset < chunk.length) {
      const frameEnd = this.readFrame(chunk, offset);
      if (frameEnd < 0) {
        this.partialFrame = [chunk.subarray(offset)];
        this.partialBytes = chunk.length - offset;
        this.neededBytes = Math.max(-frameEnd, this.partialBytes + 1);
        return;
      }
      if (this.done) return;
      offset = frameEnd;
    }
  }

  /** Where the frames start after the 101 response, or -1 while the response is incomplete. */
  private readHandshake(chunk: Buffer): number {
    const end = chunk.indexOf('\r\n\r\n', 0, 'latin1');
    if (end < 0) {
      this.partialFrame = [chunk];
      this.partialBytes = chunk.length;
      this.neededBytes = chunk.length + 1;
      return -1;
    }
    const status = chunk.toString('latin1', 0, chunk.indexOf('\r\n', 0, 'latin1'));
    if (!/^HTTP\/1\.1 101 /.test(status)) {
      this.close(`upgrade refused: ${status}`);
      return -1;
    }
    this.upgraded = true;
    this.sendMqtt(connectPacket(this.clientId, this.keepaliveSeconds));
    return end + 4;
  }

  /** Reads the frame at `offset`: its end, or minus the total bytes needed from `offset` when incomplete. */
  private readFrame(chunk: Buffer, offset: number): number {
    const available = chunk.length - offset;
    if (available < 2) return -2;
    const opcode = chunk[offset] & 0x0f;
    let length = chunk[offset + 1] & 0x7f;
    let header = 2;
    if (length === 126) {
      if (available < 4) return -4;
      length = chunk.readUInt16BE(offset + 2);
      header = 4;
    } else if (length === 127) {
      if (available < 10) return -10;
      length = Number(chunk.readBigUInt64BE(offset + 2));
      header = 10;
    }
    if (available < header + length) return -(header + length);
    const start = offset + header;
    const end = start + length;
    if (opcode === WS_BINARY || opcode === WS_CONTINUATION) this.readPackets(chunk, start, end);
    else if (opcode === WS_PING) this.sendFrame(WS_PONG, chunk.subarray(start, end));
    else if (opcode === WS_CLOSE) this.close('WebSocket closed by the server');
    return end;
  }

  private readPackets(chunk: Buffer, start: number, end: number): void {
    let bytes = chunk;
    if (this.partialPacket) {
      bytes = Buffer.concat([this.partialPacket, chunk.subarray(start, end)]);
      start = 0;
      end = bytes.length;
      this.partialPacket = null;
    }
    let offset = start;
    while (offset < end && !this.done) {
      // Fixed header: type and flags, then the remaining length in 1–4 bytes of 7 bits.
      let remaining = 0;
      let multiplier = 1;
      let cursor = offset + 1;
      let complete = false;
      while (cursor < end && cursor <= offset + 4) {
        const digit = bytes[cursor++];
        remaining += (digit & 0x7f) * multiplier;
        multiplier *= 128;
        if ((digit & 0x80) === 0) {
          complete = true;
          break;
        }
      }
      if (!complete || cursor + remaining > end) {
        this.partialPacket = Buffer.from(bytes.subarray(offset, end));
        return;
      }
      this.onPacket(bytes[offset], bytes, cursor, cursor + remaining);
      offset = cursor + remaining;
    }
  }

  private onPacket(first: number, bytes: Buffer, start: number, end: number): void {
    const type = first >> 4;
    if (type === MQTT_PUBLISH) {
      const topicLength = bytes.readUInt16BE(start);
      const topicEnd = start + 2 + topicLength;
      const qos = (first >> 1) & 0x03;
      const topic = bytes.toString('utf8', start + 2, topicEnd);
      this.events.message(topic, bytes, topicEnd + (qos > 0 ? 2 : 0), end);
    } else if (type === MQTT_CONNACK) {
      const returnCode = bytes[start + 1];
      if (returnCode !== 0) this.close(`CONNACK return code ${returnCode}`);
      else this.sendMqtt(subscribePacket(1, this.topics));
    } else if (type === MQTT_SUBACK) {
      const granted = bytes.subarray(start + 2, end);
      if (granted.length !== this.topics.length || granted.includes(SUBACK_FAILURE)) {
        this.close(`subscription refused: ${[...granted].join(',')}`);
      } else {
        this.events.ready();
      }
    } else if (type !== MQTT_PINGRESP) {
      this.close(`unexpected MQTT packet type ${type}`);
    }
  }

  private sendMqtt(packet: Buffer): void {
    this.sendFrame(WS_BINARY, packet);
  }

  /** A client frame must be masked; the all-zero key leaves the payload as it is. */
  private sendFrame(opcode: number, payload: Buffer): void {
    const extended = payload.length >= 126;
    if (payload.length > 0xffff) throw new RangeError('client frame too large');
    const header = Buffer.alloc(extended ? 8 : 6);
    header[0] = 0x80 | opcode;
    if (extended) {
      header[1] = 0x80 | 126;
      header.writeUInt16BE(payload.length, 2);
    } else {
      header[1] = 0x80 | payload.length;
    }
    this.socket.write(Buffer.concat([header, payload]));
  }
}

function upgradeRequest(url: URL): string {
  return [
    `GET ${url.pathname} HTTP/1.1`,
    `Host: ${url.host}`,
    'Upgrade: websocket',
    'Connection: Upgrade',
    `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
    'Sec-WebSocket-Version: 13',
    'Sec-WebSocket-Protocol: mqtt',
    '',
    '',
  ].join('\r\n');
}

/** CONNECT of MQTT 3.1.1 with a clean session, no credentials (an anonymous reader of public topics). */
export function connectPacket(clientId: string, keepaliveSeconds: number): Buffer {
  const id = Buffer.from(clientId, 'utf8');
  const body = Buffer.concat([
    Buffer.from([0x00, 0x04, 0x4d, 0x51, 0x54, 0x54, 0x04, 0x02, keepaliveSeconds >> 8, keepaliveSeconds & 0xff]),
    lengthPrefixed(id),
  ]);
  return withFixedHeader(0x10, body);
}

/** SUBSCRIBE at QoS 0 for every topic. */
export function subscribePacket(packetId: number, topics: readonly string[]): Buffer {
  const parts: Buffer[] = [Buffer.from([packetId >> 8, packetId & 0xff])];
  for (const topic of topics) parts.push(lengthPrefixed(Buffer.from(topic, 'utf8')), Buffer.from([0]));
  return withFixedHeader(0x82, Buffer.concat(parts));
}

function lengthPrefixed(bytes: Buffer): Buffer {
  const prefix = Buffer.alloc(2);
  prefix.writeUInt16BE(bytes.length);
  return Buffer.concat([prefix, bytes]);
}

function withFixedHeader(first: number, body: Buffer): Buffer {
  const length: number[] = [];
  let rest = body.length;
  do {
    let digit = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) digit |= 0x80;
    length.push(digit);
  } while (rest > 0);
  return Buffer.concat([Buffer.from([first, ...length]), body]);
}

/**
 * `seq` and `ts` of a realtime envelope, which the broker always writes first: {"seq":N,"ts":N,"data":…}.
 * Returns false when the payload does not start that way.
 */
export function readEnvelopeHead(bytes: Buffer, start: number, end: number, into: { seq: number; ts: number }): boolean {
  if (!startsWith(bytes, start, SEQ_KEY)) return false;
  let cursor = start + SEQ_KEY.length;
  let seq = 0;
  while (cursor < end && isDigit(bytes[cursor])) seq = seq * 10 + (bytes[cursor++] - 0x30);
  if (!startsWith(bytes, cursor, TS_KEY)) return false;
  cursor += TS_KEY.length;
  let ts = 0;
  while (cursor < end && isDigit(bytes[cursor])) ts = ts * 10 + (bytes[cursor++] - 0x30);
  if (bytes[cursor] !== 0x2c) return false;
  into.seq = seq;
  into.ts = ts;
  return true;
}

/**
 * The number in a trailing `"time":N` of the message data ({…,"time":N}} at the end of the envelope), as the
 * depth and ticker messages end; NaN when the data does not end that way.
 */
export function readTrailingTime(bytes: Buffer, start: number, end: number): number {
  if (end - start < TIME_KEY.length + 3 || bytes[end - 1] !== 0x7d || bytes[end - 2] !== 0x7d) return NaN;
  let cursor = end - 3;
  let value = 0;
  let scale = 1;
  while (cursor > start && isDigit(bytes[cursor])) {
    value += (bytes[cursor--] - 0x30) * scale;
    scale *= 10;
  }
  if (scale === 1 || !startsWith(bytes, cursor - TIME_KEY.length + 1, TIME_KEY)) return NaN;
  return value;
}

const SEQ_KEY = Buffer.from('{"seq":', 'latin1');
const TS_KEY = Buffer.from(',"ts":', 'latin1');
const TIME_KEY = Buffer.from('"time":', 'latin1');

function startsWith(bytes: Buffer, at: number, prefix: Buffer): boolean {
  if (at < 0 || at + prefix.length > bytes.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[at + i] !== prefix[i]) return false;
  return true;
}

function isDigit(byte: number): boolean {
  return byte >= 0x30 && byte <= 0x39;
}
