import { Button, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTRPC } from '@/shared/api-react';
import { formatPhone } from '@/shared/lib/format';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';

/** The company's active business number (a test number or Twilio), or null: from `phone.get`. */
export function useBusinessNumber() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.phone.get.queryOptions(), select: (settings) => settings.number });
}

export interface BusinessNumberStateProps {
  icon: ReactNode;
  /** The feature, as a sentence subject: "Missed-call text-back". */
  feature: string;
  /** What it does, one or two sentences. */
  what: string;
  /** The heading level where it is shown. */
  order?: 2 | 3;
}

/**
 * The first thing a capture screen says, from the real setup state (decision 0017): without a business number,
 * that the feature needs one and where to get it; with one (test number or Twilio), that the number is ready and
 * the feature itself is not built yet — never "set up your number first" to someone who has.
 */
export function BusinessNumberState({ icon, feature, what, order = 2 }: BusinessNumberStateProps) {
  const number = useBusinessNumber();
  if (number.isPending) return <Skeleton height={180} radius="md" aria-label="Loading your business number" />;
  if (number.isError) return <LoadError title="Couldn’t check your business number" error={number.error} onRetry={number.refetch} />;
  if (!number.data) {
    return (
      <EmptyState
        icon={icon}
        order={order}
        title={`${feature} needs a business number`}
        description={`${what} It works through your business number, so set that up first.`}
        action={
          <Button component={Link} to="/settings/phone" variant="light">
            Set up your business number
          </Button>
        }
      />
    );
  }
  const kind = number.data.provider === 'simulator' ? 'test number' : 'business number';
  return (
    <EmptyState
      icon={icon}
      order={order}
      title={`${feature} isn’t available yet`}
      description={`${what} Your ${kind} ${formatPhone(number.data.e164)} is ready for it; this part of LeadLoop is still being built, so there is nothing to switch on here yet.`}
    />
  );
}
