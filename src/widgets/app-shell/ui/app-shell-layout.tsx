import { ActionIcon, AppShell, Avatar, Badge, Burger, Group, Indicator, Menu, NavLink, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { useCompanySettings } from '@/entities/company';
import { IncomingCallCard } from './incoming-call-card';
import { fullName, initials, useCurrentUser } from '@/entities/user';
import { useSignOut } from '../model/use-sign-out';
import { useTRPC } from '@/shared/api-react';
import { ScreenSkeleton } from '@/shared/ui/screen-skeleton';
import { activeNavItem, isSoon, NAVIGATION } from '../model/navigation';
import { ShellBanners } from './banners';
import { useFillsWindow, useFirstScreenPending } from '../model/route-layout';
import { useUnreadNotifications } from '@/entities/notification';

function Navigation({ onNavigate }: { onNavigate: () => void }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const active = activeNavItem(pathname);
  const trpc = useTRPC();
  const unread = useQuery(trpc.conversations.unreadCount.queryOptions()).data?.conversations ?? 0;
  return (
    <nav aria-label="Main">
      <Stack gap="md">
        {NAVIGATION.map((group) => (
          <div key={group.label} role="group" aria-labelledby={`nav-${group.label}`}>
            <Text id={`nav-${group.label}`} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={4}>
              {group.label}
            </Text>
            {group.items.map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                rightSection={
                  item.badge === 'unreadConversations' && unread > 0 ? (
                    <Badge size="sm" circle={unread < 10} color="red" aria-label={`${unread} unread`}>
                      {unread > 99 ? '99+' : unread}
                    </Badge>
                  ) : isSoon(item) ? (
                    <Badge size="xs" variant="light" color="gray" aria-label="coming soon">
                      soon
                    </Badge>
                  ) : null
                }
                c={isSoon(item) ? 'dimmed' : undefined}
                active={active === item}
                aria-current={active === item ? 'page' : undefined}
                onClick={onNavigate}
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              />
            ))}
          </div>
        ))}
      </Stack>
    </nav>
  );
}

function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

function UserMenu() {
  const { data } = useCurrentUser();
  const { signOut, pending } = useSignOut();
  const name = data ? fullName(data.user) : '';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={data ? `Account menu for ${name}` : 'Account menu'}>
          <Avatar radius="xl" size={34} color="teal">
            {data ? initials(data.user) : ''}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {data ? (
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)">
              {name}
            </Text>
            <Text size="xs" c="dimmed">
              {data.user.email}
            </Text>
          </Menu.Label>
        ) : null}
        <Menu.Item component={Link} to="/settings/company">
          Company settings
        </Menu.Item>
        <Menu.Item component={Link} to="/notifications">
          Notifications
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void signOut()} disabled={pending}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The signed-in layout: header, grouped navigation (a drawer on phones), banners and the current screen. */
function NotificationsBell() {
  const unread = useUnreadNotifications();
  return (
    <Tooltip label={unread > 0 ? `${unread} unread notifications` : 'Notifications'}>
      <Indicator label={unread > 99 ? '99+' : unread} size={16} color="red" disabled={unread === 0} offset={6}>
        <ActionIcon component={Link} to="/notifications" variant="subtle" color="gray" size="lg" aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}>
          <BellIcon />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}

/** A screen that fills the window: the main area is exactly the window's height, its screen takes what's left. */
const FILL_WINDOW = { height: '100dvh', display: 'flex', flexDirection: 'column' } as const;

export function AppShellLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const user = useCurrentUser();
  const company = useCompanySettings();
  const companyName = user.data?.company.name ?? company.data?.name ?? '';
  const [now] = useState(() => Date.now());
  const fillsWindow = useFillsWindow();
  const firstScreenPending = useFirstScreenPending();

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding={{ base: 'sm', sm: 'lg' }}>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={opened ? 'Close navigation' : 'Open navigation'} />
            <Text component={Link} to="/dashboard" fw={800} fz="lg" c="teal.8" style={{ textDecoration: 'none' }}>
              LeadLoop
            </Text>
            {companyName ? (
              <Text size="sm" c="dimmed" truncate="end" maw={{ base: 120, sm: 280 }} data-testid="company-name">
                {companyName}
              </Text>
            ) : null}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <NotificationsBell />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm">
        {/* The scrollbar shows whenever the list is taller than the window (at 1366×900 Settings is below the
            fold): Mantine's default "hover" scrollbar hid that there was more (issue 16). */}
        <AppShell.Section grow component={ScrollArea} type="auto" offsetScrollbars="y" data-testid="main-nav-scroll">
          <Navigation onNavigate={close} />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main style={fillsWindow ? FILL_WINDOW : undefined}>
        {company.data ? <ShellBanners company={company.data} now={now} /> : null}
        <Suspense fallback={<ScreenSkeleton />}>
          {firstScreenPending ? (
            <ScreenSkeleton />
          ) : fillsWindow ? (
            <div style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
              <Outlet />
            </div>
          ) : (
            <Outlet />
          )}
        </Suspense>
        <IncomingCallCard />
      </AppShell.Main>
    </AppShell>
  );
}
