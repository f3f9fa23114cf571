import {
  createNewUserAccount,
  initializeUserLoginVerification,
  verifyUserEmail,
} from './auth.service';
import { revokeSession } from './session.service';
import { writeAudit } from '@server/modules/audit/audit.service';
import { protectedProcedure, publicProcedure } from '@server/platform/trpc/trpc';
import type { Context } from '@server/platform/trpc/context';
import {
  createNewUserAccountInput,
  initializeUserLoginVerificationInput,
  verifyUserEmailInput,
} from './auth.schema';

const authDeps = (ctx: Context) => ({
  db: ctx.services.db,
  clock: ctx.services.clock,
  queue: ctx.services.queue,
  limits: ctx.services.authLimits,
});
const meta = (ctx: Context) => ({ ip: ctx.ip, userAgent: ctx.userAgent });

/** The spec's procedures (section 7), at the top level under their exact names. */
export const authProcedures = {
  createNewUserAccount: publicProcedure
    .input(createNewUserAccountInput)
    .mutation(({ ctx, input }) => createNewUserAccount(authDeps(ctx), input, meta(ctx))),

  initializeUserLoginVerification: publicProcedure
    .input(initializeUserLoginVerificationInput)
    .mutation(({ ctx, input }) => initializeUserLoginVerification(authDeps(ctx), input, meta(ctx))),

  verifyUserEmail: publicProcedure
    .input(verifyUserEmailInput)
    .mutation(({ ctx, input }) => verifyUserEmail(authDeps(ctx), input, meta(ctx))),

  getCurrentLoggedInUser: protectedProcedure.query(({ ctx }) => {
    const { user, company } = ctx.auth;
    return {
      user: {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        createdAt: user.createdAt.getTime(),
      },
      company: {
        id: company.id,
        name: company.name,
        ...(company.signupPhone ? { signupPhone: company.signupPhone } : {}),
      },
    };
  }),

  /** What kind of session this is and the caller's role: support access (impersonation) shows a banner with its end on every screen. */
  currentSession: protectedProcedure.query(({ ctx }) => ({
    kind: ctx.auth.kind,
    /** The caller's role: screens hide what it cannot do and say why (the server refuses it anyway: roles.ts). */
    role: ctx.auth.user.role,
    impersonation: ctx.auth.kind === 'impersonation' ? { endsAt: ctx.auth.expiresAt.getTime(), operator: ctx.auth.impersonatedBy } : null,
  })),

  logout: protectedProcedure.mutation(async ({ ctx }) => {
    const now = ctx.services.clock.now();
    await ctx.services.db.transaction(async (tx) => {
      await revokeSession(tx, ctx.auth.sessionId, now, ctx.services.sessions);
      await writeAudit(tx, {
        companyId: ctx.companyId,
        actorUserId: ctx.userId,
        actorKind: ctx.auth.kind === 'impersonation' ? 'support' : 'user',
        action: 'session.revoked',
        targetType: 'session',
        targetId: ctx.auth.sessionId,
        ip: ctx.ip,
        at: now,
      });
    });
    return { success: true };
  }),
};
