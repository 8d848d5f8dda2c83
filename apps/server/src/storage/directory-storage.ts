import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertStorageKey, type FileStorage, StoredFileMissingError } from './file-storage';

/**
 * Files in a directory (FILES_DIR, by default DATA_DIR/files), one folder per tenant. A file is
 * written to a temporary name in its folder and renamed into place, so a reader never sees half a
 * file and a crash leaves at most a stray `.tmp-*` file, never a truncated attachment.
 */
export class DirectoryStorage implements FileStorage {
  readonly kind = 'directory' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    // Created on first use, so a server that never stores a file never makes the directory.
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = path.join(path.dirname(target), `.tmp-${randomUUID()}`);
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async putFile(key: string, filePath: string, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = path.join(path.dirname(target), `.tmp-${randomUUID()}`);
    try {
      // A copy, not a rename: the source may be on another file system (the system's temp directory).
      await copyFile(filePath, temporary);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    // Opened before the stream is handed out, so a missing file is known before any answer starts.
    try {
      const handle = await open(this.pathOf(key), 'r');
      return handle.createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredFileMissingError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
