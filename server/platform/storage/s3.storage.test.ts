import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createS3Storage } from './s3.storage';
import { InvalidStorageKeyError } from './storage.port';
import { storageFromEnv } from './storage-from-env';
import { loadEnv } from '../config/env';

/**
 * The S3 adapter through the real AWS SDK against a small fake S3 on 127.0.0.1 (path-style, like MinIO): objects
 * in a map, every request's method, path, headers and body recorded so the test sees what the SDK sent.
 */
interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

let server: Server;
let endpoint: string;
const objects = new Map<string, { body: Buffer; contentType: string }>();
const seen: SeenRequest[] = [];
let failNext: number | null = null;

const xmlError = (code: string, message: string) => `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message><RequestId>fake</RequestId></Error>`;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const path = decodeURIComponent(url.pathname);
      const body = Buffer.concat(chunks);
      seen.push({ method: request.method ?? '', path, headers: request.headers, body });
      if (failNext !== null) {
        response.writeHead(failNext, { 'content-type': 'application/xml' }).end(xmlError('InternalError', 'We encountered an internal error.'));
        failNext = null;
        return;
      }
      if (request.method === 'PUT') {
        objects.set(path, { body, contentType: request.headers['content-type'] ?? 'binary/octet-stream' });
        response.writeHead(200, { etag: '"fake-etag"' }).end();
      } else if (request.method === 'GET') {
        const object = objects.get(path);
        if (!object) {
          response.writeHead(404, { 'content-type': 'application/xml' }).end(xmlError('NoSuchKey', 'The specified key does not exist.'));
          return;
        }
        response.writeHead(200, { 'content-type': object.contentType, 'content-length': String(object.body.length), etag: '"fake-etag"' }).end(object.body);
      } else if (request.method === 'DELETE') {
        objects.delete(path);
        response.writeHead(204).end();
      } else {
        response.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  objects.clear();
  seen.length = 0;
  failNext = null;
});

const storage = () =>
  createS3Storage({ bucket: 'leadloop-test', region: 'us-east-1', endpoint, credentials: { accessKeyId: 'AKIAFAKE', secretAccessKey: 'fake-secret' }, forcePathStyle: true, maxAttempts: 1 });

describe('S3 storage', () => {
  const key = 'c0ffee00-0000-4000-8000-000000000001/0a1b2c3d-0000-4000-8000-000000000002.webp';

  it('puts, gets and deletes objects in the bucket, signed with the configured keys', async () => {
    const s3 = storage();
    await s3.put(key, new Uint8Array([1, 2, 3, 4]), 'image/webp');
    const put = seen[0];
    expect(put).toMatchObject({ method: 'PUT', path: `/leadloop-test/${key}` });
    expect(put?.body).toEqual(Buffer.from([1, 2, 3, 4]));
    expect(put?.headers['content-type']).toBe('image/webp');
    expect(put?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAFAKE\/\d{8}\/us-east-1\/s3\/aws4_request/);
    // No default CRC32 checksum (refused by several S3-compatible services): only what the operation needs.
    expect(Object.keys(put?.headers ?? {}).filter((h) => h.startsWith('x-amz-checksum-'))).toEqual([]);

    expect(await s3.get(key)).toEqual({ bytes: new Uint8Array([1, 2, 3, 4]), contentType: 'image/webp' });
    await s3.delete(key);
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE', path: `/leadloop-test/${key}` });
    expect(objects.size).toBe(0);
  });

  it('answers null for a missing object, and passes other failures on', async () => {
    const s3 = storage();
    expect(await s3.get(key)).toBeNull();
    failNext = 500;
    await expect(s3.get(key)).rejects.toThrow(/internal error/i);
    failNext = 500;
    await expect(s3.put(key, new Uint8Array([1]), 'image/png')).rejects.toThrow();
  });

  it('refuses a key the server would not make before sending anything', async () => {
    const s3 = storage();
    for (const bad of ['../other-bucket/x', '/abs', 'a/../../b.png', '']) {
      await expect(s3.put(bad, new Uint8Array([1]), 'image/png')).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(s3.get(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(s3.delete(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    expect(seen).toEqual([]);
  });

  it('is what the environment asks for when S3_BUCKET is set; the disk under DATA_DIR/uploads otherwise', async () => {
    const fromEnv = await storageFromEnv(
      loadEnv({ S3_BUCKET: 'leadloop-test', S3_ENDPOINT: endpoint, S3_REGION: 'auto', S3_ACCESS_KEY_ID: 'AKIAFAKE', S3_SECRET_ACCESS_KEY: 'fake-secret', S3_FORCE_PATH_STYLE: 'true' }),
    );
    expect(fromEnv.storage.kind).toBe('s3');
    expect(fromEnv.where).toBe(`S3 bucket leadloop-test at ${new URL(endpoint).host}`);
    await fromEnv.storage.put(key, new Uint8Array([7]), 'image/png');
    expect(seen[0]).toMatchObject({ method: 'PUT', path: `/leadloop-test/${key}` });
    expect(seen[0]?.headers.authorization).toContain('/auto/s3/aws4_request');

    const disk = await storageFromEnv(loadEnv({ DATA_DIR: '/var/lib/leadloop' }));
    expect(disk).toMatchObject({ storage: { kind: 'disk' }, where: '/var/lib/leadloop/uploads' });
  });
});
