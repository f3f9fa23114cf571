import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { storableValue } from '@contracts/text';
import { validateTwilioSignature } from './twilio';

export interface TwilioWebhookOptions {
  authToken: string;
  /** The address Twilio was given: signatures are computed over PUBLIC_URL + path. */
  publicUrl: string;
  logger: { warn(details: object, message: string): void };
}

/** The request's form parameters when Twilio signed them (made storable), or null with the 403 already answered. */
export type VerifiedParams = (request: FastifyRequest, reply: FastifyReply) => Record<string, string> | null;

/**
 * A Fastify scope for Twilio's webhooks (form-encoded, ≤ 64 kB). Each request's X-Twilio-Signature is checked
 * against PUBLIC_URL + path; an invalid one answers 403 and the route stores nothing. The texts' and the calls'
 * webhooks each register their routes in a scope of their own.
 */
export function registerTwilioWebhookScope(app: FastifyInstance, options: TwilioWebhookOptions, routes: (scope: FastifyInstance, verified: VerifiedParams) => void) {
  return app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const verified: VerifiedParams = (request, reply) => {
      const params = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, string>;
      const signature = request.headers['x-twilio-signature'];
      const url = `${options.publicUrl}${request.url}`;
      if (!validateTwilioSignature(options.authToken, url, params, typeof signature === 'string' ? signature : undefined)) {
        options.logger.warn({ path: request.url.split('?')[0] }, 'Twilio webhook with an invalid signature refused');
        void reply.code(403).type('text/plain').send('Invalid signature');
        return null;
      }
      // Signed as sent; stored as PostgreSQL can keep it (a NUL in a Body would otherwise fail the insert).
      return storableValue(params);
    };
    routes(scope, verified);
  });
}
