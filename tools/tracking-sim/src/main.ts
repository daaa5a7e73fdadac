#!/usr/bin/env node
import { z } from 'zod';
import { simTestApiKey, startTrackingSim } from './start.js';

// Configuration by environment, like every app here; the defaults give an operator a simulator on
// 127.0.0.1:4020 whose lives take a few minutes (20 s between checkpoints).
const whole = (fallback: number) => z.coerce.number().int().min(0).default(fallback);
const positive = (fallback: number) => z.coerce.number().positive().default(fallback);
const schema = z.object({
  TRACKING_SIM_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  PORT: whole(4020).pipe(z.number().max(65_535)),
  TRACKING_SIM_HOST: z.string().min(1).optional(),
  HOST: z.string().min(1).default('127.0.0.1'),
  TRACKING_SIM_STEP_MS: positive(20_000),
  TRACKING_SIM_WEBHOOK_URL: z.string().optional(),
  TRACKING_SIM_WEBHOOK_SECRET: z.string().optional(),
  TRACKING_SIM_WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  TRACKING_SIM_WEBHOOK_RETRY_MS: positive(2_000),
  TRACKING_SIM_WEBHOOK_TIMEOUT_MS: positive(10_000),
  TRACKING_SIM_PUBLIC_URL: z.url().optional(),
});

const parsed = schema.safeParse(process.env);
if (!parsed.success) {
  console.error('tracking-sim: bad configuration');
  for (const issue of parsed.error.issues)
    console.error(`  ${issue.path.join('.')}: ${issue.message}`);
  process.exit(1);
}
const env = parsed.data;
const webhookUrls = (env.TRACKING_SIM_WEBHOOK_URL ?? '')
  .split(',')
  .map((url) => url.trim())
  .filter(Boolean);

let sim;
try {
  sim = await startTrackingSim({
    port: env.TRACKING_SIM_PORT ?? env.PORT,
    host: env.TRACKING_SIM_HOST ?? env.HOST,
    stepMs: env.TRACKING_SIM_STEP_MS,
    webhooks: webhookUrls.map((url) => ({ url, secret: env.TRACKING_SIM_WEBHOOK_SECRET ?? null })),
    webhookMaxAttempts: env.TRACKING_SIM_WEBHOOK_MAX_ATTEMPTS,
    webhookRetryMs: env.TRACKING_SIM_WEBHOOK_RETRY_MS,
    webhookTimeoutMs: env.TRACKING_SIM_WEBHOOK_TIMEOUT_MS,
    ...(env.TRACKING_SIM_PUBLIC_URL ? { publicUrl: env.TRACKING_SIM_PUBLIC_URL } : {}),
  });
} catch (error) {
  console.error(`tracking-sim: ${(error as Error).message}`);
  process.exit(1);
}

console.log(`EasyPost tracking simulator listening on ${sim.url}`);
console.log(`  SDK:      new EasyPostClient('${simTestApiKey}', { baseUrl: '${sim.apiUrl}' })`);
console.log(`  step:     ${sim.stepMs} ms between checkpoints`);
console.log(`  admin:    ${sim.url}/_admin/trackers`);
if (sim.webhooks.length === 0) {
  console.log('  webhooks: none (set TRACKING_SIM_WEBHOOK_URL, or POST /_admin/webhooks)');
}
for (const hook of sim.webhooks) {
  console.log(`  webhook:  ${hook.url} (${hook.signed ? 'signed' : 'unsigned'})`);
}

const stop = () => {
  void sim.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
