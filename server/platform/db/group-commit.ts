/** The event loop's own setImmediate, taken before any test can replace it with a fake. */
const nextTurn: (callback: () => void) => void = globalThis.setImmediate.bind(globalThis);

/**
 * Group commit: the writes that arrive in one turn of the event loop, or while a batch is being committed, are
 * committed together in one transaction (and, on a PostgreSQL server, one WAL flush) instead of one each. A write
 * waits for the end of the current turn (the I/O callbacks already due: other requests read from their sockets),
 * never on a timer; a lone write goes as good as at once, and under a burst the batch grows with the load (up to
 * `maxBatch`), so the cost per write falls as the load rises. The embedded database answers a whole transaction
 * without yielding to the event loop, so waiting for the turn's end is what lets a burst's requests meet at all
 * (docs/decisions/0028).
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
  private scheduled = false;

  constructor(
    private readonly write: (inputs: readonly In[]) => Promise<Out[]>,
    private readonly maxBatch = 100,
  ) {}

  submit(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.pending.push({ input, resolve, reject });
      this.kick();
    });
  }

  /** Commits what is pending at the end of this turn of the event loop, unless a batch is being committed. */
  private kick(): void {
    if (this.draining || this.scheduled) return;
    this.scheduled = true;
    nextTurn(() => {
      this.scheduled = false;
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      const batch = this.pending.splice(0, this.maxBatch);
      if (batch.length > 0) await this.commit(batch);
    } finally {
      this.draining = false;
      if (this.pending.length > 0) this.kick();
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
