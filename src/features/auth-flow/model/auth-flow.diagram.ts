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

const idOf = (node: NodeLike) => (node.path.length ? node.path.join('_') : 'root');

function eventLabel(eventType: string, owner: NodeLike): string {
  if (eventType.startsWith('xstate.after.')) return `after ${eventType.split('.')[2]}`;
  const invoked = owner.invoke.find((i) => eventType.endsWith(`.${i.id}`));
  const src = typeof invoked?.src === 'string' ? invoked.src : 'actor';
  if (eventType.startsWith('xstate.done.actor.')) return `done: ${src}`;
  if (eventType.startsWith('xstate.error.actor.')) return `error: ${src}`;
  return eventType;
}

function guardLabel(guard: unknown): string {
  if (typeof guard === 'string') return ` [${guard}]`;
  if (guard && typeof guard === 'object' && 'type' in guard) return ` [${String((guard as { type: unknown }).type)}]`;
  if (typeof guard === 'function') return ' [event matches]';
  return '';
}

/** The machine as a Mermaid state diagram: generated, so the documentation cannot drift from the code. */
export function toMermaid(machine: AnyStateMachine): string {
  const lines: string[] = ['stateDiagram-v2'];
  const edges: string[] = [];

  const walk = (node: NodeLike, depth: number) => {
    const pad = '  '.repeat(depth);
    const children = Object.values(node.states);
    if (node.path.length > 0) {
      if (children.length === 0) lines.push(`${pad}state "${node.key}" as ${idOf(node)}`);
      else lines.push(`${pad}state "${node.key}${node.type === 'parallel' ? ' (parallel)' : ''}" as ${idOf(node)} {`);
    }
    const inner = node.path.length > 0 ? `${pad}  ` : pad;
    const initial = node.initial?.target?.[0];
    if (initial && node.type !== 'parallel') lines.push(`${inner}[*] --> ${idOf(initial)}`);
    children.forEach((child, index) => {
      if (node.type === 'parallel' && index > 0) lines.push(`${inner}--`);
      walk(child, node.path.length > 0 ? depth + 1 : depth);
    });
    if (node.path.length > 0 && children.length > 0) lines.push(`${pad}}`);

    for (const [eventType, definitions] of node.transitions) {
      for (const definition of definitions) {
        for (const target of definition.target ?? []) {
          edges.push(`${idOf(node)} --> ${idOf(target)}: ${eventLabel(eventType, node)}${guardLabel(definition.guard)}`);
        }
      }
    }
    for (const definition of node.always ?? []) {
      for (const target of definition.target ?? []) edges.push(`${idOf(node)} --> ${idOf(target)}: always${guardLabel(definition.guard)}`);
    }
    if (node.type === 'final') edges.push(`${idOf(node)} --> [*]`);
  };

  walk(machine.root as unknown as NodeLike, 1);
  return [...lines, ...edges.map((edge) => `  ${edge}`)].join('\n');
}
