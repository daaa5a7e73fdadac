/** What one call of a batch came to: its answer, or why it failed (the batch's other calls do not). */
export type CallOutcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

/**
 * Does one batch: answers every call of it (`answer`, once, outcomes in the calls' order) as soon
 * as it can, and may go on with work that need not hold the callers (the next batch waits for it).
 * A throw before `answer` fails every call of the batch with that error; work after `answer`
 * handles its own errors (its callers are answered already).
 */
export type BatchRun<I, O> = (
  items: readonly I[],
  answer: (outcomes: readonly CallOutcome<O>[]) => void,
) => Promise<void>;

interface PendingCall<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

/**
 * Calls made while a batch is under way go together in the next one (`maxBatch` at most), so
 * concurrent callers share its round trips: a quiet queue starts a batch at once, after the
 * current turn of the event loop (calls made together go together), and under load the batches
 * grow with the calls waiting. One batch at a time, in the order the calls were made.
 *
 * @example
 * const lookups = new CallBatches<string, Doc | null>(async (ids, answer) => {
 *   const found = await findByIds(ids);
 *   answer(ids.map((id) => ({ ok: true, value: found.get(id) ?? null })));
 * }, 100);
 * const doc = await lookups.call('a');
 */
export class CallBatches<I, O> {
  private waiting: PendingCall<I, O>[] = [];
  private running: Promise<void> | null = null;

  constructor(
    private readonly run: BatchRun<I, O>,
    private readonly maxBatch: number,
  ) {}

  call(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.running ??= this.drain();
    });
  }

  /** Resolves once every call made so far is answered and its batch's work is done. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain() {
    await new Promise((resolve) => setImmediate(resolve));
    while (this.waiting.length) {
      const batch = this.waiting.splice(0, this.maxBatch);
      let answered = false;
      try {
        await this.run(
          batch.map((call) => call.item),
          (outcomes) => {
            answered = true;
            batch.forEach((call, i) => {
              const outcome = outcomes[i];
              if (outcome?.ok) call.resolve(outcome.value);
              else call.reject(outcome ? outcome.error : new Error('the batch gave no answer'));
            });
          },
        );
        if (!answered) throw new Error('the batch gave no answer');
      } catch (error) {
        // Settled calls ignore this: only those of a batch that failed before answering hear it.
        for (const call of batch) call.reject(error);
      }
    }
    this.running = null;
  }
}
