import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { between } from '@contracts/text';
import { useTRPCClient } from '@/shared/api-react';
import { formatPhone } from '@/shared/lib/format';
import { invalidateTestPhoneCalls } from '@/entities/company';
import { assistantCallMachine, isTalking, type RelaySocket, type SessionOver } from '../model/assistant-call.machine';
import classes from './test-phone.module.css';

type CallRef = { deviceId: string; callSid: string };

/** The socket on the page's own origin (the dev server and the app's server both serve /voice-agent/relay). */
export function relaySocketUrl(relayPath: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${relayPath}`;
}

/** The browser's WebSocket, as the machine sees a socket. */
function browserSocket(url: string): RelaySocket {
  const ws = new WebSocket(url);
  const socket: RelaySocket = { send: (data) => ws.send(data), close: (code, reason) => ws.close(code, reason), onopen: null, onmessage: null, onclose: null, onerror: null };
  ws.onopen = (event) => socket.onopen?.(event);
  ws.onmessage = (event) => socket.onmessage?.({ data: event.data });
  ws.onclose = (event) => socket.onclose?.(event);
  ws.onerror = (event) => socket.onerror?.(event);
  return socket;
}

/** The browser's speech recognition, when it has one (Chrome's is prefixed). */
interface Recognition {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  onresult: ((event: { resultIndex: number; results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }> }) => void) | null;
  onspeechstart: (() => void) | null;
  onend: (() => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  start(): void;
  stop(): void;
}
type RecognitionClass = new () => Recognition;
const recognitionClass = (): RecognitionClass | null => {
  const w = window as unknown as { SpeechRecognition?: RecognitionClass; webkitSpeechRecognition?: RecognitionClass };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
};
const hasVoice = () => typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];

/**
 * The test phone on a call the AI assistant answered: the browser plays Twilio's side of ConversationRelay (the
 * assistant-call machine) over the call's signed socket. The tester types what a caller says (or speaks it, when the
 * browser recognises speech) and reads the assistant's turns (or hears them, with "Read replies aloud"), presses
 * keys on a keypad, and hangs up. When the assistant ends the call, the server's Connect action decides what follows.
 */
export function AssistantCall({ callRef, relayPath, from, to, onOver }: { callRef: CallRef; relayPath: string; from: string; to: string; onOver: (how: SessionOver['stage']) => void }) {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const machine = useMemo(
    () =>
      assistantCallMachine.provide({
        actors: {
          sessionEnded: fromPromise<SessionOver, { handoffData: string | null }>(({ input }) =>
            client.phone.simulator.aiSessionEnded.mutate({ ...callRef, ...(input.handoffData ? { handoffData: input.handoffData } : {}) }),
          ),
          hangUp: fromPromise<unknown, void>(() => client.phone.simulator.hangUp.mutate(callRef)),
        },
      }),
    [client, callRef],
  );
  const actor = useActorRef(machine, {
    input: { url: relaySocketUrl(relayPath), callSid: callRef.callSid, from, to, connect: browserSocket },
  });
  const value = useSelector(actor, (s) => s.value);
  const turns = useSelector(actor, (s) => s.context.turns);
  const reply = useSelector(actor, (s) => s.context.reply);
  const problem = useSelector(actor, (s) => s.context.problem);
  const transferTo = useSelector(actor, (s) => s.context.transferTo);
  const done = useSelector(actor, (s) => s.status === 'done');
  const talking = isTalking(value);

  const [voiceOn, setVoiceOn] = useState(false);
  const voiceOnRef = useRef(voiceOn);
  useEffect(() => {
    voiceOnRef.current = voiceOn;
  }, [voiceOn]);
  // Replies read aloud (off by default): how far the voice got is what an interruption says was heard.
  useEffect(() => {
    const replies = actor.on('reply', ({ text }) => {
      if (!voiceOnRef.current || !hasVoice() || !text) return;
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = 'en-US';
      utterance.onboundary = (event) => actor.send({ type: 'voice.progress', heard: between(text, 0, event.charIndex + (event.charLength || 0)) });
      utterance.onend = () => actor.send({ type: 'voice.done' });
      actor.send({ type: 'voice.progress', heard: '' });
      window.speechSynthesis.speak(utterance);
    });
    const interrupted = actor.on('interrupted', () => {
      if (hasVoice()) window.speechSynthesis.cancel();
    });
    return () => {
      replies.unsubscribe();
      interrupted.unsubscribe();
      if (hasVoice()) window.speechSynthesis.cancel();
    };
  }, [actor]);

  useEffect(() => {
    if (!done) return;
    void invalidateTestPhoneCalls(queryClient);
    onOver(actor.getSnapshot().value === 'transferred' ? 'transferring' : 'ended');
  }, [done, actor, onOver, queryClient]);

  // Keep the newest turn in view.
  const logRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [turns.length, reply]);

  const status =
    value === 'ending' ? (transferTo ? `Transferring to ${formatPhone(transferTo)}…` : 'The assistant ended the call.')
    : value === 'hangingUp' ? 'Hanging up…'
    : talking ? 'The AI assistant answered. Say or type what a caller would.'
    : done ? 'Call ended.'
    : 'Connecting to the assistant…';

  return (
    <Stack gap="xs" component="section" aria-label="Call with the assistant">
      <Text size="sm" role="status">
        {status}
      </Text>
      {problem ? (
        <Alert color="red" variant="light" p="xs" role="alert">
          <Text size="xs">{problem}</Text>
        </Alert>
      ) : null}
      <ol ref={logRef} className={classes.callLog} aria-label="Call transcript">
        {turns.map((turn, index) => (
          <li key={index} className={classes.row} data-from={turn.speaker === 'caller' ? 'phone' : 'business'}>
            {turn.speaker === 'note' ? (
              <Text size="xs" c="dimmed" fs="italic">
                {turn.text}
              </Text>
            ) : (
              <div className={classes.bubble}>
                <Text size="sm" className={classes.body}>
                  <span className={classes.speaker}>{turn.speaker === 'caller' ? 'You: ' : 'Assistant: '}</span>
                  {turn.text}
                  {turn.interrupted ? ' …' : ''}
                </Text>
              </div>
            )}
          </li>
        ))}
        {reply ? (
          <li className={classes.row} data-from="business" aria-busy="true">
            <div className={classes.bubble}>
              <Text size="sm" className={classes.body}>
                <span className={classes.speaker}>Assistant: </span>
                {reply}
              </Text>
            </div>
          </li>
        ) : null}
      </ol>
      {talking ? <SayForm actor={actor} voiceOn={voiceOn} onVoice={setVoiceOn} /> : null}
      {!done && value !== 'ending' ? (
        <Group justify="flex-end">
          <Button variant="light" color="red" loading={value === 'hangingUp'} onClick={() => actor.send({ type: 'caller.hangUp' })}>
            Hang up
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

type CallActor = ReturnType<typeof useActorRef<typeof assistantCallMachine>>;

/** What the tester says: typed (Enter sends), or spoken with the browser's speech recognition; and the keypad. */
function SayForm({ actor, voiceOn, onVoice }: { actor: CallActor; voiceOn: boolean; onVoice: (on: boolean) => void }) {
  const [words, setWords] = useState('');
  const [keypad, setKeypad] = useState(false);
  const [listening, setListening] = useState(false);
  const [micProblem, setMicProblem] = useState<string | null>(null);
  const recognition = useRef<Recognition | null>(null);
  const Recognizer = useMemo(() => recognitionClass(), []);
  useEffect(() => () => recognition.current?.stop(), []);

  const say = (event?: FormEvent) => {
    event?.preventDefault();
    if (!words.trim()) return;
    actor.send({ type: 'caller.said', text: words });
    setWords('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) say(event);
  };
  const listen = () => {
    if (!Recognizer) return;
    if (listening) {
      recognition.current?.stop();
      return;
    }
    setMicProblem(null);
    const r = new Recognizer();
    r.continuous = true;
    r.interimResults = true;
    r.lang = 'en-US';
    r.onspeechstart = () => actor.send({ type: 'caller.started' });
    r.onresult = (event) => {
      for (let i = event.resultIndex; i < event.results.length; i += 1) {
        const result = event.results[i]!;
        const heard = result[0].transcript.trim();
        if (!heard) continue;
        actor.send(result.isFinal ? { type: 'caller.said', text: heard } : { type: 'caller.partial', text: heard });
      }
    };
    r.onerror = (event) => setMicProblem(event.error === 'not-allowed' ? 'The browser was not allowed to use the microphone.' : `Speech recognition stopped (${event.error}).`);
    r.onend = () => setListening(false);
    recognition.current = r;
    r.start();
    setListening(true);
  };

  return (
    <Stack gap="xs">
      <form onSubmit={say} noValidate aria-label="Talk to the assistant">
        <Stack gap="xs">
          <Textarea
            label="What you say"
            description="Type as a caller would speak; Enter sends it. Typing while the assistant talks interrupts it."
            autosize
            minRows={1}
            maxRows={4}
            value={words}
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (!words && next) actor.send({ type: 'caller.started' });
              setWords(next);
            }}
            onKeyDown={onKeyDown}
          />
          <Group justify="space-between">
            <Group gap="xs">
              {Recognizer ? (
                <Button variant={listening ? 'filled' : 'default'} size="xs" onClick={listen} aria-pressed={listening}>
                  {listening ? 'Stop listening' : 'Speak'}
                </Button>
              ) : null}
              <Button variant="default" size="xs" onClick={() => setKeypad((open) => !open)} aria-expanded={keypad}>
                Keypad
              </Button>
            </Group>
            <Button type="submit" size="xs">
              Say it
            </Button>
          </Group>
          {hasVoice() ? <Checkbox size="xs" label="Read the assistant’s replies aloud" checked={voiceOn} onChange={(event) => onVoice(event.currentTarget.checked)} /> : null}
          {micProblem ? (
            <Text size="xs" c="red" role="alert">
              {micProblem}
            </Text>
          ) : null}
        </Stack>
      </form>
      {keypad ? (
        <SimpleGrid cols={3} spacing={4} aria-label="Keypad" role="group">
          {KEYS.map((key) => (
            <Button key={key} variant="default" size="sm" onClick={() => actor.send({ type: 'caller.key', digit: key })} aria-label={`Key ${key}`}>
              {key}
            </Button>
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
