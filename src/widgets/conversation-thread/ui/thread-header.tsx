import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { contactPhoneLine, OptedOutBadge } from '@/entities/contact';
import { ConversationStatusBadge, type Thread } from '@/entities/conversation';
import { AssignConversationMenu } from '@/features/assign-owner';
import { TakeOverSwitch } from '@/features/take-over';
import { FEATURES } from '@/shared/config';
import { useCloseThread } from '../model/use-close-thread';

export interface ThreadHeaderProps {
  thread: Thread;
  /** Phones: back to the list. */
  onBack?: (() => void) | undefined;
  /** When the side panel is folded into a drawer: open it. */
  onInfo?: (() => void) | undefined;
}

/** Who the thread is with, who answers it (the team, until an assistant exists), who owns it, and whether it is finished. */
export function ThreadHeader({ thread, onBack, onInfo }: ThreadHeaderProps) {
  const setStatus = useCloseThread(thread.id);
  const closed = thread.status === 'closed';
  return (
    <Stack gap="xs" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {onBack ? (
            <Button variant="subtle" size="compact-sm" onClick={onBack} leftSection={<span aria-hidden>←</span>}>
              Back
            </Button>
          ) : null}
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={2} fz="lg" lineClamp={1}>
              {thread.contact.name}
            </Title>
            <Group gap={6}>
              <Text size="sm" c="dimmed">
                {contactPhoneLine(thread.contact, thread.peerPhone)}
              </Text>
              {closed ? <ConversationStatusBadge status="closed" quiet /> : null}
              {thread.contact.optedOut ? <OptedOutBadge size="xs" /> : null}
            </Group>
          </Stack>
        </Group>
        {onInfo ? (
          <Button variant="default" size="compact-sm" onClick={onInfo} aria-haspopup="dialog">
            Info
          </Button>
        ) : null}
      </Group>

      <Group gap="xs" justify="space-between">
        {/* No assistant exists yet, so there is nothing to take over from: say who answers instead (decision 0017). */}
        {FEATURES.aiAssistant ? (
          <TakeOverSwitch thread={thread} />
        ) : (
          <Text size="sm" c="dimmed" data-testid="who-answers">
            Your team answers this conversation. No assistant replies for you.
          </Text>
        )}
        <Group gap="xs">
          <AssignConversationMenu thread={thread} />
          <Button size="xs" variant="default" loading={setStatus.isPending} onClick={() => setStatus.mutate({ id: thread.id, status: closed ? 'open' : 'closed' })}>
            {closed ? 'Reopen' : 'Close'}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
