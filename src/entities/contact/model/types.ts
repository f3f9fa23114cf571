import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/shared/api';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

export type ClientListItem = Outputs['clients']['list']['items'][number];
export type ClientDetail = Outputs['clients']['get'];
export type ClientTimelineEntry = ClientDetail['timeline'][number];
export type ConsentEntry = ClientDetail['consent'][number];
export type DuplicateCandidate = Outputs['clients']['duplicates'][number];
export type ClientUpdateInput = Inputs['clients']['update'];
