import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from '@contracts/uploads';
import { bodyBytes, registerAuthenticatedRoutes, sendProblem } from '@server/platform/http/authenticated-routes';
import type { AppServices } from '@server/platform/services';
import { publicFile, uploadImage } from './uploads.service';

const fileParams = z.object({ id: z.uuid() });

/**
 * - `POST /uploads/images` with the image's bytes as the body (≤ 5 MB; bytes do not fit tRPC's JSON), authenticated
 *   like tRPC (`Authorization: Bearer <session token>`), the owner's and admins' only. Answers 201
 *   `{ id, url, width, height }`, or the refusal in words (400 wrong type or unreadable, 413 too large, 429 over the
 *   day's limit).
 * - `GET /files/<id>`: the stored image, to anyone (microsites show them to visitors; ids are random uuids), with
 *   its stored content type, `nosniff`, and a year's immutable cache (a file never changes: a new image is a new id).
 *   May be embedded by other origins (microsites on their own domains). Unknown or malformed ids: 404.
 */
export function registerUploadRoutes(app: FastifyInstance, options: { services: AppServices }) {
  const { services } = options;

  app.get('/files/:id', async (request, reply) => {
    const params = fileParams.safeParse(request.params);
    const file = params.success ? await publicFile(services, params.data.id) : null;
    if (!file) return sendProblem(reply, { status: 404, error: 'File not found' });
    return reply
      .code(200)
      .type(file.contentType)
      .header('Content-Length', String(file.bytes.byteLength))
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
  });

  return registerAuthenticatedRoutes(app, { services, bodyLimit: IMAGE_MAX_BYTES, tooLarge: IMAGE_TOO_LARGE, logLabel: 'image upload' }, (scope, authenticate) => {
    scope.post('/uploads/images', async (request, reply) => {
      const company = await authenticate(request, reply);
      if (!company) return reply;
      const uploaded = await uploadImage(services, company, new Uint8Array(bodyBytes(request)));
      return reply.code(201).header('Cache-Control', 'no-store').send(uploaded);
    });
  });
}
