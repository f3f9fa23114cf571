import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isCanadianCompany, TRIAL_DAYS, trialDaysLeft } from '@/entities/company';
import { useCurrentUser } from '@/entities/user';
import { useTRPC } from '@/shared/api-react';
import { clockTime } from '@/shared/lib/format';
import { parseSignupPhone } from '@/shared/lib/phone';
import { useDismissal } from '../model/banner-dismissal';
import { useSignOut } from '../model/use-sign-out';

export interface BannerCompany {
  id: string;
  plan: string;
  trialEndsAt: number;
  country: string | null;
  signupPhone: string | null;
}

const isCanadianPhone = (phone: string) => parseSignupPhone(phone)?.country === 'CA';

/** The browser's calendar day, `2026-11-27`: a reminder dismissed today comes back tomorrow. */
export function localDay(now: number): string {
  const date = new Date(now);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/**
 * Days left of the 14-day trial with an upgrade link, one slim line (a phone gets the short wording, so it never
 * takes two); dismissed for the rest of the day.
 */
export function TrialBanner({ company, now }: { company: BannerCompany; now: number }) {
  const days = trialDaysLeft(company.trialEndsAt, now);
  const [dismissed, dismiss] = useDismissal(company.plan === 'trial' ? `trial.${company.id}.${localDay(now)}` : null);
  if (company.plan !== 'trial' || dismissed) return null;
  const ended = days === 0;
  const dayWord = days === 1 ? 'day' : 'days';
  return (
    <Alert
      color={ended ? 'red' : days <= 3 ? 'orange' : 'teal'}
      variant="light"
      role="status"
      withCloseButton
      closeButtonLabel="Dismiss trial reminder for today"
      onClose={dismiss}
      py={6}
      data-testid="trial-banner"
      styles={{ body: { justifyContent: 'center' }, closeButton: { alignSelf: 'center' } }}
    >
      <Text size="sm" lineClamp={1}>
        <Text span inherit visibleFrom="sm">
          {ended ? 'Your free trial has ended: AI replies and flow texts are paused. Choose a plan to turn them back on.' : `${days} ${dayWord} left in your free ${TRIAL_DAYS}-day trial.`}
        </Text>
        <Text span inherit hiddenFrom="sm">
          {ended ? 'Trial ended: AI is paused.' : `${days} ${dayWord} left in your trial.`}
        </Text>{' '}
        <Anchor component={Link} to="/settings/subscription" fw={600} inherit>
          {ended ? 'Choose a plan' : 'Upgrade now'}
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
        Canada&apos;s anti-spam law (CASL) needs express or implied consent before you text someone. Implied consent ends 6
        months after an inquiry and 2 years after a purchase: LeadLoop tracks it on each client&apos;s consent ledger and
        stops automated texts when it ends. Every message names your business and offers a way to opt out (STOP or ARRÊT).{' '}
        <Anchor component={Link} to="/settings/phone/application" hash="canada" inherit fw={600}>
          What applies to you
        </Anchor>
      </Text>
    </Alert>
  );
}

/** "You are signed in as Mike (support access, ends 10:42)". */
export function impersonationText(firstName: string, endsAt: number): string {
  return `You are signed in as ${firstName} (support access, ends ${clockTime(endsAt)})`;
}

/**
 * Support access through an `adminAuth` link: on every signed-in screen, never dismissable, with the end of the
 * 60-minute session and a way to end it now (the session is revoked, as a sign-out).
 */
export function ImpersonationBanner() {
  const trpc = useTRPC();
  const session = useQuery({ ...trpc.currentSession.queryOptions(), staleTime: Infinity });
  const user = useCurrentUser();
  const { signOut, pending } = useSignOut();
  const impersonation = session.data?.impersonation;
  if (!impersonation) return null;
  const name = user.data ? user.data.user.firstName || user.data.user.email : 'this user';
  return (
    <Alert color="grape" variant="filled" role="status" aria-label="Support access" data-testid="impersonation-banner">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {impersonationText(name, impersonation.endsAt)}
        </Text>
        <Button size="xs" variant="white" color="grape" loading={pending} onClick={() => void signOut()}>
          End support session
        </Button>
      </Group>
    </Alert>
  );
}

export function ShellBanners({ company, now }: { company: BannerCompany; now: number }) {
  return (
    <Stack gap="xs" mb="md" style={{ flexShrink: 0 }}>
      <ImpersonationBanner />
      <TrialBanner company={company} now={now} />
      <CanadaBanner company={company} />
    </Stack>
  );
}
