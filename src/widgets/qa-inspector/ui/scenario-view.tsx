import { useEffect, useState } from 'react';
import { createScenarioSandbox, type ScenarioSandbox, type StepResult } from '../model/scenario-sandbox';
import { type Expectation, SCENARIOS } from '../model/scenarios';
import classes from './qa-panel.module.css';

const describeExpectation = (e: Expectation) =>
  [
    e.states.join(' + '),
    e.message !== undefined ? `message ${JSON.stringify(e.message)}` : null,
    e.secondsLeft !== undefined ? `countdown ${e.secondsLeft} s` : null,
    e.email !== undefined ? `email ${JSON.stringify(e.email)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * Replays a scenario step by step on a sandbox copy of the machine (scripted server, its own paused clock): each
 * step shows what is expected and what happened, and marks a mismatch.
 */
export function ScenarioView({ onSandbox }: { onSandbox: (sandbox: ScenarioSandbox | null) => void }) {
  const [scenarioId, setScenarioId] = useState(SCENARIOS[0]?.id ?? '');
  const scenario = SCENARIOS.find((s) => s.id === scenarioId) ?? SCENARIOS[0];
  const [sandbox, setSandbox] = useState<ScenarioSandbox | null>(null);
  const [results, setResults] = useState<Array<StepResult | { error: string }>>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => () => void sandbox?.stop(), [sandbox]);

  if (!scenario) return null;
  const next = results.length;
  const done = next >= scenario.steps.length;

  const restart = () => {
    const fresh = createScenarioSandbox(scenario);
    setSandbox(fresh);
    setResults([]);
    onSandbox(fresh);
    return fresh;
  };
  const step = async (count: number) => {
    setBusy(true);
    const box = sandbox ?? restart();
    const collected = [...results];
    for (let i = 0; i < count && collected.length < scenario.steps.length; i += 1) {
      const current = scenario.steps[collected.length];
      if (!current) break;
      try {
        collected.push(await box.run(current));
      } catch (error) {
        collected.push({ error: error instanceof Error ? error.message : String(error) });
        break;
      }
    }
    setResults(collected);
    setBusy(false);
  };

  return (
    <div aria-label="Scenarios">
      <div className={classes.row}>
        <select
          className={classes.input}
          style={{ width: 'auto', maxWidth: '100%' }}
          aria-label="Scenario"
          value={scenario.id}
          onChange={(e) => {
            setScenarioId(e.target.value);
            setSandbox(null);
            setResults([]);
            onSandbox(null);
          }}
        >
          {SCENARIOS.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </select>
      </div>
      <div className={classes.row}>
        <button type="button" className={classes.button} disabled={busy || done} onClick={() => void step(1)}>
          Step
        </button>
        <button type="button" className={classes.button} disabled={busy || done} onClick={() => void step(scenario.steps.length)}>
          Run to the end
        </button>
        <button type="button" className={classes.button} disabled={busy} onClick={restart}>
          Restart
        </button>
        <span className={classes.muted}>
          {next}/{scenario.steps.length} steps
          {results.some((r) => 'error' in r || !r.ok) ? ' · mismatch' : done ? ' · all as expected' : ''}
        </span>
      </div>
      <ol style={{ margin: 0, paddingLeft: 18 }}>
        {scenario.steps.map((s, index) => {
          const result = results[index];
          const verdict = !result ? undefined : 'error' in result || !result.ok ? 'mismatch' : 'ok';
          return (
            <li key={index} className={classes.step} data-result={verdict} data-current={index === next ? 'true' : 'false'}>
              <div>
                {verdict === 'ok' ? <span className={classes.ok}>✓ </span> : null}
                {verdict === 'mismatch' ? <span className={classes.bad}>✗ </span> : null}
                {s.title}
              </div>
              <div className={classes.muted}>expected: {describeExpectation(s.expect)}</div>
              {result && 'error' in result ? <div className={classes.bad}>error: {result.error}</div> : null}
              {result && !('error' in result) ? (
                <>
                  <div className={classes.muted}>
                    actual: {result.actual.states.join(' + ')} · message {JSON.stringify(result.actual.message)} · countdown {result.actual.secondsLeft} s
                  </div>
                  {result.mismatches.map((m) => (
                    <div key={m} className={classes.bad}>
                      {m}
                    </div>
                  ))}
                </>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
