import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../db";
import { webhookDeliveries, webhooks } from "../db/schema";
import { recordReturnEvent } from "../domain/events/record";
import { newId } from "../ids";

/** For the webhook dispatcher's integration tests (and the published client's): a real HTTP receiver, row builders and waits. */

export type Received = {
  deliveryId: string;
  timestamp: string;
  signature: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
  eventId: string;
  subjectId: string;
  startedAt: number;
  finishedAt: number;
  status: number;
};

export type Reply = { status: number; headers?: Record<string, string>; body?: string; delayMs?: number };

type Decide = (request: { deliveryId: string; eventId: string; subjectId: string; nth: number }) => Reply;

/**
 * A receiver on 127.0.0.1 that records every request and answers what `decide` says. It also watches
 * the two invariants the engine promises: never two requests of one delivery, nor of one subject, in
 * flight at the same time (`overlaps` lists any violation).
 */
export async function startReceiver(decide: Decide = () => ({ status: 200 })) {
  const received: Received[] = [];
  const overlaps: string[] = [];
  const busyDeliveries = new Set<string>();
  const busySubjects = new Set<string>();
  const counts = new Map<string, number>();
  const waiters = new Set<(request: Received) => void>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const startedAt = performance.now();
      const body = Buffer.concat(chunks).toString("utf8");
      const parsed = JSON.parse(body) as { id: string; return?: { id: string }; subject?: { id: string } };
      const deliveryId = String(req.headers["webhook-id"]);
      const subjectId = parsed.return?.id ?? parsed.subject?.id ?? "";
      if (busyDeliveries.has(deliveryId)) overlaps.push(`delivery ${deliveryId}`);
      if (busySubjects.has(subjectId)) overlaps.push(`subject ${subjectId}`);
      busyDeliveries.add(deliveryId);
      busySubjects.add(subjectId);
      const nth = (counts.get(deliveryId) ?? 0) + 1;
      counts.set(deliveryId, nth);
      const reply = decide({ deliveryId, eventId: parsed.id, subjectId, nth });
      setTimeout(() => {
        busyDeliveries.delete(deliveryId);
        busySubjects.delete(subjectId);
        received.push({
          deliveryId,
          timestamp: String(req.headers["webhook-timestamp"]),
          signature: String(req.headers["webhook-signature"]),
          authorization: req.headers.authorization,
          contentType: req.headers["content-type"],
          body,
          eventId: parsed.id,
          subjectId,
          startedAt,
          finishedAt: performance.now(),
          status: reply.status,
        });
        for (const waiter of [...waiters]) waiter(received[received.length - 1] as Received);
        res.writeHead(reply.status, reply.headers ?? {});
        res.end(reply.body ?? "");
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    overlaps,
    /** The first request (received already, or the next to arrive) that `matches`: waits on arrivals. */
    waitForRequest: (matches: (request: Received) => boolean): Promise<Received> => {
      const found = received.find(matches);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => {
        const waiter = (request: Received) => {
          if (!matches(request)) return;
          waiters.delete(waiter);
          resolve(request);
        };
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const newSigningSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

/**
 * A `return` webhook of the store pointing at `url`. The store's other webhooks are disabled first, so
 * each test's events only produce deliveries for its own webhook.
 */
export async function insertWebhook(
  db: Db,
  storeId: string,
  url: string,
  overrides: Partial<typeof webhooks.$inferInsert> = {},
) {
  const id = newId("webhook");
  await db
    .update(webhooks)
    .set({ disabledAt: new Date(), disabledReason: "test isolation" })
    .where(and(eq(webhooks.storeId, storeId), ne(webhooks.id, id)));
  const [row] = await db
    .insert(webhooks)
    .values({ id, storeId, url, topic: "return", signingSecret: newSigningSecret(), ...overrides })
    .returning();
  if (!row) throw new Error("no webhook inserted");
  return row;
}

/** Demo returns of a store, `count` of them, in id order (skipping the first `skip`). */
export async function demoReturnIds(db: Db, storeId: string, count: number, skip = 0): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(
    sql`select id from returns where store_id = ${storeId} order by id offset ${skip} limit ${count}`,
  );
  if (rows.length < count) throw new Error(`only ${rows.length} demo returns`);
  return rows.map((r) => r.id);
}

/** One `updated` event of a return, in its own transaction as a real change would write it. */
export async function recordEvent(db: Db, storeId: string, returnId: string) {
  return db.transaction((tx) => recordReturnEvent(tx, { storeId, returnId, type: "updated" }));
}

/** Polls until no delivery of the webhook is pending (or throws after `timeoutMs`). */
export async function waitUntilSettled(db: Db, webhookId: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.status, "pending")));
    if ((row?.n ?? 0) === 0) return;
    if (Date.now() > deadline) throw new Error(`${row?.n} deliveries still pending`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
