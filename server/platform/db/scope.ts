import type { Database } from './database';

/**
 * The caller's company and identity, for services: every query filters on `companyId`. Built by whichever edge
 * authenticated the caller (a tRPC procedure, an authenticated HTTP route; later an API key), never by a service.
 */
export interface CompanyScope {
  db: Database;
  companyId: string;
  userId: string;
  now: Date;
  ip: string | null;
}
