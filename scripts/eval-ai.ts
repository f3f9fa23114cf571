/**
 * `npm run eval:ai [thread-id…] [--verbose] [--held-out]`: plays the conversation fixture set
 * (tests/fixtures/ai-conversations) against the configured model — AI_BASE_URL / AI_API_KEY / AI_MODEL /
 * AI_TIMEOUT_MS, read the way the server reads them — and prints the same tables as the built-in assistant's
 * test, with turns, tokens and latency: the dev part with its misses, then the held-out part as totals only (its
 * threads are not for tuning; `--held-out --verbose` shows its misses, for an audit once a change is final), and the
 * round's unread check (next-check/) as totals only.
 * Without AI_API_KEY or AI_BASE_URL it runs the built-in assistant and says so first. Thread ids (or parts of them)
 * pick threads; --verbose prints every missed thread turn by turn.
 */
import { existsSync } from 'node:fs';
import { createBuiltinAssistant } from '@server/adapters/ai/builtin/builtin-assistant';
import { CHECK_DIR, formatFailures, formatTable, HELD_OUT_DIR, loadFixtures, runFixtures } from '@server/adapters/ai/eval/run-fixtures';
import { createOpenAiAssistant } from '@server/adapters/ai/openai/openai-assistant';
import { EnvError, loadDotEnvFiles, loadEnv } from '@server/platform/config/env';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const verbose = args.includes('--verbose');
  const audit = args.includes('--held-out');
  const picks = args.filter((arg) => !arg.startsWith('--'));

  loadDotEnvFiles();
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }

  const configured = Boolean(env.AI_API_KEY || env.AI_BASE_URL);
  console.log(
    configured
      ? `Evaluating the model ${env.AI_MODEL} at ${env.AI_BASE_URL ?? 'the OpenAI API'} (time limit ${env.AI_TIMEOUT_MS} ms per turn).`
      : 'No AI_API_KEY or AI_BASE_URL is set: evaluating the built-in assistant.',
  );
  const port = configured
    ? createOpenAiAssistant({ baseURL: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL, timeoutMs: env.AI_TIMEOUT_MS })
    : createBuiltinAssistant();

  const picked = (list: ReturnType<typeof loadFixtures>) => list.filter((fixture) => picks.length === 0 || picks.some((pick) => fixture.id.includes(pick)));
  const dev = audit ? [] : picked(loadFixtures());
  const heldOut = picked(loadFixtures(HELD_OUT_DIR));
  const check = audit || !existsSync(CHECK_DIR) ? [] : picked(loadFixtures(CHECK_DIR));
  if (dev.length + heldOut.length + check.length === 0) {
    console.error(`No fixture id contains ${picks.join(' or ')}.`);
    return 1;
  }

  if (dev.length > 0) {
    const report = await runFixtures(port, dev, {
      onThread: (thread) => console.log(`${thread.allRight ? '✓' : '✗'} ${thread.id}${thread.error ? ` (error: ${thread.error})` : ''}`),
    });
    console.log(`\nDev part (rules may be tuned against it)\n${formatTable(report, { timing: true })}`);
    const failures = formatFailures(report, { transcripts: verbose });
    if (failures) console.log(`\n${failures}${verbose ? '' : '\n(--verbose shows each missed thread turn by turn)'}`);
  }
  if (check.length > 0) {
    const report = await runFixtures(port, check);
    console.log(`\nThis round's check (written blind, not tuned against yet; totals only)\n${formatTable(report, { timing: true })}`);
  }
  if (heldOut.length > 0) {
    const report = await runFixtures(port, heldOut);
    console.log(`\nHeld-out part (never tuned against; totals only)\n${formatTable(report, { timing: true })}`);
    if (audit && verbose) console.log(`\n${formatFailures(report)}`);
  }
  return 0;
}

process.exitCode = await main();
