import { Button, Grid, Group, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';

type ThreadFilter = 'all' | 'needs-human' | 'ai-active' | 'mine' | 'unread' | 'closed';

const FILTERS: { value: ThreadFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'needs-human', label: 'Needs human' },
  { value: 'ai-active', label: 'AI active' },
  { value: 'mine', label: 'Mine' },
  { value: 'unread', label: 'Unread' },
  { value: 'closed', label: 'Closed' },
];

// What each filter would list, so an empty filter says what it is for rather than just "nothing".
const EMPTY_LIST: Record<ThreadFilter, { title: string; description: string }> = {
  all: {
    title: 'No conversations yet',
    description:
      'Every text conversation with a lead shows up here. The assistant replies first, and you can step in at any time.',
  },
  'needs-human': {
    title: 'No conversations need a person',
    description: 'When the assistant can’t help, or a customer asks for a person, the conversation lands here.',
  },
  'ai-active': {
    title: 'The assistant isn’t in any conversations',
    description: 'Conversations the assistant is replying to right now are listed here.',
  },
  mine: {
    title: 'Nothing assigned to you',
    description: 'Conversations you took over or that were assigned to you are listed here.',
  },
  unread: {
    title: 'No unread texts',
    description: 'Conversations with texts nobody on your team has opened yet are listed here.',
  },
  closed: {
    title: 'No closed conversations',
    description: 'Finished conversations are kept here, so you can look back at them.',
  },
};

/**
 * /conversations: the inbox as three panes — thread list, the open thread, the contact beside it. On a phone only
 * the list shows; the other panes come into view on wider screens, where there is room for them side by side.
 */
export function ConversationsPage() {
  const [filter, setFilter] = useState<ThreadFilter>('all');
  const empty = EMPTY_LIST[filter];

  return (
    <Stack gap="lg">
      <PageHeader title="Conversations" description="Your text conversations with leads. The assistant answers first; take over whenever you like." />

      <Grid gap="md" align="stretch">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }} component="section" aria-label="Conversation list">
          <Stack gap="sm">
            {/* Toggle buttons that wrap rather than a segmented control: six options don't fit one line in the pane. */}
            <Group gap={6} role="group" aria-label="Show conversations">
              {FILTERS.map((option) => (
                <Button
                  key={option.value}
                  size="compact-sm"
                  radius="xl"
                  variant={filter === option.value ? 'filled' : 'default'}
                  aria-pressed={filter === option.value}
                  onClick={() => setFilter(option.value)}
                >
                  {option.label}
                </Button>
              ))}
            </Group>
            <EmptyState
              icon="✉"
              title={empty.title}
              description={empty.description}
              action={
                filter === 'all' ? (
                  <Group gap="xs" justify="center">
                    <Button component={Link} to="/settings/phone" size="sm">
                      Set up your business number
                    </Button>
                    <Button component={Link} to="/chat-widget/styles" variant="default" size="sm">
                      Install the chat widget
                    </Button>
                  </Group>
                ) : (
                  <Button variant="default" size="sm" onClick={() => setFilter('all')}>
                    Show all conversations
                  </Button>
                )
              }
            />
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 7, lg: 5 }} visibleFrom="md" component="section" aria-label="Conversation">
          <EmptyState
            icon="✉"
            title="No conversation open"
            description="Open a conversation to read it, see whether each text was delivered, and reply. Switch the assistant off for that conversation and you’re in control; it stays quiet until you hand it back."
          />
        </Grid.Col>

        <Grid.Col span={{ lg: 3 }} visibleFrom="lg" component="aside" aria-label="Contact and lead">
          <EmptyState
            icon="☺"
            title="No contact selected"
            description="The person’s details, their lead status and the answers they gave the assistant show here next to the conversation."
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
