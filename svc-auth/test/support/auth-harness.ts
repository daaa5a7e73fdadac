import { startService, startSmtpSink, type SmtpSink, type StartedService } from '@onvelope/testkit';
import { startAuthService } from '../../src/index.js';

/** svc-auth on its own database, mailing to a real SMTP sink, with a clock tests can move. */
export interface AuthHarness {
  url: string;
  service: StartedService;
  mail: SmtpSink;
  /** Moves the service's clock forward (codes and sign-in windows expire by it). */
  advanceClock(ms: number): void;
  /**
   * Moves the service's clock forward to just after the start of its next window of `windowMs`:
   * limits count in fixed windows of the clock, and a test whose calls straddle a window's end
   * (the real clock passing 08:30:00, say) would see its count start again.
   */
  startNextWindow(windowMs: number): void;
  /** The service's clock now. */
  now(): Date;
  call(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Reply>;
  /** The 6-digit code in the newest mail to `email` received at or after `since`. */
  codeSentTo(email: string, since: Date): Promise<string>;
  /** Signs up and verifies a seller (or a buyer); answers the verified sign-in. */
  verifiedAccount(kind: 'seller' | 'customer', email: string, password?: string): Promise<Reply>;
  stop(): Promise<void>;
}

export interface Reply {
  status: number;
  // Test code reads answers of many shapes; each assertion states the one it expects.
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  readonly headers: Headers;
}

export const prefixOf = (kind: 'seller' | 'customer') =>
  kind === 'seller' ? '/auth' : '/api/customer-auth';

export async function startAuthHarness(env: Record<string, string> = {}): Promise<AuthHarness> {
  const mail = await startSmtpSink();
  let offsetMs = 0;
  const service = await startService(
    (serviceEnv) => startAuthService(serviceEnv, { now: () => new Date(Date.now() + offsetMs) }),
    // Every call of a test file comes from one address: the per-address limits get their own test.
    { SMTP_URL: mail.url, SIGN_UPS_PER_ADDRESS: '1000', CODE_RESENDS_PER_ADDRESS: '1000', ...env },
  );

  const call: AuthHarness['call'] = async (method, path, body, headers = {}) => {
    const response = await fetch(`${service.url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const reply = { status: response.status, body: text ? JSON.parse(text) : undefined };
    // Not enumerable: tests compare whole replies with toEqual and mean status and body.
    return Object.defineProperty(reply, 'headers', { value: response.headers }) as Reply;
  };

  const codeSentTo: AuthHarness['codeSentTo'] = async (email, since) => {
    await mail.waitForMail(email, { since });
    const newest = mail
      .messages()
      .filter((m) => m.to.includes(email.toLowerCase()) && m.receivedAt >= since)
      .at(-1);
    const code = /^(\d{6})\r?$/m.exec(newest?.raw ?? '')?.[1];
    if (!code) throw new Error(`no code in the mail to ${email}`);
    return code;
  };

  return {
    url: service.url,
    service,
    mail,
    advanceClock: (ms) => {
      offsetMs += ms;
    },
    startNextWindow: (windowMs) => {
      const now = Date.now() + offsetMs;
      offsetMs += windowMs - (now % windowMs) + 1_000;
    },
    now: () => new Date(Date.now() + offsetMs),
    call,
    codeSentTo,
    async verifiedAccount(kind, email, password = 'secret1') {
      const since = new Date();
      const signedUp = await call('POST', `${prefixOf(kind)}/signup`, { email, password });
      if (signedUp.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(signedUp)}`);
      const code = await codeSentTo(email, since);
      return call('POST', `${prefixOf(kind)}/verify-code`, { email, code });
    },
    async stop() {
      await service.close();
      await mail.stop();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
