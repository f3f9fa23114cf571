import { Button, Group, MultiSelect, NumberInput, Radio, SegmentedControl, Select, Stack, TagsInput, Text, Textarea, TextInput, Title } from '@mantine/core';
import { AI_STEP_GOAL_WORDS, AI_STEP_GOALS, type AiStepGoal, type FlowGraph, type FlowStep, type FlowTrigger } from '@contracts/flows';
import { LEAD_SOURCE_WORDS, LEAD_SOURCES, LEAD_STATUS_WORDS, LEAD_STATUSES, type LeadStatus } from '@contracts/lead';
import { MAX_TEXT_LENGTH } from '@contracts/merge-tags';
import { previewMergeTags } from '@/shared/lib/format';
import { TemplateField } from '@/shared/ui/template-field';
import { connect, disconnect, type OutputKey, removeStep, setTrigger, TRIGGER_NODE, updateStep } from '../model/graph-edits';
import { outputsOf, STEP_KINDS, TRIGGER_KINDS, TRIGGER_TYPES } from '../model/step-catalog';
import { splitMinutes, type Unit, UNITS } from '../lib/describe';

export interface InspectorProps {
  graph: FlowGraph;
  selected: string | null;
  /** Field errors by step id (or "trigger") and field name, from the flow schema. */
  fieldErrors: Map<string, Record<string, string>>;
  members: Array<{ value: string; label: string }>;
  businessName: string;
  onEdit: (graph: FlowGraph) => void;
  onSelect: (id: string | null) => void;
}

const statusOptions = LEAD_STATUSES.map((status) => ({ value: status, label: LEAD_STATUS_WORDS[status] }));

/**
 * The panel beside the canvas: the selected step's settings, and where each of its ways out leads (so the whole
 * flow can be built from the keyboard, without dragging). Every change is one edit of the graph.
 */
export function Inspector(props: InspectorProps) {
  const { graph, selected, onSelect } = props;
  return (
    <Stack gap="sm">
      <Select
        label="Edit"
        placeholder="Choose the trigger or a step"
        data={[{ value: TRIGGER_NODE, label: 'The trigger' }, ...graph.steps.map((step) => ({ value: step.id, label: `${STEP_KINDS[step.type].label} (${step.id})` }))]}
        value={selected}
        allowDeselect={false}
        onChange={(id) => onSelect(id)}
      />
      <SelectedSettings {...props} />
    </Stack>
  );
}

function SelectedSettings({ graph, selected, fieldErrors, members, businessName, onEdit, onSelect }: InspectorProps) {
  if (selected === TRIGGER_NODE) return <TriggerInspector graph={graph} errors={fieldErrors.get(TRIGGER_NODE) ?? {}} onEdit={onEdit} />;
  const step = graph.steps.find((candidate) => candidate.id === selected);
  if (!step) {
    return (
      <Text size="sm" c="dimmed">
        Choose the trigger or a step (above, or on the canvas) to change it. Add steps from the list on the left; drag from a step’s dot to another step to connect them, or choose where each step leads here.
      </Text>
    );
  }
  const errors = fieldErrors.get(step.id) ?? {};
  const change = (patch: Partial<FlowStep>) => onEdit(updateStep(graph, { ...step, ...patch } as FlowStep));
  const others = graph.steps.filter((candidate) => candidate.id !== step.id).map((candidate) => ({ value: candidate.id, label: `${STEP_KINDS[candidate.type].label} (${candidate.id})` }));

  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {STEP_KINDS[step.type].label} <Text span size="xs" c="dimmed">({step.id})</Text>
      </Title>
      <StepFields step={step} errors={errors} members={members} businessName={businessName} change={change} />
      {outputsOf(step).map((output) => (
        <Select
          key={output.key}
          label={output.label ? `If “${output.label}”, go to` : 'Then go to'}
          placeholder="End the run here"
          data={others}
          value={output.target}
          clearable
          onChange={(target) => onEdit(target ? connect(graph, step.id, output.key as OutputKey, target) : disconnect(graph, step.id, output.key as OutputKey))}
        />
      ))}
      <Group>
        <Button
          variant="light"
          color="red"
          disabled={graph.steps.length === 1}
          onClick={() => {
            onEdit(removeStep(graph, step.id));
            onSelect(null);
          }}
        >
          Delete step
        </Button>
      </Group>
    </Stack>
  );
}

