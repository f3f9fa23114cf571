import { z } from 'zod';
import { INTEGRATION_WORDS, type IntegrationProvider } from '@contracts/integrations';
import { type JobQueue, type JobRecord, PermanentJobError, RescheduleJob } from '@server/platform/jobs/job-queue';
import type { RecordedEvent } from '@server/platform/events/domain-events';
import type { AppServices } from '@server/platform/services';
import { type ConnectionRow, connectionById, connectionOf, ReconnectNeeded, recordFailure, recordSuccess, REFRESH_QUEUE, refreshConnection, RefreshInProgress } from './connection';
import { ProviderError } from './provider-http';
import { CALENDAR_EVENT_QUEUE, CALENDAR_POLL_QUEUE, CALENDAR_SYNC_QUEUE, ensurePushChannels, nextPollDelay, reconcileBookingEvent, schedulePoll, syncGoogleCalendars } from './google-calendar';
import { applyJobberJob, JOBBER_JOB_QUEUE, JOBBER_PUSH_QUEUE, pushLeadToJobber } from './jobber';
import { copyReplyToThumbtack, THUMBTACK_REPLY_QUEUE } from './thumbtack';

/**
 * The integrations' background work (decision 0055): token refreshes, calendar reads (polled, or on a push), booking
 * events, leads to Jobber and Jobber's jobs back, replies copied to Thumbtack. Every sync runs from the durable
 * queue: a failure is retried with backoff, shown on the card and in the sync log, and told to the owner once.
 */
const connectionPayload = z.object({ connectionId: z.uuid() });
const appointmentPayload = z.object({ appointmentId: z.uuid() });
const leadPayload = z.object({ leadId: z.uuid() });
const messagePayload = z.object({ messageId: z.uuid() });
const jobberJobPayload = z.object({ connectionId: z.uuid(), jobId: z.string().min(1).max(200) });

function parse<T>(schema: z.ZodType<T>, job: JobRecord<unknown>): T {
  const parsed = schema.safeParse(job.payload);
  if (!parsed.success) throw new PermanentJobError(`${job.queue}: bad payload`);
  return parsed.data;
}

/**
 * Runs one sync and records its outcome. A 401 forces a token refresh first (a refused refresh turns the card to
 * "Reconnect needed" and stops retrying); any other failure is recorded — `retrying` while attempts remain — and
 * thrown, so the queue tries again with backoff.
 */
async function runSync(services: AppServices, job: JobRecord<unknown>, provider: IntegrationProvider, work: () => Promise<{ connection: Pick<ConnectionRow, 'id' | 'companyId' | 'provider'>; summary: string | null } | null>): Promise<void> {
  try {
    const done = await work();
    if (done) await recordSuccess(services, done.connection, done.summary);
  } catch (error) {
    if (error instanceof ReconnectNeeded) throw new PermanentJobError(error.message);
    // Another worker is renewing the tokens right now: run again in a few seconds, not counted as an attempt.
    if (error instanceof RefreshInProgress) throw new RescheduleJob(new Date(services.clock.now().getTime() + REFRESH_WAIT_MS));
    const connection = job.companyId ? await connectionOf(services.db, job.companyId, provider) : null;
    if (error instanceof ProviderError && error.reconnect && connection) {
      try {
        await refreshConnection(services, connection.id);
      } catch (refreshError) {
        if (refreshError instanceof ReconnectNeeded) throw new PermanentJobError(refreshError.message);
      }
    }
    const words = error instanceof ProviderError ? error.words : `${INTEGRATION_WORDS[provider].name}: LeadLoop could not finish a sync (${(error as Error).message}).`;
    if (connection) await recordFailure(services, connection, words, job.attempts >= job.maxAttempts ? 'failed' : 'retrying');
    throw error;
  }
}

async function syncCalendars(services: AppServices, connectionId: string): Promise<{ connection: ConnectionRow; summary: string | null; push: boolean } | null> {
  const connection = await connectionById(services.db, connectionId);
  if (!connection || connection.status !== 'connected') return null;
  const changed = await syncGoogleCalendars(services, connection);
  const push = await ensurePushChannels(services, connection);
  return { connection, summary: changed > 0 ? `Read ${changed} busy time change${changed === 1 ? '' : 's'} from Google Calendar.` : null, push };
}

/** How long a job waits for another worker's token refresh (its lease is 30 seconds at most). */
const REFRESH_WAIT_MS = 5_000;

const retry = { retryDelayMs: (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 60 * 60_000) };

