/**
 * svc-auth's main calls, one at a time (issue 40; not a test): a seller's sign-in, a buyer's
 * sign-in (argon2id, 64 MiB and 3 passes a check, makes both dear), the JWKS every service fetches,
 * and the gateway's API-key question over NATS (`auth.authenticateApiKey`: a token minted without a
 * password, asked once a minute per key). The contract has no token refresh: a token lives 12 h
 * and the seller signs in again.
 *
 * svc-auth runs as a child process from its sources (testkit `startApp`, its package's node flags
 * or `BENCH_NODE_FLAGS`) against `startInfra`'s database and NATS and an SMTP sink, and is called
 * straight, not through the gateway. The accounts (`BENCH_CALLERS` sellers and as many buyers, taken in turn) are made in
 * setup through the API, as a person makes them: sign-up, the code from the mail, verification.
 * The per-address sign-up and code limits are raised for the bench, whose calls all come from one
 * address; the sign-in limits count failures only, and the bench's sign-ins succeed.
 *
 * Prints, per call: calls/s, p50/p95/p99, errors (with what a failed call answered), the CPU
 * svc-auth and the database spent per call, and calls/s per core (1000 / svc-auth's ms per call);
 * then svc-auth's peak RSS.
 *
 *   npm run bench -w @onvelope/svc-auth
 *   BENCH_SECONDS=3 BENCH_CALLERS=8   a quicker run
 *   BENCH_NODE_FLAGS=""               Node's default heap instead of the package's 128 MB cap
 */
import { authenticateApiKey, countCustomerClaims } from '@onvelope/contracts';
import { startInfra } from '@onvelope/infra';
import { codeInMail, uniqueEmail } from '@onvelope/run/accounts';
import { connectNats, requestCommand, serveCommand } from '@onvelope/service-kit/nats';
import { createLogger } from '@onvelope/service-kit/observability';
import {
  type BenchApp,
  benchDatabase,
  type CallCost,
  CALLERS,
  freePort,
  httpCallerOf,
  measureCall,
  printCosts,
  printSetup,
  startBenchApp,
  startSmtpSink,
} from '@onvelope/testkit';

const PASSWORD = 'bench-password-1';
const prefixes = { seller: '/auth', buyer: '/api/customer-auth' } as const;
type Kind = keyof typeof prefixes;

const infra = await startInfra({ parts: ['mongo', 'nats'] });
const mail = await startSmtpSink();
const database = await benchDatabase(infra.mongoUrl, 'svc-auth');
const nats = await connectNats(infra.natsUrl, 'svc-auth-bench');
// A buyer's sign-in answers with the orders they claimed, asked of svc-orders: answered here at
// once, so the figure is svc-auth's own (unanswered, each sign-in would log a warning).
serveCommand(
  nats,
  countCustomerClaims,
  'svc-orders',
  () => Promise.resolve({ orderCount: 0 }),
  createLogger('svc-auth-bench', 'silent'),
);
let auth: BenchApp | undefined;
try {
  // svc-auth checks its own tokens (an API key is made with one) against its own JWKS.
  const port = await freePort();
  auth = await startBenchApp(
    'svc-auth',
    {
      MONGO_URL: infra.mongoUrl,
      MONGO_DB: database.name,
      NATS_URL: infra.natsUrl,
      SMTP_URL: mail.url,
      AUTH_JWKS_URL: `http://127.0.0.1:${port}/auth/.well-known/jwks.json`,
      SIGN_UPS_PER_ADDRESS: '1000000',
      CODE_RESENDS_PER_ADDRESS: '1000000',
    },
    port,
  );
  const http = httpCallerOf(auth.url);
  const post = (path: string, body: unknown, token?: string) =>
    http.send({
      method: 'POST',
      path,
      body: JSON.stringify(body),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  /** A verified account made as a person makes one; answers its email and first token. */
  const verifiedAccount = async (kind: Kind) => {
    const email = uniqueEmail(`bench-${kind}`);
    const since = new Date();
    await post(`${prefixes[kind]}/signup`, { email, password: PASSWORD });
    const code = codeInMail((await mail.waitForMail(email, { since })).raw);
    const verified = JSON.parse(
      (await post(`${prefixes[kind]}/verify-code`, { email, code })).toString('utf8'),
    ) as {
      token: string;
    };
    return { email, token: verified.token };
  };
  const accountsOf = async (kind: Kind) => {
    const made = [];
    // One at a time: each sign-up hashes a password (64 MiB), as the measured calls do.
    for (let i = 0; i < CALLERS; i += 1) made.push(await verifiedAccount(kind));
    return made;
  };
  const sellers = await accountsOf('seller');
  const buyers = await accountsOf('buyer');
  const apiKey = JSON.parse(
    (await post('/auth/api-keys', { name: 'bench', scope: 'read' }, sellers[0]!.token)).toString(
      'utf8',
    ),
  ) as { secret: string };

  /** Signs in the accounts in turn: every caller a different one while there are enough. */
  const signInsOf = (kind: Kind, accounts: { email: string }[]) => {
    let next = 0;
    return () => {
      const { email } = accounts[next++ % accounts.length]!;
      return post(`${prefixes[kind]}/login`, { email, password: PASSWORD });
    };
  };

  printSetup('svc-auth', database, infra.mongoUrl);
  const costs: CallCost[] = [];
  const calls: [string, () => Promise<unknown>][] = [
    ['POST /auth/login (seller sign-in)', signInsOf('seller', sellers)],
    ['POST /api/customer-auth/login (buyer sign-in)', signInsOf('buyer', buyers)],
    [
      'GET /auth/.well-known/jwks.json',
      () => http.send({ method: 'GET', path: '/auth/.well-known/jwks.json' }),
    ],
    [
      'NATS auth.authenticateApiKey (API-key token)',
      () => requestCommand(nats, authenticateApiKey, { secret: apiKey.secret }),
    ],
  ];
  for (const [name, call] of calls) costs.push(await measureCall(name, auth, database, call));
  await printCosts('svc-auth', auth, costs);
  http.close();
} finally {
  await auth?.stop();
  await nats.close();
  await database.drop();
  await mail.stop();
  await infra.stop();
}
