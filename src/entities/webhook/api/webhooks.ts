import type { QueryClient } from '@tanstack/react-query';
import { apiKeys } from '@/shared/api-react';

/** Everything about webhooks read again: the endpoints and the delivery log (after a change, a test or a resend). */
export function invalidateWebhooks(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: apiKeys.webhooks.pathKey() });
}
