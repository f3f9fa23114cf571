export { invalidateCurrentUser, useCurrentUser } from './api/current-user';
export { refusalFor, useMyRole } from './api/my-role';
export { invalidateTeam, setCachedAssignment } from './api/team-admin';
export { type TeamMember, useTeamMembers } from './api/team-members';
export { assigneeLabel, fullName, initials, memberLabel, memberName } from './model/member-name';
