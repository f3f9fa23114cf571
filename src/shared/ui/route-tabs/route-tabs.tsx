import { ActionIcon, Box, ScrollArea, Tabs } from '@mantine/core';
import { type LinkProps, useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { longestPathPrefixMatch } from '@/shared/lib/path-prefix';

export interface RouteTab {
  /** The tab's path, e.g. '/settings/company'. */
  to: NonNullable<LinkProps['to']>;
  label: string;
}

/** Which ends of a horizontally scrolled strip hide tabs (a pixel of slack for fractional widths). */
export function hiddenEnds(strip: { scrollLeft: number; clientWidth: number; scrollWidth: number }): { start: boolean; end: boolean } {
  return { start: strip.scrollLeft > 1, end: strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 1 };
}

/**
 * Tabs whose selection is the URL: the active tab is the one whose path the location starts with (longest
 * match, so /settings/phone/application selects "Phone application", not "Phone"); choosing a tab navigates.
 *
 * On a phone the strip scrolls sideways: an end that hides tabs fades out under an arrow that scrolls to them
 * (issue 21: the last tabs were hidden with no hint), and the active tab is scrolled into view.
 */
export function RouteTabs({ tabs, label }: { tabs: RouteTab[]; label: string }) {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const active = longestPathPrefixMatch(pathname, tabs, (tab) => [tab.to]);
  const viewport = useRef<HTMLDivElement>(null);
  const [ends, setEnds] = useState({ start: false, end: false });

  const measure = useCallback(() => {
    const strip = viewport.current;
    if (!strip) return;
    const next = hiddenEnds(strip);
    setEnds((previous) => (previous.start === next.start && previous.end === next.end ? previous : next));
  }, []);

  useEffect(() => {
    const strip = viewport.current;
    if (!strip) return;
    strip.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(strip);
    return () => observer.disconnect();
  }, [active?.to, measure]);

  const scrollBy = (direction: 1 | -1) => {
    const strip = viewport.current;
    if (strip) strip.scrollBy({ left: direction * strip.clientWidth * 0.7, behavior: 'smooth' });
  };

  return (
    <Box pos="relative" mb="lg" data-hidden-start={ends.start || undefined} data-hidden-end={ends.end || undefined} data-testid="route-tabs">
      <ScrollArea type="never" viewportRef={viewport} onScrollPositionChange={measure}>
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
      {ends.start ? <ScrollHint side="start" onClick={() => scrollBy(-1)} /> : null}
      {ends.end ? <ScrollHint side="end" onClick={() => scrollBy(1)} /> : null}
    </Box>
  );
}

/**
 * The fade and arrow over an end that hides tabs. The arrow is for pointers and fingers; keyboard users move
 * between tabs with the arrow keys (the strip follows the focus), so it stays out of the tab order.
 */
function ScrollHint({ side, onClick }: { side: 'start' | 'end'; onClick: () => void }) {
  const start = side === 'start';
  return (
    <Box
      pos="absolute"
      top={0}
      bottom={2}
      left={start ? 0 : undefined}
      right={start ? undefined : 0}
      w={56}
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: start ? 'flex-start' : 'flex-end',
        pointerEvents: 'none',
        background: `linear-gradient(to ${start ? 'left' : 'right'}, transparent, var(--mantine-color-body) 60%)`,
      }}
    >
      <ActionIcon
        variant="subtle"
        color="gray"
        size={44}
        tabIndex={-1}
        aria-label={start ? 'Show earlier tabs' : 'Show more tabs'}
        onClick={onClick}
        style={{ pointerEvents: 'auto' }}
        data-testid={`tabs-more-${side}`}
      >
        <span aria-hidden>{start ? '‹' : '›'}</span>
      </ActionIcon>
    </Box>
  );
}
