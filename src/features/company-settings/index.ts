export { CompanyAddressForm } from './ui/company-address-form';
export { CompanyProfileForm, type LogoFieldProps } from './ui/company-profile-form';
