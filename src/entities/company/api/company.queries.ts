import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiKeys, useTRPC } from '@/shared/api-react';
import type { CompanySettings } from '../model/company-settings';

/** The company's server state: its settings and its phone setup (business number, alert phone, test phone). */
export const companyKeys = {
  settings: () => apiKeys.company.get.queryKey(),
  phone: () => apiKeys.phone.pathKey(),
  testPhone: () => apiKeys.phone.simulator.pathKey(),
  testPhoneCalls: () => apiKeys.phone.simulator.callProgress.pathKey(),
  testPhoneThread: (deviceId: string) => apiKeys.phone.simulator.thread.queryKey({ deviceId }),
  dashboard: () => apiKeys.dashboard.pathKey(),
};

/** The dashboard's figures (every period): counted again after anything they count changed. */
export function invalidateDashboard(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: companyKeys.dashboard() });
}

/** Settings → Phone as the server has it (`phone.get`): the business number, the alert phone, protected numbers. */
export function usePhoneSettings() {
  const trpc = useTRPC();
  return useQuery(trpc.phone.get.queryOptions());
}

export function setCachedCompanySettings(queryClient: QueryClient, settings: CompanySettings) {
  queryClient.setQueryData(companyKeys.settings(), settings);
}

export function invalidateCompanySettings(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: companyKeys.settings() });
}

/** Everything under Settings → Phone, the test phone included. */
export function invalidatePhoneSettings(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: companyKeys.phone() });
}

/** The test phone's handsets, texts and calls. */
export function invalidateTestPhone(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: companyKeys.testPhone() });
}

/** Where the test phone's calls are (ringing, answered, at the greeting). */
export function invalidateTestPhoneCalls(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: companyKeys.testPhoneCalls() });
}

export function invalidateTestPhoneThread(queryClient: QueryClient, deviceId: string) {
  return queryClient.invalidateQueries({ queryKey: companyKeys.testPhoneThread(deviceId) });
}
