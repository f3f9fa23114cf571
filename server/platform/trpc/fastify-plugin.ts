import { fastifyRequestHandler, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { AnyRouter } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * tRPC over Fastify, as `fastifyTRPCPlugin` of `@trpc/server/adapters/fastify` (same routes, parsers and
 * options), except for how an answer leaves: tRPC hands Fastify a web `Response` whose body is a stream, and
 * Fastify then pipes it chunked and @fastify/compress compresses it whatever its size — a fresh brotli encoder
 * for every 150-byte answer of a signed-in read (docs/performance.md). A plain JSON answer is read into a
 * buffer here and sent with its length, so it goes out in one write and is compressed only past the
 * threshold; streams (subscriptions over Server-Sent Events, streamed batches) pass through as before.
 */
export function trpcPlugin<TRouter extends AnyRouter>(fastify: FastifyInstance, opts: Omit<FastifyTRPCPluginOptions<TRouter>, 'useWSS'>, done: (err?: Error) => void): void {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, parsed) => parsed(null, body));
  fastify.removeContentTypeParser('multipart/form-data');
  fastify.addContentTypeParser('multipart/form-data', {}, (_request, body, parsed) => parsed(null, body));

  fastify.all<{ Params: { path: string } }>('/:path', async (req, reply) => {
    await fastifyRequestHandler({ ...opts.trpcOptions, req: req as FastifyRequest, res: bufferingReply(reply), path: req.params.path });
  });
  done();
}

function bufferingReply(reply: FastifyReply): FastifyReply {
  const wrapper = Object.create(reply) as FastifyReply;
  wrapper.send = ((payload: unknown) => {
    if (!(payload instanceof Response) || !payload.body || !isPlainJson(payload.headers.get('content-type'))) return reply.send(payload);
    return payload.arrayBuffer().then((body) => {
      reply.code(payload.status);
      for (const [name, value] of payload.headers) if (name !== 'content-length' && name !== 'transfer-encoding') reply.header(name, value);
      return reply.send(Buffer.from(body));
    });
  }) as FastifyReply['send'];
  return wrapper;
}

function isPlainJson(contentType: string | null): boolean {
  return contentType !== null && /^application\/json\b/i.test(contentType);
}
