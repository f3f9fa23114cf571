import type { AnyStateMachine } from 'xstate';

interface NodeLike {
  key: string;
  path: string[];
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  states: Record<string, NodeLike>;
  initial?: { target?: NodeLike[] };
  transitions: Map<string, Array<{ target?: NodeLike[]; guard?: unknown }>>;
  always?: Array<{ target?: NodeLike[]; guard?: unknown }>;
  invoke: Array<{ id: string; src: unknown }>;
}

/** One transition of a state, as the docs and the QA inspector show it. */
export interface StatechartTransition {
  /** The event type as the machine sees it (`xstate.after.…`, `xstate.done.actor.…`, `register.submit`), or '' for `always`. */
  eventType: string;
  /** What people read: `register.submit`, `after switchDelay`, `done: createAccount`, `always`. */
  label: string;
  guard: string | null;
  /** Dotted paths of the targets ('' is the machine itself). */
  targets: string[];
}

/** A state of the machine, read from its definition (never a hand-kept copy). */
export interface StatechartNode {
  key: string;
  /** Dotted path from the root ('' for the root). */
  path: string;
  type: NodeLike['type'];
  initial: string | null;
  children: StatechartNode[];
  transitions: StatechartTransition[];
}

function eventLabel(eventType: string, owner: NodeLike): string {
  if (eventType.startsWith('xstate.after.')) return `after ${eventType.split('.')[2]}`;
  const invoked = owner.invoke.find((i) => eventType.endsWith(`.${i.id}`));
  const src = typeof invoked?.src === 'string' ? invoked.src : 'actor';
  if (eventType.startsWith('xstate.done.actor.')) return `done: ${src}`;
  if (eventType.startsWith('xstate.error.actor.')) return `error: ${src}`;
  return eventType;
}

function guardName(guard: unknown): string | null {
  if (typeof guard === 'string') return guard;
  if (guard && typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') return 'event matches';
  return null;
}

/** The machine's states and transitions as a plain tree. */
export function describeStatechart(machine: AnyStateMachine): StatechartNode {
  const describe = (node: NodeLike): StatechartNode => {
    const transitions: StatechartTransition[] = [];
    for (const [eventType, definitions] of node.transitions) {
      for (const definition of definitions) {
        transitions.push({
          eventType,
          label: eventLabel(eventType, node),
          guard: guardName(definition.guard),
          targets: (definition.target ?? []).map((target) => target.path.join('.')),
        });
      }
    }
    for (const definition of node.always ?? []) {
      transitions.push({ eventType: '', label: 'always', guard: guardName(definition.guard), targets: (definition.target ?? []).map((t) => t.path.join('.')) });
    }
    const initial = node.type === 'parallel' ? undefined : node.initial?.target?.[0];
    return {
      key: node.key,
      path: node.path.join('.'),
      type: node.type,
      initial: initial ? initial.path.join('.') : null,
      children: Object.values(node.states).map(describe),
      transitions,
    };
  };
  return describe(machine.root as unknown as NodeLike);
}

const idOf = (path: string) => (path ? path.replaceAll('.', '_') : 'root');

/** The machine as a Mermaid state diagram: generated, so the documentation cannot drift from the code. */
export function toMermaid(machine: AnyStateMachine): string {
  const lines: string[] = ['stateDiagram-v2'];
  const edges: string[] = [];

  const walk = (node: StatechartNode, depth: number) => {
    const pad = '  '.repeat(depth);
    const isRoot = node.path === '';
    if (!isRoot) {
      if (node.children.length === 0) lines.push(`${pad}state "${node.key}" as ${idOf(node.path)}`);
      else lines.push(`${pad}state "${node.key}${node.type === 'parallel' ? ' (parallel)' : ''}" as ${idOf(node.path)} {`);
    }
    const inner = isRoot ? pad : `${pad}  `;
    if (node.initial) lines.push(`${inner}[*] --> ${idOf(node.initial)}`);
    node.children.forEach((child, index) => {
      if (node.type === 'parallel' && index > 0) lines.push(`${inner}--`);
      walk(child, isRoot ? depth : depth + 1);
    });
    if (!isRoot && node.children.length > 0) lines.push(`${pad}}`);

    for (const transition of node.transitions) {
      const guard = transition.guard ? ` [${transition.guard}]` : '';
      for (const target of transition.targets) edges.push(`${idOf(node.path)} --> ${idOf(target)}: ${transition.label}${guard}`);
    }
    if (node.type === 'final') edges.push(`${idOf(node.path)} --> [*]`);
  };

  walk(describeStatechart(machine), 1);
  return [...lines, ...edges.map((edge) => `  ${edge}`)].join('\n');
}
