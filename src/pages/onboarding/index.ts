export { firstIncompleteStep, OnboardingPage } from './ui/onboarding-page';
