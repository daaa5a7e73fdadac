import type { RunningSystem } from './system.js';

// Accounts made through a running system's public API, as a person makes them: sign-up, the code
// from the system's SMTP sink, verify, and for a seller the trial agreement. For tests and benches
// that drive the whole system (browser tests, the traces test).

let accountCounter = 0;

/** A fresh address per call, so tests never meet each other's accounts in one system. */
export function uniqueEmail(prefix: string): string {
  accountCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${accountCounter}@shop.test`;
}

/** The 6-digit code svc-auth puts on a line of its own in the mail body. */
export function codeInMail(raw: string): string {
  const code = /^(\d{6})\r?$/m.exec(raw)?.[1];
  if (!code) throw new Error(`no 6-digit code line in the mail:\n${raw}`);
  return code;
}

/**
 * Waits for the next mail to `email` after `since` that carries a code, and returns the code.
 * Other mail to the address (svc-notify's, which comes when it comes) is passed over.
 */
export async function codeSentTo(
  system: RunningSystem,
  email: string,
  since: Date,
): Promise<string> {
  const until = Date.now() + 20_000;
  let after = since;
  for (;;) {
    const mail = await system.mail.waitForMail(email, {
      since: after,
      timeoutMs: Math.max(1, until - Date.now()),
    });
    if (/^\d{6}\r?$/m.test(mail.raw)) return codeInMail(mail.raw);
    after = new Date(mail.receivedAt.getTime() + 1);
  }
}

/**
 * Calls the gateway (a JSON `body` when one is given) and answers the parsed reply; anything but
 * 2xx throws.
 */
export async function callJson<T>(
  system: RunningSystem,
  method: 'GET' | 'POST',
  path: string,
  { body, token }: { body?: unknown; token?: string } = {},
): Promise<T> {
  const response = await fetch(`${system.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** POSTs JSON to the gateway and answers the parsed reply; anything but 2xx throws. */
export function postJson<T>(
  system: RunningSystem,
  path: string,
  body: unknown,
  token?: string,
): Promise<T> {
  return callJson<T>(system, 'POST', path, { body, token });
}

export interface ApiAccount {
  email: string;
  password: string;
  token: string;
  /** The seller's `user` or the buyer's `customer`, as the API returned it. */
  profile: Record<string, unknown>;
}

/**
 * A verified seller made through the real API (sign-up, the code from the SMTP sink, verify), with
 * the trial agreement completed when `onboarded` is set.
 */
export async function createSeller(
  system: RunningSystem,
  options: { onboarded: boolean; displayName?: string },
): Promise<ApiAccount> {
  const email = uniqueEmail(options.onboarded ? 'onboarded' : 'new-seller');
  const password = 'correct-horse-1';
  const since = new Date();
  await postJson(system, '/auth/signup', { email, password, displayName: options.displayName });
  const code = await codeSentTo(system, email, since);
  const verified = await postJson<{ token: string; user: Record<string, unknown> }>(
    system,
    '/auth/verify-code',
    { email, code },
  );
  if (!options.onboarded) return { email, password, token: verified.token, profile: verified.user };
  const onboarded = await postJson<{ user: Record<string, unknown> }>(
    system,
    '/auth/complete-onboarding',
    {
      selectedPlan: 'pro_monthly',
      agreeToTrialTerms: true,
      agreeToPaymentTerms: true,
      consent: {
        agreed: true,
        termsUrl: '/terms',
        privacyUrl: '/privacy',
        termsVersion: '2025-10-02',
        consentTimestamp: new Date().toISOString(),
        consentIp: 'api-test',
      },
    },
    verified.token,
  );
  return { email, password, token: verified.token, profile: onboarded.user };
}

/**
 * A verified buyer made through the real API, at an address of its own unless `email` is given (a
 * buyer whose address an order already names).
 */
export async function createBuyer(
  system: RunningSystem,
  { email = uniqueEmail('buyer'), firstName = 'Bo' }: { email?: string; firstName?: string } = {},
): Promise<ApiAccount> {
  const password = 'buyer-pass-1';
  const since = new Date();
  await postJson(system, '/api/customer-auth/signup', { email, password, firstName });
  const code = await codeSentTo(system, email, since);
  const verified = await postJson<{ token: string; customer: Record<string, unknown> }>(
    system,
    '/api/customer-auth/verify-code',
    { email, code },
  );
  return { email, password, token: verified.token, profile: verified.customer };
}
