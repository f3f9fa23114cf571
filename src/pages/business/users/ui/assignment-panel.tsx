import { Button, Checkbox, Group, NativeSelect, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ASSIGNMENT_MODE_WORDS, ASSIGNMENT_MODES, type AssignmentMode } from '@contracts/team';
import { setCachedAssignment } from '@/entities/user';
import { apiFieldErrors } from '@/shared/api-errors';
import { useTRPC } from '@/shared/api-react';
import { LoadError } from '@/shared/ui/load-error';
import { SectionPanel } from '@/shared/ui/section-panel';
import { ScreenSpinner } from '@/shared/ui/spinner';
import type { Member } from './members-panel';

/** Who gets a new lead (and its new thread): nobody, taking turns among chosen people, or always one person. */
export function AssignmentPanel({ members }: { members: Member[] }) {
  const trpc = useTRPC();
  const settings = useQuery(trpc.team.assignment.get.queryOptions());
  return (
    <SectionPanel id="assignment-title" title="New leads go to" description="The person a new lead is assigned to is told by their own notification choices (Notifications → Preferences).">
      {settings.isPending ? <ScreenSpinner /> : settings.isError ? <LoadError title="Couldn’t load the assignment setting" error={settings.error} onRetry={settings.refetch} /> : <AssignmentForm key={JSON.stringify(settings.data)} initial={settings.data} members={members} />}
    </SectionPanel>
  );
}

function AssignmentForm({ initial, members }: { initial: { mode: AssignmentMode; userIds: string[]; userId: string | null }; members: Member[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState(initial.mode);
  const [userIds, setUserIds] = useState(initial.userIds);
  const [userId, setUserId] = useState(initial.userId ?? members[0]?.id ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation(
    trpc.team.assignment.set.mutationOptions({
      onSuccess: (saved) => {
        setCachedAssignment(queryClient, saved);
        setErrors({});
        notifications.show({ color: 'teal', message: 'Saved: it applies to the next new lead.' });
      },
      onError: (error) => {
        const fields = apiFieldErrors(error);
        setErrors(fields);
        if (Object.keys(fields).length === 0) notifications.show({ color: 'red', message: error.message });
      },
    }),
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ mode, userIds: mode === 'round_robin' ? userIds : [], userId: mode === 'person' ? userId : null });
      }}
    >
      <Stack gap="sm">
        <Radio.Group value={mode} onChange={(value) => setMode(value as AssignmentMode)} aria-label="How new leads are assigned">
          <Stack gap={6}>
            {ASSIGNMENT_MODES.map((m) => (
              <Radio key={m} value={m} label={ASSIGNMENT_MODE_WORDS[m]} />
            ))}
          </Stack>
        </Radio.Group>
        {mode === 'round_robin' ? (
          <Checkbox.Group value={userIds} onChange={setUserIds} label="Who takes turns" error={errors.userIds}>
            <Group gap="md" mt={4}>
              {members.map((m) => (
                <Checkbox key={m.id} value={m.id} label={`${m.firstName} ${m.lastName}`} />
              ))}
            </Group>
          </Checkbox.Group>
        ) : null}
        {mode === 'person' ? (
          <NativeSelect label="Who gets every new lead" value={userId ?? ''} onChange={(event) => setUserId(event.currentTarget.value)} data={members.map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}` }))} error={errors.userId} />
        ) : null}
        {mode === 'off' ? (
          <Text size="sm" c="dimmed">
            New leads stay unassigned until someone takes them.
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
