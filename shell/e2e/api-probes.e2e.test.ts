import { request, type OutgoingHttpHeaders } from 'node:http';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTable, toSchema, type RouteContract, type RouteSchemas } from '@onvelope/contracts';
import type { RunningSystem } from '@onvelope/run';
import {
  composedSiteForFile,
  createBuyer,
  createSeller,
  importThroughApi,
  type ApiAccount,
} from './support.js';

/**
 * Probes of every route of the contracts through the gateway, as the running system answers them
 * (issue 14, "Checks to keep"): a cross-tenant matrix (every route with an id, called by another
 * account with the first account's ids) and a schema fuzz (hostile values in every parameter,
 * query field and body field the route's schemas name, from fast-check arbitraries: a failing case
 * is shrunk and printed with the seed that replays it; bounded in time).
 *
 * They run on the suite's shared system (issue 37: a cluster start less): its per-address limits
 * (support.ts) are far above the fuzz's calls in a minute, which the gateway's defaults would answer
 * with 429 before any service saw them, and its body limits are the defaults probed here. Every
 * account is this file's own, and the tests share nothing they change, so they run side by side
 * (`describe.concurrent`), each with `expect` from its context; the one that times calls runs alone.
 */
const site = composedSiteForFile();

let system: RunningSystem;
let sellerA: ApiAccount;
let sellerB: ApiAccount;
let buyerA: ApiAccount;
let buyerB: ApiAccount;

