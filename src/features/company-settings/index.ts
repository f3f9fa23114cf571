export { CompanyAddressForm } from './ui/company-address-form';
export { CompanyProfileForm } from './ui/company-profile-form';
