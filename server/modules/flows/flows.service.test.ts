import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@server/platform/db/schema';
import { callerFor, setUpTestApp, signUp, type TestDeps } from '@server/testing/test-app';

/**
 * Issue 23 items 1 and 3, the server under the editor: create, autosave a draft with its problems listed, publish
 * only a graph without problems (a new version each time), turn on/off, restore a version; another company's flow is
 * NOT_FOUND; /flows lists the built-in follow-ups first.
 */
const t = setUpTestApp();

async function owner(deps: TestDeps) {
  const email = `owner-${Math.random().toString(36).slice(2)}@example.test`;
  const token = await signUp(deps, { email });
  const [row] = await deps.db.select({ companyId: users.companyId }).from(users).where(eq(users.email, email)).limit(1);
  return { caller: callerFor(deps, { authToken: token }), companyId: row!.companyId };
}

describe('flows: drafts, versions and status', () => {
  it('creates a flow from the blank template, paused and unpublished; the list shows the follow-ups first', async () => {
    const { caller } = await owner(t.deps);
    const flow = await caller.flows.create({ name: 'New SMS lead' });
    expect(flow).toMatchObject({ name: 'New SMS lead', status: 'paused', publishedNumber: null, problems: [], versions: [] });
    expect(flow.draft.trigger).toEqual({ type: 'lead_created', sources: ['sms'] });
    const list = await caller.flows.list();
    expect(list.map((row) => [row.kind, row.name, row.status, row.published])).toEqual([
      ['follow_ups', 'No-reply follow-ups', 'active', true],
      ['custom', 'New SMS lead', 'paused', false],
    ]);
  });

  it('autosaves a draft with problems and lists them; publish is refused until they are fixed, then makes version 1 and turns it on', async () => {
    const { caller } = await owner(t.deps);
    const flow = await caller.flows.create({ name: 'Nurture' });
    const broken = { ...flow.draft, steps: [...flow.draft.steps, { id: 'orphan', type: 'stop' as const }] };
    const saved = await caller.flows.saveDraft({ id: flow.id, expectedVersion: flow.version, name: 'Nurture', graph: broken });
    expect(saved.problems.map((problem) => problem.message)).toEqual(['Nothing leads to “orphan”']);
    await expect(caller.flows.publish({ id: flow.id, expectedVersion: saved.version })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Fix this before publishing: Nothing leads to “orphan”.' });
    // A stale autosave is refused, not merged.
    await expect(caller.flows.saveDraft({ id: flow.id, expectedVersion: flow.version, name: 'Nurture', graph: flow.draft })).rejects.toMatchObject({ code: 'CONFLICT' });
    const fixed = await caller.flows.saveDraft({ id: flow.id, expectedVersion: saved.version, name: 'Nurture', graph: flow.draft });
    const published = await caller.flows.publish({ id: flow.id, expectedVersion: fixed.version });
    expect(published).toMatchObject({ status: 'active', publishedNumber: 1, versions: [{ number: 1 }] });
    // A shape the schema refuses never reaches the draft.
    await expect(caller.flows.saveDraft({ id: flow.id, expectedVersion: published.version, name: 'Nurture', graph: { trigger: { type: 'nope' }, start: 'a', steps: [] } })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('publishing again makes version 2; an earlier version can be restored into the draft; off and archived', async () => {
    const { caller } = await owner(t.deps);
    let flow = await caller.flows.create({ name: 'Reactivation' });
    flow = await caller.flows.publish({ id: flow.id, expectedVersion: flow.version });
    const second = { ...flow.draft, steps: flow.draft.steps.map((step) => (step.type === 'send_sms' && step.id === 'nudge' ? { ...step, body: 'Second version' } : step)) };
    flow = await caller.flows.saveDraft({ id: flow.id, expectedVersion: flow.version, name: flow.name, graph: second });
    flow = await caller.flows.publish({ id: flow.id, expectedVersion: flow.version });
    expect(flow.versions.map((version) => version.number)).toEqual([2, 1]);
    flow = await caller.flows.restoreVersion({ id: flow.id, number: 1, expectedVersion: flow.version });
    expect(JSON.stringify(flow.draft)).not.toContain('Second version');
    flow = await caller.flows.setStatus({ id: flow.id, status: 'paused' });
    expect(flow.status).toBe('paused');
    await caller.flows.setStatus({ id: flow.id, status: 'archived' });
    expect((await caller.flows.list()).map((row) => row.name)).toEqual(['No-reply follow-ups']);
  });

  it('a flow never published cannot be turned on; another company’s flow is NOT_FOUND everywhere', async () => {
    const a = await owner(t.deps);
    const flow = await a.caller.flows.create({ name: 'Mine' });
    await expect(a.caller.flows.setStatus({ id: flow.id, status: 'active' })).rejects.toMatchObject({ message: 'Publish the flow before turning it on.' });
    const b = await owner(t.deps);
    await expect(b.caller.flows.get({ id: flow.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(b.caller.flows.saveDraft({ id: flow.id, expectedVersion: flow.version, name: 'Theirs', graph: flow.draft })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(b.caller.flows.publish({ id: flow.id, expectedVersion: flow.version })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(b.caller.flows.setStatus({ id: flow.id, status: 'paused' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(b.caller.flows.restoreVersion({ id: flow.id, number: 1, expectedVersion: 1 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
