import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FLOW_TEMPLATES } from '@contracts/flow-templates';
import { FLOW_TRIGGER_WORDS } from '@contracts/flows';
import { setCachedFlow } from '@/entities/flow';
import { useTRPC } from '@/shared/api-react';
import { PageHeader } from '@/shared/ui/page-header';

/**
 * /flows/new: name the flow and start blank or from a template (missed-call nurture, new web lead, no-reply
 * follow-up, review request, appointment reminder, reactivation). The flow is created paused, as a draft, and opens
 * in the editor; nothing runs until it is published. A template that needs a part not built yet says so.
 */
export function NewFlowPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const create = useMutation(
    trpc.flows.create.mutationOptions({
      onSuccess: (flow) => {
        setCachedFlow(queryClient, flow);
        void navigate({ to: '/flows/$flowId', params: { flowId: flow.id } });
      },
    }),
  );

  return (
    <Stack gap="lg">
      <PageHeader title="New flow" description="Start blank or from a template; you can change every step before it runs." />
      <TextInput label="Name" description="Empty: the template’s name." placeholder="e.g. Welcome new web leads" value={name} onChange={(event) => setName(event.currentTarget.value)} maxLength={80} w={360} />
      {create.error ? (
        <Alert color="red" title="Couldn’t create the flow">
          {create.error.message}
        </Alert>
      ) : null}
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Templates">
        {FLOW_TEMPLATES.map((template) => (
          <Paper key={template.id} component="li" withBorder radius="md" p="md">
            <Stack gap={6} h="100%" justify="space-between">
              <Stack gap={4}>
                <Title order={2} fz="md">
                  {template.name}
                </Title>
                <Badge variant="light" color="gray" size="sm">
                  {FLOW_TRIGGER_WORDS[template.graph.trigger.type]}
                </Badge>
                <Text size="sm" c="dimmed">
                  {template.description}
                </Text>
                {template.needs ? (
                  <Text size="sm" c="orange.8">
                    {template.needs}
                  </Text>
                ) : null}
              </Stack>
              <Group>
                <Button
                  variant={template.id === 'blank' ? 'filled' : 'light'}
                  disabled={Boolean(template.needs) || create.isPending}
                  onClick={() => create.mutate({ name: name.trim() || template.name, template: template.id })}
                  aria-label={template.id === 'blank' ? 'Start blank' : `Use the template “${template.name}”`}
                >
                  {template.id === 'blank' ? 'Start blank' : 'Use this template'}
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Group>
        <Button component={Link} to="/flows" variant="default">
          Back to flows
        </Button>
      </Group>
    </Stack>
  );
}
