import { Alert, Anchor, Skeleton, Text } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { type WidgetSettingsView, useEmbedScriptAvailable } from '../api/widget-settings';

export interface WidgetFrameProps {
  settings: WidgetSettingsView;
  title: string;
  height: number;
  /** Also put the inline form on the sample page. */
  withForm?: boolean;
}

/**
 * The real widget (the embed script served by this server) on a sample page, against the saved settings. Says
 * plainly why nothing is shown when the script is not built or the widget is off (the public endpoints refuse a
 * widget that is off, so it would show on no website either). The frame is the server's sample page
 * (/public/widget/sample-page) on the app's own origin, which loads the very /widget.js the HEAD request found.
 */
export function WidgetFrame({ settings, title, height, withForm = false }: WidgetFrameProps) {
  const script = useEmbedScriptAvailable(settings.scriptUrl);
  const path = useRouterState({ select: (state) => state.location.href });
  // The widget answers only its company's websites and LeadLoop's own address (PUBLIC_URL): opened at another
  // address (127.0.0.1 instead of localhost, say), the preview would stay empty. Say so, and how to fix it.
  const appOrigin = new URL(settings.scriptUrl).origin;
  if (window.location.origin !== appOrigin) {
    const here = `${appOrigin}${path}`;
    return (
      <Alert role="alert" color="orange" title="The widget can’t show at this address">
        <Text size="sm">
          LeadLoop is set up at <strong>{appOrigin}</strong> (its PUBLIC_URL), but this page is open at <strong>{window.location.origin}</strong>. The
          widget only answers its own address and your websites, so it stays empty here.{' '}
          <Anchor href={here} inherit>
            Open this page at {appOrigin}
          </Anchor>
          , or set PUBLIC_URL to {window.location.origin} and restart the server.
        </Text>
      </Alert>
    );
  }
  if (script.isPending) return <Skeleton height={height} radius="md" aria-label="Checking for the widget script" />;
  if (!script.data) {
    return (
      <Alert role="note" color="gray" title="The widget appears here once the embed is built">
        This server does not serve the widget script ({settings.scriptUrl}) yet, so there is nothing real to show, and
        the code to paste would not show anything on a website either.
      </Alert>
    );
  }
  if (!settings.enabled) {
    return (
      <Alert role="note" color="gray" title="The widget is off">
        <Text size="sm">
          A widget that is off shows on no website, so it doesn’t show here either. Add your website and turn it on
          under Chat widget → Styles, save, and it appears here.
        </Text>
      </Alert>
    );
  }
  // The version in the address reloads the frame after a save.
  const page = `/public/widget/sample-page?${new URLSearchParams({ key: settings.publicKey, ...(withForm ? { form: '1' } : {}), v: String(settings.version) }).toString()}`;
  return (
    <iframe
      title={title}
      src={page}
      style={{ width: '100%', height, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)', background: '#fff' }}
    />
  );
}
