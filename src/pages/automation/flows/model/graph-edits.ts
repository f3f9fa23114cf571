import type { FlowGraph, FlowStep, FlowTrigger } from '@contracts/flows';
import { outputsOf, STEP_KINDS, type StepOutput, type StepType } from './step-catalog';

/**
 * The editor's changes to a flow graph, each a pure function from one graph to the next (the machine keeps them
 * for undo and redo). The trigger is not a step: the edge from it is the graph's `start`.
 */
export const TRIGGER_NODE = 'trigger';

export type OutputKey = StepOutput['key'];

/** An id for a new step of this type not used in the graph ("send_sms_2"). */
export function newStepId(graph: FlowGraph, type: StepType): string {
  const taken = new Set(graph.steps.map((step) => step.id));
  for (let n = 1; ; n += 1) {
    const id = `${type}_${n}`;
    if (!taken.has(id)) return id;
  }
}

/** Adds a step; when `after` is given, that way out of that step (or the trigger) leads to it. */
export function addStep(graph: FlowGraph, type: StepType, after?: { source: string; handle: OutputKey } | null, position?: { x: number; y: number }): { graph: FlowGraph; id: string } {
  const id = newStepId(graph, type);
  let next: FlowGraph = { ...graph, steps: [...graph.steps, STEP_KINDS[type].create(id)] };
  if (position) next = { ...next, positions: { ...graph.positions, [id]: position } };
  if (after) next = connect(next, after.source, after.handle, id);
  return { graph: next, id };
}

/** Removes a step (never the last one): what led to it leads nowhere; the trigger moves on to what it led to. */
export function removeStep(graph: FlowGraph, id: string): FlowGraph {
  const removed = graph.steps.find((step) => step.id === id);
  if (!removed || graph.steps.length === 1) return graph;
  const steps = graph.steps.filter((step) => step.id !== id).map((step) => unlinkFrom(step, id));
  const start = graph.start === id ? (outputsOf(removed).find((output) => output.target && output.target !== id)?.target ?? steps[0]!.id) : graph.start;
  const { [id]: _gone, ...positions } = graph.positions ?? {};
  return { ...graph, start, steps, positions };
}

function unlinkFrom(step: FlowStep, target: string): FlowStep {
  let next = step;
  for (const output of outputsOf(step)) if (output.target === target) next = { ...next, [output.key]: null } as FlowStep;
  return next;
}

/** Points a way out of `source` (a step, or the trigger) at `target`. A step never leads to itself. */
export function connect(graph: FlowGraph, source: string, handle: OutputKey, target: string): FlowGraph {
  if (source === target || !graph.steps.some((step) => step.id === target)) return graph;
  if (source === TRIGGER_NODE) return { ...graph, start: target };
  return {
    ...graph,
    steps: graph.steps.map((step) => (step.id === source && outputsOf(step).some((output) => output.key === handle) ? ({ ...step, [handle]: target } as FlowStep) : step)),
  };
}

/** That way out of `source` leads nowhere (the run ends there). The trigger always leads somewhere. */
export function disconnect(graph: FlowGraph, source: string, handle: OutputKey): FlowGraph {
  if (source === TRIGGER_NODE) return graph;
  return { ...graph, steps: graph.steps.map((step) => (step.id === source ? ({ ...step, [handle]: null } as FlowStep) : step)) };
}

/** Replaces a step's settings (its id and ways out stay as they are). */
export function updateStep(graph: FlowGraph, step: FlowStep): FlowGraph {
  return { ...graph, steps: graph.steps.map((current) => (current.id === step.id ? step : current)) };
}

export function setTrigger(graph: FlowGraph, trigger: FlowTrigger): FlowGraph {
  return { ...graph, trigger };
}

/** Where the steps were dropped on the canvas. */
export function moveSteps(graph: FlowGraph, moved: Record<string, { x: number; y: number }>): FlowGraph {
  return { ...graph, positions: { ...graph.positions, ...moved } };
}
