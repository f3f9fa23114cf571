import { authProcedures } from '../routers/auth.router';
import { router } from './trpc';

export const appRouter = router({
  ...authProcedures,
});

export type AppRouter = typeof appRouter;
