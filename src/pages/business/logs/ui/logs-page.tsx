import { Stack, Tabs } from '@mantine/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useTeamMembers } from '@/entities/user';
import { WebhookDeliveries } from '@/widgets/webhook-deliveries';
import { PageHeader } from '@/shared/ui/page-header';
import { AiDecisions } from './ai-decisions';
import { ApiRequests } from './api-requests';
import { AuditLog } from './audit-log';
import { DeadLetters } from './dead-letters';
import { FlowRuns } from './flow-runs';
import { IntegrationSyncLog } from './integration-sync-log';
import { MessageLog } from './message-log';

const TABS = ['messages', 'flows', 'webhooks', 'api', 'ai', 'integrations', 'audit', 'failed'] as const;
type LogTab = (typeof TABS)[number];

/** The tab an address names (`/logs?tab=ai`, as the assistant's "service unavailable" alert links), else Messages. */
function logTabFrom(searchStr: string): LogTab {
  const tab = new URLSearchParams(searchStr).get('tab');
  return TABS.find((t) => t === tab) ?? 'messages';
}

/**
 * /logs: the records of what happened, and the background work that failed for good. The sections are tabs of the
 * page; the open one is `?tab=` in the address (none for Messages, whose filters use the address themselves), so an
 * alert can link to one and a reload keeps it.
 */
export function LogsPage() {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const tab = logTabFrom(searchStr);
  const me = useTeamMembers().data?.find((member) => member.me);
  const manager = me?.role === 'owner' || me?.role === 'admin';
  return (
    <Stack gap="lg">
      <PageHeader
        title="Logs"
        description="A record of every text, automation run, webhook delivery, API request, assistant decision, integration sync and settings change, for when you need to check what happened."
      />

      <Tabs
        value={tab}
        onChange={(next) => {
          if (next && next !== tab) void navigate({ href: next === 'messages' ? pathname : `${pathname}?tab=${next}`, replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label="Log type" mb="lg">
          <Tabs.Tab value="messages">Messages</Tabs.Tab>
          <Tabs.Tab value="flows">Flow runs</Tabs.Tab>
          <Tabs.Tab value="webhooks">Webhook deliveries</Tabs.Tab>
          <Tabs.Tab value="api">API requests</Tabs.Tab>
          <Tabs.Tab value="ai">AI decisions</Tabs.Tab>
          <Tabs.Tab value="integrations">Integrations</Tabs.Tab>
          <Tabs.Tab value="audit">Audit log</Tabs.Tab>
          <Tabs.Tab value="failed">Failed tasks</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="messages">
          <MessageLog />
        </Tabs.Panel>

        <Tabs.Panel value="flows">
          <FlowRuns />
        </Tabs.Panel>

        <Tabs.Panel value="webhooks">
          <WebhookDeliveries canResend={manager} />
        </Tabs.Panel>

        <Tabs.Panel value="api">
          <ApiRequests />
        </Tabs.Panel>

        <Tabs.Panel value="ai">
          <AiDecisions />
        </Tabs.Panel>

        <Tabs.Panel value="integrations">
          <IntegrationSyncLog />
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
