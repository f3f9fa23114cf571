import { ScrollArea, Tabs } from '@mantine/core';
import { type LinkProps, useNavigate, useRouterState } from '@tanstack/react-router';
import { longestPathPrefixMatch } from '@/shared/lib/path-prefix';

export interface RouteTab {
  /** The tab's path, e.g. '/settings/company'. */
  to: NonNullable<LinkProps['to']>;
  label: string;
}

/**
 * Tabs whose selection is the URL: the active tab is the one whose path the location starts with (longest
 * match, so /settings/phone/application selects "Phone application", not "Phone"); choosing a tab navigates.
 */
export function RouteTabs({ tabs, label }: { tabs: RouteTab[]; label: string }) {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const active = longestPathPrefixMatch(pathname, tabs, (tab) => [tab.to]);

  return (
    <ScrollArea type="never" mb="lg">
      <Tabs
        value={active?.to ?? null}
        onChange={(value) => {
          if (value && value !== active?.to) void navigate({ to: value as RouteTab['to'] });
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={label} style={{ flexWrap: 'nowrap' }}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.to} value={tab.to} style={{ whiteSpace: 'nowrap' }}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    </ScrollArea>
  );
}
