import type { Config } from '../config';
import { DirectoryStorage } from './directory-storage';
import type { FileStorage } from './file-storage';
import { S3Storage } from './s3-storage';

/** The file storage the configuration names: the bucket when S3_BUCKET is set, else the directory. */
export function createFileStorage(config: Pick<Config, 'storage'>): FileStorage {
  const storage = config.storage;
  return storage.kind === 's3' ? new S3Storage(storage) : new DirectoryStorage(storage.directory);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where attachment bytes are kept (features/files). */
    storage: FileStorage;
  }
}
