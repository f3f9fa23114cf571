import { Anchor, type AnchorProps } from '@mantine/core';
import { formatPhone } from '@/shared/lib/format';
import classes from './phone-link.module.css';

/**
 * A phone number a person can tap to call (`tel:`): every number shown to the team is one, so the owner on a
 * phone calls a lead in one tap. `children` replaces the formatted number as the words (e.g. "Call"). Its tap
 * target reaches 44 px around the words on a touch screen (padding taken back by margins), so the line it sits on keeps
 * its height; with a mouse it is the words' size, so it never covers the link on the line above.
 */
export function PhoneLink({ phone, children, ...props }: { phone: string; children?: string } & AnchorProps) {
  const formatted = formatPhone(phone);
  return (
    <Anchor
      href={`tel:${phone}`}
      inherit
      className={classes.link}
      {...props}
      {...(children ? { 'aria-label': `Call ${formatted}` } : {})}
    >
      {children ?? formatted}
    </Anchor>
  );
}
