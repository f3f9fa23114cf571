export { type FollowUpsView, setCachedFollowUps, useFollowUps } from './api/follow-ups';
