import { useQuery } from '@tanstack/react-query';
import { TRIAL_DAYS } from '@contracts/trial';
import { useTRPC } from '@/shared/api-react';

export { TRIAL_DAYS };
const DAY_MS = 24 * 60 * 60 * 1000;

/** The caller's company settings (`company.get`). */
export function useCompanySettings() {
  const trpc = useTRPC();
  return useQuery(trpc.company.get.queryOptions());
}

export type CompanySettings = NonNullable<ReturnType<typeof useCompanySettings>['data']>;

/** Whole days left in the trial, counting a partial day as a day; 0 once it has ended. */
export function trialDaysLeft(trialEndsAt: number, now: number): number {
  return Math.max(0, Math.ceil((trialEndsAt - now) / DAY_MS));
}

/** Canadian businesses see CASL and Canadian-number notes: the company is in Canada, or signed up with a +1 Canadian number. */
export function isCanadianCompany(company: { country: string | null; signupPhone: string | null }, isCanadianPhone: (phone: string) => boolean): boolean {
  if (company.country === 'CA') return true;
  if (company.country === 'US') return false;
  return company.signupPhone ? isCanadianPhone(company.signupPhone) : false;
}
