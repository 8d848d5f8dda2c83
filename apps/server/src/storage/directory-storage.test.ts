import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DirectoryStorage } from './directory-storage';
import { newStorageKey, StoredFileMissingError } from './file-storage';

const tenantId = '0196a3f0-1111-7000-8000-000000000001';
let root: string;
let storage: DirectoryStorage;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'wattle-files-'));
  // A directory that does not exist yet: it is made on the first write.
  storage = new DirectoryStorage(path.join(root, 'files'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('DirectoryStorage', () => {
  it('stores a local file under a key, leaving the source in place', async () => {
    const source = path.join(root, 'pack.zip');
    await writeFile(source, 'PK zip bytes');
    const key = newStorageKey(tenantId);
    await storage.putFile(key, source, 'application/zip');
    expect(await text(await storage.get(key))).toBe('PK zip bytes');
    expect(await readFile(source, 'utf8')).toBe('PK zip bytes');
    expect(await readdir(path.join(root, 'files', tenantId))).toEqual([key.split('/')[1]]);
  });

  it('stores bytes under the tenant folder and reads them back', async () => {
    const key = newStorageKey(tenantId);
    expect(key.startsWith(`${tenantId}/`)).toBe(true);
    await storage.put(key, Buffer.from('%PDF-1.4 hello'), 'application/pdf');
    expect(await text(await storage.get(key))).toBe('%PDF-1.4 hello');
    const [, name] = key.split('/');
    expect(await readFile(path.join(root, 'files', tenantId, name!), 'utf8')).toBe('%PDF-1.4 hello');
    // Written through a temporary name and renamed: nothing else is left in the folder.
    expect(await readdir(path.join(root, 'files', tenantId))).toEqual([name]);
  });

  it('makes a new key for every file', () => {
    expect(newStorageKey(tenantId)).not.toBe(newStorageKey(tenantId));
  });

  it('reports a missing file before any stream starts, and deletes idempotently', async () => {
    const key = newStorageKey(tenantId);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StoredFileMissingError);
    await storage.put(key, Buffer.from('x'), 'application/pdf');
    await storage.delete(key);
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StoredFileMissingError);
  });

  it('refuses anything but a key it made, so no name can reach the file system', async () => {
    for (const key of ['../etc/passwd', `${tenantId}/../../x`, 'report.pdf', `${tenantId}/report.pdf`]) {
      await expect(storage.put(key, Buffer.from('x'), 'application/pdf')).rejects.toThrow(
        /Not a storage key/,
      );
      await expect(storage.get(key)).rejects.toThrow(/Not a storage key/);
    }
  });
});
