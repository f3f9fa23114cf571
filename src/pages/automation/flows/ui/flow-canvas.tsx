import { Badge, Paper, Text } from '@mantine/core';
import {
  applyNodeChanges,
  Background,
  type Connection,
  Controls,
  type Edge,
  Handle,
  MarkerType,
  type Node,
  type NodeChange,
  type NodeProps,
  Position,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { memo, useEffect, useMemo, useState } from 'react';
import type { FlowGraph } from '@contracts/flows';
import { connect, disconnect, moveSteps, type OutputKey, removeStep, TRIGGER_NODE } from '../model/graph-edits';
import { layoutPositions, NODE_WIDTH } from '../model/layout';
import { outputsOf, STEP_KINDS, TRIGGER_KINDS } from '../model/step-catalog';
import { describeStep, describeTrigger } from '../lib/describe';

interface StepNodeData extends Record<string, unknown> {
  title: string;
  summary: string;
  outputs: Array<{ key: string; label: string }>;
  hasInput: boolean;
  problems: number;
  isTrigger: boolean;
}

type StepNode = Node<StepNodeData, 'step'>;

/** One node: its name, what it will do, a badge when something keeps it from running, and its ways out. */
const StepNodeView = memo(function StepNodeView({ data, selected }: NodeProps<StepNode>) {
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      w={NODE_WIDTH}
      shadow={selected ? 'md' : 'xs'}
      style={{ borderColor: data.problems > 0 ? 'var(--mantine-color-red-6)' : selected ? 'var(--mantine-color-blue-6)' : undefined, borderWidth: selected || data.problems > 0 ? 2 : 1 }}
    >
      {data.hasInput ? <Handle type="target" position={Position.Top} /> : null}
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {data.isTrigger ? 'When' : 'Then'}
      </Text>
      <Text size="sm" fw={600} lineClamp={1}>
        {data.title}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {data.summary}
      </Text>
      {data.problems > 0 ? (
        <Badge color="red" size="xs" variant="light" mt={4}>
          {data.problems === 1 ? '1 problem' : `${data.problems} problems`}
        </Badge>
      ) : null}
      {data.outputs.map((output, index) => (
        <Handle
          key={output.key}
          id={output.key}
          type="source"
          position={Position.Bottom}
          style={{ left: `${((index + 1) / (data.outputs.length + 1)) * 100}%` }}
          aria-label={output.label ? `${data.title}: ${output.label}` : `${data.title}: next`}
        />
      ))}
    </Paper>
  );
});

const NODE_TYPES = { step: StepNodeView };

export interface FlowCanvasProps {
  graph: FlowGraph;
  selected: string | null;
  problemsByStep: Map<string, number>;
  memberName: (id: string) => string | null;
  onEdit: (graph: FlowGraph) => void;
  onSelect: (id: string | null) => void;
}

function nodesOf(graph: FlowGraph, selected: string | null, problemsByStep: Map<string, number>, memberName: (id: string) => string | null): StepNode[] {
  const positions = layoutPositions(graph);
  const trigger: StepNode = {
    id: TRIGGER_NODE,
    type: 'step',
    position: positions[TRIGGER_NODE] ?? { x: 0, y: 0 },
    deletable: false,
    selected: selected === TRIGGER_NODE,
    data: { title: TRIGGER_KINDS[graph.trigger.type].label, summary: describeTrigger(graph.trigger), outputs: [{ key: 'next', label: '' }], hasInput: false, problems: problemsByStep.get(TRIGGER_NODE) ?? 0, isTrigger: true },
  };
  return [
    trigger,
    ...graph.steps.map(
      (step): StepNode => ({
        id: step.id,
        type: 'step',
        position: positions[step.id] ?? { x: 0, y: 0 },
        selected: selected === step.id,
        deletable: graph.steps.length > 1,
        data: {
          title: STEP_KINDS[step.type].label,
          summary: describeStep(step, memberName),
          outputs: STEP_KINDS[step.type].outputs,
          hasInput: true,
          problems: problemsByStep.get(step.id) ?? 0,
          isTrigger: false,
        },
      }),
    ),
  ];
}

