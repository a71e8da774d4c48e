import type {Socket} from 'node:net';
import {MAX_HEAD_BYTES, readRequestHead, type PlainGet} from './requestHead';
import {ResponseBytes} from './wireResponse';

/** A complete response the front writes itself. */
export type WireReply = {
  readonly status: number;
  /** Every header but Date and the connection's own, as a flat list (as writeHead takes it). */
  readonly headers: readonly string[];
  readonly body: Buffer | undefined;
  readonly answeredBy: 'page' | 'shed';
};

export type WireFrontOptions = {
  /** The reply to a plain GET, or null to leave the request (and its connection) to node:http. */
  readonly answer: (get: PlainGet) => WireReply | null;
  /**
   * For a plain GET `answer` left only because its reader's session is due for its revocation
   * check: that check. The front holds the connection until it settles and asks `answer` once
   * more, instead of handing the connection to node:http for good.
   */
  readonly wait?: (get: PlainGet) => Promise<unknown> | null;
  /** Called once a reply has been handed to the socket. */
  readonly answered: (get: PlainGet, reply: WireReply, startedMs: number) => void;
  /** Gives a connection to node:http, with any bytes not yet read put back first. */
  readonly handOff: (socket: Socket) => void;
  /** How long a kept-alive connection may sit idle (node:http's `keepAliveTimeout`). */
  readonly keepAliveTimeoutMs: () => number;
};

const END_OF_HEAD = Buffer.from('\r\n\r\n', 'latin1');

/**
 * The gate's wire front: it reads each new connection's requests itself and answers the plain
 * signed-in GETs of build files by writing prepared bytes to the socket, without node:http's
 * request and response objects, whose per-request cost (parsing into objects, building,
 * validating and converting the header block) was most of a Node.js server's distance to
 * nginx (bench/README.md, "The wire front"). The first request it does not answer itself (any
 * other method or URL, a head that is not complete in what has arrived, anything
 * `readRequestHead` does not read, a reader the session cache does not know) hands the
 * connection to node:http for good, with the unread bytes put back, so everything but the plain
 * case is parsed, timed out and answered exactly as before. One wait is the front's own: a
 * request left only because its reader's session is due for the revocation check (once a
 * minute) holds its connection until the check settles and is then asked about again, as the
 * routes would wait for the same check. Answers are written in arrival
 * order; a client that does not read its answers is not read either (back-pressure).
 */
export class WireFront {
  private readonly options: WireFrontOptions;
  /** Each connection this front holds, with what stops it when the front closes. */
  private readonly open = new Map<Socket, () => void>();
  private closing = false;

  private bytes: ResponseBytes | null = null;

  constructor(options: WireFrontOptions) {
    this.options = options;
  }

  /** The ready responses for connections kept alive this long (one set while it stays the same). */
  private bytesFor(keepAliveTimeoutMs: number): ResponseBytes {
    if (this.bytes?.keepAliveTimeoutMs !== keepAliveTimeoutMs) {
      this.bytes = new ResponseBytes(keepAliveTimeoutMs);
    }
    return this.bytes;
  }

  /** Takes a new connection. */
  take(socket: Socket): void {
    if (this.closing) {
      this.options.handOff(socket);
      return;
    }
    const {options} = this;
    const timeoutMs = options.keepAliveTimeoutMs();
    const bytes = this.bytesFor(timeoutMs);
    let unread: Buffer | null = null;
    let released = false;
    let ended = false;
    /** A session check is under way for the request at the head of `unread`. */
    let holding = false;
    /** When that request arrived, and that it has waited once already. */
    let heldSince: number | null = null;

    const forget = () => {
      this.open.delete(socket);
      for (const [event, listener] of listeners) socket.off(event, listener);
    };
    const release = () => {
      if (released) return;
      released = true;
      forget();
      socket.setTimeout(0);
      if (ended) {
        // Nothing more will come: what is left is an incomplete head, which node:http would
        // not answer either.
        socket.end();
        return;
      }
      if (unread !== null) socket.unshift(unread);
      unread = null;
      options.handOff(socket);
      // node:http reads on from where this front stopped, also if back-pressure paused it.
      if (socket.isPaused()) socket.resume();
    };

    const stop = () => {
      if (unread !== null) return release();
      released = true;
      forget();
      socket.on('error', () => socket.destroy());
      // Idle: closed at once, as node:http's closeIdleConnections closes its own. Still sending
      // an answer: closed once it is sent, or when a kept-alive connection would have timed out.
      if (socket.writableLength === 0) return void socket.destroy();
      socket.end(() => socket.destroy());
      setTimeout(() => socket.destroy(), timeoutMs > 0 ? timeoutMs : 5_000).unref();
    };

    const serve = () => {
      while (unread !== null) {
        if (this.closing) return release();
        const end = unread.indexOf(END_OF_HEAD);
        if (end === -1 || end > MAX_HEAD_BYTES) return release();
        const startedMs = heldSince ?? performance.now();
        const get = readRequestHead(unread.toString('latin1', 0, end));
        if (get === null) return release();
        const reply = options.answer(get);
        if (reply === null) {
          // Once per request: a session still due after its check goes to node:http's path.
          const check = heldSince === null ? (options.wait?.(get) ?? null) : null;
          if (check === null) return release();
          hold(check, startedMs);
          return;
        }
        heldSince = null;
        let ready: Buffer;
        try {
          ready = bytes.of(reply.status, reply.headers, reply.body);
        } catch {
          // A header node:http's checks refuse: node:http's path decides, as it did before.
          return release();
        }
        const rest = end + END_OF_HEAD.length;
        unread = rest < unread.length ? unread.subarray(rest) : null;
        const more = socket.write(ready);
        options.answered(get, reply, startedMs);
        if (!more) {
          // The reader is not reading its answers: read nothing more until it has.
          socket.pause();
          return;
        }
      }
      if (ended) socket.end();
    };

    // Reads nothing more until the check settles, then serves on from the same request.
    const hold = (check: Promise<unknown>, sinceMs: number) => {
      holding = true;
      heldSince = sinceMs;
      socket.pause();
      const settled = () => {
        holding = false;
        if (released || socket.destroyed) return;
        socket.resume();
        serve();
      };
      check.then(settled, settled);
    };

    const onData = (chunk: Buffer) => {
      unread = unread === null ? chunk : Buffer.concat([unread, chunk]);
      if (!holding) serve();
    };
    const onDrain = () => {
      if (released || holding || !socket.isPaused()) return;
      socket.resume();
      serve();
    };
    const onTimeout = () => socket.destroy();
    const onEnd = () => {
      ended = true;
      if (unread === null) socket.end();
    };
    const onError = () => socket.destroy();

    const listeners: ReadonlyArray<[string, Parameters<Socket['off']>[1]]> = [
      ['data', onData],
      ['drain', onDrain],
      ['timeout', onTimeout],
      ['end', onEnd],
      ['error', onError],
      ['close', forget],
    ];
    this.open.set(socket, stop);
    for (const [event, listener] of listeners) socket.on(event, listener);
    if (timeoutMs > 0) socket.setTimeout(timeoutMs);
  }

  /**
   * Stops answering. A connection between requests is closed once its answers are flushed (what
   * node:http's closeIdleConnections does with its own: it counts a connection as idle only
   * after a first request, so it would hold one handed over now until its headers timeout);
   * one with requests still unread goes to node:http, which answers them as a closing server.
   */
  close(): void {
    this.closing = true;
    for (const stop of [...this.open.values()]) stop();
  }
}
