import { createServer, type Server, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { ClamdError, parseClamdUrl, parseScanReply, pingClamd, scanBuffer, scanStream } from './clamd-client';

/**
 * The protocol against a stand-in clamd that records what it was sent; the API test
 * (virus-scan.api.test.ts) scans against a real clamd.
 */
let server: Server | null = null;
const sockets = new Set<Socket>();
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
  server = null;
});

async function fakeClamd(onConnection: (socket: Socket) => void): Promise<string> {
  server = createServer((socket) => {
    sockets.add(socket);
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no address');
  return `tcp://127.0.0.1:${address.port}`;
}

/** Reads an INSTREAM conversation: the command, then length-prefixed chunks up to the empty one. */
function instreamServer(reply: (chunks: Buffer[]) => string, seen: { chunks: Buffer[] }) {
  return (socket: Socket) => {
    let buffer = Buffer.alloc(0);
    let commandRead = false;
    socket.on('data', (data) => {
      buffer = Buffer.concat([buffer, data]);
      if (!commandRead) {
        const end = buffer.indexOf(0);
        if (end < 0) return;
        expect(buffer.subarray(0, end).toString()).toBe('zINSTREAM');
        buffer = buffer.subarray(end + 1);
        commandRead = true;
      }
      while (buffer.length >= 4) {
        const length = buffer.readUInt32BE(0);
        if (length === 0) {
          socket.end(`${reply(seen.chunks)}\0`);
          return;
        }
        if (buffer.length < 4 + length) return;
        seen.chunks.push(buffer.subarray(4, 4 + length));
        buffer = buffer.subarray(4 + length);
      }
    });
  };
}

describe('parseClamdUrl', () => {
  it('takes tcp://host:port, with 3310 by default', () => {
    expect(parseClamdUrl('tcp://clamav.internal:3311')).toEqual({ host: 'clamav.internal', port: 3311 });
    expect(parseClamdUrl('tcp://10.0.0.5')).toEqual({ host: '10.0.0.5', port: 3310 });
    expect(parseClamdUrl('tcp://[::1]:3310')).toEqual({ host: '::1', port: 3310 });
  });
  it('refuses other schemes and non-URLs, saying what it wants', () => {
    expect(() => parseClamdUrl('http://x:3310')).toThrow('CLAMAV_URL must start with tcp://');
    expect(() => parseClamdUrl('127.0.0.1:3310')).toThrow(ClamdError);
    expect(() => parseClamdUrl('not a url')).toThrow('is not a URL such as tcp://127.0.0.1:3310');
  });
});

describe('parseScanReply', () => {
  it('reads OK, FOUND and ERROR replies', () => {
    expect(parseScanReply('stream: OK')).toEqual({ status: 'clean' });
    expect(parseScanReply('stream: Eicar-Test-Signature FOUND')).toEqual({
      status: 'infected',
      signature: 'Eicar-Test-Signature',
    });
    expect(() => parseScanReply('INSTREAM size limit exceeded. ERROR')).toThrow(
      'clamd could not scan the file: INSTREAM size limit exceeded.',
    );
    expect(() => parseScanReply('')).toThrow('clamd answered the scan unexpectedly');
  });
});

describe('scanStream and scanBuffer', () => {
  it('sends the bytes as length-prefixed chunks of at most 64 KiB, ended by an empty chunk', async () => {
    const seen = { chunks: [] as Buffer[] };
    const url = await fakeClamd(instreamServer(() => 'stream: OK', seen));
    const bytes = Buffer.alloc(150_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = i % 251;
    await expect(scanBuffer(url, bytes)).resolves.toEqual({ status: 'clean' });
    expect(seen.chunks.map((c) => c.length)).toEqual([65_536, 65_536, 150_000 - 131_072]);
    expect(Buffer.concat(seen.chunks).equals(bytes)).toBe(true);
  });

  it('streams a Readable piece by piece and reports what clamd found', async () => {
    const seen = { chunks: [] as Buffer[] };
    const url = await fakeClamd(instreamServer(() => 'stream: Test.Sig FOUND', seen));
    const verdict = await scanStream(url, Readable.from([Buffer.from('abc'), Buffer.from('defg')]));
    expect(verdict).toEqual({ status: 'infected', signature: 'Test.Sig' });
    expect(seen.chunks.map((c) => c.toString())).toEqual(['abc', 'defg']);
  });

  it('fails with the reason when clamd stops answering', async () => {
    const url = await fakeClamd(() => {
      // Accepts and says nothing.
    });
    await expect(scanBuffer(url, Buffer.from('x'), { timeoutMs: 200 })).rejects.toThrow(
      /did not answer within 0.2 s/,
    );
  });

  it('takes the reply clamd sends when it closes early (the size limit)', async () => {
    const url = await fakeClamd((socket) => {
      socket.once('data', () => socket.end('INSTREAM size limit exceeded. ERROR\0'));
    });
    await expect(scanBuffer(url, Buffer.alloc(8 * 1024 * 1024))).rejects.toThrow(
      'clamd could not scan the file: INSTREAM size limit exceeded.',
    );
  });

  it('says when nothing listens', async () => {
    const url = await fakeClamd(() => {});
    await new Promise((resolve) => server!.close(resolve));
    server = null;
    await expect(scanBuffer(url, Buffer.from('x'))).rejects.toThrow(/refused the connection/);
  });
});

describe('pingClamd', () => {
  it('answers ok with the version after PING and VERSION', async () => {
    const url = await fakeClamd((socket) => {
      socket.once('data', (data) => {
        const command = data.toString();
        socket.end(command === 'zPING\0' ? 'PONG\0' : 'ClamAV 1.4.6/27000/Thu Nov 26 2026\0');
      });
    });
    const ping = await pingClamd(url);
    expect(ping).toMatchObject({ ok: true, version: 'ClamAV 1.4.6/27000/Thu Nov 26 2026' });
  });

  it('never throws: a wrong answer or a bad URL comes back as a message', async () => {
    const url = await fakeClamd((socket) => socket.once('data', () => socket.end('HELLO\0')));
    await expect(pingClamd(url)).resolves.toMatchObject({
      ok: false,
      message: 'clamd answered PING with "HELLO" instead of PONG',
    });
    await expect(pingClamd('http://x')).resolves.toMatchObject({ ok: false });
  });
});
