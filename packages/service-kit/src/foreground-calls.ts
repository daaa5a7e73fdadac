/**
 * The calls someone is waiting on, so that bulk work in the same process can give way to them: an
 * import watches them while it fills a batch and, when one came meanwhile, writes a smaller batch,
 * which stalls the event loop and the database for a quarter of the time (issue 18).
 */
export interface ForegroundCalls {
  /**
   * From now on: the returned check answers whether a call was being answered at any moment since
   * (one begun since, or one still under way).
   */
  watch(): () => boolean;
  /** Answers a call as a foreground one. */
  track<T>(answer: () => Promise<T>): Promise<T>;
}

export function foregroundCalls(): ForegroundCalls {
  let answering = 0;
  let begun = 0;
  return {
    watch() {
      const begunBefore = begun;
      return () => answering > 0 || begun !== begunBefore;
    },
    async track(answer) {
      answering += 1;
      begun += 1;
      try {
        return await answer();
      } finally {
        answering -= 1;
      }
    },
  };
}
