import { connect, type Socket } from 'node:net';
import type { Readable } from 'node:stream';

/**
 * A small client for clamd, ClamAV's scanning daemon, over TCP (CLAMAV_URL, e.g. tcp://127.0.0.1:3310).
 *
 * clamd's protocol (clamd(8)): one command a connection. Commands sent as `z<COMMAND>\0` are answered
 * with one reply ending in `\0`. INSTREAM takes the bytes as chunks, each a 4-byte big-endian length
 * followed by that many bytes, ended by a chunk of length 0; the reply is `stream: OK`,
 * `stream: <signature> FOUND` or `<reason> ERROR` (e.g. `INSTREAM size limit exceeded. ERROR` when the
 * file is larger than clamd's StreamMaxLength). No npm client was small and kept up enough to be
 * worth a dependency, so the protocol is written out here.
 */

/** What a scan found. */
export type ClamdVerdict = { status: 'clean' } | { status: 'infected'; signature: string };

/** clamd could not be reached, did not answer in time, or answered with an error. */
export class ClamdError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClamdError';
  }
}

export interface ClamdOptions {
  /** How long to wait for the connection, and then for any progress on it (ms). */
  timeoutMs?: number;
}

/** Answer of `pingClamd`: for a "test connection" button, so it never throws. */
export type ClamdPing =
  | { ok: true; version: string; milliseconds: number }
  | { ok: false; message: string; milliseconds: number };

const defaultTimeoutMs = 15_000;
/** clamd's own default StreamMaxLength chunking is fine with any size; 64 KiB keeps writes small. */
const chunkBytes = 64 * 1024;
const maxReplyBytes = 64 * 1024;

export interface ClamdAddress {
  host: string;
  port: number;
}

/** `tcp://host:port` (the port defaults to clamd's 3310); anything else is refused with the reason. */
export function parseClamdUrl(url: string): ClamdAddress {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ClamdError(`CLAMAV_URL "${url}" is not a URL such as tcp://127.0.0.1:3310`);
  }
  if (parsed.protocol !== 'tcp:') {
    throw new ClamdError(`CLAMAV_URL must start with tcp:// (clamd's TCPSocket), not ${parsed.protocol}//`);
  }
  if (!parsed.hostname) throw new ClamdError('CLAMAV_URL has no host, e.g. tcp://127.0.0.1:3310');
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  return { host, port: parsed.port ? Number(parsed.port) : 3310 };
}

/**
 * One connection: sends what `write` writes, and resolves with clamd's reply (up to its `\0`, or
 * what came before the connection closed). Every stall longer than the timeout fails it.
 */
function exchange(
  url: string,
  options: ClamdOptions,
  write: (socket: Socket) => Promise<void>,
): Promise<string> {
  const { host, port } = parseClamdUrl(url);
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  return new Promise<string>((resolve, reject) => {
    const socket = connect({ host, port });
    const received: Buffer[] = [];
    let receivedBytes = 0;
    let settled = false;

    const finish = (error: ClamdError | null) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (error) {
        reject(error);
        return;
      }
      const text = Buffer.concat(received).toString('utf8');
      const end = text.indexOf('\0');
      resolve((end >= 0 ? text.slice(0, end) : text).trim());
    };
    const hasWholeReply = () => received.some((chunk) => chunk.includes(0));

    socket.setTimeout(timeoutMs, () =>
      finish(new ClamdError(`clamd at ${host}:${port} did not answer within ${timeoutMs / 1000} s`)),
    );
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      receivedBytes += chunk.length;
      if (receivedBytes > maxReplyBytes) finish(new ClamdError('clamd sent an unexpectedly long reply'));
      else if (hasWholeReply()) finish(null);
    });
    socket.on('end', () => {
      if (receivedBytes > 0) finish(null);
      else finish(new ClamdError(`clamd at ${host}:${port} closed the connection without answering`));
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // clamd may close early with a reply (e.g. the size limit) while we are still writing: that
      // reply is the answer, the broken pipe only its consequence.
      if (receivedBytes > 0 && hasWholeReply()) {
        finish(null);
        return;
      }
      const reason =
        error.code === 'ECONNREFUSED'
          ? 'refused the connection (is clamd running with a TCPSocket?)'
          : error.code === 'ENOTFOUND'
            ? 'is not a known host'
            : error.message;
      finish(new ClamdError(`clamd at ${host}:${port} ${reason}`));
    });
    socket.once('connect', () => {
      write(socket).catch((error: unknown) => {
        if (settled) return;
        // A write broken by clamd closing: wait briefly for the reply that says why.
        if (error instanceof ClamdError) finish(error);
        else setTimeout(() => finish(new ClamdError(`could not send to clamd: ${String(error)}`)), 200);
      });
    });
  });
}

