import { Worker } from 'node:worker_threads';

/** What went wrong in a worker task, as its thrown error said (name, message, and a code when it had one). */
export class WorkerTaskError extends Error {
  constructor(
    readonly errorName: string,
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'WorkerTaskError';
  }
}

/** The task took longer than its time limit, or needed more memory than its limit: the worker was stopped. */
export class WorkerLimitError extends Error {
  constructor(readonly limit: 'time' | 'memory') {
    super(limit === 'time' ? 'The task took longer than its time limit.' : 'The task needed more memory than its limit.');
    this.name = 'WorkerLimitError';
  }
}

export interface WorkerTaskLimits {
  timeoutMs: number;
  /** The worker's JavaScript heap (V8 old generation), in MB. */
  maxHeapMb: number;
}

/**
 * Runs `exportName(input)` of the module at `moduleUrl` in a worker thread of its own, so CPU-heavy work on a
 * customer's file (a PDF) never holds the event loop that answers every other request and job. The worker is
 * stopped at the time limit and cannot grow its heap past the memory limit; either is a WorkerLimitError. The
 * input and the result cross by structured clone (no functions or class instances).
 */
export function runWorkerTask<Input, Output>(moduleUrl: URL, exportName: string, input: Input, limits: WorkerTaskLimits): Promise<Output> {
  return new Promise<Output>((resolve, reject) => {
    const worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), {
      workerData: { moduleUrl: moduleUrl.href, exportName, input },
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: Math.min(64, limits.maxHeapMb), stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new WorkerLimitError('time'))), limits.timeoutMs);
    worker.once('message', (message: { ok: true; value: Output } | { ok: false; error: { name: string; message: string; code?: string } }) =>
      settle(() => (message.ok ? resolve(message.value) : reject(new WorkerTaskError(message.error.name, message.error.message, message.error.code)))),
    );
    worker.once('error', (error: Error & { code?: string }) => settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new WorkerLimitError('memory') : error)));
    worker.once('exit', (exitCode) => settle(() => reject(new Error(`the worker stopped (exit code ${exitCode}) before it answered`))));
  });
}
