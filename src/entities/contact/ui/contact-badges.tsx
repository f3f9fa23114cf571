import { Badge, Group } from '@mantine/core';
import { CLIENT_BLOCKED_WORD, CLIENT_OPTED_OUT_WORD } from '../model/client-state';

type BadgeSize = 'xs' | 'sm' | 'md';

/** A client who opted out of texts, with the date when the screen has room for it. */
export function OptedOutBadge({ since, size, variant = 'light' }: { since?: string | null | undefined; size?: BadgeSize; variant?: 'light' | 'outline' }) {
  return (
    <Badge size={size} variant={variant} color="red">
      {since ? `${CLIENT_OPTED_OUT_WORD} ${since}` : CLIENT_OPTED_OUT_WORD}
    </Badge>
  );
}

/** A client the business blocked. */
export function BlockedBadge({ size }: { size?: BadgeSize }) {
  return (
    <Badge size={size} variant="light" color="gray">
      {CLIENT_BLOCKED_WORD}
    </Badge>
  );
}

export function ClientStatusBadges({ optedOut, optedOutAt, blocked, withDate = false }: { optedOut: boolean; optedOutAt: number | null; blocked: boolean; withDate?: boolean }) {
  if (!optedOut && !blocked) return null;
  return (
    <Group gap={6} wrap="wrap">
      {optedOut ? <OptedOutBadge since={withDate && optedOutAt ? new Date(optedOutAt).toLocaleDateString(undefined, { dateStyle: 'medium' }) : null} /> : null}
      {blocked ? <BlockedBadge /> : null}
    </Group>
  );
}
