import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../db/schema';
import { MINUTE } from '../lib/clock';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { callerFor, createTestDeps, signUp, type TestDeps } from '../testing/test-deps';
import { issueImpersonationToken } from './impersonation.service';

let database: TestDatabase;
let deps: TestDeps;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.truncateAll();
  deps = createTestDeps(database.db);
  await signUp(deps, { email: 'owner@example.test' });
});

describe('impersonation tokens (adminAuth)', () => {
  it('work as a session credential for the user, flagged and audited', async () => {
    const issued = await issueImpersonationToken(deps.db, { email: ' OWNER@example.test', operator: 'support@leadloop', now: deps.clock.now() });
    expect(issued).not.toBeNull();
    const me = await callerFor(deps, { authToken: issued!.token }).getCurrentLoggedInUser();
    expect(me.user.email).toBe('owner@example.test');

    const rows = await deps.db.select().from(sessions);
    const session = rows.find((r) => r.kind === 'impersonation');
    expect(session).toMatchObject({ impersonatedBy: 'support@leadloop', companyId: me.company.id });
    expect(session!.expiresAt.getTime() - deps.clock.now().getTime()).toBe(60 * MINUTE);

    const audit = (await deps.db.select().from(auditLog)).find((a) => a.action === 'support.impersonation_started');
    expect(audit).toMatchObject({ actorKind: 'support', companyId: me.company.id, targetId: me.user.id });
    expect(audit!.metadata).toMatchObject({ operator: 'support@leadloop' });
  });

  it('expires 60 minutes after issue, however much it is used', async () => {
    const issued = await issueImpersonationToken(deps.db, { email: 'owner@example.test', operator: 'ops', now: deps.clock.now() });
    const me = () => callerFor(deps, { authToken: issued!.token }).getCurrentLoggedInUser();
    // Used every 6 minutes: a user session would slide forward each time; this one must not.
    for (let minute = 0; minute < 60; minute += 6) {
      await expect(me()).resolves.toBeTruthy();
      deps.clock.advance(6 * MINUTE);
    }
    deps.clock.set(deps.clock.now().getTime() - 1); // 59:59.999 after issue
    await expect(me()).resolves.toBeTruthy();
    deps.clock.advance(1);
    await expect(me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('is null for an unknown email', async () => {
    expect(await issueImpersonationToken(deps.db, { email: 'nobody@example.test', operator: 'ops', now: deps.clock.now() })).toBeNull();
  });
});
