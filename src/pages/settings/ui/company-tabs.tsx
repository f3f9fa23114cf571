import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { type CompanySettings, useCompanySettings } from '@/entities/company';
import { CompanyAddressForm, CompanyProfileForm, type LogoFieldProps } from '@/features/company-settings';
import { ImageUpload } from '@/features/upload-image';
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

/** The logo's control in the company form: the uploader; the form saves the id. */
function companyLogoField(company: CompanySettings) {
  return (field: LogoFieldProps) => (
    <ImageUpload
      label="Logo"
      description="Shown on your microsite. PNG, JPEG, WebP or GIF up to 5 MB; a square or wide logo on a transparent background looks best."
      alt={`Logo of ${company.name}`}
      emptyText="No logo yet."
      {...field}
    />
  );
}

/** Settings → Company: the business profile and logo over `company.get` / `company.update`. */
export function CompanyTab() {
  return <WithCompany>{(company) => <CompanyProfileForm key={company.updatedAt} company={company} logoField={companyLogoField(company)} />}</WithCompany>;
}

/** Settings → Address: the address and service area over `company.get` / `company.updateAddress`. */
export function AddressTab() {
  return <WithCompany>{(company) => <CompanyAddressForm key={company.updatedAt} company={company} />}</WithCompany>;
}
