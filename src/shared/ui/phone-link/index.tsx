import { Anchor, type AnchorProps } from '@mantine/core';
import { formatPhone } from '@/shared/lib/format';

/**
 * A phone number a person can tap to call (`tel:`): every number shown to the team is one, so the owner on a
 * phone calls a lead in one tap. `children` replaces the formatted number as the words (e.g. "Call"). Its tap
 * target reaches 44 px around the words (padding taken back by margins), so the line it sits on keeps its height.
 */
export function PhoneLink({ phone, children, ...props }: { phone: string; children?: string } & AnchorProps) {
  const formatted = formatPhone(phone);
  return (
    <Anchor
      href={`tel:${phone}`}
      inherit
      style={{ display: 'inline-block', padding: '12px 8px', margin: '-12px -8px' }}
      {...props}
      {...(children ? { 'aria-label': `Call ${formatted}` } : {})}
    >
      {children ?? formatted}
    </Anchor>
  );
}
