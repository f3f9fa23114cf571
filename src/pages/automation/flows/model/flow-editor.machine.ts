import { assign, fromPromise, setup } from 'xstate';
import type { FlowGraph } from '@contracts/flows';

/**
 * The flow editor's own state (issue 23 item 3): the graph being drawn, its undo and redo history, and the draft's
 * life on the server — autosaved a moment after the last change, published, restored from a version. Edits never
 * wait for the server: a change made while a save is on its way is saved right after it. A save refused because
 * someone else saved first stops autosave and says so (nothing is merged behind the person's back).
 */
export const AUTOSAVE_MS = 800;
/** Undo reaches this many changes back. */
export const HISTORY_LIMIT = 100;

/** What the server says about the flow after each call (the `flows.get` view's parts the editor reads). */
export interface EditorView {
  id: string;
  name: string;
  version: number;
  draft: FlowGraph;
}

interface Snapshot {
  graph: FlowGraph;
  name: string;
}

export interface FlowEditorContext {
  flowId: string;
  name: string;
  graph: FlowGraph;
  /** The draft's version on the server: every save and publish says which one it changes. */
  version: number;
  past: Snapshot[];
  future: Snapshot[];
  selected: string | null;
  /** Changed since the save on its way began. */
  changed: boolean;
  publishQueued: boolean;
  /** The last thing that went wrong, for the person to read. */
  error: string | null;
  /** When the draft was last saved (epoch ms), for "Saved". */
  savedAt: number | null;
}

export type FlowEditorEvent =
  | { type: 'edit'; graph: FlowGraph }
  | { type: 'rename'; name: string }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'select'; id: string | null }
  | { type: 'publish' }
  | { type: 'restore'; number: number }
  | { type: 'retry' }
  | { type: 'reload'; view: EditorView };

export interface FlowEditorInput {
  view: EditorView;
}

