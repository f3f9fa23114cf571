import { Button, Code, CopyButton, Stack } from '@mantine/core';

/** Code to paste into a website, shown as text (never as markup) with a Copy button. */
export function CodeSnippet({ code, label }: { code: string; label: string }) {
  return (
    <Stack gap="xs" align="flex-start">
      <Code block aria-label={label} style={{ width: '100%', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {code}
      </Code>
      <CopyButton value={code} timeout={2000}>
        {({ copied, copy }) => (
          <Button size="compact-sm" variant={copied ? 'light' : 'default'} color={copied ? 'teal' : undefined} onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}
