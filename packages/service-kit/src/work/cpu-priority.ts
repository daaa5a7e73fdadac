import { readdirSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Lowers the calling thread (`'thread'`) or every thread of this process (`'process'`) to `nice`
 * (Linux: each thread has its own nice value, and a thread made later takes its maker's), for
 * background work that should give the CPU to the calls people wait on when it shares a machine
 * with them: svc-orders' import thread, svc-notify's whole process (issues 18, 34, 35). A thread
 * already as low is left as it is; where threads cannot be named (not Linux) the calling thread is
 * lowered. In Kubernetes a pod has CPU of its own, and a lower priority among its own threads
 * costs nothing. Answers how many threads were lowered.
 */
export function runAtLowerPriority(nice: number, scope: 'thread' | 'process'): number {
  let lowered = 0;
  for (const thread of scope === 'process' ? threadsOfThisProcess() : [thisThread()]) {
    try {
      if (getPriority(thread) >= nice) continue;
      setPriority(thread, nice);
      lowered += 1;
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return lowered;
}

/** This process's threads by id (`/proc/self/task`); elsewhere the calling thread alone (0). */
function threadsOfThisProcess(): number[] {
  try {
    return readdirSync('/proc/self/task').map(Number);
  } catch {
    return [0];
  }
}

/** The calling thread's id (`/proc/thread-self` names it); elsewhere 0, which means the caller. */
function thisThread(): number {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').at(-1));
  } catch {
    return 0;
  }
}
