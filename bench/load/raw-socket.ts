import { randomBytes, randomFillSync } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/**
 * A Socket.IO client reduced to what a load generator needs, on a bare TCP connection: the WebSocket upgrade,
 * Engine.IO's handshake and pings, messages to the main namespace with acknowledgements, and every event handed
 * over as its raw frame (`42["name",…]`), undecoded. Measured on this kind of machine, socket.io-client (which
 * decodes every packet into objects) and even `ws` (a stream and a Buffer per frame) cost the generator as much
 * per event as the server spends sending it; reading frames in place out of one buffer per process halves that.
 */

const OPEN = 0x30; // '0'
const CLOSE = 0x31; // '1'
const PING = 0x32; // '2'
const MESSAGE = 0x34; // '4'
const CONNECT = 0x30; // '0' (Socket.IO packet types, after MESSAGE)
const DISCONNECT = 0x31;
const EVENT = 0x32;
const ACK = 0x33;
const CONNECT_ERROR = 0x34;

const TEXT_FRAME = 0x81;
const CLOSE_FRAME = 0x88;
const PING_FRAME = 0x89;
const PONG_FRAME = 0x8a;

const CONNECT_TIMEOUT_MS = 30_000;
const ACK_TIMEOUT_MS = 30_000;

/** Every socket of a process reads into this one buffer: frames are looked at where they lie. */
const READ_BUFFER = Buffer.alloc(256 * 1024);

/** Where a frame's event name starts: after `42`. */
export const EVENT_OFFSET = 2;

/** The bytes an event frame of `name` starts with, after `42`: `["name",`. */
export function eventPrefix(name: string): Buffer {
  return Buffer.from(`["${name}",`, 'latin1');
}

/** Whether a frame (from EVENT_OFFSET) starts with `prefix`. */
export function frameIs(frame: Buffer, prefix: Buffer): boolean {
  return (
    frame.length >= EVENT_OFFSET + prefix.length &&
    frame.compare(prefix, 0, prefix.length, EVENT_OFFSET, EVENT_OFFSET + prefix.length) === 0
  );
}

/** An event frame's payload, decoded: for the few frames a generator must read. */
export function framePayload<T>(frame: Buffer, prefix: Buffer): T {
  return JSON.parse(frame.toString('utf8', EVENT_OFFSET + prefix.length, frame.length - 1)) as T;
}

/** A client's WebSocket frame (clients must mask theirs): one text or control frame. */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const long = payload.length > 125;
  const header = long ? 4 : 2;
  const frame = Buffer.allocUnsafe(header + 4 + payload.length);
  frame[0] = opcode;
  frame[1] = 0x80 | (long ? 126 : payload.length);
  if (long) frame.writeUInt16BE(payload.length, 2);
  const mask = frame.subarray(header, header + 4);
  randomFillSync(mask);
  for (let i = 0; i < payload.length; i++) frame[header + 4 + i] = payload[i] ^ mask[i & 3];
  return frame;
}

export interface RawSocketOptions {
  /** `http://host:port` of the server. */
  url: string;
  cookie?: string;
  /** Handshake query (the bare baselines take the user from it). */
  query?: Record<string, string>;
  /** What the Socket.IO handshake says (its `auth`), as the web client's does. */
  auth?: Record<string, unknown>;
  /** The local address to connect from: spreads many connections over several loopback addresses' ports. */
  localAddress?: string;
  /**
   * Every event frame (`42[…]`), as received. The buffer is only valid during the call: copy what is kept.
   */
  onEvent?: (frame: Buffer) => void;
  /** The connection ended after it was established (not by `close()`). */
  onLost?: (reason: string) => void;
}

export class RawSocket {
  private readonly socket: Socket;
  private nextAckId = 0;
  private readonly acks = new Map<number, () => void>();
  private closing = false;
  private established = false;
  private upgraded = false;
  /** Bytes of an incomplete frame (or of the upgrade reply) left from the previous read. */
  private rest: Buffer | null = null;
  private settle: { resolve: () => void; reject: (err: Error) => void; timer: NodeJS.Timeout } | null = null;
  /** Resolves once the namespace is joined (signed in); rejects with the server's reason otherwise. */
  readonly connected: Promise<void>;

