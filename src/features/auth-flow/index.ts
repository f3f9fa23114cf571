export { createAuthFlowActors } from './api/auth-flow.actors';
export {
  AUTH_FLOW_MESSAGES,
  AUTH_FLOW_TIMING,
  type AuthFlowOutput,
  authFlowMachine,
  resendSecondsLeft,
  screenModeOf,
} from './model/auth-flow.machine';
export { clearSignInState, SAVED_SIGN_IN_STATE_TTL_MS, SIGN_IN_STATE_KEY } from './model/auth-flow.persistence';
export type { RegistrationPayload, VerificationMode } from './model/auth-flow.types';
export { type AuthFlowActorRef, useAuthFlow, type UseAuthFlowOptions } from './model/use-auth-flow';
export { AuthFlowPanel, type AuthFlowPanelProps } from './ui/auth-flow-panel';
