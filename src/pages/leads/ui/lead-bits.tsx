import { Badge } from '@mantine/core';

export function OptedOutBadge() {
  return (
    <Badge size="sm" variant="outline" color="red">
      Opted out
    </Badge>
  );
}
