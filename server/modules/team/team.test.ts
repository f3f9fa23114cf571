import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, conversations, invitations, leads, notifications, users } from '@server/platform/db/schema';
import { DAY, MINUTE } from '@server/platform/lib/clock';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { CachedSessionResolver } from '@server/modules/auth/session.service';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { PROCEDURE_ROLES } from '@server/platform/trpc/roles';
import { appRouter } from '@server/app.router';

const t = setUpTestApp();

/** The invite link's token from the newest invitation email to `to`. */
function inviteToken(to: string): string {
  const message = [...t.deps.mailer.sent].reverse().find((m) => m.to === to && m.text.includes('/invite/'));
  const token = message?.text.match(/\/invite\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invitation was emailed to ${to}`);
  return token;
}

async function owner(email = 'owner@team.test', companyName = 'Team Co') {
  t.deps.clock.set(Date.parse('2026-12-01T15:00:00Z'));
  const token = await signUp(t.deps, { email, companyName, signupPhone: null });
  return { token, caller: callerFor(t.deps, { authToken: token }) };
}

/** Invites `email` with `role` and joins through the link: returns the new member's token. */
async function join(inviter: ReturnType<typeof callerFor>, email: string, role: 'owner' | 'admin' | 'staff', name = { firstName: 'Sam', lastName: 'Lee' }) {
  await inviter.team.invite({ email, role });
  await t.deps.queue.drain();
  const token = inviteToken(email);
  const anonymous = callerFor(t.deps);
  await anonymous.invitations.accept({ token, ...name });
  await t.deps.queue.drain();
  const verified = await anonymous.invitations.verify({ token, code: t.deps.mailer.lastCode(email) });
  if (!verified.authToken) throw new Error(verified.message);
  return { token: verified.authToken, caller: callerFor(t.deps, { authToken: verified.authToken }), inviteToken: token };
}

describe('invitations', () => {
  it('invite → accept → the person is in the company with the role, signed in, and it is in the audit log', async () => {
    const o = await owner();
    await o.caller.team.invite({ email: 'Sam@Team.test ', role: 'staff' });
    await t.deps.queue.drain();
    const mail = t.deps.mailer.sent.find((m) => m.to === 'sam@team.test');
    expect(mail?.text).toContain('Dana Rivera invited you to join Team Co on LeadLoop as a staff');
    expect(mail?.text).toContain('http://localhost:3000/invite/');
    const token = inviteToken('sam@team.test');
    const [stored] = await t.deps.db.select().from(invitations);
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const anonymous = callerFor(t.deps);
    expect(await anonymous.invitations.preview({ token })).toMatchObject({ companyName: 'Team Co', invitedByName: 'Dana Rivera', email: 'sam@team.test', role: 'staff', status: 'pending' });
    await anonymous.invitations.accept({ token, firstName: 'Sam', lastName: 'Lee' });
    await t.deps.queue.drain();
    const wrong = await anonymous.invitations.verify({ token, code: '000000' === t.deps.mailer.lastCode('sam@team.test') ? '111111' : '000000' });
    expect(wrong).toMatchObject({ success: false, message: expect.stringContaining('4 attempts left') });
    const verified = await anonymous.invitations.verify({ token, code: t.deps.mailer.lastCode('sam@team.test') });
    expect(verified.success).toBe(true);

    const sam = callerFor(t.deps, { authToken: verified.authToken });
    const me = await sam.getCurrentLoggedInUser();
    const ownerMe = await o.caller.getCurrentLoggedInUser();
    expect(me.company.id).toBe(ownerMe.company.id);
    expect(me.user).toMatchObject({ email: 'sam@team.test', firstName: 'Sam', lastName: 'Lee' });
    expect((await sam.currentSession()).role).toBe('staff');
    const overview = await o.caller.team.overview();
    expect(overview.members.map((m) => [m.email, m.role])).toEqual([['owner@team.test', 'owner'], ['sam@team.test', 'staff']]);
    expect(overview.invitations).toMatchObject([{ email: 'sam@team.test', status: 'accepted' }]);
    const actions = (await t.deps.db.select().from(auditLog)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['team.invited', 'team.joined']));
  });

  it('refuses an expired invitation, and a used one', async () => {
    const o = await owner();
    await o.caller.team.invite({ email: 'late@team.test', role: 'staff' });
    await t.deps.queue.drain();
    const token = inviteToken('late@team.test');
    t.deps.clock.advance(7 * DAY + MINUTE);
    const anonymous = callerFor(t.deps);
    expect((await anonymous.invitations.preview({ token })).status).toBe('expired');
    const expired = await trpcErrorOf(anonymous.invitations.accept({ token, firstName: 'Late', lastName: 'Comer' }));
    expect(expired.code).toBe('PRECONDITION_FAILED');
    expect(expired.message).toContain('expired');

    const used = await join(o.caller, 'used@team.test', 'staff');
    const again = await trpcErrorOf(anonymous.invitations.accept({ token: used.inviteToken, firstName: 'Sam', lastName: 'Again' }));
    expect(again.message).toBe('This invitation was already used. Sign in with your email instead.');
    expect((await trpcErrorOf(anonymous.invitations.verify({ token: used.inviteToken, code: '123456' }))).code).toBe('PRECONDITION_FAILED');
    expect(await t.deps.db.select().from(users).where(eq(users.email, 'used@team.test'))).toHaveLength(1);
  });

  it('resend kills the old link; revoke kills the link', async () => {
    const o = await owner();
    await o.caller.team.invite({ email: 'kim@team.test', role: 'admin' });
    await t.deps.queue.drain();
    const first = inviteToken('kim@team.test');
    const [row] = (await o.caller.team.overview()).invitations;
    await o.caller.team.resendInvitation({ id: row!.id });
    await t.deps.queue.drain();
    const second = inviteToken('kim@team.test');
    expect(second).not.toBe(first);
    const anonymous = callerFor(t.deps);
    expect((await trpcErrorOf(anonymous.invitations.preview({ token: first }))).code).toBe('NOT_FOUND');
    expect((await anonymous.invitations.preview({ token: second })).status).toBe('pending');

    await o.caller.team.revokeInvitation({ id: row!.id });
    expect((await anonymous.invitations.preview({ token: second })).status).toBe('revoked');
    expect((await trpcErrorOf(anonymous.invitations.accept({ token: second, firstName: 'Kim', lastName: 'Ho' }))).message).toContain('withdrawn');
    expect((await o.caller.team.overview()).invitations[0]?.status).toBe('revoked');
  });

  it('refuses an email that already has a login, in this company or another (one login per email)', async () => {
    const o = await owner();
    await signUp(t.deps, { email: 'taken@other.test', companyName: 'Other Co', signupPhone: null });
    const taken = await trpcErrorOf(o.caller.team.invite({ email: 'taken@other.test', role: 'staff' }));
    expect(taken.code).toBe('BAD_REQUEST');
    expect(taken.message).toContain('already has a LeadLoop login');
    expect((await trpcErrorOf(o.caller.team.invite({ email: 'owner@team.test', role: 'staff' }))).message).toContain('already on your team');
  });

  it('an admin may not invite an owner', async () => {
    const o = await owner();
    const admin = await join(o.caller, 'admin@team.test', 'admin');
    expect((await trpcErrorOf(admin.caller.team.invite({ email: 'boss@team.test', role: 'owner' }))).message).toBe('Only the owner can invite another owner.');
    await admin.caller.team.invite({ email: 'helper@team.test', role: 'staff' });
  });
});

describe('roles are enforced on the server', () => {
  it('a staff user gets FORBIDDEN on owner and admin procedures, and may do the day’s work', async () => {
    const o = await owner();
    const staff = await join(o.caller, 'staff@team.test', 'staff');
    const me = await staff.caller.getCurrentLoggedInUser();
    for (const call of [
      () => staff.caller.team.changeRole({ userId: me.user.id, role: 'owner' }),
      () => staff.caller.team.invite({ email: 'x@team.test', role: 'staff' }),
      () => staff.caller.team.overview(),
      () => staff.caller.company.update({ name: 'Mine now' } as never),
      () => staff.caller.flows.create({ name: 'Sneaky' }),
      () => staff.caller.logs.audit({}),
      () => staff.caller.team.assignment.set({ mode: 'person', userIds: [], userId: me.user.id }),
    ]) {
      const error = await trpcErrorOf(call());
      expect(error.code).toBe('FORBIDDEN');
    }
    expect((await trpcErrorOf(staff.caller.team.changeRole({ userId: me.user.id, role: 'owner' }))).message).toBe('Only the owner can do this.');
    expect(await staff.caller.leads.list({})).toBeDefined();
    expect((await staff.caller.team.members()).length).toBe(2);
  });

  it('an admin gets FORBIDDEN on owner procedures', async () => {
    const o = await owner();
    const admin = await join(o.caller, 'admin@team.test', 'admin');
    const me = await admin.caller.getCurrentLoggedInUser();
    expect((await trpcErrorOf(admin.caller.team.changeRole({ userId: me.user.id, role: 'owner' }))).code).toBe('FORBIDDEN');
    expect((await admin.caller.team.overview()).members).toHaveLength(2);
  });

  it('a role change takes effect at once, on this instance and another one', async () => {
    const o = await owner();
    const staff = await join(o.caller, 'sam@team.test', 'staff');
    const other = new CachedSessionResolver(t.deps.db);
    const unsubscribe = t.deps.bus.subscribeSystem((event) => other.forgetCompany(event.companyId));
    const now = t.deps.clock.now();
    expect((await other.resolve(staff.token, now))?.user.role).toBe('staff');
    const samId = (await staff.caller.getCurrentLoggedInUser()).user.id;
    await o.caller.team.changeRole({ userId: samId, role: 'admin' });
    expect((await other.resolve(staff.token, now))?.user.role).toBe('admin');
    expect((await staff.caller.team.overview()).myRole).toBe('admin');
    unsubscribe();
  });
});

describe('removing a member', () => {
  it('ends their sessions at once, on every instance, and is audited', async () => {
    const o = await owner();
    const staff = await join(o.caller, 'gone@team.test', 'staff');
    // A second instance: its own session cache, hearing the same bus.
    const other = new CachedSessionResolver(t.deps.db);
    const unsubscribe = t.deps.bus.subscribeSystem((event) => other.forgetCompany(event.companyId));
    const now = t.deps.clock.now();
    expect(await other.resolve(staff.token, now)).not.toBeNull();
    expect(await staff.caller.leads.list({})).toBeDefined();
    const id = (await staff.caller.getCurrentLoggedInUser()).user.id;

    await o.caller.team.remove({ userId: id });
    expect(await other.resolve(staff.token, now)).toBeNull();
    expect((await trpcErrorOf(staff.caller.leads.list({}))).code).toBe('UNAUTHORIZED');
    const [entry] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'team.removed'));
    expect(entry?.metadata).toMatchObject({ email: 'gone@team.test', role: 'staff' });
    unsubscribe();
  });

  it('the last owner can be neither removed nor demoted; with two owners one may step down', async () => {
    const o = await owner();
    const me = (await o.caller.getCurrentLoggedInUser()).user.id;
    const demote = await trpcErrorOf(o.caller.team.changeRole({ userId: me, role: 'admin' }));
    expect(demote.code).toBe('PRECONDITION_FAILED');
    expect(demote.message).toContain('only owner');
    const admin = await join(o.caller, 'admin@team.test', 'admin');
    const removeOwner = await trpcErrorOf(admin.caller.team.remove({ userId: me }));
    expect(removeOwner.code).toBe('FORBIDDEN');
    const second = await join(o.caller, 'second@team.test', 'owner');
    await o.caller.team.changeRole({ userId: me, role: 'admin' });
    const secondId = (await second.caller.getCurrentLoggedInUser()).user.id;
    expect((await trpcErrorOf(second.caller.team.changeRole({ userId: secondId, role: 'staff' }))).code).toBe('PRECONDITION_FAILED');
    expect((await trpcErrorOf(o.caller.team.changeRole({ userId: secondId, role: 'staff' }))).code).toBe('FORBIDDEN');
  });
});

describe('another company’s ids', () => {
  it('are NOT_FOUND for every team procedure taking an id', async () => {
    const a = await owner('a@team.test', 'A Co');
    const b = await owner('b@team.test', 'B Co');
    const bStaff = await join(b.caller, 'bstaff@team.test', 'staff');
    const bStaffId = (await bStaff.caller.getCurrentLoggedInUser()).user.id;
    await b.caller.team.invite({ email: 'pending@team.test', role: 'staff' });
    const bInvitation = (await b.caller.team.overview()).invitations.find((i) => i.status === 'pending')!;
    for (const call of [
      () => a.caller.team.changeRole({ userId: bStaffId, role: 'admin' }),
      () => a.caller.team.remove({ userId: bStaffId }),
      () => a.caller.team.resendInvitation({ id: bInvitation.id }),
      () => a.caller.team.revokeInvitation({ id: bInvitation.id }),
      () => a.caller.team.assignment.set({ mode: 'person', userIds: [], userId: bStaffId }),
      () => a.caller.team.assignment.set({ mode: 'round_robin', userIds: [bStaffId], userId: null }),
    ]) {
      expect((await trpcErrorOf(call())).code).toBe('NOT_FOUND');
    }
    // Every procedure of the team module that takes an id is covered above.
    const withIds = Object.keys(PROCEDURE_ROLES).filter((path) => ['team.changeRole', 'team.remove', 'team.resendInvitation', 'team.revokeInvitation', 'team.assignment.set'].includes(path));
    expect(withIds).toHaveLength(5);
    expect(Object.keys((appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures).filter((p) => p.startsWith('team.'))).toHaveLength(9);
  });
});

describe('assignment', () => {
  async function withNumber() {
    const o = await owner();
    await o.caller.phone.useSimulator();
    return o;
  }
  async function textFrom(o: Awaited<ReturnType<typeof owner>>, phone: string) {
    const device = await o.caller.phone.simulator.addDevice({ phone });
    await o.caller.phone.simulator.send({ deviceId: device.id, body: 'Need a plumber', mediaUrls: [] });
    await t.deps.queue.drain();
  }

  it('round-robin takes turns among the chosen people, from a counter in the database, and tells only the assignee', async () => {
    const o = await withNumber();
    const a = await join(o.caller, 'a@team.test', 'staff', { firstName: 'Ann', lastName: 'A' });
    const b = await join(o.caller, 'b@team.test', 'staff', { firstName: 'Ben', lastName: 'B' });
    const aId = (await a.caller.getCurrentLoggedInUser()).user.id;
    const bId = (await b.caller.getCurrentLoggedInUser()).user.id;
    await o.caller.team.assignment.set({ mode: 'round_robin', userIds: [aId, bId], userId: null });
    for (const phone of ['+13125550101', '+13125550102', '+13125550103']) await textFrom(o, phone);
    const rows = await t.deps.db.select().from(leads).orderBy(leads.createdAt);
    expect(rows.map((lead) => lead.assignedUserId)).toEqual([aId, bId, aId]);
    const threads = await t.deps.db.select().from(conversations);
    expect(threads.every((c) => c.assignedUserId === aId || c.assignedUserId === bId)).toBe(true);
    const assigned = await t.deps.db.select().from(notifications).where(eq(notifications.event, 'assigned'));
    expect(assigned.map((n) => n.userId).sort()).toEqual([aId, aId, bId].sort());
    expect(assigned[0]?.title).toMatch(/^New lead for you/);
  });

  it('turns are handed out in order under concurrent intakes (the counter row, not memory)', async () => {
    const o = await withNumber();
    const a = await join(o.caller, 'a@team.test', 'staff');
    const b = await join(o.caller, 'b@team.test', 'staff');
    const ids = [(await a.caller.getCurrentLoggedInUser()).user.id, (await b.caller.getCurrentLoggedInUser()).user.id];
    await o.caller.team.assignment.set({ mode: 'round_robin', userIds: ids, userId: null });
    const devices = await Promise.all(['+13125550111', '+13125550112', '+13125550113', '+13125550114'].map((phone) => o.caller.phone.simulator.addDevice({ phone })));
    await Promise.all(devices.map((device) => o.caller.phone.simulator.send({ deviceId: device.id, body: 'Hi', mediaUrls: [] })));
    await t.deps.queue.drain();
    const rows = await t.deps.db.select().from(leads);
    const counts = ids.map((id) => rows.filter((lead) => lead.assignedUserId === id).length);
    expect(counts).toEqual([2, 2]);
  });

  it('one person gets every new lead; a removed member drops out of the turns', async () => {
    const o = await withNumber();
    const a = await join(o.caller, 'a@team.test', 'staff');
    const b = await join(o.caller, 'b@team.test', 'staff');
    const aId = (await a.caller.getCurrentLoggedInUser()).user.id;
    const bId = (await b.caller.getCurrentLoggedInUser()).user.id;
    await o.caller.team.assignment.set({ mode: 'person', userIds: [], userId: bId });
    await textFrom(o, '+13125550121');
    await o.caller.team.assignment.set({ mode: 'round_robin', userIds: [aId, bId], userId: null });
    await o.caller.team.remove({ userId: aId });
    expect((await o.caller.team.assignment.get()).userIds).toEqual([bId]);
    await textFrom(o, '+13125550122');
    const rows = await t.deps.db.select().from(leads).orderBy(leads.createdAt);
    expect(rows.map((lead) => lead.assignedUserId)).toEqual([bId, bId]);
  });
});
