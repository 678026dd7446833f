import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./e2e/server";
import { type Instance, requestCounts } from "./multi-instance/api";
import { type Checker, openChecker } from "./multi-instance/database";
import { drain, plannedRequests, runLoad, verifyEvents } from "./multi-instance/events";
import { checkConcurrentImports } from "./multi-instance/imports";
import { checkRateLimit, checkRevocation } from "./multi-instance/limits";
import {
  killAllNow,
  killHard,
  type Proc,
  runToEnd,
  spawnProc,
  stopAll,
  waitReady,
  waitWorker,
} from "./multi-instance/processes";
import { type Receiver, startReceiver } from "./multi-instance/receiver";
import { seedThroughApi } from "./multi-instance/seed";
import { checkSignInBurst } from "./multi-instance/sign-in";
import {
  createTestDatabase,
  DEFAULT_SERVER_URL,
  probeServer,
  type TestDatabase,
} from "./support/test-database";

/**
 * `npm run test:multi-instance` (and the end of `npm run test:e2e`, reusing its build): Backroom as
 * deployed on PostgreSQL (docs/operations.md, Multi-instance test). Two app instances (`npm start`'s
 * server, BACKROOM_DISPATCHER=off) and two webhook workers run as real processes on a fresh database
 * `backroom_mi_<random>` on the server of MULTI_INSTANCE_DATABASE_URL (default the local postgres). It
 * checks that requests are served by both, that a secret revoked on one is refused by the other, that the
 * rate limit holds across both, that one shipments CSV imported on both at once makes each shipment once,
 * that a burst of sign-ins meets the sign-in limits of both together, and that events made while one
 * instance and one worker (mid-delivery) are killed with SIGKILL are all delivered, in order per subject. No PostgreSQL: it says SKIPPED and exits 0.
 */

const root = path.resolve(import.meta.dirname, "..");
// CI's TEST_DATABASE_URL (.ci/run) names the same server the integration tests use. A server named by
// either variable must answer: only the default may be missing (a new user's machine), and is skipped.
const givenUrl = process.env.MULTI_INSTANCE_DATABASE_URL || process.env.TEST_DATABASE_URL;
const serverUrl = givenUrl || DEFAULT_SERVER_URL;
/** Low, so the burst that proves the shared budget is short; every phase uses its own secret. */
const RATE_LIMIT = 120;
/** Short leases: the killed worker's deliveries come back to the other worker 5 s later, not 30. */
const LEASE_MS = 5_000;
const ADMIN = { email: "admin@multi-instance.test", password: "multi-instance-password-1" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: TestDatabase | undefined;
let checker: Checker | undefined;
let receiver: Receiver | undefined;
let logDir: string | undefined;
let cleaning: Promise<void> | undefined;
const timings: string[] = [];

function cleanUp(keepLogs: boolean): Promise<void> {
  cleaning ??= (async () => {
    await stopAll();
    await receiver?.close().catch(() => undefined);
    await checker?.close().catch(() => undefined);
    await database
      ?.drop()
      .catch((error: unknown) => console.error(`Could not drop ${database?.name}:`, error));
    if (logDir && !keepLogs) rmSync(logDir, { recursive: true, force: true });
  })();
  return cleaning;
}

process.once("exit", killAllNow);
// `on`, not `once`: under `npm run test:e2e` a Ctrl-C arrives twice (from the terminal and forwarded by the
// runner), and a second one must not kill this process before it has stopped its detached children.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the multi-instance test.`);
    void cleanUp(false).finally(() => process.exit(130));
  });
}