/** Writes, honouring back-pressure; fails when the socket is destroyed meanwhile. */
function writeAll(socket: Socket, data: Buffer): Promise<void> {
  if (socket.destroyed) return Promise.reject(new Error('connection closed'));
  if (socket.write(data)) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const onDrain = () => {
      socket.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      socket.off('drain', onDrain);
      reject(new Error('connection closed'));
    };
    socket.once('drain', onDrain);
    socket.once('close', onClose);
  });
}

function lengthPrefix(length: number): Buffer {
  const prefix = Buffer.alloc(4);
  prefix.writeUInt32BE(length, 0);
  return prefix;
}

/** Reads a scan reply: `stream: OK`, `stream: <signature> FOUND`, else clamd's error. */
export function parseScanReply(reply: string): ClamdVerdict {
  const text = reply.replace(/^stream:\s*/, '');
  if (text === 'OK') return { status: 'clean' };
  const found = /^(.+) FOUND$/.exec(text);
  if (found) return { status: 'infected', signature: found[1]!.trim() };
  if (/ERROR$/.test(text))
    throw new ClamdError(`clamd could not scan the file: ${text.replace(/\s*ERROR$/, '')}`);
  throw new ClamdError(`clamd answered the scan unexpectedly: ${reply || '(nothing)'}`);
}

/** Scans a stream of bytes with INSTREAM, chunk by chunk (never holding it all in memory). */
export async function scanStream(
  url: string,
  stream: Readable | Iterable<Buffer | Uint8Array> | AsyncIterable<Buffer | Uint8Array>,
  options: ClamdOptions = {},
): Promise<ClamdVerdict> {
  const reply = await exchange(url, options, async (socket) => {
    await writeAll(socket, Buffer.from('zINSTREAM\0'));
    for await (const piece of stream) {
      const bytes = Buffer.isBuffer(piece) ? piece : Buffer.from(piece);
      for (let at = 0; at < bytes.length; at += chunkBytes) {
        const chunk = bytes.subarray(at, at + chunkBytes);
        await writeAll(socket, Buffer.concat([lengthPrefix(chunk.length), chunk]));
      }
    }
    await writeAll(socket, lengthPrefix(0));
  });
  return parseScanReply(reply);
}

/** Scans bytes already in memory (an upload is read whole to check its format and size first). */
export function scanBuffer(url: string, bytes: Buffer, options: ClamdOptions = {}): Promise<ClamdVerdict> {
  return scanStream(url, [bytes], options);
}

/**
 * Checks that clamd answers: PING (expects PONG), then VERSION for the engine and signature date.
 * Never throws: the answer says what went wrong, in words an administrator can act on.
 */
export async function pingClamd(url: string, options: ClamdOptions = {}): Promise<ClamdPing> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const pong = await exchange(url, { timeoutMs: 5_000, ...options }, (socket) =>
      writeAll(socket, Buffer.from('zPING\0')),
    );
    if (pong !== 'PONG') {
      return {
        ok: false,
        message: `clamd answered PING with "${pong}" instead of PONG`,
        milliseconds: elapsed(),
      };
    }
    const version = await exchange(url, { timeoutMs: 5_000, ...options }, (socket) =>
      writeAll(socket, Buffer.from('zVERSION\0')),
    );
    return { ok: true, version, milliseconds: elapsed() };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, message, milliseconds: elapsed() };
  }
}
