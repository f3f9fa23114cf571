import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/shared/api';

type Outputs = inferRouterOutputs<AppRouter>['notifications'];
export type FeedItem = Outputs['list']['items'][number];
