import { createRoot } from 'react-dom/client';
import type { InspectionEvent } from 'xstate';
import { type ControllableClock, createControllableClock } from '../model/controllable-clock';
import { InspectionStore } from '../model/inspection-store';
import { QaPanel } from './qa-panel';

export interface QaInspector {
  /** Give to the auth-flow actor (`createActor(…, { inspect })`). */
  inspect: (event: InspectionEvent) => void;
  /** Give to the auth-flow actor as its clock (AuthFlowClockContext). */
  clock: ControllableClock;
}

/**
 * Mounts the QA panel in its own React root beside the app and returns what the composition root injects into the
 * sign-in machine. The clock's offset and pause live in sessionStorage so they survive a reload.
 */
export function startQaInspector(options: { openStately?: () => Promise<(event: InspectionEvent) => void> } = {}): QaInspector {
  const clock = createControllableClock({ storage: window.sessionStorage });
  const store = new InspectionStore(clock.now);
  const host = document.createElement('div');
  host.id = 'qa-inspector';
  document.body.append(host);
  createRoot(host).render(
    <QaPanel
      screen={store}
      clock={clock}
      storage={window.sessionStorage}
      reload={() => window.location.reload()}
      {...(options.openStately ? { openStately: options.openStately } : {})}
    />,
  );
  return { inspect: store.inspect, clock };
}
