import { type Answer, call, type Instance } from "./api";
import type { Checker } from "./database";
import type { Receiver } from "./receiver";

/**
 * The event flow: inbound shipments created and updated through the API of both instances (each change
 * records an `inbound_shipment` event, docs/inbound-shipments.md), while the test kills an instance and a
 * worker. Each subject's changes are sent one after another, so its events have a known order (their seq);
 * subjects run side by side.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type LoadPlan = {
  instances: Instance[];
  /** One API secret per group of subjects, so no secret's budget (the low test limit) is exhausted. */
  secrets: string[];
  subjectsPerSecret: number;
  updatesPerSubject: number;
  storeId: string;
  locationId: string;
  sku: string;
};

export type LoadResult = {
  /** 2xx answers per subject (shipment id): changes the API acknowledged. */
  acknowledged: Map<string, number>;
  requests: number;
  /** Calls that died with an instance (connection reset or refused) and were sent again to the other. */
  retried: number;
};

export function plannedRequests(plan: LoadPlan): number {
  return plan.secrets.length * plan.subjectsPerSecret * (1 + plan.updatesPerSubject);
}

/** Sends a call to a live instance; a connection error (the instance was killed) is retried on another. */
async function send(
  plan: LoadPlan,
  turn: number,
  method: string,
  route: string,
  secret: string,
  body: unknown,
  stats: { requests: number; retried: number },
): Promise<Answer> {
  for (let attempt = 0; ; attempt++) {
    const alive = plan.instances.filter((instance) => instance.alive);
    const instance = alive[(turn + attempt) % alive.length];
    if (!instance) throw new Error("no app instance is alive");
    try {
      stats.requests++;
      const answer = await call(instance, method, route, { secret }, body);
      if (answer.status === 429) {
        // Not expected within the plan's budget; wait for the window rather than fail on a slow machine.
        await sleep(Number(answer.headers.get("RateLimit-Reset") ?? 1) * 1000);
        continue;
      }
      return answer;
    } catch (error) {
      if (attempt >= 10) throw error;
      stats.retried++;
      await sleep(200);
    }
  }
}

/**
 * The shipment a create made. A create cut off with its instance may have been written before the instance
 * died; sent again, it is then a 409 (a reference names one shipment), and the shipment is found by its
 * reference, as a client would find it.
 */
async function createdShipmentId(
  plan: LoadPlan,
  index: number,
  secret: string,
  created: Answer,
  stats: { requests: number; retried: number },
): Promise<string> {
  if (created.status === 201)
    return (created.body as { inbound_shipment: { id: string } }).inbound_shipment.id;
  const taken = (created.body as { type?: string } | undefined)?.type?.endsWith("/shipment-id-taken");
  if (created.status === 409 && taken) {
    const route = `/stores/${plan.storeId}/inbound-shipments?q=MI-${index}`;
    const found = await send(plan, index, "GET", route, secret, undefined, stats);
    const [shipment] = (found.body as { inbound_shipments?: { id: string }[] }).inbound_shipments ?? [];
    if (found.status === 200 && shipment) return shipment.id;
  }
  throw new Error(`create shipment: HTTP ${created.status} ${JSON.stringify(created.body)}`);
}

