/**
 * `npm run eval:ai [thread-id…] [--verbose]`: plays the conversation fixture set (tests/fixtures/ai-conversations)
 * against the configured model — AI_BASE_URL / AI_API_KEY / AI_MODEL / AI_TIMEOUT_MS, read the way the server
 * reads them — and prints the same table as the built-in assistant's test, with turns, tokens and latency. Without
 * AI_API_KEY or AI_BASE_URL it runs the built-in assistant and says so first. Thread ids (or parts of them) pick
 * threads; --verbose prints every missed thread turn by turn.
 */
import { createBuiltinAssistant } from '@server/adapters/ai/builtin/builtin-assistant';
import { formatFailures, formatTable, loadFixtures, runFixtures } from '@server/adapters/ai/eval/run-fixtures';
import { createOpenAiAssistant } from '@server/adapters/ai/openai/openai-assistant';
import { EnvError, loadDotEnvFiles, loadEnv } from '@server/platform/config/env';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const verbose = args.includes('--verbose');
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

  const fixtures = loadFixtures().filter((fixture) => picks.length === 0 || picks.some((pick) => fixture.id.includes(pick)));
  if (fixtures.length === 0) {
    console.error(`No fixture id contains ${picks.join(' or ')}.`);
    return 1;
  }

  const report = await runFixtures(port, fixtures, {
    onThread: (thread) => console.log(`${thread.allRight ? '✓' : '✗'} ${thread.id}${thread.error ? ` (error: ${thread.error})` : ''}`),
  });
  console.log('');
  console.log(formatTable(report, { timing: true }));
  const failures = formatFailures(report, { transcripts: verbose });
  if (failures) console.log(`\n${failures}${verbose ? '' : '\n(--verbose shows each missed thread turn by turn)'}`);
  return 0;
}

process.exitCode = await main();
