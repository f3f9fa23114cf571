import { ActionIcon, Alert, Badge, Button, Checkbox, Divider, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DateOverrides, DayHours, WorkingWeek } from '@contracts/scheduling';
import { apiFieldErrors } from '@/shared/api-errors';
import { useTRPC } from '@/shared/api-react';
import { useNow } from '@/shared/lib/format';
import { LoadError } from '@/shared/ui/load-error';
import { dayHeading, dayOf, daysBetween, invalidateSchedulingSetup, type MemberAvailability, zoneName } from '@/entities/appointment';
import { memberLabel, memberName, type TeamMember } from '@/entities/user';
import { fromClock, hoursProblems, toClock, WEEKDAYS } from '../model/hours-form';

const NINE_TO_FIVE: DayHours = { start: 9 * 60, end: 17 * 60 };

/** A day's working stretches: from – to, several a day, each removable. */
function Stretches({ label, stretches, onChange, readOnly, problem }: { label: string; stretches: DayHours[]; onChange: (next: DayHours[]) => void; readOnly: boolean; problem?: string | undefined }) {
  const setAt = (index: number, part: 'start' | 'end', text: string) => {
    const minutes = fromClock(text);
    if (minutes === null) return;
    onChange(stretches.map((stretch, at) => (at === index ? { ...stretch, [part]: minutes } : stretch)));
  };
  return (
    <Stack gap={4}>
      {stretches.map((stretch, index) => (
        <Group key={index} gap="xs" wrap="nowrap">
          <TextInput type="time" size="xs" aria-label={`${label}: from (stretch ${index + 1})`} value={toClock(stretch.start)} onChange={(event) => setAt(index, 'start', event.currentTarget.value)} disabled={readOnly} w={120} />
          <Text size="xs">to</Text>
          <TextInput type="time" size="xs" aria-label={`${label}: to (stretch ${index + 1})`} value={toClock(stretch.end)} onChange={(event) => setAt(index, 'end', event.currentTarget.value)} disabled={readOnly} w={120} />
          {!readOnly ? (
            <ActionIcon variant="subtle" color="gray" aria-label={`${label}: remove stretch ${index + 1}`} onClick={() => onChange(stretches.filter((_, at) => at !== index))}>
              ✕
            </ActionIcon>
          ) : null}
        </Group>
      ))}
      {!readOnly && stretches.length < 6 ? (
        <Button
          size="compact-xs"
          variant="subtle"
          w="fit-content"
          onClick={() => {
            const last = stretches.at(-1);
            onChange([...stretches, last ? { start: Math.min(last.end + 60, 23 * 60), end: Math.min(last.end + 120, 24 * 60) } : NINE_TO_FIVE]);
          }}
        >
          Add a stretch
        </Button>
      ) : null}
      {problem ? (
        <Text size="xs" c="red" role="alert">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}

function HoursEditor({ availability, readOnly, who }: { availability: MemberAvailability; readOnly: boolean; who: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const now = useNow();
  const today = dayOf(now, availability.zone);
  const [weekly, setWeekly] = useState<WorkingWeek>(availability.weekly);
  const [overrides, setOverrides] = useState<DateOverrides>(availability.overrides);
  const [overrideDate, setOverrideDate] = useState('');
  const [offFrom, setOffFrom] = useState('');
  const [offTo, setOffTo] = useState('');
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [serverProblems, setServerProblems] = useState<string[]>([]);
  const problems = hoursProblems(weekly, overrides);
  const save = useMutation(
    trpc.scheduling.availability.set.mutationOptions({
      onSuccess: () => {
        void invalidateSchedulingSetup(queryClient);
        notifications.show({ color: 'teal', message: `${who}’s hours saved` });
      },
      onError: (error) => {
        const fields = Object.values(apiFieldErrors(error));
        setServerProblems(fields.length ? fields : [error.message || 'Saving failed. Please try again.']);
      },
    }),
  );
  const setDay = (key: string, stretches: DayHours[] | null) => setWeekly((current) => ({ ...current, [key]: stretches ?? [] }));
  const setOverride = (date: string, stretches: DayHours[] | null) =>
    setOverrides((current) => {
      const next = { ...current };
      if (stretches === null) delete next[date];
      else next[date] = stretches;
      return next;
    });
  const dates = Object.keys(overrides).sort();
  const upcoming = dates.filter((date) => date >= today);

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="weekly-hours-title">
        <Title order={3} fz="md" id="weekly-hours-title" mb="sm">
          Every week
        </Title>
        <Stack gap="sm">
          {WEEKDAYS.map(({ key, label }) => {
            const stretches = weekly[key] ?? [];
            const works = stretches.length > 0;
            return (
              <Group key={key} align="flex-start" gap="md" wrap="nowrap">
                <Checkbox w={130} label={label} checked={works} disabled={readOnly} onChange={(event) => setDay(key, event.currentTarget.checked ? [NINE_TO_FIVE] : null)} />
                {works ? <Stretches label={label} stretches={stretches} onChange={(next) => setDay(key, next)} readOnly={readOnly} problem={problems[key]} /> : <Text size="sm" c="dimmed">Day off</Text>}
              </Group>
            );
          })}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="overrides-title">
        <Title order={3} fz="md" id="overrides-title">
          Dates that differ and time off
        </Title>
        <Text size="xs" c="dimmed" mb="sm">
          A date here replaces the week’s hours for that day; time off is a day with no hours.
        </Text>
        <Stack gap="sm">
          {upcoming.length === 0 ? (
            <Text size="sm" c="dimmed">
              No dates set from today on.
            </Text>
          ) : (
            upcoming.map((date) => {
              const stretches = overrides[date] ?? [];
              return (
                <Group key={date} align="flex-start" gap="md" wrap="nowrap">
                  <Text size="sm" fw={500} w={130}>
                    {dayHeading(date, today)}
                  </Text>
                  {stretches.length === 0 ? (
                    <Badge color="gray" variant="light">
                      Time off
                    </Badge>
                  ) : (
                    <Stretches label={dayHeading(date, today)} stretches={stretches} onChange={(next) => setOverride(date, next)} readOnly={readOnly} problem={problems[date]} />
                  )}
                  {!readOnly ? (
                    <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setOverride(date, null)} aria-label={`Remove ${dayHeading(date, today)}`}>
                      Remove
                    </Button>
                  ) : null}
                </Group>
              );
            })
          )}
          {!readOnly ? (
            <>
              <Divider />
              <Group align="flex-end" gap="xs">
                <TextInput type="date" size="xs" label="Different hours on" value={overrideDate} min={today} onChange={(event) => setOverrideDate(event.currentTarget.value)} />
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => {
                    if (!/^\d{4}-\d{2}-\d{2}$/.test(overrideDate)) return setFormProblem('Choose the date first');
                    setFormProblem(null);
                    setOverride(overrideDate, [NINE_TO_FIVE]);
                    setOverrideDate('');
                  }}
                >
                  Add date
                </Button>
              </Group>
              <Group align="flex-end" gap="xs">
                <TextInput type="date" size="xs" label="Time off from" value={offFrom} min={today} onChange={(event) => setOffFrom(event.currentTarget.value)} />
                <TextInput type="date" size="xs" label="to (included)" value={offTo} min={offFrom || today} onChange={(event) => setOffTo(event.currentTarget.value)} />
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => {
                    const to = offTo || offFrom;
                    if (!/^\d{4}-\d{2}-\d{2}$/.test(offFrom)) return setFormProblem('Choose the first day off');
                    if (to < offFrom) return setFormProblem('The last day off comes after the first');
                    const range = daysBetween(offFrom, to);
                    if (range.length > 366) return setFormProblem('At most a year of time off at once');
                    setFormProblem(null);
                    setOverrides((current) => ({ ...current, ...Object.fromEntries(range.map((date) => [date, []])) }));
                    setOffFrom('');
                    setOffTo('');
                  }}
                >
                  Add time off
                </Button>
              </Group>
              {formProblem ? (
                <Text size="xs" c="red" role="alert">
                  {formProblem}
                </Text>
              ) : null}
            </>
          ) : null}
        </Stack>
      </Paper>

      {serverProblems.length ? (
        <Alert color="red" role="alert" title="Hours not saved">
          {serverProblems.join(' · ')}
        </Alert>
      ) : null}
      {!readOnly ? (
        <Group justify="flex-end">
          <Button
            loading={save.isPending}
            disabled={Object.keys(problems).length > 0}
            onClick={() => {
              setServerProblems([]);
              // Past dates are history: only today's and later ones are kept.
              const kept = Object.fromEntries(Object.entries(overrides).filter(([date]) => date >= today));
              save.mutate({ userId: availability.userId, weekly, overrides: kept });
            }}
          >
            Save hours
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** Each member's working hours in the company's zone: the owner or an admin edits anyone's, each member their own. */
export function TeamHoursPanel({ members, canEditOthers }: { members: TeamMember[]; canEditOthers: boolean }) {
  const trpc = useTRPC();
  const now = useNow();
  const me = members.find((member) => member.me);
  const [chosen, setChosen] = useState<string | null>(null);
  const userId = chosen ?? me?.id ?? members[0]?.id ?? null;
  const availability = useQuery({ ...trpc.scheduling.availability.get.queryOptions({ userId: userId ?? '' }), enabled: Boolean(userId) });
  const member = members.find((candidate) => candidate.id === userId);
  const readOnly = !canEditOthers && !member?.me;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Select
          label="Team member"
          data={members.map((candidate) => ({ value: candidate.id, label: memberLabel(candidate) }))}
          value={userId}
          onChange={setChosen}
          allowDeselect={false}
          w={280}
          comboboxProps={{ withinPortal: true }}
        />
        {availability.data ? (
          <Text size="sm" c="dimmed">
            Hours are in your company’s time zone: {zoneName(availability.data.zone, now)}.
          </Text>
        ) : null}
      </Group>
      {readOnly && member ? (
        <Text size="sm" c="dimmed">
          Only the owner or an admin can change {memberName(member)}’s hours.
        </Text>
      ) : null}
      {availability.isError ? <LoadError title="Couldn’t load these hours" error={availability.error} onRetry={availability.refetch} /> : null}
      {availability.data && member ? <HoursEditor key={`${availability.data.userId}:${availability.dataUpdatedAt}`} availability={availability.data} readOnly={readOnly} who={memberName(member)} /> : null}
    </Stack>
  );
}
