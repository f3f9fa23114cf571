import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { callDuration } from '@/entities/call';

/** A finished microphone recording: the audio, how long it plays, and an address to play it back here. */
export interface MicRecording {
  blob: Blob;
  seconds: number;
  url: string;
}

/** Whether this browser can record from a microphone at all (MediaRecorder and getUserMedia; a secure page). */
export function canRecordAudio(): boolean {
  return typeof window !== 'undefined' && typeof window.MediaRecorder === 'function' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** The first container the browser records in that LeadLoop takes (Chrome/Firefox: WebM/Ogg Opus; Safari: MP4). */
function recordingType(): string | undefined {
  const wanted = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];
  return wanted.find((type) => MediaRecorder.isTypeSupported?.(type));
}

type State = { kind: 'idle' } | { kind: 'asking' } | { kind: 'recording'; startedAt: number } | { kind: 'denied'; message: string };

/**
 * The test phone's caller records their voicemail with the microphone, when the browser allows it: Record, Stop (or
 * the voicemail's maximum length), then play it back, record again or discard. Where the browser cannot record, or
 * the microphone is not allowed, it says so and the typed voicemail still works.
 */
export function MicrophoneRecorder({ maxSeconds, value, onChange }: { maxSeconds: number; value: MicRecording | null; onChange: (recording: MicRecording | null) => void }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [elapsed, setElapsed] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const limit = useRef<ReturnType<typeof setTimeout> | null>(null);
  const tick = useRef<ReturnType<typeof setInterval> | null>(null);

  const release = () => {
    clearTimeout(limit.current ?? undefined);
    clearInterval(tick.current ?? undefined);
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  };
  // Leaving the screen mid-recording lets go of the microphone.
  useEffect(() => () => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
    release();
  }, []);
  const url = value?.url ?? null;
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);

  if (!canRecordAudio()) {
    return (
      <Text size="xs" c="dimmed" data-testid="microphone-unavailable">
        This browser cannot record audio here, so type what you would say instead.
      </Text>
    );
  }

  const stop = () => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  };

  const start = async () => {
    setState({ kind: 'asking' });
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      const denied = (error as DOMException | undefined)?.name === 'NotAllowedError' || (error as DOMException | undefined)?.name === 'SecurityError';
      setState({
        kind: 'denied',
        message: denied
          ? 'The microphone is not allowed for this page. Type your voicemail instead, or allow the microphone in your browser’s site settings and try again.'
          : 'No microphone could be used. Type your voicemail instead.',
      });
      return;
    }
    stream.current = media;
    const type = recordingType();
    const rec = new MediaRecorder(media, type ? { mimeType: type } : undefined);
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    rec.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    rec.onstop = () => {
      release();
      const seconds = Math.min(maxSeconds, Math.max(1, Math.round((Date.now() - startedAt) / 1000)));
      const blob = new Blob(chunks, { type: rec.mimeType || type || 'audio/webm' });
      setState({ kind: 'idle' });
      onChange({ blob, seconds, url: URL.createObjectURL(blob) });
    };
    recorder.current = rec;
    rec.start();
    setElapsed(0);
    setState({ kind: 'recording', startedAt });
    tick.current = setInterval(() => setElapsed(Math.round((Date.now() - startedAt) / 1000)), 1000);
    // Like the phone line's <Record maxLength>: the recording stops at the voicemail's maximum length.
    limit.current = setTimeout(stop, maxSeconds * 1000);
  };

  if (state.kind === 'recording') {
    return (
      <Group gap="xs" justify="space-between">
        <Text size="sm" role="status" c="red">
          ● Recording… {callDuration(elapsed)} (at most {callDuration(maxSeconds)})
        </Text>
        <Button variant="light" color="red" onClick={stop}>
          Stop recording
        </Button>
      </Group>
    );
  }
  if (value) {
    return (
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          Your recorded voicemail · {callDuration(value.seconds)}
        </Text>
        <audio controls src={value.url} aria-label="Your recorded voicemail" style={{ width: '100%' }} />
        <Group gap="xs">
          <Button variant="subtle" size="xs" onClick={() => void start()}>
            Record again
          </Button>
          <Button variant="subtle" size="xs" color="gray" onClick={() => onChange(null)}>
            Discard recording
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      {state.kind === 'denied' ? (
        <Text size="xs" c="red" role="alert">
          {state.message}
        </Text>
      ) : null}
      <Group gap="xs">
        <Button variant="light" loading={state.kind === 'asking'} onClick={() => void start()}>
          Record with your microphone
        </Button>
      </Group>
    </Stack>
  );
}
