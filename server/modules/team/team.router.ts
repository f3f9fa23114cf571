import { companyScope } from '@server/platform/trpc/scope';
import type { Context } from '@server/platform/trpc/context';
import { protectedProcedure, publicProcedure, router } from '@server/platform/trpc/trpc';
import { getAssignment, setAssignment } from './assignment.service';
import { acceptInvitation, inviteMember, listInvitations, previewInvitation, resendInvitation, revokeInvitation, verifyInvitation } from './invitations.service';
import { changeRole, listMembers, removeMember } from './members.service';
import { acceptInvitationInput, assignmentInput, changeRoleInput, invitationIdInput, invitationTokenInput, inviteInput, removeMemberInput, verifyInvitationInput } from './team.schema';
import { listTeam } from './team.service';

const callerOf = (ctx: { auth: { user: { role: 'owner' | 'admin' | 'staff'; firstName: string; lastName: string } } }) => ({
  role: ctx.auth.user.role,
  name: `${ctx.auth.user.firstName} ${ctx.auth.user.lastName}`.trim(),
});

/** The company's people: for assigning threads and leads (everyone), and the /users screen (roles: server/platform/trpc/roles.ts). */
export const teamRouter = router({
  members: protectedProcedure.query(({ ctx }) => listTeam(companyScope(ctx))),
  overview: protectedProcedure.query(async ({ ctx }) => {
    const scope = companyScope(ctx);
    return { members: await listMembers(scope), invitations: await listInvitations(scope), myRole: ctx.auth.user.role };
  }),
  invite: protectedProcedure.input(inviteInput).mutation(({ ctx, input }) => inviteMember(companyScope(ctx), ctx.services, callerOf(ctx), input)),
  resendInvitation: protectedProcedure.input(invitationIdInput).mutation(({ ctx, input }) => resendInvitation(companyScope(ctx), ctx.services, callerOf(ctx), input.id)),
  revokeInvitation: protectedProcedure.input(invitationIdInput).mutation(({ ctx, input }) => revokeInvitation(companyScope(ctx), callerOf(ctx), input.id)),
  changeRole: protectedProcedure.input(changeRoleInput).mutation(({ ctx, input }) => changeRole(companyScope(ctx), ctx.services, input)),
  remove: protectedProcedure.input(removeMemberInput).mutation(({ ctx, input }) => removeMember(companyScope(ctx), ctx.services, callerOf(ctx), input)),
  assignment: router({
    get: protectedProcedure.query(({ ctx }) => getAssignment(companyScope(ctx))),
    set: protectedProcedure.input(assignmentInput).mutation(({ ctx, input }) => setAssignment(companyScope(ctx), input)),
  }),
});

const meta = (ctx: Context) => ({ ip: ctx.ip, userAgent: ctx.userAgent });

/** The invite link's screen (/invite/<token>): public, the token is the credential. */
export const invitationsRouter = router({
  preview: publicProcedure.input(invitationTokenInput).query(({ ctx, input }) => previewInvitation(ctx.services, input.token)),
  accept: publicProcedure.input(acceptInvitationInput).mutation(({ ctx, input }) => acceptInvitation(ctx.services, input, meta(ctx))),
  verify: publicProcedure.input(verifyInvitationInput).mutation(({ ctx, input }) => verifyInvitation(ctx.services, input, meta(ctx))),
});
