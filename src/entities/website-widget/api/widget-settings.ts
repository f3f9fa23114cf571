import type { inferRouterOutputs } from '@trpc/server';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { AppRouter } from '@/shared/api';
import { apiKeys, useTRPC } from '@/shared/api-react';

/** `widget.settings.get`: the saved settings, the public key, the version, whether the caller may save, the script's address. */
export type WidgetSettingsView = inferRouterOutputs<AppRouter>['widget']['settings']['get'];

export function useWidgetSettings() {
  const trpc = useTRPC();
  return useQuery(trpc.widget.settings.get.queryOptions());
}

export function setCachedWidgetSettings(queryClient: QueryClient, settings: WidgetSettingsView) {
  queryClient.setQueryData(apiKeys.widget.settings.get.queryKey(), settings);
}

/**
 * Whether this server serves the embed script (it is a separate build, dist/widget.js): asked once per screen
 * with a HEAD request, so the preview never pretends to show a widget that cannot load.
 */
export function useEmbedScriptAvailable(scriptUrl: string) {
  return useQuery({
    queryKey: ['widget-embed-script', scriptUrl],
    queryFn: async () => {
      const response = await fetch(new URL(scriptUrl).pathname, { method: 'HEAD', cache: 'no-store' });
      return response.ok && /javascript/i.test(response.headers.get('content-type') ?? '');
    },
    staleTime: 60_000,
    retry: false,
  });
}
