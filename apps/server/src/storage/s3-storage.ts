import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../config';
import { assertStorageKey, type FileStorage, StoredFileMissingError } from './file-storage';

/**
 * Files in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO …), chosen when S3_BUCKET is set.
 * The AWS SDK is loaded on first use, so a server storing files in a directory never loads it.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  private client: Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | undefined;

  constructor(private readonly config: S3StorageConfig) {}

  private connect() {
    this.client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: this.config.region,
        ...(this.config.endpoint ? { endpoint: this.config.endpoint } : {}),
        forcePathStyle: this.config.forcePathStyle,
        credentials: {
          accessKeyId: this.config.accessKeyId,
          secretAccessKey: this.config.secretAccessKey,
        },
      }),
    }));
    return this.client;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertStorageKey(key);
    const { client, sdk } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    assertStorageKey(key);
    const { client, sdk } = await this.connect();
    // The length is known from the file, so one streamed PUT serves (no multipart upload needed
    // below S3's 5 GB single-object limit).
    const { size } = await stat(filePath);
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        Body: createReadStream(filePath),
        ContentType: contentType,
        ContentLength: size,
      }),
    );
  }

  async get(key: string): Promise<Readable> {
    assertStorageKey(key);
    const { client, sdk } = await this.connect();
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      if (!object.Body) throw new StoredFileMissingError(key);
      // In Node the SDK's body is a Readable (an http.IncomingMessage with the SDK's helpers mixed in).
      return object.Body as Readable;
    } catch (error) {
      if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') {
        throw new StoredFileMissingError(key);
      }
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    const { client, sdk } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }
}
