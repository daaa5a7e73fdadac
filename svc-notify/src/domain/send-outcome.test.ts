import { describe, expect, it } from 'vitest';
import { retryDelayMs, sendFailureOf } from './send-outcome.js';

describe('sendFailureOf', () => {
  it('reads a 5xx to the recipient as the address refused for good', () => {
    expect(
      sendFailureOf({ responseCode: 550, command: 'RCPT TO', response: '550 5.1.1 No such user' }),
    ).toEqual({ kind: 'address_refused', detail: '550 5.1.1 No such user' });
  });

  it('reads another 5xx as the message refused, and 4xx or no server as worth another try', () => {
    expect(sendFailureOf({ responseCode: 554, command: 'DATA', response: '554 spam' }).kind).toBe(
      'message_refused',
    );
    expect(sendFailureOf({ responseCode: 451, command: 'RCPT TO' }).kind).toBe('retry');
    expect(
      sendFailureOf(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' })).kind,
    ).toBe('retry');
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base up to the cap, less up to a fifth at random', () => {
    const none = () => 0;
    expect([1, 2, 3, 4, 10].map((attempt) => retryDelayMs(attempt, 1_000, 5_000, none))).toEqual([
      1_000, 2_000, 4_000, 5_000, 5_000,
    ]);
    expect(retryDelayMs(1, 1_000, 5_000, () => 1)).toBe(800);
  });
});
