export { CompanyAddressForm, type CompanyAddressFormProps, splitServiceArea, validateAddress } from './ui/company-address-form';
export { type CompanySettings, CompanyProfileForm, type CompanyProfileFormProps, validateProfile } from './ui/company-profile-form';
