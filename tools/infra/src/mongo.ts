import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { ensureCacheEntry } from './cache-entry.js';
import { freePort } from './free-port.js';
import { cacheDir, mongoLauncherDir, type Env } from './paths.js';
import { findOnPath, launch, run, type InfraLog } from './process.js';
import type { RunningPart } from './running-part.js';

export const MONGO_JAVA_SERVER_VERSION = '1.47.0';

interface MongoLauncherBuild {
  classpath: string;
}

/**
 * Fetches mongo-java-server's jars from Maven Central and compiles the launcher, once per
 * version of `mongo-launcher/` (the cache key hashes the pom and the Java sources).
 */
export async function provisionMongoJavaServer(
  env: Env,
  log: InfraLog,
): Promise<MongoLauncherBuild> {
  const pom = join(mongoLauncherDir, 'pom.xml');
  const sourceNames = (await readdir(mongoLauncherDir)).filter((name) => name.endsWith('.java'));
  const sources = sourceNames.sort().map((name) => join(mongoLauncherDir, name));
  const hash = createHash('sha256').update(await readFile(pom));
  for (const source of sources) hash.update(basename(source)).update(await readFile(source));
  const version = hash.digest('hex').slice(0, 12);
  const dir = join(cacheDir(env), 'mongo-java-server', `${MONGO_JAVA_SERVER_VERSION}-${version}`);
  const built = await ensureCacheEntry(dir, async (scratch) => {
    for (const tool of ['mvn', 'javac']) {
      if (!(await findOnPath(tool, env))) {
        throw new Error(
          `no MongoDB available: set MONGO_URL, put mongod on the PATH, or install a JDK 17+ and Maven ` +
            `(missing: ${tool}) so mongo-java-server can be fetched`,
        );
      }
    }
    log(
      `fetching mongo-java-server ${MONGO_JAVA_SERVER_VERSION} from Maven Central (first run only)`,
    );
    await run(
      'mvn',
      [
        '-B',
        '-q',
        '--no-transfer-progress',
        '-f',
        pom,
        'dependency:copy-dependencies',
        `-DoutputDirectory=${join(scratch, 'lib')}`,
      ],
      { env, cwd: scratch },
    );
    await run(
      'javac',
      ['-d', join(scratch, 'classes'), '-cp', join(scratch, 'lib', '*'), ...sources],
      { env },
    );
  });
  if (built) log(`mongo-java-server cached in ${dir}`);
  return { classpath: [join(dir, 'classes'), join(dir, 'lib', '*')].join(':') };
}

export interface MongoOptions {
  /** Keep data between runs in `dataDir`; otherwise in memory (Java) or a temp dir (mongod). */
  persistent: boolean;
  dataDir: string;
  env: Env;
  log: InfraLog;
}

export async function startMongo(options: MongoOptions): Promise<RunningPart> {
  const { env, log } = options;
  if (env.MONGO_URL) {
    log(`MongoDB: using MONGO_URL`);
    return { url: env.MONGO_URL, stop: async () => {} };
  }
  const mongod = await findOnPath('mongod', env);
  if (mongod) return startMongod(mongod, options);
  return startMongoJavaServer(options);
}

async function startMongod(
  mongod: string,
  { persistent, dataDir, env, log }: MongoOptions,
): Promise<RunningPart> {
  const dbPath = persistent
    ? join(dataDir, 'mongod')
    : await mkdtemp(join(tmpdir(), 'onvelope-mongod-'));
  await mkdir(dbPath, { recursive: true });
  const port = await freePort();
  const { process: server } = await launch({
    name: 'mongod',
    command: mongod,
    args: ['--dbpath', dbPath, '--port', String(port), '--bind_ip', '127.0.0.1'],
    env,
    ready: (output) => (/waiting for connections/i.test(output) ? true : undefined),
  });
  log(`MongoDB: mongod ${mongod} on port ${port}`);
  return {
    url: `mongodb://127.0.0.1:${port}`,
    stop: async () => {
      await server.stop(10_000);
      if (!persistent) await rm(dbPath, { recursive: true, force: true });
    },
  };
}

async function startMongoJavaServer({
  persistent,
  dataDir,
  env,
  log,
}: MongoOptions): Promise<RunningPart> {
  const { classpath } = await provisionMongoJavaServer(env, log);
  const args = [
    '-XX:+UseSerialGC',
    // Documents inserted all survive, so a young collection's pause grows with the young
    // generation: with the default sizing, pauses of 100-465 ms came every half second during a
    // 100,000-row import, and full ones of 0.3-0.8 s each time the heap grew. A small young
    // generation and the heap at its (default) maximum from the start keep them under ~40 ms
    // (issue 18). The old generation is then collected only once that quarter of the machine's
    // memory is full, so the server's memory grows up to it with garbage. 12 MB rather than 32:
    // young pauses of p50 3.5 / p95 6.5 ms instead of 9.3 / 20.6 during a 100,000-row import, as
    // much pausing in all (4.7 s); 8 MB paused more in all (6.7 s) and slowed the import.
    '-Xmn12m',
    '-XX:InitialRAMPercentage=25',
    '-Dorg.slf4j.simpleLogger.defaultLogLevel=warn',
    '-cp',
    classpath,
    'MongoLauncher',
    '0',
  ];
  if (persistent) {
    await mkdir(dataDir, { recursive: true });
    args.push(join(dataDir, 'mongo.h2'));
  }
  const { process: server, ready: port } = await launch({
    name: 'mongo-java-server',
    command: 'java',
    args,
    env,
    ready: (output) => output.match(/listening on port (\d+)/)?.[1],
  });
  log(
    `MongoDB: mongo-java-server ${MONGO_JAVA_SERVER_VERSION} (${persistent ? 'H2 file' : 'in memory'}) on port ${port}`,
  );
  return { url: `mongodb://127.0.0.1:${port}`, stop: () => server.stop() };
}