function Duration({ label, minutes, error, onChange }: { label: string; minutes: number; error?: string | undefined; onChange: (minutes: number) => void }) {
  const { amount, unit } = splitMinutes(minutes);
  const factor = (value: Unit) => UNITS.find((candidate) => candidate.value === value)!.minutes;
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <NumberInput label={label} min={1} value={amount} onChange={(value) => typeof value === 'number' && onChange(Math.round(value * factor(unit)))} error={error} w={120} />
      <Select label="Unit" data={UNITS.map(({ value, label: text }) => ({ value, label: text }))} value={unit} allowDeselect={false} onChange={(value) => value && onChange(amount * factor(value as Unit))} w={120} />
    </Group>
  );
}

function StepFields({ step, errors, members, businessName, change }: { step: FlowStep; errors: Record<string, string>; members: InspectorProps['members']; businessName: string; change: (patch: Partial<FlowStep>) => void }) {
  switch (step.type) {
    case 'send_sms':
      return (
        <TemplateField
          label="Text"
          description="Goes through your opt-outs, the send window and the daily limit."
          value={step.body}
          onChange={(body) => change({ body })}
          error={errors.body}
          maxLength={MAX_TEXT_LENGTH}
          filled={previewMergeTags(step.body, { businessName, businessPhone: null })}
          previewLabel="A lead named Sam gets:"
        />
      );
    case 'send_email':
      return (
        <>
          <TextInput label="Subject" value={step.subject} onChange={(event) => change({ subject: event.currentTarget.value })} error={errors.subject} maxLength={150} />
          <Textarea label="Email" description="Plain text; your business name is added at the foot." autosize minRows={4} value={step.body} onChange={(event) => change({ body: event.currentTarget.value })} error={errors.body} maxLength={5000} />
        </>
      );
    case 'wait':
      return (
        <>
          <Duration label="Wait" minutes={step.minutes} error={errors.minutes} onChange={(minutes) => change({ minutes })} />
          <Radio.Group label="Counted from" value={step.from} onChange={(from) => change({ from: from as 'previous' | 'anchor' })}>
            <Stack gap={4} mt={4}>
              <Radio value="previous" label="The step before" />
              <Radio value="anchor" label="The trigger" />
            </Stack>
          </Radio.Group>
        </>
      );
    case 'wait_for_reply':
      return <Duration label="Wait up to" minutes={step.minutes} error={errors.minutes} onChange={(minutes) => change({ minutes })} />;
    case 'wait_until_window':
      return <Text size="sm">Goes on at once between 9 am and 8 pm in the person’s time zone; otherwise waits until 9 am.</Text>;
    case 'branch': {
      const { condition } = step;
      return (
        <>
          <Select
            label="Look at"
            allowDeselect={false}
            data={[
              { value: 'last_reply', label: 'Their last reply' },
              { value: 'lead_status', label: 'The lead’s status' },
              { value: 'answer', label: 'An answer they gave' },
            ]}
            value={condition.field}
            onChange={(field) =>
              change({
                condition: field === 'lead_status' ? { field: 'lead_status', equals: 'qualified' } : field === 'answer' ? { field: 'answer', key: 'service', equals: null } : { field: 'last_reply', contains: 'yes' },
              })
            }
          />
          {condition.field === 'last_reply' ? (
            <TextInput label="Contains the words" value={condition.contains} onChange={(event) => change({ condition: { field: 'last_reply', contains: event.currentTarget.value } })} error={errors.condition} />
          ) : condition.field === 'lead_status' ? (
            <Select label="Status is" allowDeselect={false} data={statusOptions} value={condition.equals} onChange={(value) => value && change({ condition: { field: 'lead_status', equals: value as LeadStatus } })} />
          ) : (
            <>
              <TextInput label="Question key" description="The key of a question in Chat widget → Lead qualifier." value={condition.key} onChange={(event) => change({ condition: { ...condition, key: event.currentTarget.value } })} error={errors.condition} />
              <TextInput
                label="Is"
                description="Leave empty for “any answer given”."
                value={condition.equals ?? ''}
                onChange={(event) => change({ condition: { ...condition, equals: event.currentTarget.value === '' ? null : event.currentTarget.value } })}
              />
            </>
          )}
        </>
      );
    }
    case 'set_status':
      return <Select label="Set the lead’s status to" allowDeselect={false} data={statusOptions} value={step.status} onChange={(value) => value && change({ status: value as LeadStatus })} />;
    case 'assign':
      return <Select label="Assign to" data={[{ value: '', label: 'Nobody (unassign)' }, ...members]} value={step.userId ?? ''} allowDeselect={false} onChange={(value) => change({ userId: value ? value : null })} />;
    case 'add_tag':
      return <TextInput label="Tag" value={step.tag} onChange={(event) => change({ tag: event.currentTarget.value })} error={errors.tag} maxLength={40} />;
    case 'notify':
      return <Textarea label="Tell the team" description="Merge tags work here too." autosize minRows={2} value={step.message} onChange={(event) => change({ message: event.currentTarget.value })} error={errors.message} maxLength={500} />;
    case 'http_request':
      return (
        <>
          <TextInput
            label="Address"
            description="http or https. Private and internal addresses are refused when it runs."
            value={step.url}
            onChange={(event) => change({ url: event.currentTarget.value })}
            error={errors.url}
            maxLength={2000}
          />
          <SegmentedControl aria-label="Method" data={['POST', 'GET']} value={step.method} onChange={(method) => change({ method: method as 'GET' | 'POST' })} />
        </>
      );
    case 'ai_step':
      return (
        <>
          <Select
            label="Goal"
            allowDeselect={false}
            data={AI_STEP_GOALS.map((goal) => ({ value: goal, label: AI_STEP_GOAL_WORDS[goal] }))}
            value={step.goal}
            onChange={(goal) => goal && change({ goal: goal as AiStepGoal })}
          />
          {step.goal === 'ask' ? (
            <>
              <TemplateField
                label="The assistant asks"
                description="Then it answers their replies (your FAQ, prices and hand-off rules apply) until it has the answer."
                value={step.question}
                onChange={(question) => change({ question })}
                error={errors.question}
                maxLength={300}
                filled={previewMergeTags(step.question, { businessName, businessPhone: null })}
                previewLabel="A lead named Sam gets:"
              />
              <TextInput
                label="Keep the answer as"
                description="The answer’s name on the lead (a branch can look at it): lower-case letters, digits and _."
                value={step.answerKey}
                onChange={(event) => change({ answerKey: event.currentTarget.value.toLowerCase() })}
                error={errors.answerKey}
                maxLength={40}
              />
            </>
          ) : (
            <Text size="sm">The assistant asks your qualifying questions (AI assistant settings) that the lead has not answered, until the lead is qualified.</Text>
          )}
          <Duration label="Give it up to" minutes={step.minutes} error={errors.minutes} onChange={(minutes) => change({ minutes })} />
          <Text size="xs" c="dimmed">
            Not done: the time is up, the assistant hands them to your team, or someone on your team texts them.
          </Text>
        </>
      );
    case 'stop':
      return <Text size="sm">The run ends here.</Text>;
  }
}

