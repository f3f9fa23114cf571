import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/shared/api';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

/** One row of the inbox (`conversations.list`). */
export type ThreadSummary = Outputs['conversations']['list']['items'][number];
/** One open thread (`conversations.get`): the conversation, its contact, the latest lead and the messages. */
export type Thread = Outputs['conversations']['get'];
export type ThreadMessage = Thread['messages'][number];
export type MessageTemplate = Outputs['conversations']['templates']['list'][number];
export type InboxFilter = NonNullable<Inputs['conversations']['list']['filter']>;
export type ThreadMode = Thread['mode'];