export async function runLoad(plan: LoadPlan, onProgress: (done: number) => void): Promise<LoadResult> {
  const acknowledged = new Map<string, number>();
  const stats = { requests: 0, retried: 0 };
  let done = 0;
  const subject = async (secret: string, index: number) => {
    const created = await send(
      plan,
      index,
      "POST",
      `/stores/${plan.storeId}/inbound-shipments`,
      secret,
      {
        inbound_shipment: {
          location_id: plan.locationId,
          shipment_id: `MI-${index}`,
          items: [{ sku: plan.sku, quantity: 1 }],
        },
      },
      stats,
    );
    const id = await createdShipmentId(plan, index, secret, created, stats);
    acknowledged.set(id, 1);
    onProgress(++done);
    for (let i = 1; i <= plan.updatesPerSubject; i++) {
      // Alternating instances: each change is made on the other instance than the one before it.
      const answer = await send(
        plan,
        index + i,
        "PATCH",
        `/stores/${plan.storeId}/inbound-shipments/${id}`,
        secret,
        { inbound_shipment: { tracking_number: `MI-${index}-${i}` } },
        stats,
      );
      if (answer.status !== 200)
        throw new Error(`update shipment: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
      acknowledged.set(id, (acknowledged.get(id) ?? 0) + 1);
      onProgress(++done);
    }
  };
  await Promise.all(
    plan.secrets.flatMap((secret, s) =>
      Array.from({ length: plan.subjectsPerSecret }, (_, k) =>
        subject(secret, s * plan.subjectsPerSecret + k),
      ),
    ),
  );
  return { acknowledged, requests: stats.requests, retried: stats.retried };
}

/** Waits until the receiver has every event of the store and no delivery of the webhook is pending. */
export async function drain(checker: Checker, receiver: Receiver, storeId: string, webhookId: string) {
  const started = performance.now();
  const deadline = started + 90_000;
  for (;;) {
    const events = await checker.events(storeId);
    const received = new Set(receiver.arrivals.map((arrival) => arrival.eventId));
    const statuses = await checker.deliveryStatuses(webhookId);
    const missing = events.filter((event) => !received.has(event.id)).length;
    if (missing === 0 && !statuses.pending) return { drainMs: performance.now() - started };
    if (performance.now() > deadline) {
      throw new Error(
        `after 90 s, ${missing} of ${events.length} events never arrived; deliveries ${JSON.stringify(statuses)}`,
      );
    }
    await sleep(250);
  }
}

export type EventReport = {
  events: number;
  subjects: number;
  arrivals: number;
  duplicates: number;
  statuses: Record<string, number>;
};

/** Every event arrived, in seq order per subject (a repeat of the last one allowed), none unknown or lost. */
export async function verifyEvents(
  checker: Checker,
  receiver: Receiver,
  storeId: string,
  webhookId: string,
  acknowledged: Map<string, number>,
): Promise<EventReport> {
  const events = await checker.events(storeId);
  const seqOf = new Map(events.map((event) => [event.id, event]));
  const problems: string[] = [];
  const lastSeq = new Map<string, number>();
  for (const arrival of receiver.arrivals) {
    const event = seqOf.get(arrival.eventId);
    if (!event) {
      problems.push(`received unknown event ${arrival.eventId}`);
      continue;
    }
    if (event.subjectId !== arrival.subjectId)
      problems.push(`event ${event.id} arrived with the wrong subject`);
    const last = lastSeq.get(event.subjectId) ?? 0;
    if (event.seq < last)
      problems.push(`subject ${event.subjectId}: event seq ${event.seq} arrived after ${last}`);
    lastSeq.set(event.subjectId, Math.max(last, event.seq));
  }
  const received = new Set(receiver.arrivals.map((arrival) => arrival.eventId));
  const lost = events.filter((event) => !received.has(event.id));
  if (lost.length > 0) problems.push(`${lost.length} events never delivered`);
  const perSubject = new Map<string, number>();
  for (const event of events) perSubject.set(event.subjectId, (perSubject.get(event.subjectId) ?? 0) + 1);
  for (const [subjectId, count] of acknowledged) {
    const recorded = perSubject.get(subjectId) ?? 0;
    if (recorded < count)
      problems.push(`subject ${subjectId}: ${count} changes acknowledged, ${recorded} events`);
  }
  const statuses = await checker.deliveryStatuses(webhookId);
  if (statuses.pending || statuses.discarded)
    problems.push(`deliveries not all delivered: ${JSON.stringify(statuses)}`);
  if (receiver.malformed() > 0) problems.push(`${receiver.malformed()} malformed webhook requests`);
  if (problems.length > 0) throw new Error(`Events: ${problems.slice(0, 10).join("; ")}`);
  return {
    events: events.length,
    subjects: perSubject.size,
    arrivals: receiver.arrivals.length,
    duplicates: receiver.arrivals.length - received.size,
    statuses,
  };
}
