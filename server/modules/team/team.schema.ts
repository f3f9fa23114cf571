import { z } from 'zod';
import { ASSIGNMENT_MODES, ROLES } from '@contracts/team';
import { id } from '@server/platform/lib/common.schema';
import { emailInput } from '@server/modules/auth/auth.schema';

const role = z.enum(ROLES, { error: 'Choose a role: owner, admin or staff' });

export const inviteInput = z.object({ email: emailInput, role });
export const invitationIdInput = z.object({ id });
export const changeRoleInput = z.object({ userId: id, role });
export const removeMemberInput = z.object({ userId: id });

export const assignmentInput = z
  .object({
    mode: z.enum(ASSIGNMENT_MODES, { error: 'Choose how new leads are assigned' }),
    userIds: z.array(id).max(100, 'At most 100 people take turns'),
    userId: id.nullable(),
  })
  .superRefine((value, ctx) => {
    if (value.mode === 'round_robin' && value.userIds.length === 0) ctx.addIssue({ code: 'custom', path: ['userIds'], message: 'Choose at least one person to take turns' });
    if (value.mode === 'person' && !value.userId) ctx.addIssue({ code: 'custom', path: ['userId'], message: 'Choose who gets new leads' });
    if (new Set(value.userIds).size !== value.userIds.length) ctx.addIssue({ code: 'custom', path: ['userIds'], message: 'Each person once' });
  });

/** The invite link's token: 43 URL-safe characters (256 bits); anything else cannot be one. */
const token = z.string({ error: 'The invitation link is incomplete' }).trim().regex(/^[A-Za-z0-9_-]{20,100}$/, 'The invitation link is incomplete');

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`)
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), `${label} contains invalid characters`);

export const invitationTokenInput = z.object({ token });
export const acceptInvitationInput = z.object({ token, firstName: name('First name'), lastName: name('Last name') });
export const verifyInvitationInput = z.object({ token, code: z.string({ error: 'Code is required' }).trim().min(1, 'Code is required').max(32, 'Code is too long') });
