import { Stack, Text } from '@mantine/core';
import { callDuration, transcriptText } from '../model/call-display';
import type { CallItem } from '../model/types';
import { AudioPlayer } from './audio-player';

/** The voicemail: its length, a player when there is audio (played through LeadLoop), and its transcript as plain text (never HTML), or why there is no transcript. */
export function CallVoicemail({ call }: { call: Pick<CallItem, 'voicemail'> }) {
  const voicemail = call.voicemail;
  if (!voicemail) {
    return (
      <Text size="sm" c="dimmed">
        No voicemail
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        Voicemail · {callDuration(voicemail.seconds)}
      </Text>
      {voicemail.audioUrl ? <AudioPlayer src={voicemail.audioUrl} label="Play voicemail" /> : null}
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="voicemail-transcript">
        {transcriptText(voicemail)}
      </Text>
    </Stack>
  );
}
