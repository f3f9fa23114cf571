import { ActionIcon, Anchor, Button, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { ContactPhoneLine, OptedOutBadge } from '@/entities/contact';
import { ConversationModeBadge, ConversationStatusBadge, type Thread } from '@/entities/conversation';
import { type AiSettingsView, useAiSettings } from '@/entities/ai-assistant';
import { AssignConversationItems, AssignConversationMenu } from '@/features/assign-owner';
import { TakeOverButton, TakeOverMenuItem } from '@/features/take-over';
import { FEATURES } from '@/shared/config';
import { useCloseThread } from '../model/use-close-thread';
import { type ReactNode } from 'react';

export interface ThreadHeaderProps {
  thread: Thread;
  /** Replies the assistant holds for approval in this thread (approval mode). */
  heldReplies: number;
  /** Phones: back to the list. */
  onBack?: (() => void) | undefined;
  /** When the side panel is folded into a drawer: open it. */
  onInfo?: (() => void) | undefined;
}

/**
 * Who the thread is with, who answers it (the assistant or the team), who owns it, and whether it is finished.
 * With `onBack` (one pane at a time: phones and narrow tablets) it is one compact row and its actions fold into a
 * menu, so the thread and the reply box keep the height (issue 21).
 */
export function ThreadHeader(props: ThreadHeaderProps) {
  return props.onBack ? <CompactThreadHeader {...props} onBack={props.onBack} /> : <FullThreadHeader {...props} />;
}

function FullThreadHeader({ thread, heldReplies, onInfo }: ThreadHeaderProps) {
  const setStatus = useCloseThread(thread.id);
  const closed = thread.status === 'closed';
  return (
    <Stack gap="xs" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <WhoItIsWith thread={thread} />
        <Group gap="xs" wrap="nowrap">
          {onInfo ? (
            <Button variant="default" size="xs" onClick={onInfo} aria-haspopup="dialog">
              Info
            </Button>
          ) : null}
          <AssignConversationMenu thread={thread} />
          <Button size="xs" variant="default" loading={setStatus.isPending} onClick={() => setStatus.mutate({ id: thread.id, status: closed ? 'open' : 'closed' })}>
            {closed ? 'Reopen' : 'Close'}
          </Button>
        </Group>
      </Group>

      {/* No assistant exists yet, so there is nothing to take over from: say who answers instead (decision 0017). */}
      {FEATURES.aiAssistant ? (
        <WhoReplies thread={thread} heldReplies={heldReplies} />
      ) : (
        <Text size="sm" c="dimmed" data-testid="who-answers">
          Your team answers this conversation. No assistant replies for you.
        </Text>
      )}
    </Stack>
  );
}

function WhoItIsWith({ thread, badge }: { thread: Thread; badge?: ReactNode }) {
  return (
    <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
      <Title order={2} fz="lg" lineClamp={1}>
        {thread.contact.name}
      </Title>
      <Group gap={6} style={{ rowGap: 2 }}>
        <Text size="sm" c="dimmed">
          <ContactPhoneLine contact={thread.contact} phone={thread.peerPhone} />
        </Text>
        {badge}
        {thread.status === 'closed' ? <ConversationStatusBadge status="closed" quiet /> : null}
        {thread.contact.optedOut ? <OptedOutBadge size="xs" /> : null}
      </Group>
    </Stack>
  );
}

/**
 * The phone header: back, who, who replies (the badge), and "Conversation actions" — take over or hand back,
 * what that means here, the client's details, assign, close — in one menu.
 */
function CompactThreadHeader({ thread, heldReplies, onBack, onInfo }: ThreadHeaderProps & { onBack: () => void }) {
  const setStatus = useCloseThread(thread.id);
  const settings = useAiSettings();
  const closed = thread.status === 'closed';
  const sentence = FEATURES.aiAssistant ? stateSentence(thread, heldReplies, settings.data) : 'Your team answers this conversation. No assistant replies for you.';
  return (
    <Group gap={6} wrap="nowrap" px={6} py={6} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }} data-testid="thread-header">
      <ActionIcon variant="subtle" color="gray" size={44} onClick={onBack} aria-label="Back to conversations">
        <span aria-hidden style={{ fontSize: 20 }}>
          ←
        </span>
      </ActionIcon>
      <WhoItIsWith thread={thread} badge={<ConversationModeBadge mode={thread.mode} heldReplies={heldReplies} size="sm" />} />
      <Menu position="bottom-end" withinPortal width={280}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size={44} aria-label="Conversation actions">
            <span aria-hidden style={{ fontSize: 22, lineHeight: 1 }}>
              ⋯
            </span>
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {sentence ? (
            <Text size="xs" c="dimmed" px="sm" py={6} data-testid="who-answers">
              {sentence}
            </Text>
          ) : null}
          {FEATURES.aiAssistant ? <TakeOverMenuItem thread={thread} canHandBack={settings.data?.enabled === true} /> : null}
          {onInfo ? <Menu.Item onClick={onInfo}>Client and lead details</Menu.Item> : null}
          <Menu.Item onClick={() => setStatus.mutate({ id: thread.id, status: closed ? 'open' : 'closed' })} disabled={setStatus.isPending}>
            {closed ? 'Reopen conversation' : 'Close conversation'}
          </Menu.Item>
          <Menu.Divider />
          <AssignConversationItems thread={thread} />
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

function SettingsLink() {
  return (
    <Anchor component={Link} to="/settings/ai" size="sm">
      Settings → AI
    </Anchor>
  );
}

/** One sentence under the state, true to what the engine will do in this thread now. */
function stateSentence(thread: Thread, heldReplies: number, settings: AiSettingsView | undefined) {
  if (heldReplies > 0) {
    return <>{heldReplies === 1 ? 'The assistant wrote a reply that waits for you below.' : `The assistant wrote ${heldReplies} replies that wait for you below.`}</>;
  }
  if (!settings) return null;
  if (thread.mode === 'ai') {
    if (!settings.enabled) {
      return (
        <>
          The assistant is off for your company, so nobody answers here automatically. Turn it on in <SettingsLink />.
        </>
      );
    }
    if (!settings.now.on) return <>The assistant is off right now ({settings.now.why}); it answers again when it’s back on.</>;
    return <>The assistant answers new texts here. Take over to answer yourself.</>;
  }
  if (!settings.enabled) {
    return (
      <>
        The assistant is off. Turn it on in <SettingsLink /> to hand conversations to it.
      </>
    );
  }
  return <>The AI stays quiet here until you hand the conversation back.</>;
}

/**
 * "AI replying", "You’re in control" or "Waiting for approval", a sentence saying what that means here, and the
 * switch: "Take over" (at once; the engine sends nothing after it) or "Hand back to AI" — only offered while the
 * company's assistant is on, since handing back to an assistant that is off would leave the client unanswered.
 */
function WhoReplies({ thread, heldReplies }: { thread: Thread; heldReplies: number }) {
  const settings = useAiSettings();
  const sentence = stateSentence(thread, heldReplies, settings.data);
  return (
    <Group gap="xs" wrap="wrap" style={{ minWidth: 0, flex: 1 }} data-testid="who-replies">
      <ConversationModeBadge mode={thread.mode} heldReplies={heldReplies} size="md" />
      <TakeOverButton thread={thread} canHandBack={settings.data?.enabled === true} />
      {sentence ? (
        <Text size="sm" c="dimmed" style={{ flex: '1 1 240px', minWidth: 0 }}>
          {sentence}
        </Text>
      ) : null}
    </Group>
  );
}
