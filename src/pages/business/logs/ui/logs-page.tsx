import { Button, Stack, Tabs } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';
import { AuditLog } from './audit-log';
import { DeadLetters } from './dead-letters';
import { MessageLog } from './message-log';

/**
 * /logs: the records of what happened, and the background work that failed for good. The sections are tabs local to the page (not routes): the route map has a
 * single /logs, and nobody needs to link to one log type.
 */
export function LogsPage() {
  return (
    <Stack gap="lg">
      <PageHeader
        title="Logs"
        description="A record of every text, webhook delivery, assistant decision and settings change, for when you need to check what happened."
      />

      <Tabs defaultValue="messages" keepMounted={false}>
        <Tabs.List aria-label="Log type" mb="lg">
          <Tabs.Tab value="messages">Messages</Tabs.Tab>
          <Tabs.Tab value="webhooks">Webhook deliveries</Tabs.Tab>
          <Tabs.Tab value="ai">AI decisions</Tabs.Tab>
          <Tabs.Tab value="audit">Audit log</Tabs.Tab>
          <Tabs.Tab value="failed">Failed tasks</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="messages">
          <MessageLog />
        </Tabs.Panel>

        <Tabs.Panel value="webhooks">
          <EmptyState
            icon="⇄"
            title="No webhook deliveries yet"
            description="When you send events to another tool, each delivery is listed here with whether it worked, how long it took and any retries. You’ll be able to send a delivery again."
            action={
              <Button component={Link} to="/integrations" variant="light">
                Add a webhook endpoint
              </Button>
            }
          />
        </Tabs.Panel>

        <Tabs.Panel value="ai">
          <EmptyState
            icon="✦"
            title="No assistant decisions yet"
            description="Each time the assistant replies, qualifies a lead or hands a conversation to your team, it’s listed here with the reason, so you can see why it did what it did."
            action={
              <Button component={Link} to="/settings/ai" variant="light">
                Set up your AI assistant
              </Button>
            }
          />
        </Tabs.Panel>

        <Tabs.Panel value="audit">
          <AuditLog />
        </Tabs.Panel>

        <Tabs.Panel value="failed">
          <DeadLetters />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
