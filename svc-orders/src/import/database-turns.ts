/**
 * Runs steps one at a time, in the order they were handed over: the import thread's imports take
 * turns at the orders collection through one of these, so however many sellers import at once, a
 * call answered beside them waits behind one batch's lookup or write, never behind one of each
 * import (issue 41: ten imports at once put another seller's dashboard at 4-12x its idle p95).
 */
export type DatabaseTurns = <T>(step: () => Promise<T>) => Promise<T>;

export function databaseTurns(): DatabaseTurns {
  let last: Promise<unknown> = Promise.resolve();
  return (step) => {
    const turn = last.then(step);
    // The next step waits for this one to end, however it ends; its failure is the caller's.
    last = turn.catch(() => undefined);
    return turn;
  };
}
