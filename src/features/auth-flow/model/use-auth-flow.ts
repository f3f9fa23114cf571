import { useActorRef } from '@xstate/react';
import { useContext, useEffect, useEffectEvent, useState } from 'react';
import type { ActorRefFrom, InspectionEvent } from 'xstate';
import type { createAuthFlowActors } from '../api/auth-flow.actors';
import { AuthFlowClockContext } from './auth-flow.clock';
import { type AuthFlowOutput, type authFlowMachine, provideAuthFlow } from './auth-flow.machine';
import { clearSignInState, createSignInStateSaver, loadSignInState } from './auth-flow.persistence';
import type { VerificationMode } from './auth-flow.types';

export type AuthFlowActorRef = ActorRefFrom<typeof authFlowMachine>;

export interface UseAuthFlowOptions {
  actors: ReturnType<typeof createAuthFlowActors>;
  /** Where the in-progress sign-in is saved (sessionStorage in the app). */
  storage: Storage;
  /** Overrides the clock's `now` (the clock itself comes from AuthFlowClockContext). */
  now?: () => number;
  initialMode: VerificationMode;
  onSignedIn: (result: AuthFlowOutput) => void;
  inspect?: ((event: InspectionEvent) => void) | undefined;
}

/**
 * Runs the auth-flow machine for a screen: restores the saved state (if under 20 minutes old), saves it whenever
 * its saved fields change (so its timestamp is the time of the last change, not of the last reload), and on
 * success clears it and hands the token over. Time (now and the `after` delays) comes from AuthFlowClockContext.
 */
export function useAuthFlow({ actors, storage, now: nowOption, initialMode, onSignedIn, inspect }: UseAuthFlowOptions): AuthFlowActorRef {
  const clock = useContext(AuthFlowClockContext);
  const now = nowOption ?? clock.now;
  const [restored] = useState(() => loadSignInState(storage, now()));
  const actorRef = useActorRef(provideAuthFlow(actors, now), {
    input: { now: now(), initialMode, restored },
    clock,
    ...(inspect ? { inspect } : {}),
  });

  const [save] = useState(() => createSignInStateSaver(storage, now, restored));
  const persist = useEffectEvent((snapshot: ReturnType<AuthFlowActorRef['getSnapshot']>) => save(snapshot));
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
