import { describe, expect, it } from 'vitest';
import { foregroundCalls } from './foreground-calls.js';

/** A call that is answered when the test says so. */
function pendingCall() {
  let answer = () => {};
  const answered = new Promise<string>((resolve) => (answer = () => resolve('answered')));
  return { answer: () => answer(), run: () => answered };
}

describe('foregroundCalls', () => {
  it('sees no call when none was made', () => {
    const calls = foregroundCalls();
    const calledMeanwhile = calls.watch();
    expect(calledMeanwhile()).toBe(false);
  });

  it('sees a call under way, one begun and answered since, and passes its answer on', async () => {
    const calls = foregroundCalls();
    const calledMeanwhile = calls.watch();
    const call = pendingCall();
    const tracked = calls.track(call.run);
    expect(calledMeanwhile()).toBe(true);
    call.answer();
    expect(await tracked).toBe('answered');
    expect(calledMeanwhile()).toBe(true);
    expect(calls.watch()()).toBe(false);
  });

  it('sees a call that was under way when the watch began until it is answered', async () => {
    const calls = foregroundCalls();
    const call = pendingCall();
    const tracked = calls.track(call.run);
    const calledMeanwhile = calls.watch();
    expect(calledMeanwhile()).toBe(true);
    call.answer();
    await tracked;
    expect(calledMeanwhile()).toBe(false);
  });

  it('counts a failed call as answered, and passes its failure on', async () => {
    const calls = foregroundCalls();
    const calledMeanwhile = calls.watch();
    await expect(calls.track(() => Promise.reject(new Error('refused')))).rejects.toThrow(
      'refused',
    );
    expect(calledMeanwhile()).toBe(true);
    expect(calls.watch()()).toBe(false);
  });
});
