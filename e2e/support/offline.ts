import type { APIRequestContext, Page } from "@playwright/test";
import { claim, expect } from "./fixtures";

/**
 * What e2e/offline.spec.ts needs of the seeded store and of the device: a shipment or return of its own, the
 * server's counts, the service worker's caches and the offline queue's IndexedDB store (docs/offline.md).
 */

type Line = {
  id: string;
  quantity: number;
  received_quantity: number;
  damaged_quantity: number;
  missing_quantity: number;
  product: { title: string; sku: string | null };
};
export type Shipment = { id: string; shipment_id: string | null; items: Line[] };
export type Return = { id: string; status: string; items: { id: string }[] };

const untouched = (line: Line) =>
  line.received_quantity + line.damaged_quantity + line.missing_quantity === 0;

/** An in-transit shipment nothing was received from, with a SKU line expecting `units` or more; claimed. */
export async function shipmentToReceive(request: APIRequestContext, storeId: string, units: number) {
  const listed = await request.get(`/api/v2.2/stores/${storeId}/inbound-shipments?status=IN_TRANSIT`, {
    headers: { "X-Page-Size": "100" },
  });
  expect(listed.status(), await listed.text()).toBe(200);
  const { inbound_shipments: shipments } = (await listed.json()) as { inbound_shipments: Shipment[] };
  for (const shipment of shipments) {
    const line = shipment.items.find((item) => item.product.sku && item.quantity >= units);
    if (line?.product.sku && shipment.items.every(untouched) && claim("shipment", shipment.id)) {
      return { shipment, line, sku: line.product.sku };
    }
  }
  throw new Error(`the demo has no untouched in-transit shipment with a line of ${units} units`);
}

export async function lineNow(
  request: APIRequestContext,
  storeId: string,
  shipmentId: string,
  lineId: string,
) {
  const response = await request.get(`/api/v2.2/stores/${storeId}/inbound-shipments/${shipmentId}`);
  expect(response.status(), await response.text()).toBe(200);
  const { inbound_shipment: shipment } = (await response.json()) as { inbound_shipment: Shipment };
  return shipment.items.find((item) => item.id === lineId);
}

export async function receiptCount(request: APIRequestContext, storeId: string, shipmentId: string) {
  const response = await request.get(`/api/v2.2/stores/${storeId}/inbound-shipments/${shipmentId}/receipts`, {
    headers: { "X-Page-Size": "100" },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { receipts: unknown[] }).receipts.length;
}

/** A return of `status` with items, claimed. */
export async function returnToChange(request: APIRequestContext, storeId: string, status: string) {
  const listed = await request.get(`/api/v2.2/stores/${storeId}/returns?status=${status}`, {
    headers: { "X-Page-Size": "200" },
  });
  expect(listed.status(), await listed.text()).toBe(200);
  const ret = ((await listed.json()) as { returns: Return[] }).returns.find(
    (candidate) => candidate.items.length > 0 && claim("return", candidate.id),
  );
  if (!ret) throw new Error(`the demo has no ${status} return left with items`);
  return ret;
}

/** Rejects every item of the return open on the page, in the processing panel. */
export async function rejectAll(page: Page, ret: Return, reason: string) {
  await page.getByRole("button", { name: "Process items…" }).click();
  const panel = page.getByRole("dialog", { name: "Process return" });
  for (let index = 0; index < ret.items.length; index++) {
    const fields = panel.getByRole("group").nth(index);
    await fields.getByRole("radio", { name: "Reject", exact: true }).check();
    await fields.getByLabel("Reason for rejecting").fill(reason);
  }
  await panel.getByRole("button", { name: "Review" }).click();
  await panel.getByRole("button", { name: new RegExp(`^Process ${ret.items.length} items?$`) }).click();
  await expect(panel).toBeHidden();
}

/** Moves every queued write's time `ms` into the past, in the queue's IndexedDB store, as if queued then. */
export function ageQueuedWrites(page: Page, ms: number): Promise<number> {
  return page.evaluate(
    (age) =>
      new Promise<number>((resolve, reject) => {
        const opened = indexedDB.open("backroom-offline");
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const tx = opened.result.transaction("writes", "readwrite");
          let aged = 0;
          tx.objectStore("writes").openCursor().onsuccess = (event) => {
            const cursor = (event.target as IDBRequest<IDBCursorWithValue | null>).result;
            if (!cursor) return;
            const write = cursor.value as { queuedAt: number; nextAttemptAt: number };
            cursor.update({
              ...write,
              queuedAt: write.queuedAt - age,
              nextAttemptAt: write.nextAttemptAt - age,
            });
            aged += 1;
            cursor.continue();
          };
          tx.oncomplete = () => {
            opened.result.close();
            resolve(aged);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    ms,
  );
}

/** Waits until the service worker has kept the page and every API answer it read (none is left out). */
export async function pageKeptOffline(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        // Answered reads only: a read the page cancelled (a closed panel's) has status 0 and nothing to keep.
        const reads = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .filter((entry) => entry.responseStatus === 200)
          .map((entry) => entry.name)
          .filter((name) => new URL(name).pathname.startsWith("/api/v2.2/"));
        const urls = [window.location.href, ...reads];
        const kept = await Promise.all(urls.map((url) => caches.match(url, { ignoreVary: true })));
        return urls.filter((_url, index) => !kept[index]);
      }),
    )
    .toEqual([]);
}
