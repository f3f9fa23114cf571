export { type FollowUpsView, setCachedFollowUps, useFollowUps } from './api/follow-ups';
export { type FlowListItem, type FlowView, invalidateFlows, setCachedFlow, useFlow, useFlows } from './api/flows';
