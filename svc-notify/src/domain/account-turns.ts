/**
 * The accounts a claim serves, in turn: sorted, starting after the one served last (wrapping),
 * at most `room` of them. Sellers with due work are all served before any is served twice.
 *
 * @example
 * accountsInTurn(['c', 'a', 'b'], 'a', 2) // ['b', 'c']
 */
export function accountsInTurn(
  accounts: readonly string[],
  servedLast: string | undefined,
  room: number,
): string[] {
  const sorted = [...accounts].sort();
  const next = servedLast === undefined ? 0 : sorted.findIndex((account) => account > servedLast);
  const start = next === -1 ? 0 : next;
  return [...sorted.slice(start), ...sorted.slice(0, start)].slice(0, Math.max(0, room));
}

/**
 * One item of each list in turn, then the second of each, and so on: a claim's jobs of several
 * accounts interleaved, so the one job of a small seller is not worked after a big one's batch.
 *
 * @example
 * interleaved([['a1', 'a2', 'a3'], ['b1']]) // ['a1', 'b1', 'a2', 'a3']
 */
export function interleaved<T>(lists: readonly (readonly T[])[]): T[] {
  const longest = Math.max(0, ...lists.map((list) => list.length));
  const out: T[] = [];
  for (let index = 0; index < longest; index += 1) {
    for (const list of lists) if (index < list.length) out.push(list[index] as T);
  }
  return out;
}
