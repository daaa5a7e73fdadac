import { expect, it } from 'vitest';
import { connectDatabase, connectNats, createLogger } from '@onvelope/service-kit';
import { testInfra, uniqueDatabaseName } from '@onvelope/testkit';
import { keywordRuleModel } from '../src/data/keyword-rule.model.js';
import { trackingEntryModel } from '../src/data/tracking-entry.model.js';
import { applyKeywordRules } from '../src/use-cases/apply-keyword-rules.js';

it('measures', async () => {
  const db = await connectDatabase(testInfra().mongoUrl, uniqueDatabaseName('measure'));
  const nats = await connectNats(testInfra().natsUrl, 'm');
  const n = 20_000;
  for (let i = 0; i < n; i += 5000) {
    await trackingEntryModel(db).insertMany(
      Array.from({ length: 5000 }, (_, j) => ({ accountId: 'm', orderNumber: `M-${i + j}`, source: 'csv', status: 'pending', items: (i + j) % 2 ? 'Gift wrap' : 'Poster' })),
    );
  }
  await keywordRuleModel(db).create({ accountId: 'm', keyword: 'gift', action: 'add_message', customMessage: 'W' });
  let t = performance.now();
  const r = await applyKeywordRules({ db, nats, log: createLogger('m', 'silent') }, 'm');
  console.log('apply changed', r, Math.round(performance.now() - t), 'ms');
  t = performance.now();
  const r2 = await applyKeywordRules({ db, nats, log: createLogger('m', 'silent') }, 'm');
  console.log('apply unchanged', r2, Math.round(performance.now() - t), 'ms');
  expect(r.changed).toBe(n / 2);
  await db.close(); await nats.close();
}, 600_000);
