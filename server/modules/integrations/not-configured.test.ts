import { describe, expect, it } from 'vitest';
import { callerFor, setUpTestApp } from '@server/testing/test-app';
import { businessWithNumber } from '@server/testing/business';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';

/** Issue 29: on a server with no client id for a provider, its card and its Connect say what to set. */
const t = setUpTestApp();

describe('integrations on a server with no client ids', () => {
  it('cards say “not set up” with the variables to set, and connecting explains it', async () => {
    const s = await businessWithNumber(t.deps);
    const caller = callerFor(t.deps, { authToken: s.token });
    const cards = await caller.integrations.list();
    expect(cards.map((c) => [c.provider, c.status, c.missingEnv])).toEqual([
      ['google_calendar', 'not_configured', ['GOOGLE_OAUTH_CLIENT_ID', 'GOOGLE_OAUTH_CLIENT_SECRET']],
      ['jobber', 'not_configured', ['JOBBER_CLIENT_ID', 'JOBBER_CLIENT_SECRET']],
      ['thumbtack', 'not_configured', ['THUMBTACK_CLIENT_ID', 'THUMBTACK_CLIENT_SECRET']],
    ]);
    const refused = await trpcErrorOf(caller.integrations.connect({ provider: 'jobber' }));
    expect(refused.code).toBe('PRECONDITION_FAILED');
    expect(refused.message).toBe('This server has no client id for Jobber: set JOBBER_CLIENT_ID and JOBBER_CLIENT_SECRET (from the app you register with Jobber) and restart LeadLoop. .env.example describes them.');
  });
});
