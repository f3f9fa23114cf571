import { useEffect, useReducer, useState } from 'react';
import { ageSignInState, type AuthFlowSnapshot, readSavedSignInState, resendSecondsLeft, SAVED_SIGN_IN_STATE_TTL_MS, type StatechartNode } from '@/features/auth-flow';
import type { ControllableClock } from '../model/controllable-clock';
import { formatTime } from './event-log';
import classes from './qa-panel.module.css';

const SECOND = 1_000;

const minutesSeconds = (ms: number) => {
  const seconds = Math.floor(Math.max(0, ms) / SECOND);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** The `after` delays of the active states, e.g. "after switchDelay → login". */
function scheduledDelays(chart: StatechartNode, active: string[]): string[] {
  const found: string[] = [];
  const walk = (node: StatechartNode) => {
    if (node.path !== '' && !active.some((leaf) => leaf === node.path || leaf.startsWith(`${node.path}.`))) return;
    for (const t of node.transitions) if (t.eventType.startsWith('xstate.after.')) found.push(`${t.label} → ${t.targets.join(', ') || node.path}`);
    node.children.forEach(walk);
  };
  walk(chart);
  return found;
}

export interface TimeControlsProps {
  clock: ControllableClock;
  chart: StatechartNode;
  active: string[];
  snapshot: AuthFlowSnapshot | null;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
}

/** Pause, step and jump the machine's injected clock; back-date the saved state to test the 20-minute rule. */
export function TimeControls({ clock, chart, active, snapshot, storage, reload }: TimeControlsProps) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => clock.subscribe(rerender), [clock]);
  const state = clock.state();
  useEffect(() => {
    if (state.paused) return;
    const id = window.setInterval(rerender, 250);
    return () => window.clearInterval(id);
  }, [state.paused]);

  const delays = scheduledDelays(chart, active);
  const deadline = snapshot?.context.resendAvailableAt ?? null;
  const countdownLeft = deadline !== null ? deadline - state.now : 0;
  const saved = readSavedSignInState(storage);
  const age = (ms: number, label: string) => {
    setNote(ageSignInState(storage, ms, clock.now()) ? `Saved state is now ${label} old: reload to check it.` : 'Nothing saved to age.');
    rerender();
  };

  return (
    <div aria-label="Time controls">
      <div className={classes.row}>
        <span>
          clock <strong data-testid="qa-clock">{formatTime(state.now)}</strong> {state.paused ? '(paused)' : '(running)'}
        </span>
        <span className={classes.muted}>
          {state.offset >= 0 ? '+' : ''}
          {(state.offset / SECOND).toFixed(3)} s vs real time
        </span>
      </div>
      <div className={classes.row}>
        {state.paused ? (
          <button type="button" className={classes.button} onClick={() => clock.resume()}>
            Resume clock
          </button>
        ) : (
          <button type="button" className={classes.button} onClick={() => clock.pause()}>
            Pause clock
          </button>
        )}
        <button type="button" className={classes.button} onClick={() => clock.advance(SECOND)}>
          Advance 1 s
        </button>
        <button type="button" className={classes.button} disabled={state.nextDueAt === null} onClick={() => clock.runToNext()}>
          Jump to next delay
        </button>
        <button type="button" className={classes.button} disabled={countdownLeft <= 0} onClick={() => clock.advance(countdownLeft)}>
          Jump to end of countdown
        </button>
      </div>
      <div className={classes.muted}>
        next delay:{' '}
        {state.nextDueAt === null ? 'none scheduled' : `${delays.join('; ') || 'timer'} in ${((state.nextDueAt - state.now) / SECOND).toFixed(3)} s`}
        {deadline !== null ? ` · countdown ${resendSecondsLeft({ resendAvailableAt: deadline, now: state.now })} s to ${formatTime(deadline)}` : ''}
      </div>
      <div className={classes.row} style={{ marginTop: 6 }}>
        <button type="button" className={classes.button} onClick={() => age(SAVED_SIGN_IN_STATE_TTL_MS - SECOND, '19:59')}>
          Age saved state to 19:59
        </button>
        <button type="button" className={classes.button} onClick={() => age(SAVED_SIGN_IN_STATE_TTL_MS, '20:00')}>
          Age saved state to 20:00
        </button>
        <button type="button" className={classes.button} onClick={reload}>
          Reload page
        </button>
      </div>
      <div className={classes.muted} data-testid="qa-saved-state">
        saved state:{' '}
        {saved ? `${saved.mode}${saved.verificationState ? ` (${saved.verificationState.email})` : ''}, ${minutesSeconds(state.now - saved.timestamp)} old` : 'none'}
      </div>
      {note ? <div role="status">{note}</div> : null}
    </div>
  );
}
