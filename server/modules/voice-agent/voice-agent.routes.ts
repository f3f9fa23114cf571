import type { FastifyInstance, FastifyRequest } from 'fastify';
import type twilio from 'twilio';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { storableText } from '@contracts/text';
import { registerTwilioWebhookScope } from '@server/adapters/telephony/twilio-webhook-scope';
import { calls, voiceAgentCalls } from '@server/platform/db/schema';
import type { AppServices } from '@server/platform/services';
import { answerConnectAction, CONNECT_ACTION_PATH, RECORDING_CALLBACK_PATH } from './answer.service';
import { checkRelayToken, RELAY_PATH, webSocketBase } from './relay-token';
import { type CallRecorder, realRuntime, type RelayRuntime, RelaySession } from './relay-session';

type AgentCallRow = typeof voiceAgentCalls.$inferSelect;

export interface VoiceAgentRouteOptions {
  services: AppServices;
  /** Twilio's auth token: checks the X-Twilio-Signature of Twilio's WebSocket upgrade and callbacks; null without Twilio. */
  twilioAuthToken: string | null;
  /** Starts a Twilio call's recording (REST); null without Twilio. */
  recorder: CallRecorder | null;
  /** The calls module's Dial action (a transfer's result goes there, and its fallback is decided there). */
  dialActionUrl: string;
  /** Tests replace the real time of a session (pacing, the maximum call length) with their own. */
  runtime?: Partial<RelayRuntime>;
  /** Every session started (tests wait for one to settle). */
  onSession?: (session: RelaySession) => void;
}

/** Twilio's signature of the WebSocket upgrade: over the address it was given (ours, wss://…) and no parameters. */
async function signedByTwilio(authToken: string, url: string, signature: string | undefined): Promise<boolean> {
  if (!signature) return false;
  const twilio = await import('twilio');
  return (twilio.default ?? twilio).validateRequest(authToken, signature, url, {});
}

/**
 * AI call answering's public endpoints (decision 0048):
 * - `GET /voice-agent/relay/<call id>?token=…` — the ConversationRelay WebSocket of one call. Refused before the
 *   upgrade (403) unless the token is this call's, unexpired, the call is waiting to connect (single use), and — for
 *   a Twilio call — the upgrade carries Twilio's valid signature. The test phone's simulator uses the token alone.
 * - `POST /webhooks/twilio/voice-agent/connect` — the `<Connect>`'s action: a transfer's `<Dial>`, or the hang-up.
 * - `POST /webhooks/twilio/voice-agent/recording` — the call recording's status callback.
 */
