import type { Readable } from 'node:stream';
import { v7 as uuidv7 } from 'uuid';

/**
 * Where attachment bytes live (DESIGN.md section 1): a directory on the server by default, an
 * S3-compatible bucket when one is configured. The database row of a file holds its key; keys are
 * made here, never from names users send, so nothing a user types reaches a path or an object name.
 */
export interface FileStorage {
  readonly kind: 'directory' | 's3';
  /** Stores the bytes under the key, replacing nothing: every key is new. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * Stores the bytes of a local file under the key, streamed (never read into memory whole): for
   * large files a job wrote to disk first, such as an audit pack's ZIP.
   */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** The bytes of a key as a stream; `StoredFileMissingError` when there are none. */
  get(key: string): Promise<Readable>;
  /** Removes the bytes of a key; a key already gone is not an error. */
  delete(key: string): Promise<void>;
}

/** Thrown by `get` for a key that holds nothing (removed by hand, or a storage mix-up). */
export class StoredFileMissingError extends Error {
  constructor(key: string) {
    super(`No stored file under ${key}`);
    this.name = 'StoredFileMissingError';
  }
}

const KeyPattern =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A new key: `<tenant id>/<uuid v7>`, so each tenant's files sit under a folder (prefix) of their own. */
export function newStorageKey(tenantId: string): string {
  const key = `${tenantId.toLowerCase()}/${uuidv7()}`;
  assertStorageKey(key);
  return key;
}

/** Refuses anything but a key `newStorageKey` could have made: the last guard against path tricks. */
export function assertStorageKey(key: string): void {
  if (!KeyPattern.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
}
