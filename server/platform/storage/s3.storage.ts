import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertStorageKey, type FileStorage } from './storage.port';

export interface S3StorageOptions {
  bucket: string;
  /** AWS region; S3-compatible services take any (R2: `auto`). */
  region: string;
  /** An S3-compatible endpoint (MinIO, Cloudflare R2, Backblaze B2…); AWS's own when absent. */
  endpoint?: string | undefined;
  /** Static keys; without them the SDK's usual chain (environment, shared files, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `bucket` in the path instead of the host name (MinIO and most self-hosted services need it). */
  forcePathStyle?: boolean;
  /** Tests: how many times the SDK tries a request (default 3). */
  maxAttempts?: number;
}

/** True for S3's "no such object" answers (NoSuchKey on GET, a bare 404 from some compatible services). */
function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
}

/**
 * Files in an S3 bucket through the official AWS SDK v3 client. Checksums are computed and checked only when an
 * operation requires them: since 2025 the SDK adds CRC32 checksums to every upload by default, which several
 * S3-compatible services (older MinIO, R2 before its update, B2) refuse.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
  });
  const Bucket = options.bucket;
  return {
    kind: 's3',
    client,
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength }));
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return { bytes: await object.Body.transformToByteArray(), contentType: object.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
