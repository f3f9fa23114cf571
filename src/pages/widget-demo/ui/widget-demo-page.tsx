import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useWidgetSettings, WidgetFrame } from '@/entities/website-widget';
import { LoadError } from '@/shared/ui/load-error';
import { PageHeader } from '@/shared/ui/page-header';
import { ScreenSpinner } from '@/shared/ui/spinner';

/**
 * /widget-demo (signed-in only): the company's real widget, with its saved settings, on a sample business page, so
 * the owner can try it before putting the code on their website. What is sent here is real (a lead, a text).
 */
export function WidgetDemoPage() {
  const settings = useWidgetSettings();
  return (
    <Stack gap="lg">
      <PageHeader
        title="Try your chat widget"
        description="Your widget, with your saved settings, on a sample page. Send yourself a message to see what a visitor sees and the text they get."
      />
      {settings.isPending ? <ScreenSpinner /> : null}
      {settings.isError ? <LoadError title="Couldn’t load your chat widget" error={settings.error} onRetry={settings.refetch} /> : null}
      {settings.data ? (
        <>
          <WidgetFrame settings={settings.data} title="Sample business page with your chat widget" height={640} withForm />
          <Text size="sm" c="dimmed">
            Change how it looks and which fields it asks for under{' '}
            <Anchor size="sm" renderRoot={(props) => <Link to="/chat-widget/styles" {...props} />}>
              Chat widget
            </Anchor>
            . A lead sent from here shows under Leads like any other.
          </Text>
        </>
      ) : null}
    </Stack>
  );
}
