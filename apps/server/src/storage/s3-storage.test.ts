import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { newStorageKey, StoredFileMissingError } from './file-storage';
import { S3Storage } from './s3-storage';

const s3 = mockClient(S3Client);
afterEach(() => s3.reset());

const storage = new S3Storage({
  kind: 's3',
  bucket: 'wattle-files',
  region: 'auto',
  endpoint: 'https://account.r2.cloudflarestorage.com',
  accessKeyId: 'AKIA1',
  secretAccessKey: 'secret',
  forcePathStyle: true,
});
const key = newStorageKey('0196a3f0-1111-7000-8000-000000000001');

describe('S3Storage', () => {
  it('puts the bytes in the bucket under the key with their content type', async () => {
    s3.on(PutObjectCommand).resolves({});
    await storage.put(key, Buffer.from('%PDF-1.4'), 'application/pdf');
    const calls = s3.commandCalls(PutObjectCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toEqual({
      Bucket: 'wattle-files',
      Key: key,
      Body: Buffer.from('%PDF-1.4'),
      ContentType: 'application/pdf',
      ContentLength: 8,
    });
  });

  it('streams a local file into the bucket with its length', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'wattle-s3-'));
    try {
      const source = path.join(dir, 'pack.zip');
      await writeFile(source, 'PK zip bytes');
      s3.on(PutObjectCommand).resolves({});
      await storage.putFile(key, source, 'application/zip');
      const input = s3.commandCalls(PutObjectCommand)[0]!.args[0].input;
      expect(input).toMatchObject({
        Bucket: 'wattle-files',
        Key: key,
        ContentType: 'application/zip',
        ContentLength: 12,
      });
      expect(await text(input.Body as Readable)).toBe('PK zip bytes');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads an object back as a stream', async () => {
    s3.on(GetObjectCommand, { Bucket: 'wattle-files', Key: key }).resolves({
      // In Node the SDK answers a Readable (with helpers mixed in, which the storage does not use).
      Body: Readable.from([Buffer.from('%PDF-1.4 body')]) as never,
    });
    expect(await text(await storage.get(key))).toBe('%PDF-1.4 body');
  });

  it('reports a missing object as a missing file', async () => {
    s3.on(GetObjectCommand).rejects(
      new NoSuchKey({ message: 'The specified key does not exist.', $metadata: {} }),
    );
    await expect(storage.get(key)).rejects.toBeInstanceOf(StoredFileMissingError);
  });

  it('deletes the object', async () => {
    s3.on(DeleteObjectCommand).resolves({});
    await storage.delete(key);
    expect(s3.commandCalls(DeleteObjectCommand)[0]!.args[0].input).toEqual({
      Bucket: 'wattle-files',
      Key: key,
    });
  });

  it('sends nothing for a key it did not make', async () => {
    await expect(storage.put('../x', Buffer.from('x'), 'application/pdf')).rejects.toThrow(
      /Not a storage key/,
    );
    expect(s3.calls()).toHaveLength(0);
  });
});
