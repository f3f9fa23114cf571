import type { InspectionEvent } from 'xstate';

type Inspect = (event: InspectionEvent) => void;
let inspect: Inspect | undefined;

/**
 * QA: with VITE_XSTATE_INSPECT=true the auth-flow actor reports to the Stately inspector (a popup). The flag is a
 * build-time constant, so without it the inspector is not even in the bundle.
 */
export async function setUpInspector(): Promise<void> {
  if (import.meta.env.VITE_XSTATE_INSPECT !== 'true') return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  inspect = createBrowserInspector({ autoStart: true }).inspect as Inspect;
}

export function inspector(): Inspect | undefined {
  return inspect;
}
