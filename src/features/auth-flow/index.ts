export { createAuthFlowActors } from './api/auth-flow.actors';
export { type AuthFlowClock, AuthFlowClockContext, realClock } from './model/auth-flow.clock';
export { describeStatechart, type StatechartNode, type StatechartTransition } from './model/auth-flow.diagram';
export {
  AUTH_FLOW_MESSAGES,
  AUTH_FLOW_TIMING,
  type AuthFlowActors,
  type AuthFlowContext,
  type AuthFlowEvent,
  type AuthFlowOutput,
  type AuthFlowSnapshot,
  authFlowMachine,
  provideAuthFlow,
  resendSecondsLeft,
  screenModeOf,
} from './model/auth-flow.machine';
export {
  ageSignInState,
  clearSignInState,
  createSignInStateSaver,
  loadSignInState,
  readSavedSignInState,
  SAVED_SIGN_IN_STATE_TTL_MS,
  type SavedSignInState,
  SIGN_IN_STATE_KEY,
} from './model/auth-flow.persistence';
export type { RegistrationPayload, ServerAnswer, VerificationMode, VerifyAnswer } from './model/auth-flow.types';
export { type AuthFlowActorRef, useAuthFlow, type UseAuthFlowOptions } from './model/use-auth-flow';
export { AuthFlowPanel, type AuthFlowPanelProps } from './ui/auth-flow-panel';
