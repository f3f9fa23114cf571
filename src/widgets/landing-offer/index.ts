export { LandingOffer, type LandingOfferProps } from './ui/landing-offer';
export { INTEGRATIONS } from './ui/integrations-row';
export { TESTIMONIALS_HEIGHT } from './ui/testimonials';