export async function registerVoiceAgentRoutes(app: FastifyInstance, options: VoiceAgentRouteOptions): Promise<void> {
  const { services } = options;
  const runtime: RelayRuntime = { ...realRuntime(options.recorder), ...options.runtime };
  const ready = new WeakMap<FastifyRequest, AgentCallRow>();
  const params = z.object({ id: z.uuid() });
  const query = z.object({ token: z.string().max(200).optional() });

  app.get(
    `${RELAY_PATH}/:id`,
    {
      websocket: true,
      preValidation: async (request, reply) => {
        const id = params.safeParse(request.params);
        if (!id.success) return reply.code(404).type('text/plain').send('Not Found');
        const token = query.safeParse(request.query).data?.token;
        const check = services.secrets ? checkRelayToken(services.secrets, id.data.id, token, services.clock.now().getTime()) : 'invalid';
        if (check !== 'ok') {
          services.logger.warn({ agentCallId: id.data.id, check }, 'voice agent WebSocket refused: bad token');
          return reply.code(403).type('text/plain').send(check === 'expired' ? 'This call’s link has expired' : 'Invalid call link');
        }
        const [call] = await services.db.select().from(voiceAgentCalls).where(eq(voiceAgentCalls.id, id.data.id)).limit(1);
        if (!call || call.status !== 'waiting') return reply.code(403).type('text/plain').send('This call’s link was already used');
        if (call.provider === 'twilio') {
          const signature = request.headers['x-twilio-signature'];
          const url = `${webSocketBase(services.publicUrl)}${request.url}`;
          if (!options.twilioAuthToken || !(await signedByTwilio(options.twilioAuthToken, url, typeof signature === 'string' ? signature : undefined))) {
            services.logger.warn({ agentCallId: call.id }, 'voice agent WebSocket refused: invalid Twilio signature');
            return reply.code(403).type('text/plain').send('Invalid signature');
          }
        }
        ready.set(request, call);
      },
    },
    (socket, request) => {
      const call = ready.get(request);
      if (!call) {
        socket.close(1008, 'not allowed');
        return;
      }
      const session = new RelaySession(services, runtime, call, {
        send: (message) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
        },
      });
      options.onSession?.(session);
      // Handlers attached at once: Twilio's setup message may already be on its way.
      socket.on('message', (data, isBinary) => {
        if (!isBinary) session.receive(data.toString());
      });
      socket.on('close', () => {
        void session.close().catch((error: unknown) => services.logger.error({ err: error, agentCallId: call.id }, 'voice agent session close failed'));
      });
      socket.on('error', (error) => services.logger.warn({ err: error, agentCallId: call.id }, 'voice agent WebSocket error'));
    },
  );

  if (!options.twilioAuthToken) return;
  await registerTwilioWebhookScope(app, { authToken: options.twilioAuthToken, publicUrl: services.publicUrl, logger: services.logger }, (scope, verified) => {
    scope.post(CONNECT_ACTION_PATH, async (request, reply) => {
      const body = verified(request, reply);
      if (!body) return reply;
      if (!body.CallSid) return reply.code(400).type('text/plain').send('CallSid is required');
      const twiml = await answerConnectAction(services, { provider: 'twilio', params: body, dialActionUrl: options.dialActionUrl });
      return reply.code(200).type('text/xml').header('Cache-Control', 'no-store').send(twiml);
    });
    scope.post(RECORDING_CALLBACK_PATH, async (request, reply) => {
      const body = verified(request, reply);
      if (!body) return reply;
      if (!body.CallSid) return reply.code(400).type('text/plain').send('CallSid is required');
      await recordingReady(services, body);
      return reply.code(204).send();
    });
  });
}

/**
 * The call recording is ready: kept on the assistant's call, and on the call itself when it has no recording yet (a
 * voicemail after a transfer nobody took keeps its own), so LeadLoop plays it like a voicemail. Idempotent.
 */
async function recordingReady(services: AppServices, params: Record<string, string>): Promise<void> {
  if ((params.RecordingStatus ?? 'completed').toLowerCase() !== 'completed' || !params.RecordingSid) return;
  const seconds = Number(params.RecordingDuration);
  const duration = Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds) : null;
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const [call] = await tx
      .update(voiceAgentCalls)
      .set({ recordingSid: storableText(params.RecordingSid!), recordingSeconds: duration, updatedAt: now })
      .where(and(eq(voiceAgentCalls.provider, 'twilio'), eq(voiceAgentCalls.providerCallSid, params.CallSid ?? '')))
      .returning();
    if (!call) return;
    const [row] = await tx
      .select({ id: calls.id, recordingSid: calls.recordingSid })
      .from(calls)
      .where(and(eq(calls.companyId, call.companyId), eq(calls.provider, call.provider), eq(calls.providerCallSid, call.providerCallSid)))
      .limit(1);
    if (row && !row.recordingSid && duration) {
      await tx
        .update(calls)
        .set({ recordingSid: storableText(params.RecordingSid!), recordingUrl: params.RecordingUrl ? storableText(params.RecordingUrl) : null, recordingSeconds: duration, updatedAt: now })
        .where(eq(calls.id, row.id));
    }
  });
}

/** The Twilio REST client starts a call's recording (the `twilio` package, loaded on first use). */
export function twilioCallRecorder(config: { accountSid: string; authToken: string; httpClient?: NonNullable<Parameters<typeof twilio>[2]>['httpClient'] }): CallRecorder {
  let client: Promise<ReturnType<typeof twilio>> | null = null;
  return {
    async start({ callSid, statusCallbackUrl }) {
      client ??= import('twilio').then((m) => (m.default ?? m)(config.accountSid, config.authToken, config.httpClient ? { httpClient: config.httpClient } : {}));
      await (await client).calls(callSid).recordings.create({ recordingStatusCallback: statusCallbackUrl, recordingStatusCallbackMethod: 'POST', recordingStatusCallbackEvent: ['completed'], recordingChannels: 'dual' });
    },
  };
}