export interface SaveInput {
  flowId: string;
  version: number;
  name: string;
  graph: FlowGraph;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong');
const isConflict = (error: unknown) => typeof error === 'object' && error !== null && 'data' in error && (error as { data?: { code?: string } }).data?.code === 'CONFLICT';

export const flowEditorMachine = setup({
  types: {
    context: {} as FlowEditorContext,
    events: {} as FlowEditorEvent,
    input: {} as FlowEditorInput,
  },
  actors: {
    // Provided by the screen (the API); these defaults fail loudly in a test that forgot them.
    saveDraft: fromPromise<EditorView, SaveInput>(async () => {
      throw new Error('saveDraft not provided');
    }),
    publish: fromPromise<EditorView, { flowId: string; version: number }>(async () => {
      throw new Error('publish not provided');
    }),
    restore: fromPromise<EditorView, { flowId: string; version: number; number: number }>(async () => {
      throw new Error('restore not provided');
    }),
  },
  actions: {
    remember: assign(({ context }) => ({ past: [...context.past, { graph: context.graph, name: context.name }].slice(-HISTORY_LIMIT), future: [] as Snapshot[] })),
    applyEdit: assign(({ event }) => (event.type === 'edit' ? { graph: event.graph, changed: true, error: null } : {})),
    applyRename: assign(({ event }) => (event.type === 'rename' ? { name: event.name, changed: true, error: null } : {})),
    applyUndo: assign(({ context }) => {
      const previous = context.past.at(-1);
      if (!previous) return {};
      return { graph: previous.graph, name: previous.name, past: context.past.slice(0, -1), future: [{ graph: context.graph, name: context.name }, ...context.future], changed: true, selected: null };
    }),
    applyRedo: assign(({ context }) => {
      const [next, ...rest] = context.future;
      if (!next) return {};
      return { graph: next.graph, name: next.name, future: rest, past: [...context.past, { graph: context.graph, name: context.name }], changed: true, selected: null };
    }),
  },
  guards: {
    canUndo: ({ context }) => context.past.length > 0,
    canRedo: ({ context }) => context.future.length > 0,
    changedMeanwhile: ({ context }) => context.changed,
    publishWaiting: ({ context }) => context.publishQueued,
  },
}).createMachine({
  id: 'flowEditor',
  context: ({ input }) => ({
    flowId: input.view.id,
    name: input.view.name,
    graph: input.view.draft,
    version: input.view.version,
    past: [],
    future: [],
    selected: null,
    changed: false,
    publishQueued: false,
    error: null,
    savedAt: null,
  }),
  on: {
    select: { actions: assign({ selected: ({ event }) => event.id }) },
  },
  initial: 'clean',
  states: {
    /** The draft on the server is what is on the canvas. */
    clean: {
      on: {
        edit: { target: 'dirty', actions: ['remember', 'applyEdit'] },
        rename: { target: 'dirty', actions: ['remember', 'applyRename'] },
        undo: { guard: 'canUndo', target: 'dirty', actions: 'applyUndo' },
        redo: { guard: 'canRedo', target: 'dirty', actions: 'applyRedo' },
        publish: 'publishing',
        restore: 'restoring',
      },
    },
    /** Changed; saved once the person pauses. */
    dirty: {
      after: { [AUTOSAVE_MS]: 'saving' },
      on: {
        edit: { target: 'dirty', reenter: true, actions: ['remember', 'applyEdit'] },
        rename: { target: 'dirty', reenter: true, actions: ['remember', 'applyRename'] },
        undo: { guard: 'canUndo', target: 'dirty', reenter: true, actions: 'applyUndo' },
        redo: { guard: 'canRedo', target: 'dirty', reenter: true, actions: 'applyRedo' },
        // Publishing saves first.
        publish: { target: 'saving', actions: assign({ publishQueued: true }) },
      },
    },
    saving: {
      entry: assign({ changed: false }),
      invoke: {
        src: 'saveDraft',
        input: ({ context }) => ({ flowId: context.flowId, version: context.version, name: context.name, graph: context.graph }),
        onDone: [
          { guard: 'changedMeanwhile', target: 'dirty', actions: assign({ version: ({ event }) => event.output.version, savedAt: () => Date.now() }) },
          { guard: 'publishWaiting', target: 'publishing', actions: assign({ version: ({ event }) => event.output.version, savedAt: () => Date.now() }) },
          { target: 'clean', actions: assign({ version: ({ event }) => event.output.version, savedAt: () => Date.now() }) },
        ],
        onError: [
          { guard: ({ event }) => isConflict(event.error), target: 'conflict', actions: assign({ error: ({ event }) => errorText(event.error), publishQueued: false }) },
          { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error), publishQueued: false, changed: true }) },
        ],
      },
      on: {
        edit: { actions: ['remember', 'applyEdit'] },
        rename: { actions: ['remember', 'applyRename'] },
        undo: { guard: 'canUndo', actions: 'applyUndo' },
        redo: { guard: 'canRedo', actions: 'applyRedo' },
        publish: { actions: assign({ publishQueued: true }) },
      },
    },
    publishing: {
      entry: assign({ publishQueued: false, error: null }),
      invoke: {
        src: 'publish',
        input: ({ context }) => ({ flowId: context.flowId, version: context.version }),
        onDone: [
          { guard: 'changedMeanwhile', target: 'dirty', actions: assign({ version: ({ event }) => event.output.version }) },
          { target: 'clean', actions: assign({ version: ({ event }) => event.output.version }) },
        ],
        onError: [
          { guard: ({ event }) => isConflict(event.error), target: 'conflict', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          { guard: 'changedMeanwhile', target: 'dirty', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          { target: 'clean', actions: assign({ error: ({ event }) => errorText(event.error) }) },
        ],
      },
      on: {
        edit: { actions: ['remember', 'applyEdit'] },
        rename: { actions: ['remember', 'applyRename'] },
        undo: { guard: 'canUndo', actions: 'applyUndo' },
        redo: { guard: 'canRedo', actions: 'applyRedo' },
      },
    },
    /** An earlier version goes back into the draft (undo brings the canvas before it back). */
    restoring: {
      invoke: {
        src: 'restore',
        input: ({ context, event }) => ({ flowId: context.flowId, version: context.version, number: event.type === 'restore' ? event.number : 0 }),
        onDone: {
          target: 'clean',
          actions: ['remember', assign({ graph: ({ event }) => event.output.draft, name: ({ event }) => event.output.name, version: ({ event }) => event.output.version, selected: null, savedAt: () => Date.now() })],
        },
        onError: [
          { guard: ({ event }) => isConflict(event.error), target: 'conflict', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          { target: 'clean', actions: assign({ error: ({ event }) => errorText(event.error) }) },
        ],
      },
    },
    /** The save failed (offline, refused): the canvas keeps every change; saving again is one click or the next edit. */
    failed: {
      on: {
        retry: 'saving',
        edit: { target: 'dirty', actions: ['remember', 'applyEdit'] },
        rename: { target: 'dirty', actions: ['remember', 'applyRename'] },
        undo: { guard: 'canUndo', target: 'dirty', actions: 'applyUndo' },
        redo: { guard: 'canRedo', target: 'dirty', actions: 'applyRedo' },
      },
    },
    /** Someone else saved this flow: autosave stops until the person reloads their version. */
    conflict: {
      on: {
        reload: {
          target: 'clean',
          actions: assign(({ event }) => ({ name: event.view.name, graph: event.view.draft, version: event.view.version, past: [], future: [], selected: null, changed: false, error: null })),
        },
      },
    },
  },
});
