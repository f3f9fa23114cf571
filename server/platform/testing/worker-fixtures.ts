/** Tasks for server/platform/lib/worker-task.test.ts, run in a worker thread. */
export function double({ n }: { n: number }): number {
  return n * 2;
}

export function refuse(): never {
  throw Object.assign(new Error('nope, and why'), { name: 'PriceImportError', code: 'not_pdf' });
}

/** Never returns: only the time limit ends it. */
export function spin(): never {
  for (;;) {
    // busy
  }
}
