import { Box, Paper, Stack, Text } from '@mantine/core';

/** Spec section 9: the testimonial embed is 350 px high; our own block keeps the same height. */
export const TESTIMONIALS_HEIGHT = 350;

/**
 * Shown when no testimonials embed is configured (VITE_TESTIMONIALS_EMBED_URL). Marketing replaces these with
 * attributed customer quotes through the embed; see docs/decisions/0006-sign-in-screen-details.md.
 */
const QUOTES = [
  {
    quote: 'Missed calls used to be lost jobs. Now every caller gets a text in seconds and half of them book before I’m off the ladder.',
    who: 'Owner, residential plumbing company',
  },
  {
    quote: 'The assistant asks our intake questions by text, so my dispatcher only talks to people who are ready to schedule.',
    who: 'Office manager, HVAC contractor',
  },
  {
    quote: 'Quiet hours and STOP handling are built in. I stopped worrying about texting rules and started answering leads faster.',
    who: 'General manager, local moving company',
  },
];

export function Testimonials({ embedUrl }: { embedUrl: string | undefined }) {
  if (embedUrl) {
    return (
      <Box
        component="iframe"
        src={embedUrl}
        title="Customer testimonials"
        height={TESTIMONIALS_HEIGHT}
        w="100%"
        loading="lazy"
        referrerPolicy="no-referrer"
        sandbox="allow-scripts allow-same-origin allow-popups"
        style={{ border: 0, display: 'block' }}
        data-testid="testimonials-embed"
      />
    );
  }
  return (
    <Paper
      component="section"
      aria-label="What customers say"
      p="md"
      radius="md"
      withBorder
      // Exactly 350 CSS pixels like the embed (Mantine's h= would scale with the root font size).
      style={{ height: TESTIMONIALS_HEIGHT, overflowY: 'auto' }}
      data-testid="testimonials-block"
    >
      <Stack gap="md">
        {QUOTES.map((item) => (
          <Box component="figure" m={0} key={item.who}>
            <Text component="blockquote" m={0} size="sm" fs="italic">
              “{item.quote}”
            </Text>
            <Text component="figcaption" size="xs" c="dimmed" mt={4}>
              — {item.who}
            </Text>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
