import os from "node:os";
import { performance } from "node:perf_hooks";
import { closeDatabase, getDatabase } from "../lib/db";
import { openPostgres } from "../lib/db/client";
import { startMailCatcher } from "../lib/dev-mail/catcher";
import { channelSender } from "../lib/webhooks/notifications/channels";
import { enqueueNotifications } from "../lib/webhooks/notifications/enqueue";
import { NotificationWorker } from "../lib/webhooks/notifications/worker";
import { percentile } from "./bench/timing";

/**
 * `npm run bench:notify`: the time from a triggering change (an enqueue in a transaction that commits) to the
 * e-mail accepted by a real SMTP server (lib/dev-mail/catcher.ts, on localhost), p50/p95 over BENCH_MESSAGES
 * messages (20) for each way a worker hears of the row (docs/notifications.md "Wake-ups"):
 * - in-process: the worker shares the writer's process and pool and is woken by its event;
 * - LISTEN: the worker is "another process" (its own pool and LISTEN connection, in-process wake-ups off),
 *   woken by the NOTIFY of the commit;
 * - poll only: the same worker without LISTEN, finding the row on its 5 s poll.
 * Each message is enqueued after a random pause of up to one poll interval once the worker sleeps, so the poll
 * is met at a random phase, as real changes meet it. Needs DATABASE_URL at a PostgreSQL database (it leaves
 * its `test` notifications there, with no store).
 */

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20);
const POLL_MS = 5_000;

type Mode = "in-process" | "LISTEN" | "poll only";

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("Set DATABASE_URL to a PostgreSQL database.");
  const writer = await getDatabase();
  const otherProcess = openPostgres(url, 2);
  const mail = await startMailCatcher();
  const send = channelSender({ smtpUrl: mail.smtpUrl, mailFrom: "Backroom <bench@localhost>" });
  console.log(
    `${MESSAGES} messages per mode; poll ${POLL_MS / 1000} s; ${os.cpus().length} cores, load average ` +
      `${os.loadavg()[0]?.toFixed(1)}`,
  );

  const modes: Mode[] = ["in-process", "LISTEN", "poll only"];
  const workerFor = (mode: Mode) =>
    mode === "in-process"
      ? new NotificationWorker({ db: writer.db, send, pollMs: POLL_MS })
      : new NotificationWorker({
          db: otherProcess.db,
          send,
          pollMs: POLL_MS,
          listenPool: mode === "LISTEN" ? otherProcess.pool : undefined,
          inProcessWake: false,
        });

  const results: { mode: Mode; times: number[] }[] = [];
  try {
    for (const mode of modes) {
      const worker = workerFor(mode);
      worker.start();
      await worker.listening();
      const times: number[] = [];
      for (let i = 0; i < MESSAGES; i++) {
        await worker.idle();
        await new Promise((resolve) => setTimeout(resolve, Math.random() * POLL_MS));
        const subject = `bench ${mode} ${i} ${Date.now()}`;
        const arrived = mail.waitFor((m) => m.subject === subject);
        const start = performance.now();
        await writer.db.transaction((tx) =>
          enqueueNotifications(tx, [
            {
              storeId: null,
              kind: "test",
              channel: "email",
              recipient: "bench@localhost",
              subject,
              body: "",
            },
          ]),
        );
        await arrived;
        times.push(performance.now() - start);
      }
      await worker.stop();
      times.sort((a, b) => a - b);
      results.push({ mode, times });
    }
  } finally {
    await mail.close();
    await otherProcess.close();
    await closeDatabase();
  }

  const base = percentile(results[0]?.times ?? [], 50);
  console.log("| Wake-up | p50 | p95 | max | p50 / in-process |");
  console.log("|---|---|---|---|---|");
  for (const { mode, times } of results) {
    const p50 = percentile(times, 50);
    console.log(
      `| ${mode} | ${p50.toFixed(0)} ms | ${percentile(times, 95).toFixed(0)} ms | ` +
        `${(times.at(-1) ?? 0).toFixed(0)} ms | ${(p50 / base).toFixed(1)}x |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
