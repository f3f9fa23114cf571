import type { InspectionEvent } from 'xstate';
import { config } from '../../shared/config/env';

type Inspect = (event: InspectionEvent) => void;
let inspect: Inspect | undefined;

/**
 * QA: with VITE_XSTATE_INSPECT=true the auth-flow actor reports to the Stately inspector (a popup). The inspector
 * is its own chunk, fetched only then.
 */
export async function setUpInspector(): Promise<void> {
  if (config.VITE_XSTATE_INSPECT !== 'true') return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  inspect = createBrowserInspector({ autoStart: true }).inspect as Inspect;
}

export function inspector(): Inspect | undefined {
  return inspect;
}
