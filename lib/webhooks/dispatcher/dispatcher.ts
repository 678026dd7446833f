import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import pg from "pg";
import type { Database } from "../../db";
import { countDeliveryOutcome, observeAttempt } from "../../metrics/registry";
import { DELIVERIES_CHANNEL } from "../channel";
import { sendWebhookAttempt } from "../send";
import { type DeliveryOutcome, runDelivery } from "./attempt";
import { claimDueDeliveries, nextDueAt, releaseLeases } from "./claim";
import type { ClaimedDelivery } from "./claimed-delivery";
import { DueEvents } from "./due-events";
import { SuccessRecorder } from "./record-successes";
import type { DueEventSource, NextAttemptDelay, SendAttempt } from "./types";
import { onInProcessWake } from "./wakeups";

/**
 * The delivery loop (decisions §8). It claims due deliveries up to its free slots, runs their attempts
 * concurrently and sleeps until the next delivery becomes due, a wake-up, or `pollMs` (the poll is the
 * safety net for a lost notification or another process's writes, never the main latency path).
 * Several dispatchers (in the web server and in worker processes) may run against one PostgreSQL
 * database: claims are leased and skip locked rows, so they share the work without coordination.
 */

export type DispatcherOptions = {
  database: Database;
  /** sendWebhookAttempt unless given. */
  send?: SendAttempt;
  /** Retry delays in ms; schedule.ts's default (decisions §8) unless given (tests use milliseconds). */
  schedule?: readonly number[];
  nextDelay?: NextAttemptDelay;
  workerId?: string;
  /** Attempts in flight at once. */
  concurrency?: number;
  /** Attempts in flight at once to one webhook: three quarters of the slots unless given, so a dead endpoint
   * (10 s timeouts) cannot take them all while a busy healthy one is barely held back. */
  maxPerWebhook?: number;
  pollMs?: number;
  /** Must exceed the send timeout, or a slow attempt's delivery could be claimed again while running. */
  leaseMs?: number;
  timeoutMs?: number;
  /** How long stop() waits for attempts in flight before releasing their leases. */
  stopTimeoutMs?: number;
  allowPrivate?: boolean;
  disableAfterMs?: number;
  /** Coalesced events to render before each claim (none unless given). */
  dueEvents?: DueEventSource;
  /** LISTEN for NOTIFYs on PostgreSQL (on by default). */
  listen?: boolean;
  now?: () => Date;
  onError?: (error: unknown) => void;
  onOutcome?: (delivery: ClaimedDelivery, outcome: DeliveryOutcome) => void;
};

export type DispatcherHandle = { wake(): void; stop(): Promise<void> };

/** A sleep time floor: a head that is due but momentarily locked by another worker must not spin us. */
const MIN_WAIT_MS = 10;
/** How long a worker with attempts in flight sleeps before looking for due work again, at most. */
const IN_FLIGHT_RECHECK_MS = 250;

export class Dispatcher implements DispatcherHandle {
  readonly workerId: string;
  private readonly options: DispatcherOptions;
  private readonly concurrency: number;
  private readonly maxPerWebhook: number;
  private readonly clock: () => Date;
  private readonly inFlight = new Map<string, { webhookId: string; done: Promise<void> }>();
  private running = false;
  private loop: Promise<void> | null = null;
  private woken = false;
  private readonly dueEvents: DueEvents;
  private resolveSleep: (() => void) | null = null;
  private listener: pg.Client | null = null;
  private unlistenPglite: Promise<() => Promise<void>> | null = null;
  private firstListen: Promise<void> | null = null;
  private stopInProcessWake: (() => void) | null = null;
  private readonly onWake = () => this.wake();
  private readonly successes: SuccessRecorder;
  /** Fewest free slots worth a claim while attempts are in flight (see run()). */
  private readonly claimBatch: number;