  constructor(private readonly options: RawSocketOptions) {
    const address = new URL(options.url);
    const query = new URLSearchParams({ ...options.query, EIO: '4', transport: 'websocket' });
    this.connected = new Promise((resolve, reject) => {
      this.settle = {
        resolve,
        reject,
        timer: setTimeout(() => this.fail('connect timeout'), CONNECT_TIMEOUT_MS),
      };
    });
    this.socket = connect(
      {
        host: address.hostname,
        port: Number(address.port),
        localAddress: options.localAddress,
        onread: {
          buffer: READ_BUFFER,
          callback: (bytes) => {
            this.read(READ_BUFFER.subarray(0, bytes));
            return true;
          },
        },
      },
      () => {
        this.socket.setNoDelay(true);
        this.socket.write(
          `GET /socket.io/?${query.toString()} HTTP/1.1\r\nHost: ${address.host}\r\nUpgrade: websocket\r\n` +
            `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
            `Sec-WebSocket-Version: 13\r\n${options.cookie ? `Cookie: ${options.cookie}\r\n` : ''}\r\n`,
        );
      },
    );
    this.socket.on('error', (err) => this.fail(err.message));
    this.socket.on('close', () => {
      this.fail('closed');
      for (const done of this.acks.values()) done();
      this.acks.clear();
      if (this.established && !this.closing) this.options.onLost?.('closed');
    });
  }

  get open(): boolean {
    return this.established && !this.socket.destroyed;
  }

  /** Emits an event and resolves when the server acknowledges it (or the connection ends). */
  emit(event: string, payload: unknown): Promise<void> {
    const id = this.nextAckId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.acks.delete(id);
        reject(new Error(`no acknowledgement of '${event}'`));
      }, ACK_TIMEOUT_MS);
      this.acks.set(id, () => {
        clearTimeout(timer);
        resolve();
      });
      this.send(`42${id}${JSON.stringify([event, payload])}`);
    });
  }

  close(): void {
    this.closing = true;
    this.socket.destroy();
  }

  private send(text: string): void {
    if (!this.socket.destroyed) this.socket.write(clientFrame(TEXT_FRAME, Buffer.from(text)));
  }

  private fail(reason: string): void {
    if (!this.settle) return;
    clearTimeout(this.settle.timer);
    const { reject } = this.settle;
    this.settle = null;
    this.closing = true;
    this.socket.destroy();
    reject(new Error(reason));
  }

  private read(chunk: Buffer): void {
    let data = chunk;
    if (this.rest) {
      data = Buffer.concat([this.rest, chunk]);
      this.rest = null;
    }
    let at = 0;
    if (!this.upgraded) {
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) {
        this.rest = Buffer.from(data);
        return;
      }
      const status = data.toString('latin1', 0, data.indexOf('\r\n'));
      if (!status.startsWith('HTTP/1.1 101')) {
        this.fail(`refused: ${status} ${data.toString('utf8', end + 4, Math.min(data.length, end + 200))}`);
        return;
      }
      this.upgraded = true;
      at = end + 4;
    }
    while (at + 2 <= data.length) {
      const opcode = data[at];
      let length = data[at + 1] & 0x7f;
      let header = 2;
      if (length === 126) {
        if (at + 4 > data.length) break;
        length = data.readUInt16BE(at + 2);
        header = 4;
      } else if (length === 127) {
        if (at + 10 > data.length) break;
        length = Number(data.readBigUInt64BE(at + 2));
        header = 10;
      }
      if (at + header + length > data.length) break;
      const payload = data.subarray(at + header, at + header + length);
      at += header + length;
      if (opcode === TEXT_FRAME) this.packet(payload);
      else if (opcode === PING_FRAME) this.socket.write(clientFrame(PONG_FRAME, Buffer.from(payload)));
      else if (opcode === CLOSE_FRAME) this.socket.destroy();
      // Servers send Engine.IO packets whole, in one frame each: nothing else is expected.
    }
    if (at < data.length) this.rest = Buffer.from(data.subarray(at));
  }

  private packet(data: Buffer): void {
    switch (data[0]) {
      case PING:
        this.send('3');
        return;
      case OPEN:
        this.send(this.options.auth ? `40${JSON.stringify(this.options.auth)}` : '40');
        return;
      case CLOSE:
        return;
      case MESSAGE:
        break;
      default:
        return;
    }
    switch (data[1]) {
      case EVENT:
        this.options.onEvent?.(data);
        return;
      case ACK:
        this.acknowledged(data);
        return;
      case CONNECT:
        if (this.settle) {
          clearTimeout(this.settle.timer);
          this.established = true;
          this.settle.resolve();
          this.settle = null;
        }
        return;
      case CONNECT_ERROR:
        this.fail(`refused: ${data.toString('utf8', 2)}`);
        return;
      case DISCONNECT:
        if (!this.closing) this.options.onLost?.('disconnected by the server');
        return;
      default:
    }
  }

  private acknowledged(frame: Buffer): void {
    let id = 0;
    for (let i = 2; i < frame.length && frame[i] >= 0x30 && frame[i] <= 0x39; i++)
      id = id * 10 + frame[i] - 0x30;
    this.acks.get(id)?.();
    this.acks.delete(id);
  }
}
