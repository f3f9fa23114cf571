import type { InspectionEvent } from 'xstate';
import { type AuthFlowClock, realClock } from '@/features/auth-flow';

type Inspect = (event: InspectionEvent) => void;
let inspect: Inspect | undefined;
let clock: AuthFlowClock = realClock;

/** Stately's hosted inspector in a popup (needs the internet; watches only). Its own chunk, fetched on demand. */
async function openStately(): Promise<Inspect> {
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector({ autoStart: true }).inspect as Inspect;
}

/**
 * QA: with VITE_XSTATE_INSPECT=true the built-in QA inspector (src/widgets/qa-inspector, its own chunk, fetched
 * only then) watches the auth-flow actor and drives its clock; it can also open Stately's inspector. Run before
 * the sign-in screen renders, so the actor starts with this inspector and clock.
 */
export async function setUpInspector(): Promise<void> {
  // Read straight from import.meta.env (not the validated config) on purpose: Vite replaces it at build time, so a
  // normal build drops this branch and contains no QA chunk at all; the sign-in chunks stay exactly as they were.
  if (import.meta.env.VITE_XSTATE_INSPECT !== 'true') return;
  const { startQaInspector } = await import('@/widgets/qa-inspector');
  const qa = startQaInspector({ openStately });
  inspect = qa.inspect;
  clock = qa.clock;
}

export function inspector(): Inspect | undefined {
  return inspect;
}

/** The sign-in machine's clock: the real one, or the QA inspector's controllable one. */
export function devtoolsClock(): AuthFlowClock {
  return clock;
}
