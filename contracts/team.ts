/**
 * Team: roles, what each may do in words people read, invitations and lead assignment. The role table of every
 * procedure (server/platform/trpc/roles.ts), the database enums and the /users screen read them from here.
 */

/** From most to least trusted: each role may do everything the roles after it may. */
export const ROLES = ['owner', 'admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { owner: 3, admin: 2, staff: 1 };

/** Whether `role` may call what needs at least `minimum`. */
export function roleAllows(role: Role, minimum: Role): boolean {
  return RANK[role] >= RANK[minimum];
}

export const ROLE_WORDS = {
  owner: { label: 'Owner', detail: 'Everything, including billing, API keys, webhooks and people’s roles.' },
  admin: { label: 'Admin', detail: 'Settings, the team, flows, the assistant and scheduling; not billing or API keys.' },
  staff: { label: 'Staff', detail: 'Day-to-day work: leads, conversations, clients and bookings.' },
} as const satisfies Record<Role, { label: string; detail: string }>;

/** The sentence a screen shows where a role stops: "Only the owner can manage the subscription." */
export function onlyRoleCan(minimum: Role, what: string): string {
  return minimum === 'owner' ? `Only the owner can ${what}.` : `Only the owner or an admin can ${what}.`;
}

/** Days an invitation link stays valid. */
export const INVITE_TTL_DAYS = 7;

export const INVITATION_STATUSES = ['pending', 'expired', 'accepted', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const INVITATION_STATUS_WORDS = {
  pending: 'Waiting',
  expired: 'Expired',
  accepted: 'Joined',
  revoked: 'Revoked',
} as const satisfies Record<InvitationStatus, string>;

/** How a new lead (and its new thread) gets an owner. */
export const ASSIGNMENT_MODES = ['off', 'round_robin', 'person'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];

export const ASSIGNMENT_MODE_WORDS = {
  off: 'Nobody: the team picks leads up',
  round_robin: 'Take turns among chosen people',
  person: 'Always one person',
} as const satisfies Record<AssignmentMode, string>;
