import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { isCanadianCompany, TRIAL_DAYS, trialDaysLeft } from '@/entities/company';
import { parseSignupPhone } from '@/shared/lib/phone';
import { useDismissal } from '../model/banner-dismissal';

export interface BannerCompany {
  id: string;
  plan: string;
  trialEndsAt: number;
  country: string | null;
  signupPhone: string | null;
}

const isCanadianPhone = (phone: string) => parseSignupPhone(phone)?.country === 'CA';

/** Days left of the 14-day trial with an upgrade link; reappears when the count changes. */
export function TrialBanner({ company, now }: { company: BannerCompany; now: number }) {
  const days = trialDaysLeft(company.trialEndsAt, now);
  const [dismissed, dismiss] = useDismissal(company.plan === 'trial' ? `trial.${company.id}.${days}` : null);
  if (company.plan !== 'trial' || dismissed) return null;
  const ended = days === 0;
  return (
    <Alert
      color={ended ? 'red' : days <= 3 ? 'orange' : 'teal'}
      variant="light"
      role="status"
      withCloseButton
      closeButtonLabel="Dismiss trial reminder"
      onClose={dismiss}
      data-testid="trial-banner"
    >
      <Text size="sm">
        {ended
          ? 'Your free trial has ended. Upgrade to keep texting your leads back.'
          : `${days} ${days === 1 ? 'day' : 'days'} left in your free ${TRIAL_DAYS}-day trial.`}{' '}
        <Anchor component={Link} to="/settings/subscription" fw={600} inherit>
          Upgrade now
        </Anchor>
      </Text>
    </Alert>
  );
}

/** For businesses in Canada: CASL consent and Canadian number registration, until dismissed. */
export function CanadaBanner({ company }: { company: BannerCompany }) {
  const canadian = isCanadianCompany(company, isCanadianPhone);
  const [dismissed, dismiss] = useDismissal(canadian ? `canada.${company.id}` : null);
  if (!canadian || dismissed) return null;
  return (
    <Alert color="blue" variant="light" role="status" title="Texting in Canada" withCloseButton closeButtonLabel="Dismiss Canada notice" onClose={dismiss} data-testid="canada-banner">
      <Text size="sm">
        Canada&apos;s anti-spam law (CASL) needs express or implied consent before you text someone, and every message must
        name your business and offer a way to opt out — LeadLoop adds that for you. Canadian business numbers also need
        carrier registration before texts go out.{' '}
        <Anchor component={Link} to="/settings/phone" inherit fw={600}>
          Review phone settings
        </Anchor>
      </Text>
    </Alert>
  );
}

export function ShellBanners({ company, now }: { company: BannerCompany; now: number }) {
  return (
    <Stack gap="xs" mb="md">
      <TrialBanner company={company} now={now} />
      <CanadaBanner company={company} />
    </Stack>
  );
}
