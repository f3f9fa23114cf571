import { describe, expect, it } from 'vitest';
import { runWorkerTask, WorkerLimitError, WorkerTaskError } from './worker-task';

const fixtures = new URL('../testing/worker-fixtures.ts', import.meta.url);
const limits = { timeoutMs: 10_000, maxHeapMb: 64 };

describe('runWorkerTask', () => {
  it('runs a TypeScript export in a worker thread and hands its result back', async () => {
    expect(await runWorkerTask(fixtures, 'double', { n: 21 }, limits)).toBe(42);
  });

  it('hands a thrown error back with its name, words and code', async () => {
    const error = await runWorkerTask(fixtures, 'refuse', {}, limits).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerTaskError);
    expect(error).toMatchObject({ errorName: 'PriceImportError', message: 'nope, and why', code: 'not_pdf' });
  });

  it('stops a task that runs past its time limit, while this thread stays free', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 10);
    const error = await runWorkerTask(fixtures, 'spin', {}, { ...limits, timeoutMs: 300 }).catch((e: unknown) => e);
    clearInterval(timer);
    expect(error).toBeInstanceOf(WorkerLimitError);
    expect((error as WorkerLimitError).limit).toBe('time');
    expect(ticks).toBeGreaterThan(5);
  });
});
