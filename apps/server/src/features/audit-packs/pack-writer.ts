import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { ManifestFile } from '@wattle/domain/audit-packs/schemas';
import yazl from 'yazl';

/** Where an entry comes from: bytes already made, or chunks produced as the ZIP takes them. */
export type EntrySource = Buffer | AsyncIterable<Buffer | string>;

/**
 * Writes an audit pack's ZIP to a local file as it is made: one entry at a time, each streamed
 * through its SHA-256 into yazl and on to the file, so memory holds one entry (one PDF, one chunk of
 * CSV) however large the pack. Every entry's path, size and hash are kept for the manifest.
 */
export class PackWriter {
  private readonly zip = new yazl.ZipFile();
  private readonly written: Promise<void>;
  private readonly entries: ManifestFile[] = [];
  private readonly paths = new Set<string>();
  private writeError: unknown;

  constructor(filePath: string) {
    this.written = pipeline(this.zip.outputStream as Readable, createWriteStream(filePath));
    this.written.catch((error: unknown) => {
      this.writeError = error;
    });
  }

  /** The files added so far, in order, with their sizes and hashes. */
  get files(): readonly ManifestFile[] {
    return this.entries;
  }

  /**
   * Adds one file and resolves once the ZIP has taken all of it. `compress: false` for what is
   * compressed already (PDFs), which deflate would only slow down. `describe` adds what the manifest
   * says of the file beside its size and hash (a plan PDF's version).
   */
  async add(
    path: string,
    source: EntrySource,
    options: { compress?: boolean; describe?: Pick<ManifestFile, 'planVersion'> } = {},
  ): Promise<ManifestFile> {
    if (this.writeError) throw this.writeError;
    const unique = this.uniquePath(path);
    const hash = createHash('sha256');
    let bytes = 0;
    const chunks = Buffer.isBuffer(source) ? [source] : source;
    const counted = Readable.from(
      (async function* () {
        for await (const chunk of chunks) {
          const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
          hash.update(buffer);
          bytes += buffer.length;
          yield buffer;
        }
      })(),
    );
    this.zip.addReadStreamLazy(
      unique,
      { compress: options.compress ?? true, mtime: new Date() },
      (callback) => callback(null, counted),
    );
    // One entry in flight at a time: the next is made only after the ZIP has read this one.
    await Promise.race([finished(counted), this.written.then(() => undefined)]);
    if (this.writeError) throw this.writeError;
    const entry: ManifestFile = { path: unique, bytes, sha256: hash.digest('hex'), ...options.describe };
    this.entries.push(entry);
    return entry;
  }

  /** Ends the ZIP and resolves once the file is complete on disk. */
  async close(): Promise<void> {
    this.zip.end();
    await this.written;
  }

  /** Stops writing (the build was stopped or failed); the caller removes the file. */
  abort(): void {
    (this.zip.outputStream as Readable).destroy();
  }

  /** Paths come from names people typed: two with the same name get a counter, never overwrite. */
  private uniquePath(path: string): string {
    const clean = path.replace(/\\/g, '/').replace(/^\/+/, '');
    let candidate = clean;
    for (let n = 2; this.paths.has(candidate.toLowerCase()); n++) {
      const dot = clean.lastIndexOf('.');
      candidate =
        dot > clean.lastIndexOf('/') ? `${clean.slice(0, dot)} (${n})${clean.slice(dot)}` : `${clean} (${n})`;
    }
    this.paths.add(candidate.toLowerCase());
    return candidate;
  }
}

/** A file or folder name from free text: no path separators or control characters, at most 80 characters. */
export function safeName(text: string, fallback = 'untitled'): string {
  const cleaned = text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    // No '..' anywhere, and no leading dot (a hidden file).
    .replace(/\.{2,}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 80)
    .trim();
  return cleaned || fallback;
}
