import { Drawer, Group, Paper, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { PageHeader } from '@/shared/ui/page-header';
import { type InboxFilter, useThread } from '@/entities/conversation';
import { ContactPanel, ThreadPane } from '@/widgets/conversation-thread';
import { useSelectedThread } from '../model/use-selected-thread';
import { inboxFilterFrom } from '../lib/inbox-filters';
import { ThreadList } from './thread-list';

/**
 * One pane at a time below md (62em). The brief says phones (< 48em), but from 48em the app shell's 248 px
 * navigation sits beside the page, leaving under 500 px: too narrow for a list next to a readable thread.
 */
const SINGLE_PANE = '(max-width: 61.99em)';
/** Below lg (75em) the client panel folds into a drawer opened from the thread's "Info" button. */
const PANEL_IN_DRAWER = '(max-width: 74.99em)';
// Read during the first render (this is a client-only app), so phones never flash the three-pane layout.
const MEDIA_OPTIONS = { getInitialValueInEffect: false };

// The route fills the window (`fillsWindow`): the panes take the height left under the header, the banners and
// the title, and scroll inside themselves; below this they stop shrinking and the page scrolls instead.
const PANES_MIN_HEIGHT = 360;
const PANES = { flex: 1, minHeight: PANES_MIN_HEIGHT } as const;

/**
 * /conversations: the inbox as three panes — the threads, the open thread with its reply box, and the client
 * beside it. The open thread is `?c=<id>` in the address.
 */
export function ConversationsPage() {
  const [selectedId, select] = useSelectedThread();
  // The filter a link chose (`?filter=unread`, from the dashboard); the buttons change it from there.
  const linkedFilter = useRouterState({ select: (state) => inboxFilterFrom((state.location.search as Record<string, unknown>).filter) });
  const [filter, setFilter] = useState<InboxFilter>(linkedFilter);
  const [search, setSearch] = useState('');
  const singlePane = useMediaQuery(SINGLE_PANE, false, MEDIA_OPTIONS);
  const panelInDrawer = useMediaQuery(PANEL_IN_DRAWER, false, MEDIA_OPTIONS);
  const [infoOpened, info] = useDisclosure(false);
  const thread = useThread(selectedId);

  const list = (
    <ThreadList filter={filter} onFilterChange={setFilter} search={search} onSearchChange={setSearch} selectedId={selectedId} onSelect={(id) => select(id)} />
  );
  const pane = (
    <ThreadPane
      threadId={selectedId}
      query={thread}
      onBack={singlePane ? () => select(null) : undefined}
      onInfo={panelInDrawer && thread.data ? info.open : undefined}
      onDeselect={() => select(null)}
    />
  );
  const showThreadOnly = singlePane && selectedId !== null;

  return (
    <Stack gap={0} style={{ flex: 1, minHeight: 0 }}>
      {/* On a phone the open thread has the screen (its header says who it is with); the title stays for readers. */}
      <PageHeader
        title="Conversations"
        description={selectedId === null ? 'Every text with your clients, answered by your team or the AI assistant.' : undefined}
        visuallyHidden={showThreadOnly}
      />

      {singlePane ? (
        <Paper withBorder component="section" aria-label={showThreadOnly ? 'Conversation' : 'Conversation list'} style={{ ...PANES, overflow: 'hidden', display: 'flex', flexDirection: 'column' }}>
          {showThreadOnly ? pane : list}
        </Paper>
      ) : (
        <Group align="stretch" wrap="nowrap" gap="md" style={PANES}>
          <Paper withBorder component="section" aria-label="Conversation list" w={{ base: 300, xl: 340 }} style={{ flexShrink: 0, overflow: 'hidden' }}>
            {list}
          </Paper>
          <Paper withBorder component="section" aria-label="Conversation" style={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
            {pane}
          </Paper>
          {panelInDrawer ? null : (
            <Paper withBorder component="aside" aria-label="Client and lead" w={300} style={{ flexShrink: 0, overflowY: 'auto' }}>
              <ContactPanel threadId={selectedId} query={thread} />
            </Paper>
          )}
        </Group>
      )}

      {panelInDrawer ? (
        <Drawer opened={infoOpened && thread.data !== undefined} onClose={info.close} position="right" title="Client and lead" size="sm" closeButtonProps={{ 'aria-label': 'Close client details' }}>
          <ContactPanel threadId={selectedId} query={thread} />
        </Drawer>
      ) : null}
    </Stack>
  );
}
