import { setImmediate } from 'node:timers/promises';

/**
 * Hands each item to `handle`, letting the event loop take other work after every `every` items:
 * `pause` when given (the service's `givingWay`, which lets the loop turn and then waits for its
 * calls to be answered), else a turn of the loop. A database cursor hands out the batch it fetched
 * (1,000 documents) on promises alone, which never let the loop turn: handling a whole batch held
 * up every call to the service meanwhile.
 */
export async function forEachTakingTurns<T>(
  items: AsyncIterable<T>,
  every: number,
  handle: (item: T) => void,
  pause?: () => Promise<void>,
): Promise<void> {
  let handled = 0;
  for await (const item of items) {
    handle(item);
    if ((handled += 1) % every === 0) await (pause ?? setImmediate)();
  }
}
