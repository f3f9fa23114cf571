import { authProcedures } from '../routers/auth.router';
import { companyRouter } from '../routers/company.router';
import { router } from './trpc';

export const appRouter = router({
  ...authProcedures,
  company: companyRouter,
});

export type AppRouter = typeof appRouter;
