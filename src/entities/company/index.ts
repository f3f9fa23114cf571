export { companyKeys, invalidateCompanySettings, invalidateDashboard, invalidatePhoneSettings, invalidateTestPhone, invalidateTestPhoneCalls, invalidateTestPhoneThread, setCachedCompanySettings, usePhoneSettings } from './api/company.queries';
export { type CompanySettings, isCanadianCompany, TRIAL_DAYS, trialDaysLeft, useCompanySettings } from './model/company-settings';
export { BusinessNumberState, type BusinessNumberStateProps, useBusinessNumber } from './ui/business-number-state';
export { type MicrositeView, micrositeKeys, setCachedMicrosite, useMicrosite, useMicrositeMutations, useMicrositePreview } from './api/microsite.queries';