async function call(
  route: Pick<RouteContract, 'method'>,
  path: string,
  token: string | null,
  body?: unknown,
  query = '',
): Promise<{ status: number; text: string }> {
  const response = await fetch(`${system.url}${path}${query}`, {
    method: route.method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  return { status: response.status, text: await response.text() };
}

const json = async <T>(
  route: Pick<RouteContract, 'method'>,
  path: string,
  token: string,
  body?: unknown,
) => {
  const answer = await call(route, path, token, body);
  if (answer.status >= 300) throw new Error(`${path} answered ${answer.status}: ${answer.text}`);
  return JSON.parse(answer.text) as T;
};

const ORDER = 'PROBE-A-1001';

/** The figures of a probe, printed with the test run's output. */
const report = (line: string) => process.stdout.write(`[probes] ${line}\n`);

/** Seller A's ids of every kind a route takes, made through the API. */
async function idsOfSellerA(): Promise<Record<string, string[]>> {
  await importThroughApi(
    system,
    sellerA,
    'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl,items\r\n' +
      `${ORDER},Ann,Lee,${buyerA.email},SW1A 1AA,pending,,,,1 x Mug\r\n`,
  );
  const rule = await json<{ rule?: { id: string }; id?: string }>(
    { method: 'POST' },
    '/api/keyword-rules',
    sellerA.token,
    { keyword: 'Mug', action: 'add_message', customMessage: 'Thanks' },
  );
  const job = await json<{ jobId?: string; job?: { id: string } }>(
    { method: 'POST' },
    '/api/keyword-rules/apply',
    sellerA.token,
  );
  const profile = sellerA.profile as { accountId?: string; id?: string };
  await json({ method: 'POST' }, '/api/order-queries', buyerA.token, {
    accountId: profile.accountId ?? profile.id,
    customerName: 'Ann Lee',
    customerEmail: buyerA.email,
    orderNumber: ORDER,
    subject: 'Where is it?',
    message: 'Hello',
  });
  const sellerQueries = await json<{ queries?: { id: string }[]; data?: { id: string }[] }>(
    { method: 'GET' },
    '/api/public/seller-queries',
    sellerA.token,
  );
  const claimed = await json<{ claim: { id: string } }>(
    { method: 'POST' },
    '/api/customer-auth/claim-order',
    buyerA.token,
    { email: buyerA.email, postcode: 'SW1A 1AA', orderNumber: ORDER },
  );
  const queries = (sellerQueries.queries ?? sellerQueries.data ?? []).map((query) => query.id);
  return {
    id: [rule.rule?.id ?? rule.id ?? '', ...queries, claimed.claim.id].filter(Boolean),
    jobId: [job.jobId ?? job.job?.id ?? ''].filter(Boolean),
    orderNumber: [ORDER],
  };
}

const paramsOf = (path: string) =>
  [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((match) => match[1]!);
const withParams = (path: string, values: Record<string, string>) =>
  path.replace(/\{([A-Za-z0-9_]+)\}/g, (_whole, name: string) =>
    encodeURIComponent(values[name] ?? 'x'),
  );

beforeAll(async () => {
  system = site.system;
  [sellerA, sellerB, buyerA, buyerB] = await Promise.all([
    createSeller(system, { onboarded: true, displayName: 'Probe A' }),
    createSeller(system, { onboarded: true, displayName: 'Probe B' }),
    createBuyer(system),
    createBuyer(system),
  ]);
});
describe.concurrent("another account's ids, on every route that takes one", () => {
  it('are refused on every route with an id, never answered, never 5xx', async ({ expect }) => {
    const ids = await idsOfSellerA();
    // Signed Stripe-mock pages are reached by their random ids alone, as Stripe's are.
    const owned = routeTable.filter(
      (route) => paramsOf(route.path).length && route.access !== 'public',
    );
    const answered: string[] = [];
    const statuses = new Map<number, number>();
    let calls = 0;
    for (const route of owned) {
      const caller = route.access === 'customer' ? buyerB : sellerB;
      for (const name of paramsOf(route.path)) {
        for (const value of ids[name] ?? []) {
          const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
          const answer = await call(
            route,
            withParams(route.path, { [name]: value }),
            caller.token,
            body,
          );
          calls += 1;
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status < 300 || answer.status >= 500) {
            answered.push(
              `${route.method} ${route.path} (${name}=${value}): ${answer.status} ${answer.text.slice(0, 200)}`,
            );
          }
        }
      }
    }
    report(
      `cross-tenant matrix: ${owned.length} routes, ${calls} calls, ${answered.length} answered; ` +
        `statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(calls).toBeGreaterThan(owned.length);
    expect(answered).toEqual([]);
    // Refused for seller A's ids, not for a token: the fuzz beside this test calls every route with
    // the same callers, and a call that revoked their tokens would turn every refusal into a 401.
    expect(statuses.has(401)).toBe(false);
  });
});

const hostile: readonly unknown[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{"$gt":""}',
  '$where',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓ ü',
  'x'.repeat(5_000),
  '=HYPERLINK("http://x")',
  '2025-02-30T25:61:00Z',
  '-1',
  '1e309',
  -1,
  0,
  2 ** 53,
  1e308,
  -0.5,
  true,
  null,
  [],
  {},
  { $gt: '' },
  ['a', { $ne: null }],
];
const hostileValue = fc.constantFrom(...hostile);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
};

/** A plausible value of the schema's own kind, field by field. */
function plausibleValueOf(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map((s) => valueOf(s, depth + 1)));
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'object':
          // Any field may be left out, as a client that forgets it would.
          return fc.record(
            Object.fromEntries(
              Object.entries(schema.properties ?? {}).map(([name, property]) => [
                name,
                valueOf(property, depth + 1),
              ]),
            ),
            { requiredKeys: [] },
          );
        case 'array':
          return fc.array(valueOf(schema.items, depth + 1), { maxLength: 2 });
        case 'number':
        case 'integer':
          return fc.constantFrom(0, 1, 7, 30, 99.99, -3, 1e6);
        case 'boolean':
          return fc.boolean();
        default:
          return fc.constantFrom(
            'ann@example.com',
            'SW1A 1AA',
            'Mug',
            '1001',
            '2025-03-01',
            'pro_monthly',
          );
      }
    }),
  );
}

/** A value for a schema: a hostile one about a third of the time, else a plausible one. */
function valueOf(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileValue;
  return fc.oneof(
    { weight: 35, arbitrary: hostileValue },
    { weight: 65, arbitrary: plausibleValueOf(schema, depth) },
  );
}

const schemaOf = (schema: RouteSchemas['body']): JsonSchema | undefined =>
  schema ? (toSchema(schema) as JsonSchema) : undefined;

const queryOf = (value: unknown) => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  const params = new URLSearchParams();
  for (const [name, item] of Object.entries(value)) {
    params.append(name, typeof item === 'string' ? item : JSON.stringify(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/**
 * The fuzz's seed and cases per route. Every run takes a new seed and prints it; a failure prints
 * its seed and shrunk case, and `API_FUZZ_SEED=<seed>` replays the same cases
 * (`API_FUZZ_SEED=123 npx vitest run shell/e2e/api-probes.e2e.test.ts -t 'hostile input'`).
 * `API_FUZZ_RUNS` tries more cases per route than the default 10.
 */
const fuzzSeed = Number(process.env.API_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const casesPerRoute = Number(process.env.API_FUZZ_RUNS ?? 10);

/** What one route's fuzz found: a failure's report, and the calls it made (shrinking included). */
async function fuzzRoute(route: RouteContract): Promise<{ failure?: string; calls: number }> {
  const token =
    route.access === 'customer' ? buyerB.token : route.access === 'merchant' ? sellerB.token : null;
  const params = fc.record(
    Object.fromEntries(
      paramsOf(route.path).map((name) => [
        name,
        hostileValue.map((value) => String(value ?? 'null')),
      ]),
    ),
  );
  const body =
    route.method === 'GET' || route.method === 'DELETE'
      ? fc.constant(undefined)
      : valueOf(schemaOf(route.schemas.body));
  const query = valueOf(schemaOf(route.schemas.query));
  let calls = 0;
  const details = await fc.check(
    fc.asyncProperty(params, query, body, async (values, queryValue, sent) => {
      const path = withParams(route.path, values);
      const answer = await call(route, path, token, sent, queryOf(queryValue));
      calls += 1;
      if (answer.status >= 500) {
        throw new Error(`${path.slice(0, 120)}: ${answer.status} ${answer.text.slice(0, 200)}`);
      }
    }),
    { seed: fuzzSeed, numRuns: casesPerRoute },
  );
  return {
    calls,
    ...(details.failed
      ? { failure: `${route.method} ${route.path}: ${fc.defaultReportMessage(details)}` }
      : {}),
  };
}

describe.concurrent('hostile input on every route', () => {
  const BUDGET_MS = 120_000;
  // A route's cases run one after another (a shrink replays them in order); four routes at a time
  // keep the gateway and the services busy while a call waits on another (issue 37).
  const ROUTES_AT_ONCE = 4;

  it('never answers 5xx, whatever the parameters, query and body', async ({ expect }) => {
    report(`schema fuzz: seed ${fuzzSeed} (API_FUZZ_SEED replays it), ${casesPerRoute} per route`);
    const started = Date.now();
    const failures: string[] = [];
    const waiting = [...routeTable];
    let calls = 0;
    let routes = 0;
    await Promise.all(
      Array.from({ length: ROUTES_AT_ONCE }, async () => {
        for (let route = waiting.shift(); route; route = waiting.shift()) {
          if (Date.now() - started > BUDGET_MS) return;
          routes += 1;
          const found = await fuzzRoute(route);
          calls += found.calls;
          if (found.failure) failures.push(found.failure);
        }
      }),
    );
    const health = await fetch(`${system.url}/api/health`);
    report(
      `schema fuzz: ${routes} of ${routeTable.length} routes, ${calls} calls (shrinking included), ` +
        `${failures.length} routes answered 5xx; deaths ${JSON.stringify(system.deaths())}`,
    );
    expect(routes).toBe(routeTable.length);
    expect(failures).toEqual([]);
    expect(health.status).toBe(200);
    expect(system.deaths()).toEqual({});
  });
});

describe.concurrent('a malformed percent-encoding in a path parameter (issue 32, defect 5)', () => {
  it('is refused with 400 and a message on every route with a parameter, never 5xx', async ({
    expect,
  }) => {
    // Each of these makes decodeURIComponent throw: cut short, not hex, an overlong form, bad UTF-8.
    const malformed = ['%E0%A4%A', '%', '%ZZ', '%C0%80', 'ok%FF'];
    const withParams = routeTable.filter((route) => paramsOf(route.path).length);
    const failures: string[] = [];
    let calls = 0;
    for (const route of withParams) {
      // Signed in as the route asks, so the answer is about the address, not a missing token.
      const token =
        route.access === 'customer'
          ? buyerA.token
          : route.access === 'merchant'
            ? sellerA.token
            : null;
      for (const raw of malformed) {
        const path = route.path.replace(/\{[A-Za-z0-9_]+\}/g, raw);
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
        const answer = await call(route, path, token, body);
        calls += 1;
        const error = answer.text.startsWith('{')
          ? (JSON.parse(answer.text) as { error?: unknown }).error
          : undefined;
        if (answer.status !== 400 || typeof error !== 'string' || !/percent-encoding/.test(error)) {
          failures.push(`${route.method} ${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
        }
      }
    }
    report(
      `malformed percent-encoding: ${withParams.length} routes with a parameter, ${calls} calls, ` +
        `${failures.length} not refused with 400`,
    );
    expect(withParams.length).toBeGreaterThanOrEqual(20);
    expect(failures).toEqual([]);
  });
});

describe.concurrent('return targets (issue 32, defect 6)', () => {
  it('refuses every checkout return address off the site, and takes the site’s own', async ({
    expect,
  }) => {
    const priceId = 'pro_monthly';
    const foreign = [
      'https://evil.example/phish',
      `https://${new URL(system.url).host}.evil.example/`,
      `http://user@evil.example${new URL(system.url).pathname}`,
      `${new URL(system.url).protocol}//${new URL(system.url).hostname}:1/`,
      'https://evil.example/\\@localhost/',
    ];
    const accepted: string[] = [];
    for (const target of foreign) {
      for (const field of ['successUrl', 'cancelUrl'] as const) {
        const body = {
          priceId,
          successUrl: `${system.url}/dashboard`,
          cancelUrl: `${system.url}/pricing`,
          [field]: target,
        };
        const answer = await call(
          { method: 'POST' },
          '/api/payments/checkout',
          sellerB.token,
          body,
        );
        if (answer.status !== 400) accepted.push(`${field}=${target}: ${answer.status}`);
      }
    }
    const own = await call({ method: 'POST' }, '/api/payments/checkout', sellerB.token, {
      priceId,
      successUrl: `${system.url}/dashboard?subscription=success`,
      cancelUrl: `${system.url}/pricing`,
    });
    report(`return targets: ${foreign.length * 2} foreign addresses, ${accepted.length} accepted`);
    expect(accepted).toEqual([]);
    expect(own.status).toBe(200);
  });
});

/**
 * A raw call through the gateway, as a client that sends its whole body without waiting for
 * `100 Continue` does (fetch, most HTTP libraries); `cutAfter` drops the connection after that
 * many bytes. Resolves with the answer, or with how the connection failed.
 */
function rawCall(
  path: string,
  headers: OutgoingHttpHeaders,
  body: Buffer,
  cutAfter?: number,
): Promise<{ status: number; text: string } | { failed: string }> {
  const { hostname, port } = new URL(system.url);
  return new Promise((resolve) => {
    const upload = request({
      host: hostname,
      port,
      method: 'POST',
      path,
      headers: { ...headers, 'content-length': body.length },
    });
    upload.on('response', (answer) => {
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (text += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text }));
      answer.on('error', (error: NodeJS.ErrnoException) => resolve({ failed: error.code ?? '' }));
    });
    upload.on('error', (error: NodeJS.ErrnoException) => resolve({ failed: error.code ?? '' }));
    if (cutAfter === undefined) {
      upload.end(body);
      return;
    }
    upload.write(body.subarray(0, cutAfter), () => {
      upload.destroy();
      resolve({ failed: 'cut by the test' });
    });
  });
}

