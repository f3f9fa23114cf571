import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { type CompanySettings, useCompanySettings } from '@/entities/company';
import { CompanyAddressForm, CompanyProfileForm } from '@/features/company-settings';
import { ScreenSpinner } from '@/shared/ui/spinner';

function WithCompany({ children }: { children: (company: CompanySettings) => ReactNode }) {
  const company = useCompanySettings();
  if (company.isPending) return <ScreenSpinner />;
  if (company.isError) {
    return (
      <Alert color="red" role="alert" title="Company settings could not be loaded">
        {company.error.message}
      </Alert>
    );
  }
  return <>{children(company.data)}</>;
}

/** Settings → Company: the business profile over `company.get` / `company.update`. */
export function CompanyTab() {
  return <WithCompany>{(company) => <CompanyProfileForm key={company.updatedAt} company={company} />}</WithCompany>;
}

/** Settings → Address: the address and service area over `company.get` / `company.updateAddress`. */
export function AddressTab() {
  return <WithCompany>{(company) => <CompanyAddressForm key={company.updatedAt} company={company} />}</WithCompany>;
}
