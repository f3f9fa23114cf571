import { describe, expect, it } from 'vitest';
import { type FlowGraph, flowProblems } from '@contracts/flows';
import { addStep, connect, disconnect, moveSteps, removeStep, TRIGGER_NODE, updateStep } from './graph-edits';

const GRAPH: FlowGraph = {
  trigger: { type: 'missed_call' },
  start: 'a',
  steps: [
    { id: 'a', type: 'send_sms', body: 'Hi', next: 'b' },
    { id: 'b', type: 'wait_for_reply', minutes: 60, replied: null, timeout: 'c' },
    { id: 'c', type: 'send_sms', body: 'Still there?', next: null },
  ],
};

describe('graph edits', () => {
  it('adds a step after a way out of another, with an id not taken', () => {
    const { graph, id } = addStep(GRAPH, 'send_sms', { source: 'b', handle: 'replied' }, { x: 10, y: 20 });
    expect(id).toBe('send_sms_1');
    expect(graph.steps.find((step) => step.id === 'b')).toMatchObject({ replied: 'send_sms_1', timeout: 'c' });
    expect(graph.positions).toEqual({ send_sms_1: { x: 10, y: 20 } });
    expect(addStep(graph, 'send_sms').id).toBe('send_sms_2');
    expect(flowProblems(graph)).toEqual([]);
  });

  it('removing a step unlinks what led to it; removing the first step moves the trigger on; the last step stays', () => {
    const withoutB = removeStep(GRAPH, 'b');
    expect(withoutB.steps.find((step) => step.id === 'a')).toMatchObject({ next: null });
    expect(flowProblems(withoutB).map((problem) => problem.message)).toEqual(['Nothing leads to “c”']);
    expect(removeStep(GRAPH, 'a').start).toBe('b');
    const single: FlowGraph = { ...GRAPH, start: 'a', steps: [GRAPH.steps[0]!] };
    expect(removeStep(single, 'a')).toBe(single);
  });

  it('connects and disconnects ways out; the trigger can be pointed elsewhere but never at nothing; no step leads to itself', () => {
    expect(connect(GRAPH, TRIGGER_NODE, 'next', 'c').start).toBe('c');
    expect(disconnect(GRAPH, TRIGGER_NODE, 'next')).toBe(GRAPH);
    expect(connect(GRAPH, 'c', 'next', 'c')).toBe(GRAPH);
    expect(connect(GRAPH, 'c', 'next', 'a').steps[2]).toMatchObject({ next: 'a' });
    // A handle the step does not have changes nothing.
    expect(connect(GRAPH, 'a', 'yes', 'c').steps[0]).toEqual(GRAPH.steps[0]);
    expect(disconnect(GRAPH, 'b', 'timeout').steps[1]).toMatchObject({ timeout: null });
    // The loop a → b → c → a has a wait in it; without the wait it is a problem.
    const loop = connect(updateStep(GRAPH, { id: 'b', type: 'send_sms', body: 'x', next: 'c' }), 'c', 'next', 'a');
    expect(flowProblems(loop).map((problem) => problem.message)).toEqual(['“a” is in a loop without a wait']);
    expect(moveSteps(GRAPH, { a: { x: 1, y: 2 } }).positions).toEqual({ a: { x: 1, y: 2 } });
  });
});
