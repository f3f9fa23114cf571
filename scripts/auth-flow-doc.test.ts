import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUTH_FLOW_DOC, withFreshDiagram } from './auth-flow-doc';
import { toMermaid } from '../src/features/auth-flow/model/auth-flow.diagram';
import { authFlowMachine } from '../src/features/auth-flow/model/auth-flow.machine';

describe('the documented statechart', () => {
  it('is the one generated from the machine (run `npm run docs:auth-flow` after changing it)', () => {
    const doc = readFileSync(AUTH_FLOW_DOC, 'utf8');
    expect(withFreshDiagram(doc)).toBe(doc);
  });

  it('shows every state, both 2 s switches and the countdown tick', () => {
    const diagram = toMermaid(authFlowMachine);
    for (const state of ['register_switchingToLogin', 'login_switchingToRegister', 'verifyCode_countdown_running', 'signedIn']) {
      expect(diagram).toContain(state);
    }
    expect(diagram).toContain('register_switchingToLogin --> login: after switchDelay');
    expect(diagram).toContain('login_switchingToRegister --> register: after switchDelay');
    expect(diagram).toContain('verifyCode_countdown_running --> verifyCode_countdown_checking: after untilNextSecond');
  });
});
