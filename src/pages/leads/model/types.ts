import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../shared/api';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

export type LeadListItem = Outputs['leads']['list']['items'][number];
export type LeadDetail = Outputs['leads']['get'];
export type TeamMember = Outputs['team']['members'][number];
export type LeadListInput = Inputs['leads']['list'];
