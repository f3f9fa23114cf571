import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { issueImpersonationToken } from './impersonation.service';
import type { AppServices } from '@server/platform/services';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const bodySchema = z.object({ email: z.email(), operator: z.string().trim().min(1).max(200) });

function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Lets `npm run admin:token` issue a token while the server holds the embedded database (PGlite allows one
 * process). Only from this machine, and only with the per-start secret written to the data folder (mode 0600).
 */
export function registerAdminRoutes(app: FastifyInstance, options: { services: AppServices; secret: string }): void {
  app.post('/internal/admin-token', async (request, reply) => {
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '') || !sameSecret(request.headers['x-admin-secret'], options.secret)) {
      return reply.code(403).send({ error: 'Forbidden' });
    }
    const body = bodySchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'Expected {email, operator}', issues: body.error.issues });
    const issued = await issueImpersonationToken(options.services.db, { ...body.data, now: options.services.clock.now() });
    if (!issued) return reply.code(404).send({ error: `No user with email ${body.data.email}` });
    return reply.header('Cache-Control', 'no-store').send({ token: issued.token, expiresAt: issued.expiresAt.toISOString(), userId: issued.user.id });
  });
}
