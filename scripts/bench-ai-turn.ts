/**
 * npm run bench ai-turn — the built-in assistant's cost on this machine: the intent model's training and the town
 * table's reading at first use (once per process), then the CPU of every turn of the conversation set (dev and held-out parts), measured with
 * process.cpuUsage around each decision. Issue 22's goal: a turn under 50 ms of CPU. Prints min / median / p99 /
 * max and fails (exit 1) when the p99 is over the goal.
 */
import { cpuUsage } from 'node:process';
import type { AiTurnInput } from '@server/adapters/ai/ai.port';
import { decideTurn } from '@server/adapters/ai/builtin/builtin-assistant';
import { intentModel } from '@server/adapters/ai/builtin/nlu/intents';
import { forgetCorrections } from '@server/adapters/ai/builtin/nlu/services';
import { HELD_OUT_DIR, loadFixtures, runThread } from '@server/adapters/ai/eval/run-fixtures';

const GOAL_MS = 50;

export async function benchAiTurn(): Promise<number> {
  const start = cpuUsage();
  const began = performance.now();
  const model = await intentModel();
  const trainingCpu = cpuUsage(start);
  console.log(`intent model trained and town table read in ${Math.round(performance.now() - began)} ms wall, ${((trainingCpu.user + trainingCpu.system) / 1000).toFixed(0)} ms CPU (once per process)`);

  const samples: number[] = [];
  const port = {
    kind: 'builtin' as const,
    async decide(input: AiTurnInput) {
      // Each turn's words count as new ones (the spelling corrections are remembered per word).
      forgetCorrections();
      const before = cpuUsage();
      const decision = await decideTurn(input, model);
      const used = cpuUsage(before);
      samples.push((used.user + used.system) / 1000);
      return decision;
    },
  };
  const fixtures = [...loadFixtures(), ...loadFixtures(HELD_OUT_DIR)];
  // One warm-up pass (the vocabulary and the stem cache are built on first use), then the measured one.
  for (const fixture of fixtures) await runThread(port, fixture);
  samples.length = 0;
  for (const fixture of fixtures) await runThread(port, fixture);
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  console.log(`${samples.length} turns of ${fixtures.length} threads, CPU per turn: min ${at(0).toFixed(2)} ms, median ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms, max ${at(1).toFixed(2)} ms (goal < ${GOAL_MS} ms)`);
  return at(0.99) < GOAL_MS ? 0 : 1;
}
