/**
 * Lets at most `inFlight` pieces of work run at once and queues the rest by key (a seller), taking
 * the keys in turn as slots free: a seller with a hundred calls waiting delays another seller's
 * call by one turn, not by the hundred.
 *
 * Why a replica needs it: a dashboard read holds its page of orders in memory from the database's
 * answer until its own answer is written, and at a busy database it also waits there for a second
 * query (the search's count). Two hundred such calls at once kept svc-orders' heap at its cap and
 * half its CPU in garbage collection (svc-orders/bench/README.md); queued before their first query,
 * calls hold nothing, and the database, which can only work through so many at once, stays as busy.
 *
 * @example
 * const gate = createFairGate(16);
 * const page = await gate.run(accountId, () => listTrackingEntries(entries, accountId, query));
 */
export interface FairGate {
  /**
   * Runs `work` once a slot is free and it is `key`'s turn; settles as `work` does. Aborting
   * `gone` while it waits (its caller hung up) takes it out of the line and rejects with the
   * signal's reason: nobody would read its answer, and it would hold a slot others wait for.
   */
  run<T>(key: string, work: () => Promise<T>, gone?: AbortSignal): Promise<T>;
  /** Work running, and work waiting for a slot (for metrics and tests). */
  load(): { running: number; waiting: number };
}

export interface FairGateOptions {
  /** Told of each piece of work that left the line unrun, its caller gone (for metrics). */
  onLeave?: () => void;
}

export function createFairGate(inFlight: number, { onLeave }: FairGateOptions = {}): FairGate {
  if (!Number.isInteger(inFlight) || inFlight < 1) {
    throw new RangeError(`a fair gate needs at least one slot, not ${inFlight}`);
  }
  let running = 0;
  /** Each key's waiting starts, oldest first; a Map iterates its keys in the order they came. */
  const queues = new Map<string, (() => void)[]>();

  /** Gives a free slot to the next key in turn, which goes to the back of the line. */
  const startNext = () => {
    const next = queues.entries().next();
    if (next.done) return;
    const [key, queue] = next.value;
    queues.delete(key);
    const start = queue.shift()!;
    if (queue.length) queues.set(key, queue);
    start();
  };

  return {
    async run(key, work, gone) {
      gone?.throwIfAborted();
      if (running >= inFlight) {
        await new Promise<void>((start, reject) => {
          const queued = () => {
            gone?.removeEventListener('abort', leave);
            start();
          };
          const leave = () => {
            const queue = queues.get(key)!;
            queue.splice(queue.indexOf(queued), 1);
            if (!queue.length) queues.delete(key);
            onLeave?.();
            reject(gone!.reason);
          };
          gone?.addEventListener('abort', leave, { once: true });
          const queue = queues.get(key);
          if (queue) queue.push(queued);
          else queues.set(key, [queued]);
        });
      } else {
        running += 1;
      }
      try {
        return await work();
      } finally {
        // The slot passes straight to the next in turn, so `running` stays as it is.
        if (queues.size) startNext();
        else running -= 1;
      }
    },
    load: () => ({
      running,
      waiting: [...queues.values()].reduce((sum, queue) => sum + queue.length, 0),
    }),
  };
}