const uploadRoutes = routeTable.filter((route) => route.streaming === 'request');

// After the probes above, one test at a time: one times the calls that follow a refusal, and the
// others send the gateway hundreds of megabytes.
describe('bodies cut short or refused before they are read (issue 32, defects 1 and 2)', () => {
  it('a form cut short at every upload route is refused, and no service dies', async () => {
    // The 145 bytes: a part with no closing boundary.
    const truncated = Buffer.from(
      '--zz\r\nContent-Disposition: form-data; name="csvFile"; filename="a.csv"\r\n' +
        'Content-Type: text/csv\r\n\r\norderNumber',
    );
    const headers = (route: RouteContract) => ({
      'content-type': 'multipart/form-data; boundary=zz',
      'stripe-signature': 't=1,v1=00',
      ...(route.access === 'merchant' ? { authorization: `Bearer ${sellerA.token}` } : {}),
    });
    const answers: string[] = [];
    for (const route of uploadRoutes) {
      for (let n = 0; n < 3; n += 1) {
        const whole = await rawCall(route.path, headers(route), truncated);
        // The same form, its connection dropped half-way.
        await rawCall(route.path, headers(route), Buffer.concat([truncated, truncated]), 100);
        answers.push(`${route.path} ${'status' in whole ? whole.status : whole.failed}`);
      }
    }
    const lookup = await call({ method: 'POST' }, '/api/customer/lookup', null, {
      email: buyerA.email,
      postcode: 'SW1A 1AA',
      orderNumber: ORDER,
    });
    const health = await fetch(`${system.url}/api/health`);
    report(
      `cut-short forms: ${uploadRoutes.length} upload routes, ${answers.length * 2} calls; ` +
        `deaths ${JSON.stringify(system.deaths())}`,
    );

    expect(uploadRoutes.length).toBeGreaterThanOrEqual(2);
    expect(answers.filter((answer) => !/ 4\d\d$/.test(answer))).toEqual([]);
    expect(lookup.status).toBeLessThan(500);
    expect(health.status).toBe(200);
    expect(system.deaths()).toEqual({});
  });

  it("an oversized webhook refused early leaves the gateway's calls to the service working", async () => {
    const oversized = Buffer.alloc(700 * 1024, 'a');
    const slow: string[] = [];
    for (let n = 0; n < 8; n += 1) {
      const refused = await rawCall(
        '/api/payments/webhook',
        { 'stripe-signature': 't=1,v1=00', 'content-type': 'application/json' },
        oversized,
      );
      expect(refused).toMatchObject({ status: 413 });
      const started = Date.now();
      const plans = await fetch(`${system.url}/api/payments/plans`);
      if (plans.status !== 200 || Date.now() - started > 2_000) {
        slow.push(`${plans.status} after ${Date.now() - started} ms`);
      }
    }
    report(
      `early refusals then a call to the same service: 8 pairs, ${slow.length} failed or slow`,
    );
    expect(slow).toEqual([]);
  });

  it('every refusal reaches the client as its message, never as a broken connection', async () => {
    const form = (content: Buffer) =>
      Buffer.concat([
        Buffer.from(
          '--zz\r\nContent-Disposition: form-data; name="csvFile"; filename="a.csv"\r\n' +
            'Content-Type: text/csv\r\n\r\n',
        ),
        content,
        Buffer.from('\r\n--zz--\r\n'),
      ]);
    const headers = {
      'content-type': 'multipart/form-data; boundary=zz',
      authorization: `Bearer ${sellerA.token}`,
    };
    const longRow = form(
      Buffer.concat([
        Buffer.from(
          'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl\r\n1,',
        ),
        Buffer.alloc(10 * 1024 * 1024, 'a'),
      ]),
    );
    const overLimit = form(Buffer.alloc(61 * 1024 * 1024, 'a'));
    const outcomes: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      for (const [name, body] of [
        ['10 MB row', longRow],
        ['61 MB upload', overLimit],
      ] as const) {
        const answer = await rawCall('/api/upload/csv', headers, body);
        outcomes.push(
          'status' in answer
            ? `${name}: ${answer.status} ${(JSON.parse(answer.text) as { error: string }).error}`
            : `${name}: ${answer.failed}`,
        );
      }
    }
    report(
      `early refusals of large uploads: ${outcomes.length} calls; ${[...new Set(outcomes)].join('; ')}`,
    );
    expect(outcomes.filter((outcome) => !/: 4\d\d \S/.test(outcome))).toEqual([]);
  });
});
