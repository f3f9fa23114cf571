import { graphlib, layout } from '@dagrejs/dagre';
import type { FlowGraph } from '@contracts/flows';
import { TRIGGER_NODE } from './graph-edits';
import { outputsOf } from './step-catalog';

export const NODE_WIDTH = 240;
export const NODE_HEIGHT = 86;

export type Positions = Record<string, { x: number; y: number }>;

/**
 * Where each node sits: where the person dropped it, else laid out top to bottom from the trigger (dagre), so a
 * flow made from a template or by the keyboard reads in order without anyone arranging it.
 */
export function layoutPositions(graph: FlowGraph): Positions {
  const layered = new graphlib.Graph();
  layered.setGraph({ rankdir: 'TB', nodesep: 48, ranksep: 64 });
  layered.setDefaultEdgeLabel(() => ({}));
  layered.setNode(TRIGGER_NODE, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const step of graph.steps) layered.setNode(step.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  if (graph.steps.some((step) => step.id === graph.start)) layered.setEdge(TRIGGER_NODE, graph.start);
  for (const step of graph.steps) for (const output of outputsOf(step)) if (output.target && layered.hasNode(output.target)) layered.setEdge(step.id, output.target);
  layout(layered);
  const placed: Positions = {};
  for (const id of layered.nodes()) {
    const node = layered.node(id);
    placed[id] = graph.positions?.[id] ?? { x: Math.round(node.x - NODE_WIDTH / 2), y: Math.round(node.y - NODE_HEIGHT / 2) };
  }
  return placed;
}
