import { Anchor, Stack, Text, Title } from '@mantine/core';
import classes from './landing-offer.module.css';
import { IntegrationsRow } from './integrations-row';
import { Testimonials } from './testimonials';

const BENEFITS = [
  'Text back every missed call and website visitor within seconds',
  'An AI assistant qualifies leads by SMS and hands you booked jobs',
  'Opt-outs, quiet hours and consent handled for you',
];

export interface LandingOfferProps {
  demoUrl: string;
  testimonialsEmbedUrl: string | undefined;
}

/** The public offer beside the sign-in form: free 14-day trial, demo booking, testimonials, integrations. */
export function LandingOffer({ demoUrl, testimonialsEmbedUrl }: LandingOfferProps) {
  return (
    <Stack gap="lg" component="aside" aria-label="About LeadLoop">
      <div>
        <div className={classes.pills}>
          <span className={classes.pillPrimary}>Free 14-day trial</span>
          <span className={classes.pillOutline}>No credit card</span>
        </div>
        <Title order={1} fz={{ base: 26, sm: 32 }} lh={1.2}>
          Turn missed calls into booked jobs
        </Title>
        <Text c="dimmed" mt="xs">
          LeadLoop answers the leads your crew can&apos;t — by text, in seconds, around the clock.
        </Text>
      </div>
      <ul className={classes.benefits}>
        {BENEFITS.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <Text size="sm">
        Want a walkthrough first?{' '}
        <Anchor href={demoUrl} target="_blank" rel="noopener noreferrer" fw={600}>
          Book a demo
        </Anchor>
      </Text>
      <Testimonials embedUrl={testimonialsEmbedUrl} />
      <IntegrationsRow />
    </Stack>
  );
}
