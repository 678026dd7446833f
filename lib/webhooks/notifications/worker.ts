import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type pg from "pg";
import type { Db } from "../../db";
import { NotifyListener } from "../../db/notify-listener";
import { countNotificationOutcome } from "../../metrics/registry";
import type { SendNotification } from "./channels";
import {
  type ClaimedNotification,
  claimDueNotifications,
  DEFAULT_NOTIFICATION_SCHEDULE_MS,
  nextNotificationDueAt,
  recordNotificationAttempt,
} from "./outbox";
import { NOTIFICATIONS_CHANNEL, onNotificationWake } from "./wakeups";

export type NotificationWorkerOptions = {
  db: Db;
  send: SendNotification;
  schedule?: readonly number[];
  workerId?: string;
  /** Messages in flight at once. */
  concurrency?: number;
  /** Must outlast a send (15 s timeouts), or a slow send could be claimed again while running. */
  leaseMs?: number;
  /** The safety net for a lost wake-up (a LISTEN connection down, PGlite rows another process wrote). */
  pollMs?: number;
  /** On PostgreSQL: LISTEN through this pool's server for other processes' enqueues (wakeups.ts). */
  listenPool?: pg.Pool;
  /** Wake on this process's own enqueues (default true; the benchmark turns it off to compare). */
  inProcessWake?: boolean;
  /**
   * Runs before each claim (at most once per `watchEveryMs`): finds occasions to tell people about and
   * enqueues them (the webhook warnings; later lanes' alert evaluation).
   */
  watch?: (db: Db, now: Date) => Promise<void>;
  watchEveryMs?: number;
  now?: () => Date;
  onError?: (error: unknown) => void;
};

/**
 * The notification worker: served beside the webhook dispatcher (lib/webhooks/run.ts starts and stops
 * both), it claims due outbox rows, sends them and records each attempt. A failed send is retried on the
 * schedule; an accepted one is never sent again (docs/notifications.md).
 */
export class NotificationWorker {
  readonly workerId: string;
  private readonly options: NotificationWorkerOptions;
  private readonly clock: () => Date;
  private running = false;
  private loop: Promise<void> | null = null;
  private woken = false;
  private resolveSleep: (() => void) | null = null;
  private stopWake: (() => void) | null = null;
  private listener: NotifyListener | null = null;
  private firstListen: Promise<void> = Promise.resolve();
  private lastWatch = 0;
  private asleep = false;
  private readonly sleepWaiters = new Set<() => void>();

  constructor(options: NotificationWorkerOptions) {
    this.options = options;
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:ntf:${randomUUID().slice(0, 8)}`;
    this.clock = options.now ?? (() => new Date());
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    if (this.options.inProcessWake !== false) this.stopWake = onNotificationWake(() => this.wake());
    const pool = this.options.listenPool;
    if (pool) {
      let heard: () => void = () => undefined;
      this.firstListen = new Promise((resolve) => {
        heard = resolve;
      });
      this.listener = new NotifyListener({
        pool,
        channel: NOTIFICATIONS_CHANNEL,
        onNotify: () => this.wake(),
        // Back after a lost connection: rows enqueued meanwhile were not heard of, so look now.
        onLive: (live) => {
          if (!live) return;
          heard();
          this.wake();
        },
        onError: this.options.onError,
      });
      this.listener.start();
    }
    this.loop = this.run();
  }

  /** Resolves once LISTEN is in place (at once without a pool): from then on other processes wake it. */
  listening(): Promise<void> {
    return this.firstListen;
  }

  wake(): void {
    this.woken = true;
    this.resolveSleep?.();
  }

  /** Stops claiming and waits for the sends in flight (each bounded by its timeout). */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.stopWake?.();
    const listener = this.listener;
    this.listener = null;
    this.wake();
    await Promise.all([this.loop, listener?.stop()]);
  }

  /**
   * Resolves the next time the loop goes to sleep (at once if it sleeps now): tests and the
   * benchmark start from an idle worker, so what wakes it next is the wake-up they mean to measure.
   */
  idle(): Promise<void> {
    if (this.asleep) return Promise.resolve();
    return new Promise((resolve) => this.sleepWaiters.add(resolve));
  }

  /** Runs the watch now (tests; the loop runs it every `watchEveryMs`). */
  async watchNow(): Promise<void> {
    await this.runWatch(true);
  }

  /** Claims and sends until nothing is due; returns how many attempts were made. Exposed for tests. */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await claimDueNotifications(this.options.db, {
        workerId: this.workerId,
        limit: this.options.concurrency ?? 4,
        leaseMs: this.options.leaseMs ?? 60_000,
        now: this.clock(),
      });
      if (claimed.length === 0) return sent;
      await Promise.all(claimed.map((message) => this.attempt(message)));
      sent += claimed.length;
    }
  }

  private async attempt(message: ClaimedNotification): Promise<void> {
    let error: string | null = null;
    try {
      await this.options.send(message);
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
    const schedule = this.options.schedule ?? DEFAULT_NOTIFICATION_SCHEDULE_MS;
    const retryInMs = schedule[message.attemptCount] ?? null;
    const recorded = await recordNotificationAttempt(this.options.db, {
      id: message.id,
      workerId: this.workerId,
      now: this.clock(),
      error,
      retryInMs,
    });
    // Counted only when recorded: a worker that lost its lease says nothing about the row's fate.
    if (recorded) {
      const outcome = error === null ? "sent" : retryInMs === null ? "failed" : "retrying";
      countNotificationOutcome(message.kind, message.channel, outcome);
    }
  }

  private async runWatch(force: boolean): Promise<void> {
    const watch = this.options.watch;
    if (!watch) return;
    const now = this.clock();
    if (!force && now.getTime() - this.lastWatch < (this.options.watchEveryMs ?? 15_000)) return;
    this.lastWatch = now.getTime();
    await watch(this.options.db, now);
  }

  private async run(): Promise<void> {
    const pollMs = this.options.pollMs ?? 5_000;
    while (this.running) {
      this.woken = false;
      try {
        await this.runWatch(false);
        await this.drain();
      } catch (error) {
        (this.options.onError ?? console.error)(error);
      }
      if (!this.running) break;
      let waitMs = pollMs;
      try {
        const due = await nextNotificationDueAt(this.options.db);
        if (due) waitMs = Math.max(10, Math.min(pollMs, due.getTime() - this.clock().getTime()));
      } catch (error) {
        (this.options.onError ?? console.error)(error);
      }
      if (this.woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        this.resolveSleep = () => {
          clearTimeout(timer);
          resolve();
        };
        this.asleep = true;
        for (const waiter of this.sleepWaiters) waiter();
        this.sleepWaiters.clear();
      });
      this.asleep = false;
      this.resolveSleep = null;
    }
  }
}
