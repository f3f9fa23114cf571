import { useActorRef } from '@xstate/react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { type ActorRefFrom, assign, type InspectionEvent } from 'xstate';
import type { createAuthFlowActors } from '../api/auth-flow.actors';
import { type AuthFlowOutput, authFlowMachine } from './auth-flow.machine';
import { clearSignInState, loadSignInState, sameSignInState, saveSignInState, signInStateOf } from './auth-flow.persistence';
import type { VerificationMode } from './auth-flow.types';

export type AuthFlowActorRef = ActorRefFrom<typeof authFlowMachine>;

export interface UseAuthFlowOptions {
  actors: ReturnType<typeof createAuthFlowActors>;
  /** Where the in-progress sign-in is saved (sessionStorage in the app). */
  storage: Storage;
  now?: () => number;
  initialMode: VerificationMode;
  onSignedIn: (result: AuthFlowOutput) => void;
  inspect?: ((event: InspectionEvent) => void) | undefined;
}

/**
 * Runs the auth-flow machine for a screen: restores the saved state (if under 20 minutes old), saves it whenever
 * its saved fields change (so its timestamp is the time of the last change, not of the last reload), and on
 * success clears it and hands the token over.
 */
export function useAuthFlow({ actors, storage, now = Date.now, initialMode, onSignedIn, inspect }: UseAuthFlowOptions): AuthFlowActorRef {
  const [restored] = useState(() => loadSignInState(storage, now()));
  const actorRef = useActorRef(
    authFlowMachine.provide({ actors, actions: { syncTime: assign({ now: () => now() }) } }),
    { input: { now: now(), initialMode, restored }, ...(inspect ? { inspect } : {}) },
  );

  const lastSaved = useRef(restored);
  const persist = useEffectEvent((snapshot: ReturnType<AuthFlowActorRef['getSnapshot']>) => {
    if (snapshot.status !== 'active') return;
    const state = signInStateOf(snapshot);
    if (sameSignInState(lastSaved.current, state)) return;
    saveSignInState(storage, state, now());
    lastSaved.current = state;
  });
  const finish = useEffectEvent((result: AuthFlowOutput) => {
    clearSignInState(storage);
    onSignedIn(result);
  });

  useEffect(() => {
    const subscription = actorRef.subscribe(persist);
    const signedIn = actorRef.on('signedIn', (event) => finish({ authToken: event.authToken, mode: event.mode }));
    return () => {
      subscription.unsubscribe();
      signedIn.unsubscribe();
    };
  }, [actorRef]);

  return actorRef;
}