export function registerIntegrationJobs(queue: JobQueue, services: AppServices): void {
  queue.register(REFRESH_QUEUE, async (job) => {
    const { connectionId } = parse(connectionPayload, job);
    const connection = await connectionById(services.db, connectionId);
    if (!connection || connection.status !== 'connected') return;
    try {
      await refreshConnection(services, connectionId);
    } catch (error) {
      if (error instanceof ReconnectNeeded) throw new PermanentJobError(error.message);
      // Someone else is refreshing (a sync that found the token about to expire): that is this job's work done.
      if (error instanceof RefreshInProgress) return;
      throw error;
    }
  }, retry);

  queue.register(CALENDAR_SYNC_QUEUE, async (job) => {
    const { connectionId } = parse(connectionPayload, job);
    await runSync(services, job, 'google_calendar', () => syncCalendars(services, connectionId));
  }, { ...retry, leaseMs: 5 * 60_000 });

  queue.register(CALENDAR_POLL_QUEUE, async (job) => {
    const { connectionId } = parse(connectionPayload, job);
    let push = false;
    try {
      await runSync(services, job, 'google_calendar', async () => {
        const done = await syncCalendars(services, connectionId);
        push = done?.push ?? false;
        return done;
      });
    } catch (error) {
      // Waiting for a token refresh: this same poll runs again shortly (no new one is queued).
      if (error instanceof RescheduleJob) throw error;
      // Anything else is recorded by runSync (card, sync log, the owner told once): the next poll is the retry, so
      // this job never retries itself (a retry would start a second chain of polls).
    }
    // The next read is queued whatever happened to this one (unless the connection is gone or needs reconnecting).
    const connection = await connectionById(services.db, connectionId);
    if (connection?.status === 'connected') await schedulePoll(services, services.db, connection, nextPollDelay(push));
  }, { leaseMs: 5 * 60_000 });

  queue.register(CALENDAR_EVENT_QUEUE, async (job) => {
    const { appointmentId } = parse(appointmentPayload, job);
    await runSync(services, job, 'google_calendar', () => reconcileBookingEvent(services, appointmentId));
  }, retry);

  queue.register(JOBBER_PUSH_QUEUE, async (job) => {
    const { leadId } = parse(leadPayload, job);
    await runSync(services, job, 'jobber', () => pushLeadToJobber(services, leadId));
  }, retry);

  queue.register(JOBBER_JOB_QUEUE, async (job) => {
    const { connectionId, jobId } = parse(jobberJobPayload, job);
    await runSync(services, job, 'jobber', async () => {
      const connection = await connectionById(services.db, connectionId);
      if (!connection || connection.status !== 'connected') return null;
      const summary = await applyJobberJob(services, connection, jobId);
      return { connection, summary };
    });
  }, retry);

  queue.register(THUMBTACK_REPLY_QUEUE, async (job) => {
    const { messageId } = parse(messagePayload, job);
    await runSync(services, job, 'thumbtack', () => copyReplyToThumbtack(services, messageId));
  }, retry);

  services.events.subscribe('integrations', integrationsConsumer(services));
}

/**
 * Domain events the integrations follow: bookings (calendar events), leads that become qualified or booked (Jobber),
 * texts sent (copied to Thumbtack). Only companies with that provider connected get a job.
 */
export function integrationsConsumer(services: AppServices) {
  return async ({ companyId, event }: RecordedEvent): Promise<void> => {
    const connected = async (provider: IntegrationProvider) => (await connectionOf(services.db, companyId, provider))?.status === 'connected';
    if (event.type === 'appointment.booked' || event.type === 'appointment.moved' || event.type === 'appointment.cancelled') {
      if (await connected('google_calendar')) await services.queue.enqueue(services.db, CALENDAR_EVENT_QUEUE, { appointmentId: event.data.appointmentId }, { companyId, maxAttempts: 8 });
    } else if (event.type === 'lead.status_changed' && (event.data.to === 'qualified' || event.data.to === 'booked')) {
      if (await connected('jobber')) await services.queue.enqueue(services.db, JOBBER_PUSH_QUEUE, { leadId: event.data.leadId }, { companyId, maxAttempts: 8, singletonKey: `jobber-push:${event.data.leadId}` });
    } else if (event.type === 'message.sent') {
      if (await connected('thumbtack')) await services.queue.enqueue(services.db, THUMBTACK_REPLY_QUEUE, { messageId: event.data.messageId }, { companyId, maxAttempts: 8, singletonKey: `thumbtack-reply:${event.data.messageId}` });
    }
  };
}
