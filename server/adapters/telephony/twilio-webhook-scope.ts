import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { storableValue } from '@contracts/text';
import { validateTwilioJsonSignature, validateTwilioSignature } from './twilio';

export interface TwilioWebhookOptions {
  authToken: string;
  /** The address Twilio was given: signatures are computed over PUBLIC_URL + path (with its query string). */
  publicUrl: string;
  logger: { warn(details: object, message: string): void };
}

/** The request's form parameters when Twilio signed them (made storable), or null with the 403 already answered. */
export type VerifiedParams = (request: FastifyRequest, reply: FastifyReply) => Record<string, string> | null;

/** A JSON webhook's parsed body when Twilio signed it (made storable), or null with the error already answered. */
export type VerifiedJson = (request: FastifyRequest, reply: FastifyReply) => { body: unknown } | null;

const BODY_LIMIT = 64 * 1024;

/** A form body: every value of each parameter (Twilio signs repeated ones), and the last one for the routes. */
class FormBody {
  constructor(
    readonly all: Record<string, string[]>,
    readonly last: Record<string, string>,
  ) {}
}

/** A JSON body kept as the bytes arrived: its SHA-256 is part of what Twilio signed. */
class JsonBody {
  constructor(readonly raw: string) {}
}

function parseForm(body: string): FormBody {
  const all: Record<string, string[]> = {};
  const last: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    (all[key] ??= []).push(value);
    last[key] = value;
  }
  return new FormBody(all, last);
}

/**
 * A Fastify scope for Twilio's webhooks (form-encoded or JSON, ≤ 64 kB). Each request's X-Twilio-Signature is
 * checked with Twilio's own code against PUBLIC_URL + the path and query string as received: `validateRequest` for a
 * form, `validateRequestWithBody` for JSON (whose URL carries `bodySHA256`). Behind a proxy the request's own host is
 * never used, and the URL is accepted with or without its default port as Twilio's code does. An invalid signature
 * answers 403 and the route stores nothing. The texts' and the calls' webhooks each register their routes in a scope
 * of their own.
 */
export function registerTwilioWebhookScope(
  app: FastifyInstance,
  options: TwilioWebhookOptions,
  routes: (scope: FastifyInstance, verified: VerifiedParams, verifiedJson: VerifiedJson) => void,
) {
  return app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
      done(null, parseForm(String(body)));
    });
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
      done(null, new JsonBody(String(body)));
    });
    const signatureOf = (request: FastifyRequest) => {
      const signature = request.headers['x-twilio-signature'];
      return typeof signature === 'string' ? signature : undefined;
    };
    const refuse = (request: FastifyRequest, reply: FastifyReply) => {
      options.logger.warn({ path: request.url.split('?')[0] }, 'Twilio webhook with an invalid signature refused');
      void reply.code(403).type('text/plain').send('Invalid signature');
      return null;
    };
    const verified: VerifiedParams = (request, reply) => {
      if (request.body instanceof JsonBody) {
        void reply.code(415).type('text/plain').send('This webhook takes a form-encoded body');
        return null;
      }
      const form = request.body instanceof FormBody ? request.body : new FormBody({}, {});
      if (!validateTwilioSignature(options.authToken, `${options.publicUrl}${request.url}`, form.all, signatureOf(request))) return refuse(request, reply);
      // Signed as sent; stored as PostgreSQL can keep it (a NUL in a Body would otherwise fail the insert).
      return storableValue(form.last);
    };
    const verifiedJson: VerifiedJson = (request, reply) => {
      if (!(request.body instanceof JsonBody)) {
        void reply.code(415).type('text/plain').send('This webhook takes a JSON body');
        return null;
      }
      if (!validateTwilioJsonSignature(options.authToken, `${options.publicUrl}${request.url}`, request.body.raw, signatureOf(request))) return refuse(request, reply);
      try {
        return { body: storableValue(JSON.parse(request.body.raw) as unknown) };
      } catch {
        void reply.code(400).type('text/plain').send('The body is not valid JSON');
        return null;
      }
    };
    routes(scope, verified, verifiedJson);
  });
}