  constructor(options: DispatcherOptions) {
    this.options = options;
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.concurrency = Math.max(1, options.concurrency ?? 8);
    this.maxPerWebhook = options.maxPerWebhook ?? Math.max(1, Math.floor((this.concurrency * 3) / 4));
    this.clock = options.now ?? (() => new Date());
    this.dueEvents = new DueEvents(options.dueEvents, (error) => this.reportError(error));
    this.successes = new SuccessRecorder(options.database.db, this.workerId, this.clock);
    this.claimBatch = Math.max(1, Math.floor(this.concurrency / 4));
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopInProcessWake = onInProcessWake(this.onWake);
    if (this.options.listen !== false && this.options.database.pool) this.firstListen = this.listen();
    // PGlite delivers NOTIFY to listeners of the same instance when the writing transaction commits.
    const pglite = this.options.database.pglite;
    if (this.options.listen !== false && pglite) {
      this.unlistenPglite = pglite.listen(DELIVERIES_CHANNEL, () => this.wake());
    }
    this.loop = this.run();
  }

  /**
   * Resolves once the first attempt to hear the database's wake-ups (LISTEN) is over, at once when it does
   * not listen: from then on a committed change wakes it without waiting for a poll.
   */
  async listening(): Promise<void> {
    await Promise.all([this.firstListen, this.unlistenPglite]);
  }

