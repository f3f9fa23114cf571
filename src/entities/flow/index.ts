export { type FollowUpsView, setCachedFollowUps, useFollowUps } from './api/follow-ups';
export { type FlowListItem, type FlowView, setCachedFlow, useFlow, useFlows } from './api/flows';
