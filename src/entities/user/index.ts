export { invalidateCurrentUser, useCurrentUser } from './api/current-user';
export { type TeamMember, useTeamMembers } from './api/team-members';
export { assigneeLabel, fullName, initials, memberLabel, memberName } from './model/member-name';
