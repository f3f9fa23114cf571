import { join, resolve } from 'node:path';
import type { Env } from '../config/env';
import { createDiskStorage } from './disk.storage';
import type { FileStorage } from './storage.port';

type StorageEnv = Pick<Env, 'DATA_DIR' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>;

/**
 * The storage the environment asks for: the S3 bucket when `S3_BUCKET` is set (env.ts has checked the rest),
 * otherwise `DATA_DIR/uploads` on this machine. `where` says which, for the start-up log. The AWS SDK is loaded
 * only when a bucket is configured (it costs 150 ms of start-up).
 */
export async function storageFromEnv(env: StorageEnv): Promise<{ storage: FileStorage; where: string }> {
  if (env.S3_BUCKET) {
    const { createS3Storage } = await import('./s3.storage');
    const storage = createS3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION ?? 'us-east-1',
      endpoint: env.S3_ENDPOINT,
      credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
    return { storage, where: `S3 bucket ${env.S3_BUCKET}${env.S3_ENDPOINT ? ` at ${new URL(env.S3_ENDPOINT).host}` : ''}` };
  }
  const root = resolve(join(env.DATA_DIR, 'uploads'));
  return { storage: createDiskStorage(root), where: root };
}
