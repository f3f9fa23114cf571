import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/shared/api';
import { apiKeys, useTRPC } from '@/shared/api-react';

/** The company's hosted page, what Microsites' four tabs show (`microsites.get`): the saved tabs, the addresses, the company's own facts. */
export type MicrositeView = inferRouterOutputs<AppRouter>['microsites']['get'];

export const micrositeKeys = {
  site: () => apiKeys.microsites.get.queryKey(),
  preview: () => apiKeys.microsites.preview.queryKey(),
};

export function useMicrosite() {
  const trpc = useTRPC();
  return useQuery(trpc.microsites.get.queryOptions());
}

export function useMicrositePreview(enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.microsites.preview.queryOptions(), enabled });
}

/** After any save: the tabs read what the server answered, and the preview renders again. */
export function setCachedMicrosite(queryClient: QueryClient, site: MicrositeView) {
  queryClient.setQueryData(micrositeKeys.site(), site);
  void queryClient.invalidateQueries({ queryKey: micrositeKeys.preview() });
}

/** The mutations that answer with the whole view, each keeping the cache in step. */
export function useMicrositeMutations() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onSuccess = (site: MicrositeView) => setCachedMicrosite(queryClient, site);
  return {
    saveBasic: useMutation(trpc.microsites.saveBasic.mutationOptions()),
    saveContent: useMutation(trpc.microsites.saveContent.mutationOptions()),
    saveAdvanced: useMutation(trpc.microsites.saveAdvanced.mutationOptions()),
    setPublished: useMutation(trpc.microsites.setPublished.mutationOptions({ onSuccess })),
    setSlug: useMutation(trpc.microsites.setSlug.mutationOptions({ onSuccess })),
    setCustomDomain: useMutation(trpc.microsites.setCustomDomain.mutationOptions({ onSuccess })),
    checkDomain: useMutation(trpc.microsites.checkDomain.mutationOptions({ onSuccess })),
    readCurrent: () => queryClient.fetchQuery({ ...trpc.microsites.get.queryOptions(), staleTime: 0 }),
    onSaved: onSuccess,
  };
}
