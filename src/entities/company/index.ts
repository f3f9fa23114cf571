export { type CompanySettings, isCanadianCompany, TRIAL_DAYS, trialDaysLeft, useCompanySettings } from './model/company-settings';
