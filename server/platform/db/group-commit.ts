/**
 * Group commit: writes that arrive while one is being committed wait and are committed together in the next
 * transaction — one transaction (and, on a PostgreSQL server, one WAL flush) for many callers. Nothing waits on a
 * timer: a lone write goes at once, exactly as without the group; under a burst the batch grows with the queue
 * (up to `maxBatch`), so the cost per write falls as the load rises (docs/decisions/0024).
 *
 * `write` gets the inputs of one batch and returns one result per input, in order. If a batch fails, each of its
 * inputs is written again on its own, so one bad input fails only its own caller.
 *
 * In-process state only: each process batches its own callers; across instances the database's constraints keep
 * the writes correct (the batch is an ordinary transaction).
 */
export class GroupCommit<In, Out> {
  private pending: { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[] = [];
  private draining = false;

  constructor(
    private readonly write: (inputs: readonly In[]) => Promise<Out[]>,
    private readonly maxBatch = 100,
  ) {}

  submit(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.pending.push({ input, resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, this.maxBatch);
        await this.commit(batch);
      }
    } finally {
      this.draining = false;
    }
  }

  private async commit(batch: typeof this.pending): Promise<void> {
    try {
      const outs = await this.write(batch.map((entry) => entry.input));
      batch.forEach((entry, i) => entry.resolve(outs[i] as Out));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const entry of batch) {
        try {
          const [out] = await this.write([entry.input]);
          entry.resolve(out as Out);
        } catch (own) {
          entry.reject(own);
        }
      }
    }
  }
}
