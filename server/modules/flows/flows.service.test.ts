import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@server/platform/db/schema';
import { FLOW_TEMPLATES } from '@contracts/flow-templates';
import { flowGraphSchema } from '@contracts/flows.schema';
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
    // An empty text is saved as drawn and listed; publishing is refused until it is filled in.
    const empty = await caller.flows.saveDraft({ id: flow.id, expectedVersion: published.version, name: 'Nurture', graph: { ...flow.draft, steps: flow.draft.steps.map((step) => (step.id === 'welcome' ? { ...step, body: '  ' } : step)) } });
    expect(empty.fieldProblems).toEqual([{ stepId: 'welcome', field: 'body', message: 'The text cannot be empty' }]);
    await expect(caller.flows.publish({ id: flow.id, expectedVersion: empty.version })).rejects.toMatchObject({ message: 'Fix this before publishing: “welcome”: The text cannot be empty.' });
    // A shape the schema refuses never reaches the draft.
    await expect(caller.flows.saveDraft({ id: flow.id, expectedVersion: empty.version, name: 'Nurture', graph: { trigger: { type: 'nope' }, start: 'a', steps: [] } })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('publishing again makes version 2; an earlier version can be restored into the draft; off and archived', async () => {
    const { caller } = await owner(t.deps);
    let flow = await caller.flows.create({ name: 'Reactivation' });
    flow = await caller.flows.publish({ id: flow.id, expectedVersion: flow.version });
    const second = { ...flow.draft, steps: flow.draft.steps.map((step) => (step.type === 'send_sms' && step.id === 'nudge' ? { ...step, body: 'Second version' } : step)) };
    flow = await caller.flows.saveDraft({ id: flow.id, expectedVersion: flow.version, name: flow.name, graph: second });
    flow = await caller.flows.publish({ id: flow.id, expectedVersion: flow.version });
    expect(flow.versions.map((version) => [version.number, version.changes, version.published])).toEqual([
      [2, 'Changed “nudge” (send a text)', true],
      [1, 'First version', false],
    ]);
    flow = await caller.flows.restoreVersion({ id: flow.id, number: 1, expectedVersion: flow.version });
    expect(JSON.stringify(flow.draft)).not.toContain('Second version');
    flow = await caller.flows.setStatus({ id: flow.id, status: 'paused' });
    expect(flow.status).toBe('paused');
    await caller.flows.setStatus({ id: flow.id, status: 'archived' });
    expect((await caller.flows.list()).map((row) => row.name)).toEqual(['No-reply follow-ups']);
  });

  it('starts from any template of /flows/new, each one publishable as it is; one that needs scheduling is refused with why', async () => {
    const { caller } = await owner(t.deps);
    for (const template of FLOW_TEMPLATES) {
      if (template.needs) {
        await expect(caller.flows.create({ name: template.name, template: template.id })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: template.needs });
        continue;
      }
      expect(flowGraphSchema.safeParse(template.graph).success, template.id).toBe(true);
      const flow = await caller.flows.create({ name: template.name, template: template.id });
      expect(flow.draft, template.id).toEqual(template.graph);
      expect(flow.problems, template.id).toEqual([]);
      expect((await caller.flows.publish({ id: flow.id, expectedVersion: flow.version })).status).toBe('active');
    }
    await expect(caller.flows.create({ name: 'x', template: 'nope' })).rejects.toMatchObject({ message: 'There is no such template' });
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
