/**
 * Issue 34's benchmark (not a test): one import of 10,000 shipped orders, first with nobody
 * listening, then with svc-notify running, which mails every buyer a "shipped" message through a
 * real SMTP server (the infra's sink, in this process). Prints the import's time both ways (target:
 * with notifications at most 1.2× without), how many mails arrived (target: every one, none twice)
 * and how fast. svc-orders, svc-notify and the gateway run as child processes from their sources.
 *
 *   npm run bench -w svc-orders          (runs this after the other svc-orders benches)
 *   BENCH_NOTIFY_ROWS=2000               a quicker run
 */
import { sellerProfileChanged } from '@onvelope/contracts';
import { startInfra, startSmtpSink } from '@onvelope/infra';
import { connectNats, publishEvent } from '@onvelope/service-kit/nats';
import { count, startApp, startTestIssuer } from '@onvelope/testkit';
import { line, ordersFlagsLine, startGatewayFor, startOrdersApp, upload } from './support.js';

const ROWS = Number(process.env.BENCH_NOTIFY_ROWS ?? 10_000);
/** How long the mails may take to arrive before the run counts the rest as lost. */
const MAIL_WAIT_MS = Number(process.env.BENCH_NOTIFY_WAIT_MS ?? 30 * 60_000);

const infra = await startInfra({ parts: ['mongo', 'nats'] });
const issuer = await startTestIssuer({ natsUrl: infra.natsUrl });
const sink = await startSmtpSink();
const nats = await connectNats(infra.natsUrl, 'notifications-bench');
const run = Date.now();
const baseEnv = { MONGO_URL: infra.mongoUrl, NATS_URL: infra.natsUrl, AUTH_JWKS_URL: issuer.url };

/**
 * svc-orders on a database of its own behind a gateway; `importShipped` answers the seconds the
 * import of the seller's shipped orders took. Left running until stopped: svc-notify asks it for
 * each order's signed tracking link while it sends.
 */
async function startOrders(database: string) {
  const orders = await startOrdersApp({ ...baseEnv, MONGO_DB: database });
  const gateway = await startGatewayFor(orders);
  return {
    importShipped: async (accountId: string) =>
      upload(gateway.url, await issuer.merchantToken(accountId), ROWS, 'shipped'),
    stop: async () => {
      await gateway.stop();
      await orders.stop();
    },
  };
}

/** The buyers of this run that received their mail, and how many mails they received. */
function delivered(since: number) {
  const perBuyer = new Map<string, number>();
  for (const mail of sink.messages()) {
    if (mail.receivedAt.getTime() < since) continue;
    for (const to of mail.to) perBuyer.set(to, (perBuyer.get(to) ?? 0) + 1);
  }
  return perBuyer;
}

try {
  // 1. Without notifications: svc-orders alone.
  const alone = await startOrders(`bench_notify_plain_${run}`);
  const aloneFrom = Date.now();
  const without = await alone.importShipped(`bench-plain-${run}`).finally(() => alone.stop());
  console.error(
    `[bench] without notifications: ${ROWS} rows in ${without.toFixed(1)} s, ` +
      `from ${aloneFrom / 1000} to ${(aloneFrom + without * 1000) / 1000}`,
  );

  // 2. With svc-notify, which knows the seller (svc-auth's profile event); the issuer's token
  // publishes the seller's running trial, as svc-billing would.
  const seller = `bench-notify-${run}`;
  await publishEvent(
    nats,
    sellerProfileChanged,
    {
      accountId: seller,
      email: `owner-${run}@bench.test`,
      storeName: 'Bench Store',
      website: null,
      timeZone: 'Europe/London',
      changedAt: new Date().toISOString(),
    },
    `bench-profile-${run}`,
  );
  const notify = await startApp('svc-notify', {
    ...baseEnv,
    MONGO_DB: `bench_notify_${run}`,
    SMTP_URL: sink.url,
    PUBLIC_SITE_URL: 'http://localhost:8080',
  });
  let withNotify: number;
  let perBuyer: Map<string, number>;
  let lastMailAt: number;
  const orders = await startOrders(`bench_notify_orders_${run}`);
  const started = Date.now();
  try {
    withNotify = await orders.importShipped(seller);
    // Wall-clock bounds of the import, to line up with per-process CPU read from /proc meanwhile.
    console.error(
      `[bench] with notifications: ${ROWS} rows in ${withNotify.toFixed(1)} s, ` +
        `from ${started / 1000} to ${Date.now() / 1000}`,
    );
    const deadline = started + MAIL_WAIT_MS;
    perBuyer = delivered(started);
    let seen = perBuyer.size;
    lastMailAt = Date.now();
    while (perBuyer.size < ROWS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      perBuyer = delivered(started);
      if (perBuyer.size > seen) {
        seen = perBuyer.size;
        lastMailAt = Date.now();
        console.error(`[bench] ${count(seen)} of ${count(ROWS)} mails`);
      }
    }
  } finally {
    await notify.stop();
    await orders.stop();
  }

  const mails = [...perBuyer.values()].reduce((sum, n) => sum + n, 0);
  const mailSeconds = (lastMailAt - started) / 1000;
  line();
  line(
    `Notifications, issue 34: ${count(ROWS)} shipped orders in one CSV import, MongoDB at ${infra.mongoUrl}`,
  );
  line(ordersFlagsLine());
  line(`  import without svc-notify: ${without.toFixed(1)} s`);
  line(
    `  import with svc-notify:    ${withNotify.toFixed(1)} s = ${(withNotify / without).toFixed(2)}× (target <= 1.2×)`,
  );
  line(
    `  buyers mailed: ${count(perBuyer.size)} of ${count(ROWS)} (lost: ${count(ROWS - perBuyer.size)}); ` +
      `mails: ${count(mails)} (twice: ${count(mails - perBuyer.size)})`,
  );
  line(
    `  last mail ${mailSeconds.toFixed(1)} s after the upload began: ${(perBuyer.size / mailSeconds).toFixed(0)} mails/s end to end`,
  );
} finally {
  await nats.close();
  await sink.stop();
  await issuer.close();
  await infra.stop();
}
