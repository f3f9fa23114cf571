import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { callSummary, textBackReason } from '../model/call-display';
import type { CallItem } from '../model/types';
import { CallVoicemail } from './call-voicemail';
import { TextBackBadge } from './text-back-badge';

/**
 * A call as an item of a client's timeline or a thread (the host draws the heading and the time): answered or
 * missed and why with the ring/talk time, the voicemail when there is one, what became of the text-back, and the
 * way to the call history.
 */
export function CallDetails({ call }: { call: CallItem }) {
  const reason = textBackReason(call);
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm">{callSummary(call)}</Text>
      {call.voicemail ? <CallVoicemail call={call} /> : null}
      {call.missed ? (
        <Group gap={6} wrap="wrap">
          <Text size="xs" c="dimmed">
            Text-back:
          </Text>
          <TextBackBadge call={call} size="xs" />
          {reason ? (
            <Text size="xs" c="dimmed">
              {reason}
            </Text>
          ) : null}
        </Group>
      ) : null}
      <Anchor size="xs" data-standalone renderRoot={(props) => <Link {...props} to="/missed-calls/history" />}>
        Call history
      </Anchor>
    </Stack>
  );
}
