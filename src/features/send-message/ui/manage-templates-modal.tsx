import { Alert, Button, Divider, Group, Modal, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { apiFieldErrors } from '@/shared/api-errors';
import { useTRPC } from '@/shared/api-react';
import { mergeTagProblem } from '@contracts/merge-tags';
import { describeLength, textLength } from '../lib/sms-length';
import { type TemplateDraft, type TemplateErrors, validateTemplate } from '../lib/template-validation';
import { invalidateTemplates, type MessageTemplate } from '@/entities/conversation';
import { useInsertAtCaret } from '../model/use-insert-at-caret';
import { MergeTagsMenu } from './merge-tags-menu';
import { LoadError } from '@/shared/ui/load-error';

const BLANK: TemplateDraft = { name: '', body: '' };

/** Create, edit and delete the company's saved replies. */
export function ManageTemplatesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Message templates" size="lg" closeButtonProps={{ 'aria-label': 'Close templates' }}>
      {/* Mounted only while open, so the form starts empty each time. */}
      {opened ? <TemplatesManager /> : null}
    </Modal>
  );
}

function TemplatesManager() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const templates = useQuery(trpc.conversations.templates.list.queryOptions());
  const [editing, setEditing] = useState<MessageTemplate | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const refresh = () => invalidateTemplates(queryClient);

  const remove = useMutation(
    trpc.conversations.templates.remove.mutationOptions({
      onSuccess: (_result, { id }) => {
        if (editing?.id === id) setEditing(null);
        setConfirmDelete(null);
        notifications.show({ color: 'teal', message: 'Template deleted' });
        void refresh();
      },
      onError: (error) => notifications.show({ color: 'red', title: 'Couldn’t delete the template', message: error.message }),
    }),
  );

  return (
    <Stack gap="md">
      {templates.isPending ? (
        <Text size="sm" c="dimmed">
          Loading templates…
        </Text>
      ) : templates.isError ? (
        <LoadError title="Couldn’t load templates" error={templates.error} onRetry={templates.refetch} />
      ) : templates.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No templates yet. Save the replies you send often — directions, your hours, a booking link — and insert them with one click.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Templates">
          {templates.data.map((template) => (
            <Paper key={template.id} component="li" withBorder p="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {template.name}
                  </Text>
                  <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {template.body}
                  </Text>
                </Stack>
                {confirmDelete === template.id ? (
                  <Group gap={4} wrap="nowrap">
                    <Button size="xs" color="red" loading={remove.isPending} onClick={() => remove.mutate({ id: template.id })}>
                      Delete
                    </Button>
                    <Button size="xs" variant="default" onClick={() => setConfirmDelete(null)}>
                      Keep
                    </Button>
                  </Group>
                ) : (
                  <Group gap={4} wrap="nowrap">
                    <Button size="xs" variant="default" aria-label={`Edit ${template.name}`} onClick={() => setEditing(template)}>
                      Edit
                    </Button>
                    <Button size="xs" variant="subtle" color="red" aria-label={`Delete ${template.name}`} onClick={() => setConfirmDelete(template.id)}>
                      Delete
                    </Button>
                  </Group>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}

      <Divider />
      {/* Keyed so choosing another template (or "new") starts the form from that template. */}
      <TemplateForm key={editing?.id ?? 'new'} template={editing} onDone={() => setEditing(null)} onSaved={() => void refresh()} />
    </Stack>
  );
}

function TemplateForm({ template, onDone, onSaved }: { template: MessageTemplate | null; onDone: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const [form, setForm] = useState<TemplateDraft>(() => (template ? { name: template.name, body: template.body } : BLANK));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<TemplateErrors>({});
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const { ref: bodyRef, insert } = useInsertAtCaret(form.body, (value) => change({ body: value }));

  const save = useMutation(
    trpc.conversations.templates.save.mutationOptions({
      onSuccess: (saved) => {
        notifications.show({ color: 'teal', message: `Template “${saved.name}” saved` });
        onSaved();
        setForm(BLANK);
        setSubmitted(false);
        onDone();
      },
      onError: (error) => {
        const fields = apiFieldErrors(error);
        const known: TemplateErrors = { ...(fields.name ? { name: fields.name } : {}), ...(fields.body ? { body: fields.body } : {}) };
        setServerErrors(known);
        setServerMessage(Object.keys(known).length > 0 ? null : error.message);
      },
    }),
  );

  function change(changes: Partial<TemplateDraft>) {
    setForm((current) => ({ ...current, ...changes }));
    setServerErrors({});
    setServerMessage(null);
  }

  const clientErrors = validateTemplate(form);
  // A mistyped tag is shown as soon as it is typed; missing fields only once Save was pressed.
  const errorFor = (field: keyof TemplateDraft) =>
    serverErrors[field] ?? (submitted ? clientErrors[field] : field === 'body' ? (mergeTagProblem(form.body) ?? undefined) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(clientErrors).length > 0) return;
    save.mutate({ ...(template ? { id: template.id } : {}), name: form.name.trim(), body: form.body.trim() });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="template-form-title">
      <Stack gap="sm">
        <Title order={3} fz="md" id="template-form-title">
          {template ? `Edit “${template.name}”` : 'New template'}
        </Title>
        {serverMessage ? (
          <Alert color="red" role="alert">
            {serverMessage}
          </Alert>
        ) : null}
        <TextInput label="Name" placeholder="e.g. Running late" value={form.name} onChange={(event) => change({ name: event.currentTarget.value })} error={errorFor('name')} maxLength={80} required />
        <Textarea
          ref={bodyRef}
          label="Template text"
          placeholder="Hi {first_name}, this is {my_first_name} from {business_name}…"
          value={form.body}
          onChange={(event) => change({ body: event.currentTarget.value })}
          error={errorFor('body')}
          autosize
          minRows={3}
          maxRows={8}
          required
        />
        <Group justify="space-between">
          <Group gap="xs">
            <MergeTagsMenu onInsert={insert} />
            <Text size="xs" c={textLength(form.body).tooLong ? 'red' : 'dimmed'}>
              {describeLength(textLength(form.body))}
            </Text>
          </Group>
          <Group gap="xs">
            {template ? (
              <Button variant="default" onClick={onDone}>
                Cancel
              </Button>
            ) : null}
            <Button type="submit" loading={save.isPending}>
              {template ? 'Save changes' : 'Save template'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
