import { loadConfig } from '@onvelope/service-kit/config';
import { connectDatabase } from '@onvelope/service-kit/mongo';
import { configSchema } from './config.js';
import { rotateSigningKey } from './use-cases/rotate-signing-key.js';

// `node svc-auth/dist/rotate-signing-key.js` with svc-auth's MONGO_URL and MONGO_DB: see the README.
const config = loadConfig(configSchema, process.env);
const db = await connectDatabase(config.MONGO_URL, config.MONGO_DB);
try {
  const { retiredKid, currentKid } = await rotateSigningKey(db);
  process.stdout.write(
    retiredKid
      ? `Signing key rotated: ${retiredKid} retired (published 13 more hours), ${currentKid} current.\n`
      : `No key existed; ${currentKid} created.\n`,
  );
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await db.close();
}