function edgesOf(graph: FlowGraph): Edge[] {
  const arrow = { type: MarkerType.ArrowClosed };
  const edges: Edge[] = [];
  if (graph.steps.some((step) => step.id === graph.start)) edges.push({ id: `${TRIGGER_NODE}:next`, source: TRIGGER_NODE, sourceHandle: 'next', target: graph.start, deletable: false, markerEnd: arrow });
  for (const step of graph.steps) {
    for (const output of outputsOf(step)) {
      if (!output.target) continue;
      edges.push({ id: `${step.id}:${output.key}`, source: step.id, sourceHandle: output.key, target: output.target, markerEnd: arrow, ...(output.label ? { label: output.label } : {}) });
    }
  }
  return edges;
}

/**
 * The canvas (@xyflow/react): the trigger and the steps as nodes, their ways out as edges. Dragging from a way out
 * to a step connects them; Delete removes the selected step or link; a node dropped somewhere keeps its place. Every
 * change goes back as a whole new graph (`onEdit`), so undo, autosave and the server see one thing.
 */
export function FlowCanvas(props: FlowCanvasProps) {
  return (
    <ReactFlowProvider>
      <Canvas {...props} />
    </ReactFlowProvider>
  );
}

function Canvas({ graph, selected, problemsByStep, memberName, onEdit, onSelect }: FlowCanvasProps) {
  const derived = useMemo(() => nodesOf(graph, selected, problemsByStep, memberName), [graph, selected, problemsByStep, memberName]);
  const edges = useMemo(() => edgesOf(graph), [graph]);
  // Nodes move under the pointer while dragged (local state); where they land is one edit.
  const [nodes, setNodes] = useState(derived);
  const [shown, setShown] = useState(derived);
  if (shown !== derived) {
    // The graph changed (an edit, undo, a save): the nodes follow it (React's "adjust state on a prop change").
    setShown(derived);
    setNodes(derived);
  }

  // A step added or removed: the view fits the whole flow again, so the new step is in sight.
  const { fitView } = useReactFlow();
  const count = graph.steps.length;
  useEffect(() => {
    // After the new node is drawn and measured (fitting before that leaves it out).
    const frame = requestAnimationFrame(() => void fitView({ padding: 0.2, maxZoom: 1, duration: 150 }));
    return () => cancelAnimationFrame(frame);
  }, [count, fitView]);

  const onNodesChange = (changes: NodeChange<StepNode>[]) => setNodes((current) => applyNodeChanges(changes.filter((change) => change.type !== 'remove'), current));
  const onConnect = (connection: Connection) => {
    if (connection.source && connection.target) onEdit(connect(graph, connection.source, (connection.sourceHandle ?? 'next') as OutputKey, connection.target));
  };

  return (
    <ReactFlow<StepNode, Edge>
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      onNodesChange={onNodesChange}
      onConnect={onConnect}
      onNodeDragStop={(_event, _node, dragged) => onEdit(moveSteps(graph, Object.fromEntries(dragged.map((node) => [node.id, { x: Math.round(node.position.x), y: Math.round(node.position.y) }]))))}
      onNodeClick={(_event, node) => onSelect(node.id)}
      onPaneClick={() => onSelect(null)}
      onDelete={({ nodes: gone, edges: cut }) => {
        let next = graph;
        for (const edge of cut) if (edge.sourceHandle) next = disconnect(next, edge.source, edge.sourceHandle as OutputKey);
        for (const node of gone) next = removeStep(next, node.id);
        if (next !== graph) onEdit(next);
        if (gone.length > 0) onSelect(null);
      }}
      deleteKeyCode={['Delete', 'Backspace']}
      fitView
      fitViewOptions={{ padding: 0.2, maxZoom: 1 }}
      minZoom={0.3}
      aria-label="Flow canvas"
    >
      <Background gap={16} />
      <Controls showInteractive={false} />
    </ReactFlow>
  );
}
