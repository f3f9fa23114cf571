import { useEffect, useState, useSyncExternalStore } from 'react';
import type { InspectionEvent } from 'xstate';
import { resendSecondsLeft } from '@/features/auth-flow';
import type { ControllableClock } from '../model/controllable-clock';
import type { InspectionStore } from '../model/inspection-store';
import { masked } from '../model/mask';
import type { ScenarioSandbox } from '../model/scenario-sandbox';
import { EventButtons } from './event-buttons';
import { EventLog } from './event-log';
import { JsonView } from './json-view';
import classes from './qa-panel.module.css';
import { ScenarioView } from './scenario-view';
import { StatechartView } from './statechart-view';
import { TimeControls } from './time-controls';

export interface QaPanelProps {
  /** The sign-in screen's actor, as seen through the inspection API. */
  screen: InspectionStore;
  clock: ControllableClock;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  /** Opens Stately's hosted inspector (online) and returns its inspect function. */
  openStately?: () => Promise<(event: InspectionEvent) => void>;
}

const PANEL_WIDTH = 460;

function MachineView({ store, drive, clock, storage, reload }: { store: InspectionStore; drive: boolean } & Omit<QaPanelProps, 'screen' | 'openStately'>) {
  const { chart, actor, snapshot, active, log } = useSyncExternalStore(store.subscribe, store.getState);
  if (!chart) return <div className={classes.muted}>Waiting for the sign-in or invitation machine to start…</div>;
  return (
    <>
      <section className={classes.section}>
        <h3>Active state</h3>
        <div data-testid="qa-active-states">{active.join(' + ') || '…'}</div>
      </section>
      {drive ? (
        <section className={classes.section}>
          <h3>Time</h3>
          <TimeControls clock={clock} chart={chart} active={active} snapshot={snapshot} storage={storage} reload={reload} />
        </section>
      ) : null}
      {drive && actor ? (
        <section className={classes.section}>
          <h3>Events this state accepts</h3>
          <EventButtons chart={chart} active={active} actor={actor} />
        </section>
      ) : null}
      <section className={classes.section}>
        <h3>Statechart (from the machine definition)</h3>
        <StatechartView chart={chart} active={active} />
      </section>
      <section className={classes.section}>
        <h3>Context (secrets hidden)</h3>
        {snapshot ? <JsonView value={'resendAvailableAt' in snapshot.context ? { ...(masked(snapshot.context) as object), resendSecondsLeft: resendSecondsLeft(snapshot.context) } : masked(snapshot.context)} /> : null}
      </section>
      <section className={classes.section}>
        <h3>Event log</h3>
        <EventLog log={log} />
      </section>
    </>
  );
}

/** The built-in QA inspector: statechart, context, event log, event buttons, time controls and scenarios. */
export function QaPanel({ screen, clock, storage, reload, openStately }: QaPanelProps) {
  const [open, setOpen] = useState(true);
  const [tab, setTab] = useState<'machine' | 'scenarios'>('machine');
  const [sandbox, setSandbox] = useState<ScenarioSandbox | null>(null);
  const [watch, setWatch] = useState<'screen' | 'sandbox'>('screen');
  const [stately, setStately] = useState<'off' | 'opening' | 'on' | 'failed'>('off');

  // Keep the page clear of the panel while it is open.
  useEffect(() => {
    document.body.style.marginRight = open ? `${PANEL_WIDTH}px` : '';
    return () => {
      document.body.style.marginRight = '';
    };
  }, [open]);

  if (!open) {
    return (
      <button type="button" className={`${classes.button} ${classes.collapsed}`} onClick={() => setOpen(true)}>
        QA inspector
      </button>
    );
  }
  const watchingSandbox = watch === 'sandbox' && sandbox !== null;

  return (
    <aside className={classes.panel} aria-label="QA inspector">
      <div className={classes.header}>
        <span className={classes.title}>QA inspector · auth flow</span>
        <button type="button" className={classes.button} aria-pressed={tab === 'machine'} onClick={() => setTab('machine')}>
          Machine
        </button>
        <button type="button" className={classes.button} aria-pressed={tab === 'scenarios'} onClick={() => setTab('scenarios')}>
          Scenarios
        </button>
        {openStately ? (
          <button
            type="button"
            className={classes.button}
            disabled={stately === 'opening' || stately === 'on'}
            title="Stately's hosted inspector: needs the internet, watches only"
            onClick={() => {
              setStately('opening');
              openStately().then(
                (inspect) => {
                  screen.forward(inspect);
                  setStately('on');
                },
                () => setStately('failed'),
              );
            }}
          >
            {stately === 'on' ? 'Stately: on' : stately === 'failed' ? 'Stately: failed' : 'Stately (online)'}
          </button>
        ) : null}
        <button type="button" className={classes.button} aria-label="Hide the QA inspector" onClick={() => setOpen(false)}>
          ×
        </button>
      </div>
      <div className={classes.body}>
        {sandbox ? (
          <div className={classes.row}>
            watching:
            <button type="button" className={classes.button} aria-pressed={!watchingSandbox} onClick={() => setWatch('screen')}>
              the screen
            </button>
            <button type="button" className={classes.button} aria-pressed={watchingSandbox} onClick={() => setWatch('sandbox')}>
              the scenario sandbox
            </button>
          </div>
        ) : null}
        {tab === 'scenarios' ? (
          <ScenarioView
            onSandbox={(next) => {
              setSandbox(next);
              setWatch(next ? 'sandbox' : 'screen');
            }}
          />
        ) : (
          <MachineView
            key={watchingSandbox ? 'sandbox' : 'screen'}
            store={watchingSandbox ? sandbox.store : screen}
            drive={!watchingSandbox}
            clock={clock}
            storage={storage}
            reload={reload}
          />
        )}
      </div>
    </aside>
  );
}