function TriggerInspector({ graph, errors, onEdit }: { graph: FlowGraph; errors: Record<string, string>; onEdit: (graph: FlowGraph) => void }) {
  const { trigger } = graph;
  const set = (next: FlowTrigger) => onEdit(setTrigger(graph, next));
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        When this happens
      </Title>
      <Select
        label="Trigger"
        allowDeselect={false}
        data={TRIGGER_TYPES.map((type) => ({ value: type, label: TRIGGER_KINDS[type].label }))}
        value={trigger.type}
        onChange={(type) => type && type !== trigger.type && set(TRIGGER_KINDS[type as FlowTrigger['type']].create())}
      />
      {trigger.type === 'lead_created' ? (
        <MultiSelect
          label="From these sources"
          description="None chosen: any source."
          data={LEAD_SOURCES.map((source) => ({ value: source, label: LEAD_SOURCE_WORDS[source] }))}
          value={trigger.sources}
          onChange={(sources) => set({ type: 'lead_created', sources: sources as typeof trigger.sources })}
        />
      ) : trigger.type === 'status_changed' ? (
        <MultiSelect label="To" data={statusOptions} value={trigger.to} onChange={(to) => set({ type: 'status_changed', to: to as LeadStatus[] })} error={errors.to} />
      ) : trigger.type === 'keyword' ? (
        <TagsInput
          label="Keywords"
          description="The first word of their text, any case. STOP, START and HELP belong to the opt-out rules."
          value={trigger.words}
          onChange={(words) => set({ type: 'keyword', words })}
          error={errors.words}
          maxTags={10}
        />
      ) : trigger.type === 'no_reply' ? (
        <Duration label="No reply for" minutes={trigger.minutes} error={errors.minutes} onChange={(minutes) => set({ type: 'no_reply', minutes })} />
      ) : trigger.type === 'webhook' ? (
        <Text size="xs" c="dimmed">
          Its address and signing secret are under “Webhook” below.
        </Text>
      ) : null}
      <Select
        label="Then go to"
        allowDeselect={false}
        data={graph.steps.map((step) => ({ value: step.id, label: `${STEP_KINDS[step.type].label} (${step.id})` }))}
        value={graph.steps.some((step) => step.id === graph.start) ? graph.start : null}
        onChange={(target) => target && onEdit(connect(graph, TRIGGER_NODE, 'next', target))}
      />
    </Stack>
  );
}
