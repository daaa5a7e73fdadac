// @vitest-environment jsdom
import { signupRequest } from '@onvelope/contracts';
import { BrowserRouter } from '@onvelope/router';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceSessionExpired } from '../session-expiry.js';
import { SessionExpiredNotice } from '../SessionExpiredNotice.js';
import type { AuthAccount } from './auth-account.js';
import { CredentialsForm } from './CredentialsForm.js';
import { VerifyForm } from './VerifyForm.js';

// The browser suite moves the page's clock past these pauses (shell/e2e/accounts.e2e.test.ts,
// issue 37), so their lengths are proved here: each screen shows its message, stays put until just
// before the spec's pause is over, and moves on once it is. The pauses are written out in the spec's
// figures, not read from `redirectDelays`, so a change to those constants fails these tests.

// Only the timers the screens pause with are faked: React schedules its own work with
// `setImmediate`, which keeps running as usual. Testing Library's `findBy`/`waitFor` and user-event
// wait on `setTimeout`, so these tests use `fireEvent` and `act` instead.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // jsdom lays nothing out: bringing the message into view, or the next page's top, does nothing.
  Element.prototype.scrollIntoView = () => {};
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

/** A seller's account whose calls answer at once; `answers` gives the calls a test makes. */
function accountAnswering(answers: Partial<AuthAccount>): AuthAccount {
  const notCalled = () => Promise.reject(new Error('not called by this test'));
  return {
    kind: 'merchant',
    signUpFields: [],
    signUpRequest: signupRequest,
    googleSignIn: false,
    signIn: notCalled,
    signUp: notCalled,
    requestPasswordReset: notCalled,
    resetPassword: notCalled,
    verify: notCalled,
    resendCode: notCalled,
    ...answers,
  };
}

/** Renders `screenShown` at `path` under the site's router. */
function openAt(path: string, screenShown: ReactNode) {
  window.history.replaceState(null, '', path);
  render(<BrowserRouter>{screenShown}</BrowserRouter>);
}

/** Types into a field by its test id. */
function enter(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

/** Clicks a button, then lets the account's answer (a settled promise) reach the screen. */
async function clickAndAnswer(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
  await act(async () => {});
}

/** Moves the clock on by `ms`, letting the screen's timers fire and React apply what they did. */
function wait(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
}

/** Opens the sign-in or sign-up form on its page, fills it in as Pia and sends it. */
async function sendCredentials(mode: 'login' | 'register', account: AuthAccount, button: string) {
  openAt(
    `/${mode}`,
    <CredentialsForm mode={mode} account={account} notice={null} onForgotPassword={() => {}} />,
  );
  enter('auth-email', 'pia@shop.test');
  enter('auth-password', 'secret1');
  await clickAndAnswer(button);
}

/** The address the page shows. */
const shownAddress = () => window.location.pathname + window.location.search;

/** The page stays at `from` until just before `ms` have passed, and shows `to` once they have. */
function expectPauseAt(from: string, ms: number, to: string) {
  wait(ms - 1);
  expect(shownAddress()).toBe(from);
  wait(1);
  expect(shownAddress()).toBe(to);
}

describe('the pause before the next page', () => {
  it('after signing in: shows "Login successful!" and goes where the account says 1.5 s later', async () => {
    const signIn = vi.fn(async () => '/dashboard');
    await sendCredentials('login', accountAnswering({ signIn }), 'Sign In');

    expect(signIn).toHaveBeenCalledWith('pia@shop.test', 'secret1');
    expect(screen.getByTestId('auth-success').textContent).toBe('Login successful!');
    // spec 001 §4 (sign-in success) and §9: "1.5 s after login".
    expectPauseAt('/login', 1_500, '/dashboard');
  });

  it('after signing up: says where the code went and goes to /verify 3 s later', async () => {
    const signUp = vi.fn(async () => 'pia@shop.test');
    await sendCredentials('register', accountAnswering({ signUp }), 'Create Account');

    expect(signUp).toHaveBeenCalledWith('pia@shop.test', 'secret1', {});
    expect(screen.getByTestId('auth-success').textContent).toBe(
      'We sent a 6-digit verification code to pia@shop.test. Please check your email.',
    );
    // spec 001 §4 (sign-up needing verification) and §9: "3 s after sign-up needing verification".
    expectPauseAt('/register', 3_000, '/verify');
  });

  it('after verifying: says so and goes where the account says 1.5 s later', async () => {
    const verify = vi.fn(async () => '/dashboard?welcome=true');
    openAt('/verify', <VerifyForm email="pia@shop.test" account={accountAnswering({ verify })} />);
    enter('verify-code', '123456');
    await clickAndAnswer('Verify Email');

    expect(verify).toHaveBeenCalledWith('pia@shop.test', '123456');
    expect(screen.getByTestId('verify-success').textContent).toBe(
      'Email verified successfully! Signing you in...',
    );
    // spec 001 §4 (verify) and §9: "1.5 s after login, register or verify".
    expectPauseAt('/verify', 1_500, '/dashboard?welcome=true');
  });

  it('after the session expires: says so and goes to /login 2 s later', () => {
    openAt('/account-settings', <SessionExpiredNotice />);
    act(() => announceSessionExpired());

    expect(screen.getByTestId('session-expired').textContent).toBe(
      'Your session has expired. Please log in again. Go to login',
    );
    // spec 001 §2 (account settings) and §9: "2 s after session expiry on account settings".
    expectPauseAt('/account-settings', 2_000, '/login');
  });
});
