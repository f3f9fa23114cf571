import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { TRIAL_DAYS, trialDaysLeft, useCompanySettings } from '@/entities/company';
import { refusalFor, useMyRole } from '@/entities/user';
import { links } from '@/shared/config';
import { EmptyState } from '@/shared/ui/empty-state';
import { ScreenSpinner } from '@/shared/ui/spinner';

/** Settings → Subscription: the plan is the owner's (billing); anyone else reads who can change it. */
export function SubscriptionTab() {
  const role = useMyRole();
  if (role === null) return <ScreenSpinner />;
  const refusal = refusalFor(role, 'owner', 'see and change the subscription');
  if (refusal) return <EmptyState order={2} icon="⚿" title="The subscription is the owner’s" description={`${refusal} Ask them if the plan needs to change.`} />;
  return <OwnerSubscription />;
}

function OwnerSubscription() {
  const company = useCompanySettings();
  const [now] = useState(() => Date.now());
  if (company.isPending) return <ScreenSpinner />;
  if (company.isError) return <Text c="red">{company.error.message}</Text>;
  const { plan, trialEndsAt } = company.data;
  const days = trialDaysLeft(trialEndsAt, now);
  const endDate = new Date(trialEndsAt).toLocaleDateString(undefined, { month: 'long', day: 'numeric', year: 'numeric' });
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="lg" mb="xs">
          Your plan
        </Title>
        {plan === 'trial' ? (
          <Text data-testid="trial-status">
            Free {TRIAL_DAYS}-day trial · {days > 0 ? `${days} ${days === 1 ? 'day' : 'days'} left (ends ${endDate})` : `ended ${endDate}`}
          </Text>
        ) : (
          <Text tt="capitalize">{plan}</Text>
        )}
        <Text size="sm" c="dimmed" mt="xs">
          No credit card is needed during the trial.
        </Text>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="lg" mb="xs">
          Upgrade
        </Title>
        <Text size="sm" mb="sm">
          Self-serve checkout isn&apos;t open yet. To choose a plan or cancel, contact our team and we&apos;ll set it up the same
          day.
        </Text>
        <Button component="a" href={links.support} target="_blank" rel="noopener noreferrer">
          Contact support to upgrade
        </Button>
      </Paper>
    </Stack>
  );
}
