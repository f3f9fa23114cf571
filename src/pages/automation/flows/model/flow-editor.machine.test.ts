import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { FLOW_TEMPLATES } from '@contracts/flow-templates';
import type { FlowGraph } from '@contracts/flows';
import { AUTOSAVE_MS, type EditorView, flowEditorMachine, type SaveInput } from './flow-editor.machine';
import { addStep } from './graph-edits';

const GRAPH: FlowGraph = FLOW_TEMPLATES.find((template) => template.id === 'blank')!.graph;
const VIEW: EditorView = { id: 'f1', name: 'Welcome', version: 1, draft: GRAPH };

/** A fake server: saves answer when the test says, with the next version. */
function server() {
  const saves: SaveInput[] = [];
  const pending: Array<{ resolve: (view: EditorView) => void; reject: (error: unknown) => void }> = [];
  const published: number[] = [];
  let version = 1;
  const machine = flowEditorMachine.provide({
    actors: {
      saveDraft: fromPromise<EditorView, SaveInput>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            saves.push(input);
            pending.push({ resolve, reject });
          }),
      ),
      publish: fromPromise<EditorView, { flowId: string; version: number }>(async ({ input }) => {
        published.push(input.version);
        version = input.version + 1;
        return { ...VIEW, version };
      }),
      restore: fromPromise<EditorView, { flowId: string; version: number; number: number }>(async ({ input }) => ({ ...VIEW, version: input.version + 1, draft: GRAPH })),
    },
  });
  const answer = async () => {
    const next = pending.shift()!;
    const input = saves[saves.length - 1 - pending.length]!;
    next.resolve({ ...VIEW, version: input.version + 1, draft: input.graph, name: input.name });
    await vi.runAllTimersAsync();
  };
  return { machine, saves, pending, published, answer };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const withText = (graph: FlowGraph) => addStep(graph, 'send_sms', { source: 'text', handle: 'next' }).graph;

describe('flow editor machine', () => {
  it('autosaves once, a moment after the last of several quick edits', async () => {
    const fake = server();
    const actor = createActor(fake.machine, { input: { view: VIEW } }).start();
    const one = withText(GRAPH);
    actor.send({ type: 'edit', graph: one });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS - 100);
    const two = withText(one);
    actor.send({ type: 'edit', graph: two });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS - 100);
    expect(fake.saves).toHaveLength(0);
    expect(actor.getSnapshot().value).toBe('dirty');
    await vi.advanceTimersByTimeAsync(100);
    expect(fake.saves).toHaveLength(1);
    expect(fake.saves[0]).toMatchObject({ version: 1, graph: two });
    await fake.answer();
    expect(actor.getSnapshot().value).toBe('clean');
    expect(actor.getSnapshot().context.version).toBe(2);
  });

  it('an edit during a save is saved right after it, on the version the first save made', async () => {
    const fake = server();
    const actor = createActor(fake.machine, { input: { view: VIEW } }).start();
    actor.send({ type: 'edit', graph: withText(GRAPH) });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS);
    expect(actor.getSnapshot().value).toBe('saving');
    actor.send({ type: 'rename', name: 'Welcome text' });
    await fake.answer(); // runs the timers too: the second save starts after the pause
    expect(fake.saves).toHaveLength(2);
    expect(fake.saves[1]).toMatchObject({ version: 2, name: 'Welcome text' });
  });

  it('undo and redo walk the history, and each is saved like an edit', async () => {
    const fake = server();
    const actor = createActor(fake.machine, { input: { view: VIEW } }).start();
    const one = withText(GRAPH);
    actor.send({ type: 'edit', graph: one });
    actor.send({ type: 'undo' });
    expect(actor.getSnapshot().context.graph).toEqual(GRAPH);
    expect(actor.getSnapshot().context.future).toHaveLength(1);
    actor.send({ type: 'redo' });
    expect(actor.getSnapshot().context.graph).toEqual(one);
    actor.send({ type: 'undo' });
    actor.send({ type: 'undo' }); // nothing further back: ignored
    expect(actor.getSnapshot().context.graph).toEqual(GRAPH);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS);
    expect(fake.saves.map((save) => save.graph)).toEqual([GRAPH]);
  });

  it('publish while changes wait saves them first, then publishes that version', async () => {
    const fake = server();
    const actor = createActor(fake.machine, { input: { view: VIEW } }).start();
    actor.send({ type: 'edit', graph: withText(GRAPH) });
    actor.send({ type: 'publish' });
    expect(actor.getSnapshot().value).toBe('saving');
    await fake.answer();
    expect(fake.published).toEqual([2]);
    expect(actor.getSnapshot().value).toBe('clean');
    expect(actor.getSnapshot().context.version).toBe(3);
  });

  it('a failed save keeps the canvas and says why; retry saves again; a conflict stops autosave until reload', async () => {
    const fake = server();
    const actor = createActor(fake.machine, { input: { view: VIEW } }).start();
    const one = withText(GRAPH);
    actor.send({ type: 'edit', graph: one });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS);
    fake.pending.shift()!.reject(new Error('Network down'));
    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Network down', graph: one });
    actor.send({ type: 'retry' });
    expect(fake.saves).toHaveLength(2);
    fake.pending.shift()!.reject(Object.assign(new Error('Someone else saved this flow after you opened it.'), { data: { code: 'CONFLICT' } }));
    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().value).toBe('conflict');
    actor.send({ type: 'edit', graph: withText(one) });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS * 3);
    expect(fake.saves).toHaveLength(2);
    actor.send({ type: 'reload', view: { ...VIEW, version: 7 } });
    expect(actor.getSnapshot().value).toBe('clean');
    expect(actor.getSnapshot().context).toMatchObject({ version: 7, graph: GRAPH, past: [] });
  });

  it('restoring a version replaces the canvas, and undo brings back what was there', async () => {
    const fake = server();
    const drawn = withText(GRAPH);
    const actor = createActor(fake.machine, { input: { view: { ...VIEW, draft: drawn } } }).start();
    actor.send({ type: 'restore', number: 1 });
    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().context.graph).toEqual(GRAPH);
    actor.send({ type: 'undo' });
    expect(actor.getSnapshot().context.graph).toEqual(drawn);
  });
});
