import { describe, expect, it } from 'vitest';
import { createScenarioSandbox } from './scenario-sandbox';
import { SCENARIOS } from './scenarios';

describe('QA scenarios', () => {
  it.each(SCENARIOS.map((scenario) => [scenario.title, scenario] as const))('%s: every step ends where it says', async (_title, scenario) => {
    const sandbox = createScenarioSandbox(scenario);
    for (const step of scenario.steps) {
      const result = await sandbox.run(step);
      expect(result.mismatches, step.title).toEqual([]);
    }
    sandbox.stop();
  });

  it('marks a mismatch', async () => {
    const scenario = SCENARIOS.find((s) => s.id === 'existing-email');
    if (!scenario) throw new Error('missing scenario');
    const sandbox = createScenarioSandbox(scenario);
    const result = await sandbox.run({ ...scenario.steps[0]!, expect: { states: ['login.editing'] } });
    expect(result.ok).toBe(false);
    expect(result.mismatches).toEqual(['state: expected login.editing, got register.submitting']);
  });

  it('logs what happened through the inspection API, with the code masked', async () => {
    const scenario = SCENARIOS.find((s) => s.id === 'wrong-code');
    if (!scenario) throw new Error('missing scenario');
    const sandbox = createScenarioSandbox(scenario);
    for (const step of scenario.steps) await sandbox.run(step);
    const { log, chart, active } = sandbox.store.getState();
    expect(chart?.children.map((c) => c.key)).toEqual(['booting', 'register', 'login', 'verifyCode', 'signedIn']);
    expect(active).toEqual(['verifyCode.form.idle', 'verifyCode.countdown.running']);
    const submit = log.find((entry) => entry.eventType === 'code.submit');
    expect(submit?.payload).toEqual({ code: '•••••• (hidden)' });
    expect(submit?.transitions).toEqual([{ source: 'verifyCode.form.idle', targets: ['verifyCode.form.verifying'], guard: null }]);
    expect(JSON.stringify(log)).not.toContain('000000');
  });
});
