import { Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { fetchAudio } from '../api/recording-api';

/**
 * Plays audio LeadLoop serves behind the session (`/api/calls/:id/recording`, `/api/recordings/:id`): nothing is
 * downloaded until "Play"; then the audio is fetched with the session header and shown in the browser's player.
 */
export function AudioPlayer({ src, label }: { src: string; label: string }) {
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'loading' } | { kind: 'ready'; url: string } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const url = state.kind === 'ready' ? state.url : null;
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);

  const load = async () => {
    setState({ kind: 'loading' });
    try {
      const blob = await fetchAudio(src);
      setState({ kind: 'ready', url: URL.createObjectURL(blob) });
    } catch (error) {
      setState({ kind: 'error', message: (error as Error).message });
    }
  };

  if (state.kind === 'ready') {
    return <audio controls autoPlay src={state.url} aria-label={label} style={{ width: '100%', maxWidth: 320 }} />;
  }
  return (
    <Group gap="xs" wrap="wrap">
      <Button variant="light" size="xs" onClick={() => void load()} loading={state.kind === 'loading'}>
        {label}
      </Button>
      {state.kind === 'error' ? (
        <Text size="xs" c="red" role="alert">
          {state.message}
        </Text>
      ) : null}
    </Group>
  );
}