  wake(): void {
    this.woken = true;
    this.resolveSleep?.();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.stopInProcessWake?.();
    this.wake();
    await this.loop;
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    const unlisten = this.unlistenPglite;
    this.unlistenPglite = null;
    await unlisten?.then((stop) => stop()).catch(() => undefined);
    const timeout = this.options.stopTimeoutMs ?? 10_000;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight.values()].map((f) => f.done)),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeout);
      }),
    ]);
    clearTimeout(timer);
    // Unfinished attempts lose their lease now: another worker may take them at once, and when they do
    // finish here, runDelivery sees the lease gone and records nothing.
    if (this.inFlight.size > 0) {
      await releaseLeases(this.options.database.db, this.workerId, [...this.inFlight.keys()]).catch(
        (error: unknown) => this.reportError(error),
      );
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.woken = false;
      let wait = this.options.pollMs ?? 5000;
      try {
        await this.dueEvents.flush(this.options.database.db, this.clock());
        const free = this.concurrency - this.inFlight.size;
        // While attempts are in flight, claim only once a quarter of the slots is free: each claim is a
        // scan of the queue heads, and claiming every slot as it frees made it one claim per delivery.
        // An idle or lightly loaded worker (most slots free) still claims at once on a wake-up.
        if (free > 0 && (this.inFlight.size === 0 || free >= this.claimBatch)) {
          const claimed = await this.claim(free);
          // A full claim may have left more due work behind: go round again (sleeping if no slot is free).
          if (claimed === free) continue;
          // While attempts are in flight, each one's end wakes the loop (that is when a subject's next
          // event becomes a head), so the next due time is only asked for when nothing is in flight: asking
          // after every claim doubled the heavy statements per delivery. A retry that falls due meanwhile
          // waits at most IN_FLIGHT_RECHECK_MS.
          wait =
            this.inFlight.size > 0 ? Math.min(wait, IN_FLIGHT_RECHECK_MS) : await this.waitUntilNextDue(wait);
        } else if (this.inFlight.size > 0) {
          wait = Math.min(wait, IN_FLIGHT_RECHECK_MS);
        }
      } catch (error) {
        this.reportError(error);
        wait = Math.min(wait, 1000);
      }
      if (this.running) await this.sleep(wait);
    }
  }

  private busyByWebhook(): Map<string, number> {
    const busy = new Map<string, number>();
    for (const { webhookId } of this.inFlight.values()) busy.set(webhookId, (busy.get(webhookId) ?? 0) + 1);
    return busy;
  }

  private async claim(limit: number): Promise<number> {
    const claimed = await claimDueDeliveries(this.options.database.db, {
      workerId: this.workerId,
      limit,
      leaseMs: this.options.leaseMs ?? 30_000,
      now: this.clock(),
      maxPerWebhook: this.maxPerWebhook,
      busy: this.busyByWebhook(),
      // Never our own running attempts: one that has just recorded a retry may look due and unleased to
      // this claim before its reply is read here, and a lease taken then would be attempted by no one.
      inFlight: [...this.inFlight.keys()],
    });
    for (const delivery of claimed) this.launch(delivery);
    return claimed.length;
  }

  private launch(delivery: ClaimedDelivery): void {
    const { database, onOutcome } = this.options;
    const done = runDelivery(database.db, delivery, {
      send: this.timedSend,
      workerId: this.workerId,
      schedule: this.options.schedule,
      now: this.clock,
      allowPrivate: this.options.allowPrivate,
      timeoutMs: this.options.timeoutMs,
      nextDelay: this.options.nextDelay,
      disableAfterMs: this.options.disableAfterMs,
      recordSuccess: (record) => this.successes.record(record),
    })
      .then((outcome) => {
        countDeliveryOutcome(outcome.kind);
        onOutcome?.(delivery, outcome);
      })
      // A database error leaves the lease in place: the delivery is retried when it expires.
      .catch((error: unknown) => this.reportError(error))
      .finally(() => {
        this.inFlight.delete(delivery.id);
        // A slot is free, and the subject's next event may now be due.
        this.wake();
      });
    this.inFlight.set(delivery.id, { webhookId: delivery.webhookId, done });
  }

  /** Sends through the configured sender, timing each HTTP attempt for the metrics. */
  private readonly timedSend: SendAttempt = async (input) => {
    const result = await (this.options.send ?? sendWebhookAttempt)(input);
    observeAttempt(result.ok, result.durationMs / 1000);
    return result;
  };

  /** The wait until the next claimable head (ignoring webhooks this worker has no free slot for) or due mark. */
  private async waitUntilNextDue(poll: number): Promise<number> {
    const full = [...this.busyByWebhook()].filter(([, n]) => n >= this.maxPerWebhook).map(([id]) => id);
    const db = this.options.database.db;
    const delivery = (await nextDueAt(db, { excludeWebhookIds: full }))?.getTime();
    const due = Math.min(delivery ?? Number.POSITIVE_INFINITY, await this.dueEvents.nextDueAt(db));
    if (!Number.isFinite(due)) return poll;
    return Math.min(poll, Math.max(MIN_WAIT_MS, due - this.clock().getTime()));
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.resolveSleep = null;
        resolve();
      }
      this.resolveSleep = done;
    });
  }

  /** A dedicated connection (not one of the pool's) that stays in LISTEN; reconnects while running. */
  private async listen(): Promise<void> {
    const pool = this.options.database.pool;
    if (!pool || !this.running) return;
    const client = new pg.Client(pool.options);
    const retry = () => {
      if (this.listener !== client) return;
      this.listener = null;
      client.end().catch(() => undefined);
      if (this.running) setTimeout(() => void this.listen(), this.options.pollMs ?? 5000).unref();
    };
    this.listener = client;
    client.on("notification", () => this.wake());
    client.on("error", (error) => {
      this.reportError(error);
      retry();
    });
    try {
      await client.connect();
      await client.query(`listen ${DELIVERIES_CHANNEL}`);
      // Stopped while connecting: stop() ended whichever listener it saw, so end this one here.
      if (this.listener !== client) await client.end();
    } catch (error) {
      // Ending the client from stop() while it connects lands here too; that is not worth reporting.
      if (this.running) this.reportError(error);
      retry();
    }
  }

  private reportError(error: unknown): void {
    if (this.options.onError) this.options.onError(error);
    else console.error("Webhook dispatcher:", error);
  }
}

export function startDispatcher(options: DispatcherOptions): Dispatcher {
  const dispatcher = new Dispatcher(options);
  dispatcher.start();
  return dispatcher;
}
