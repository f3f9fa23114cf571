export { ReferralThankYouPage } from './ui/referral-thank-you-page';
