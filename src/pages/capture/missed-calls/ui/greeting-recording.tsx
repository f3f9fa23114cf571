import { Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_GREETING_SECONDS, MAX_RECORDING_BYTES, RECORDING_ACCEPT, RECORDING_LIMIT_WORDS, recordingTypeOf } from '@contracts/recording';
import { AudioPlayer, audioSeconds, callDuration, invalidateGreeting, invalidateMissedCallSettings, setCachedGreeting, uploadRecording } from '@/entities/call';
import { useTRPC } from '@/shared/api-react';

/** `recordings.greeting`: the company's uploaded greeting, or null. */
export function useGreetingRecording() {
  const trpc = useTRPC();
  return useQuery(trpc.recordings.greeting.queryOptions());
}

const kilobytes = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** Some systems give no type for .m4a or .opus files: the name's extension then says which format the file claims. */
const EXTENSION_TYPES: Record<string, string> = { webm: 'audio/webm', ogg: 'audio/ogg', oga: 'audio/ogg', opus: 'audio/ogg', mp3: 'audio/mpeg', wav: 'audio/wav', m4a: 'audio/mp4', mp4: 'audio/mp4' };
const declaredType = (file: File) => file.type || EXTENSION_TYPES[file.name.split('.').pop()?.toLowerCase() ?? ''] || '';

/** Checks the browser can make before sending: the type, the size and the length (the server checks them all again). */
async function checkedSeconds(file: File): Promise<number> {
  if (!recordingTypeOf(declaredType(file))) throw new Error(`“${file.name}” is not a recording we can play to callers: choose ${RECORDING_LIMIT_WORDS}.`);
  if (file.size > MAX_RECORDING_BYTES) throw new Error(`“${file.name}” is too large: choose ${RECORDING_LIMIT_WORDS}.`);
  const seconds = await audioSeconds(file);
  if (seconds > MAX_GREETING_SECONDS) throw new Error(`“${file.name}” plays for ${callDuration(seconds)}: a greeting can be at most ${MAX_GREETING_SECONDS / 60} minutes long.`);
  return seconds;
}

/**
 * Missed calls → Voicemail: the uploaded greeting — upload (replaces the previous one), play it back, remove it.
 * Uploading chooses it in the form (`onUploaded`); it is played to callers once the settings are saved with it.
 * Removing it goes back to the text at once (the server switches the choice to "say").
 */
export function GreetingRecording({ onUploaded, onRemoved }: { onUploaded: () => void; onRemoved: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const greeting = useGreetingRecording();
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const refresh = () => {
    void invalidateGreeting(queryClient);
    // Removing the greeting switches the settings back to the typed text.
    void invalidateMissedCallSettings(queryClient);
  };
  const remove = useMutation(
    trpc.recordings.removeGreeting.mutationOptions({
      onSuccess: () => {
        onRemoved();
        refresh();
      },
      onError: (error) => setProblem(error.message),
    }),
  );

  const upload = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    setUploading(true);
    try {
      const seconds = await checkedSeconds(file);
      const audio = file.type ? file : new Blob([file], { type: declaredType(file) });
      const saved = await uploadRecording(audio, { purpose: 'greeting', seconds, name: file.name });
      setCachedGreeting(queryClient, saved);
      onUploaded();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setUploading(false);
    }
  };

  const current = greeting.data ?? null;
  return (
    <Stack gap="xs" aria-label="Greeting recording" role="group">
      {greeting.isError ? (
        <Text size="sm" c="red">
          Couldn’t load your greeting recording: {greeting.error.message}
        </Text>
      ) : current ? (
        <Stack gap={4}>
          <Text size="sm" data-testid="greeting-recording">
            {current.fileName ?? 'Your recording'} · {callDuration(current.seconds)} · {kilobytes(current.sizeBytes)}
          </Text>
          <AudioPlayer key={current.id} src={`/api/recordings/${current.id}`} label="Play greeting" />
        </Stack>
      ) : greeting.isPending ? null : (
        <Text size="sm" c="dimmed">
          No recording uploaded yet.
        </Text>
      )}
      {problem ? (
        <Alert color="red" variant="light" role="alert" p="xs">
          {problem}
        </Alert>
      ) : null}
      <Group gap="xs">
        <FileButton onChange={(file) => void upload(file)} accept={RECORDING_ACCEPT}>
          {(props) => (
            <Button {...props} variant="light" loading={uploading}>
              {current ? 'Upload another recording' : 'Upload a recording'}
            </Button>
          )}
        </FileButton>
        {current ? (
          <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
            Remove recording
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {`WebM, Ogg, MP3, WAV or M4A, up to ${MAX_RECORDING_BYTES / 1024 / 1024} MB and ${MAX_GREETING_SECONDS / 60} minutes.`}
      </Text>
    </Stack>
  );
}
