import { Alert, Anchor, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { AVERAGE_JOB_VALUE_MAX_CENTS, AVERAGE_JOB_VALUE_MIN_CENTS, AVERAGE_JOB_VALUE_WORDS } from '@contracts/dashboard';
import { invalidateDashboard } from '@/entities/company';
import { refusalFor, useMyRole } from '@/entities/user';
import { useTRPC } from '@/shared/api-react';
import { apiFieldErrors } from '@/shared/api-errors';
import { calendarDate, formatMoney } from '@/shared/lib/format';
import { centsFrom, type DashboardSummary } from '../model/summary';

type Recovered = DashboardSummary['recoveredRevenue'];

function localError(cents: number | null): string | null {
  if (cents === null) return AVERAGE_JOB_VALUE_WORDS.whole;
  if (cents < AVERAGE_JOB_VALUE_MIN_CENTS) return AVERAGE_JOB_VALUE_WORDS.min;
  if (cents > AVERAGE_JOB_VALUE_MAX_CENTS) return AVERAGE_JOB_VALUE_WORDS.max;
  return null;
}

/** The average job value, typed in dollars; saved for the whole company (the last save wins). */
function JobValueForm({ recovered, suggestionCents, onDone }: { recovered: Recovered; suggestionCents: number | null; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const current = recovered.averageJobValue;
  const [value, setValue] = useState<number | string>(current ? current.cents / 100 : '');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.dashboard.setAverageJobValue.mutationOptions({
      onSuccess: () => {
        void invalidateDashboard(queryClient);
        onDone();
      },
      onError: (failure) => setError(apiFieldErrors(failure).averageJobValueCents ?? failure.message ?? 'Saving failed. Please try again.'),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = centsFrom(value);
    const problem = localError(cents);
    setError(problem);
    if (problem === null) save.mutate({ averageJobValueCents: cents });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <NumberInput
          label="Average job value"
          description="What a typical job brings in. Used only for this estimate."
          prefix="$"
          decimalScale={2}
          thousandSeparator=","
          allowNegative={false}
          value={value}
          onChange={setValue}
          error={error}
          maw={260}
        />
        {suggestionCents !== null ? (
          <Anchor component="button" type="button" size="xs" ta="left" onClick={() => setValue(suggestionCents / 100)}>
            Use {formatMoney(suggestionCents)}, the average of this period’s won jobs
          </Anchor>
        ) : null}
        <Group gap="xs">
          <Button type="submit" size="sm" loading={save.isPending}>
            Save
          </Button>
          {current ? (
            <Button type="button" size="sm" variant="subtle" color="gray" onClick={() => save.mutate({ averageJobValueCents: null })} disabled={save.isPending}>
              Remove the value
            </Button>
          ) : null}
          <Button type="button" size="sm" variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * What the missed-call text-back won: the jobs booked from missed calls this period × the average job value the
 * owner set, with the formula written out. No value set: no figure, and the way to set one.
 */
export function RecoveredRevenue({ summary }: { summary: DashboardSummary }) {
  const recovered = summary.recoveredRevenue;
  const role = useMyRole();
  const refusal = refusalFor(role, 'admin', 'set the average job value');
  const [editing, setEditing] = useState(false);
  const jobs = recovered.bookedFromMissedCalls;
  const value = recovered.averageJobValue;
  const won = summary.leads.current;
  const suggestion = won.wonWithValue > 0 ? Math.round(won.wonValueCents / won.wonWithValue) : null;
  const jobsWords = `${jobs} ${jobs === 1 ? 'job' : 'jobs'} booked from missed calls`;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="recovered-title" h="100%">
      <Title order={2} id="recovered-title" fz="lg" mb={4}>
        Recovered revenue (estimate)
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Missed calls that were texted back, replied and are now booked or won: work a missed call would otherwise have lost.
      </Text>
      {value && recovered.estimateCents !== null ? (
        <Stack gap={4}>
          <Text fz={28} fw={700} lh={1.3} data-testid="recovered-value">
            {formatMoney(recovered.estimateCents)}
          </Text>
          <Text size="sm" data-testid="recovered-formula">
            {jobsWords} × {formatMoney(value.cents)} average job value = {formatMoney(recovered.estimateCents)}
          </Text>
          <Text size="xs" c="dimmed">
            Average job value set{value.setBy ? ` by ${value.setBy}` : ''} on {calendarDate(value.setAt, { timeZone: summary.timezone })}.
          </Text>
        </Stack>
      ) : (
        <Stack gap={4}>
          <Text size="sm" data-testid="recovered-formula">
            {jobsWords} × your average job value
          </Text>
          <Text size="sm" c="dimmed">
            Set your average job value to see the estimate.
          </Text>
        </Stack>
      )}
      {editing ? (
        <Stack mt="md">
          <JobValueForm recovered={recovered} suggestionCents={suggestion} onDone={() => setEditing(false)} />
        </Stack>
      ) : refusal ? (
        <Alert mt="md" variant="light" color="gray" p="xs">
          <Text size="xs">{refusal}</Text>
        </Alert>
      ) : (
        <Button mt="md" size="sm" variant="light" onClick={() => setEditing(true)}>
          {value ? 'Change the average job value' : 'Set your average job value'}
        </Button>
      )}
    </Paper>
  );
}
