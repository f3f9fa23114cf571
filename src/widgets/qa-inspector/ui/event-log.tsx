import type { LogEntry } from '../model/inspection-store';
import { JsonView } from './json-view';
import classes from './qa-panel.module.css';

export const formatTime = (at: number) => new Date(at).toISOString().slice(11, 23);

/** Newest first; each entry opens to its payload (secrets masked) and the transitions it caused. */
export function EventLog({ log }: { log: LogEntry[] }) {
  if (log.length === 0) return <div className={classes.muted}>No events yet.</div>;
  return (
    <ol aria-label="Event log" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {[...log].reverse().map((entry) => (
        <li key={entry.id}>
          <details className={classes.entry} data-event={entry.eventType}>
            <summary>
              <span className={classes.muted}>{formatTime(entry.at)}</span> {entry.eventType}
              {entry.transitions.length === 0 ? <span className={classes.muted}> (no transition)</span> : null}
            </summary>
            <div>payload:</div>
            <JsonView value={entry.payload} />
            <div>transitions:</div>
            {entry.transitions.length === 0 ? <div className={classes.muted}>none: the event changed nothing</div> : null}
            {entry.transitions.map((t, index) => (
              <div key={index} className={classes.transition}>
                {t.source || '(machine)'} → {t.targets.length ? t.targets.join(', ') : '(stays, runs actions)'}
                {t.guard ? ` [${t.guard}]` : ''}
              </div>
            ))}
            <div className={classes.muted}>
              {entry.before.join(' + ') || '(start)'} ⇒ {entry.after?.join(' + ') ?? '…'}
            </div>
          </details>
        </li>
      ))}
    </ol>
  );
}