async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings.push(`${name} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

async function main(): Promise<void> {
  const probe = await probeServer(serverUrl);
  if (probe.skip && givenUrl)
    throw new Error(`no PostgreSQL answers at ${new URL(serverUrl).host}: ${probe.reason}`);
  if (probe.skip) {
    const where = new URL(serverUrl).host;
    console.log(`Multi-instance test SKIPPED: no PostgreSQL answers at ${where} (${probe.reason}).`);
    console.log("Set MULTI_INSTANCE_DATABASE_URL to a server where this user may create databases.");
    return;
  }
  if (!existsSync(path.join(root, ".next", "BUILD_ID")))
    throw new Error("No build in .next: run `npm run build` first.");
  database = await createTestDatabase(serverUrl, "backroom_mi_");
  logDir = mkdtempSync(path.join(os.tmpdir(), "backroom-mi-"));
  const dir = logDir;
  console.log(`Multi-instance test on database ${database.name} (logs: ${logDir}).`);
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: "5",
    BACKROOM_DEMO: "",
    BACKROOM_DISPATCHER: "off",
    BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS: "true",
    BACKROOM_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    BACKROOM_WEBHOOK_LEASE_MS: String(LEASE_MS),
    // Failed attempts come back quickly, and enough of them that nothing is discarded within the run.
    BACKROOM_WEBHOOK_RETRY_SCHEDULE: "500ms,1s,2s,4s,8s,8s,8s,8s,8s,8s",
    BACKROOM_REQUEST_LOG: "off",
    BACKROOM_SHUTDOWN_GRACE: "5s",
  };

  // store:create opens the database first, which migrates it before any instance starts (what compose's
  // `migrate` service is for), so the instances start on a current schema and never race to migrate.
  const storeOut = await timed("store", () =>
    runToEnd(
      root,
      dir,
      "store-create",
      [
        "scripts/store-create.ts",
        ...["--name", "Multi-instance", "--currency", "USD", "--time-zone", "UTC"],
        ...["--admin-email", ADMIN.email, "--admin-name", "Admin"],
      ],
      { ...base, STAFF_PASSWORD: ADMIN.password },
    ),
  );
  const storeId = /str_\w+/.exec(storeOut)?.[0];
  if (!storeId) throw new Error(`store:create printed no store id: ${storeOut}`);

  const hookReceiver = await startReceiver(200);
  receiver = hookReceiver;
  const instances: Instance[] = [];
  const apps: Proc[] = [];
  for (const name of ["app-1", "app-2"]) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    instances.push({ name, url, alive: true });
    const env = { ...base, PORT: String(port), HOSTNAME: "127.0.0.1", BACKROOM_PUBLIC_URL: url };
    apps.push(spawnProc(root, dir, name, ["scripts/start.ts"], env));
  }
  const workers = ["worker-1", "worker-2"].map((name) =>
    spawnProc(root, dir, name, ["scripts/worker.ts"], base),
  );
  const [workerIds] = await timed("start", () =>
    Promise.all([
      Promise.all(workers.map((worker) => waitWorker(worker, 60_000))),
      ...apps.map((app, i) => waitReady(app, (instances[i] as Instance).url, 120_000)),
    ]),
  );
  const [appA, appB] = instances as [Instance, Instance];

  const seeded = await seedThroughApi({
    appA,
    appB,
    storeId,
    admin: ADMIN,
    receiverUrl: hookReceiver.url,
    loadSecrets: 4,
  });
  const { staff, revokeKey, limitKey, loadKeys, locationId, sku, webhookId } = seeded;
  const check = await openChecker(database.url);
  checker = check;
  const route = `/stores/${storeId}/locations`;

  const revocation = await timed("revoke", () =>
    checkRevocation({
      revoker: appA,
      other: appB,
      staff,
      secretId: revokeKey.api_secret.id,
      secret: revokeKey.secret,
      route,
    }),
  );
  const rate = await timed("rate limit", () =>
    checkRateLimit({ instances: [appA, appB], secret: limitKey.secret, route, limit: RATE_LIMIT }),
  );
  const imports = await timed("imports", () =>
    checkConcurrentImports({ instances: [appA, appB], staff, storeId, locationId, sku, checker: check }),
  );
  // The burst leaves the admin's account and this client's address waiting for 15 minutes: nothing after
  // it signs in (the seed's session and the secrets go on working).
  const burst = await timed("sign-in burst", () => checkSignInBurst({ instances: [appA, appB], ...ADMIN }));

  const plan = {
    instances: [appA, appB],
    secrets: loadKeys.map((key) => key.secret),
    subjectsPerSecret: 4,
    updatesPerSubject: 14,
    storeId,
    locationId,
    sku,
  };
  const total = plannedRequests(plan);
  let progress = 0;
  const until = async (ready: () => boolean) => {
    while (!ready()) await sleep(10);
  };
  const kills = { appAt: 0, workerAt: 0, workerLeases: [] as string[] };
  const [workerA] = workers as [Proc, Proc];
  const killing = (async () => {
    await until(() => progress >= total * 0.3);
    kills.appAt = progress;
    await killHard(apps[0] as Proc);
    appA.alive = false;
    await until(() => progress >= total * 0.5);
    // Mid-delivery: wait until the worker holds a lease (an attempt the receiver is sitting on), then kill it.
    const deadline = performance.now() + 15_000;
    while (kills.workerLeases.length === 0 && performance.now() < deadline) {
      kills.workerLeases = await check.leasedBy(workerIds[0] as string);
      if (kills.workerLeases.length === 0) await sleep(10);
    }
    if (kills.workerLeases.length === 0)
      throw new Error("worker-1 never held a delivery to be killed in the middle of");
    kills.workerAt = progress;
    await killHard(workerA);
  })();
  const [load] = await timed("events", () =>
    Promise.all([runLoad(plan, (done) => (progress = done)), killing]),
  );
  const { drainMs } = await timed("drain", () => drain(check, hookReceiver, storeId, webhookId));
  const report = await verifyEvents(check, hookReceiver, storeId, webhookId, load.acknowledged);
  const killedLeases = await check.statusOf(kills.workerLeases);
  if (killedLeases.delivered !== kills.workerLeases.length) {
    throw new Error(
      `the killed worker's deliveries did not all end delivered: ${JSON.stringify(killedLeases)}`,
    );
  }

  const perInstance = requestCounts();
  for (const instance of instances) {
    if (!perInstance[instance.name]) throw new Error(`${instance.name} served no request`);
  }
  console.log("\nMulti-instance test passed (2 app instances, 2 workers, one PostgreSQL):");
  console.log(
    `  requests per instance: ${Object.entries(perInstance)
      .map(([name, n]) => `${name} ${n}`)
      .join(", ")}`,
  );
  console.log(
    `  revocation: revoked on ${appA.name}, refused by ${appB.name} ${revocation.refusalMs.toFixed(0)} ms after the ` +
      `revoking answer (${revocation.probes} probes, ${revocation.acceptedAfter} accepted after it); ${appA.name} refuses it too`,
  );
  console.log(
    `  rate limit ${rate.limit}/min shared: ${rate.sent} requests in one window, ${rate.ok} 2xx ` +
      `(${Object.entries(rate.okPerInstance)
        .map(([name, n]) => `${name} ${n}`)
        .join(" + ")}) <= ${rate.limit}, ` +
      `>= ${rate.limit - rate.slack} (limit minus ${rate.slack} of lease slack); ${rate.refused} 429 with RateLimit headers`,
  );
  console.log(
    `  imports: the same shipments CSV sent to both instances at once, ${imports.rounds} times: ` +
      `${imports.shipments} references, one shipment each (${imports.summaries.at(-1)} for the last file)`,
  );
  console.log(
    `  events: ${total} changes (${load.requests} calls) to shipments, ${report.events} events recorded for ${report.subjects} shipments with the imports'; ` +
      `${appA.name} SIGKILLed after ${kills.appAt} changes (${load.retried} calls cut off and sent again to ${appB.name}), ` +
      `worker-1 SIGKILLed after ${kills.workerAt} holding ${kills.workerLeases.length} deliveries in flight`,
  );
  console.log(
    `  sign-in burst: ${burst.sent} concurrent attempts at one account, the right password last: ` +
      `${burst.checked} reached a password check, ${burst.throttled} were told to wait, none signed in; ` +
      `a new e-mail from the same client was then told to wait too`,
  );
  console.log(
    `  delivered: ${report.events}/${report.events} events, ${report.arrivals} requests received ` +
      `(${report.duplicates} duplicates), in order per subject, 0 lost; drained ${(drainMs / 1000).toFixed(1)} s after the load`,
  );
}

const started = performance.now();
// A run that hangs must still end (and clean up) well within CI's patience.
const watchdog = setTimeout(() => {
  console.error("Multi-instance test FAILED: still running after 5 minutes.");
  void cleanUp(true).finally(() => process.exit(1));
}, 300_000);
watchdog.unref();

let exitCode = 0;
try {
  await main();
} catch (error) {
  exitCode = 1;
  console.error(`\nMulti-instance test FAILED: ${error instanceof Error ? error.message : String(error)}`);
  if (logDir) console.error(`Process logs kept in ${logDir}.`);
} finally {
  await cleanUp(exitCode !== 0);
}
if (timings.length > 0)
  console.log(`Timings: ${timings.join(", ")}; total ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(exitCode);
