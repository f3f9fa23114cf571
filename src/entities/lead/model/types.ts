import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/shared/api';

type Outputs = inferRouterOutputs<AppRouter>;

/** A row of /leads (`leads.list`). */
export type LeadListItem = Outputs['leads']['list']['items'][number];
/** One lead with its tracking and qualifier answers (`leads.get`). */
export type LeadDetail = Outputs['leads']['get'];
export type LeadListInput = inferRouterInputs<AppRouter>['leads']['list'];
