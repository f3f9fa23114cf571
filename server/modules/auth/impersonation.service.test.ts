import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '@server/platform/db/schema';
import { MINUTE } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { issueImpersonationToken } from './impersonation.service';

const t = setUpTestApp();

beforeEach(async () => {
  await signUp(t.deps, { email: 'owner@example.test' });
});

describe('impersonation tokens (adminAuth)', () => {
  it('work as a session credential for the user, flagged and audited', async () => {
    const issued = await issueImpersonationToken(t.deps.db, { email: ' OWNER@example.test', operator: 'support@leadloop', now: t.deps.clock.now() });
    expect(issued).not.toBeNull();
    const me = await callerFor(t.deps, { authToken: issued!.token }).getCurrentLoggedInUser();
    expect(me.user.email).toBe('owner@example.test');

    const rows = await t.deps.db.select().from(sessions);
    const session = rows.find((r) => r.kind === 'impersonation');
    expect(session).toMatchObject({ impersonatedBy: 'support@leadloop', companyId: me.company.id });
    expect(session!.expiresAt.getTime() - t.deps.clock.now().getTime()).toBe(60 * MINUTE);

    const audit = (await t.deps.db.select().from(auditLog)).find((a) => a.action === 'support.impersonation_started');
    expect(audit).toMatchObject({ actorKind: 'support', companyId: me.company.id, targetId: me.user.id });
    expect(audit!.metadata).toMatchObject({ operator: 'support@leadloop' });
  });

  it('expires 60 minutes after issue, however much it is used', async () => {
    const issued = await issueImpersonationToken(t.deps.db, { email: 'owner@example.test', operator: 'ops', now: t.deps.clock.now() });
    const me = () => callerFor(t.deps, { authToken: issued!.token }).getCurrentLoggedInUser();
    // Used every 6 minutes: a user session would slide forward each time; this one must not.
    for (let minute = 0; minute < 60; minute += 6) {
      await expect(me()).resolves.toBeTruthy();
      t.deps.clock.advance(6 * MINUTE);
    }
    t.deps.clock.set(t.deps.clock.now().getTime() - 1); // 59:59.999 after issue
    await expect(me()).resolves.toBeTruthy();
    t.deps.clock.advance(1);
    await expect(me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('says it is support access, by whom and until when; a normal session says it is not', async () => {
    const owner = await t.deps.db.select().from(sessions);
    const issued = await issueImpersonationToken(t.deps.db, { email: 'owner@example.test', operator: 'support@leadloop', now: t.deps.clock.now() });
    const support = await callerFor(t.deps, { authToken: issued!.token }).currentSession();
    expect(support).toEqual({ kind: 'impersonation', role: 'owner', impersonation: { endsAt: t.deps.clock.now().getTime() + 60 * MINUTE, operator: 'support@leadloop' } });
    expect(owner.every((s) => s.kind === 'user')).toBe(true);
    const token = await signUp(t.deps, { email: 'second@example.test' });
    expect(await callerFor(t.deps, { authToken: token }).currentSession()).toEqual({ kind: 'user', role: 'owner', impersonation: null });
  });

  it('is null for an unknown email', async () => {
    expect(await issueImpersonationToken(t.deps.db, { email: 'nobody@example.test', operator: 'ops', now: t.deps.clock.now() })).toBeNull();
  });
});
