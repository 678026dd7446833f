import { describe, expect, it } from "vitest";
import { inboundShipmentSchema, listInboundShipmentsResponseSchema } from "@/lib/schemas/inbound-shipments";
import { callRoute, unservedMethod } from "@/lib/testing/api";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { insertRandomShipments, seededRandom } from "@/lib/testing/shipment-fixtures";
import { GET } from "./route";

// The server answers methods a route does not export (405 with the path's Allow).
const PUT = unservedMethod;

type ListBody = {
  inbound_shipments: {
    id: string;
    status: string;
    created_at: string;
    updated_at: string;
    location: { id: string };
  }[];
};

const setup = setupApiTestDatabase();

async function list(storeId: string, secret: string, query = "", headers: Record<string, string> = {}) {
  return callRoute<ListBody>(
    GET,
    { storeId },
    { path: `/stores/${storeId}/inbound-shipments${query}`, secret, headers },
  );
}

/** Walks every page as a client does: follow X-Page-Next until it is absent. */
async function walk(storeId: string, secret: string, query: string, pageSize: number) {
  const seen: ListBody["inbound_shipments"] = [];
  let marker: string | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const headers: Record<string, string> = { "X-Page-Size": String(pageSize) };
    if (marker) headers["X-Page-Continue"] = marker;
    const page = await list(storeId, secret, query, headers);
    expect(page.status).toBe(200);
    expect(page.body.inbound_shipments.length).toBeLessThanOrEqual(pageSize);
    seen.push(...page.body.inbound_shipments);
    marker = page.headers.get("x-page-next");
    if (!marker) return seen;
    expect(page.body.inbound_shipments).toHaveLength(pageSize);
  }
  throw new Error("paging did not end");
}

function expectedOrder(rows: ListBody["inbound_shipments"]) {
  return [...rows].sort((a, b) =>
    a.updated_at === b.updated_at ? (a.id < b.id ? 1 : -1) : a.updated_at < b.updated_at ? 1 : -1,
  );
}

describe("GET /stores/{storeId}/inbound-shipments", () => {
  it("lists the store's shipments in the published shape, newest update first, 20 by default", async () => {
    const { database, storeA, storeB } = setup();
    await insertRandomShipments(database.db, {
      storeId: storeA.id,
      locationIds: storeA.locationIds,
      count: 137,
      seed: 1,
    });
    await insertRandomShipments(database.db, {
      storeId: storeB.id,
      locationIds: storeB.locationIds,
      count: 15,
      seed: 2,
    });

    const first = await list(storeA.id, storeA.secret);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/json");
    // The published shape and nothing more: a strict parse refuses an extra field, and reads back unchanged.
    expect(listInboundShipmentsResponseSchema.strict().parse(first.body)).toEqual(first.body);
    expect(first.body.inbound_shipments).toHaveLength(20);
    for (const shipment of first.body.inbound_shipments)
      expect(inboundShipmentSchema.strict().parse(shipment)).toEqual(shipment);
    expect(first.headers.get("x-page-next")).toEqual(expect.stringMatching(/\S/));

    const all = await walk(storeA.id, storeA.secret, "", 50);
    expect(all).toHaveLength(137);
    expect(all.map((s) => s.id)).toEqual(expectedOrder(all).map((s) => s.id));
    expect(new Set(all.map((s) => s.id)).size).toBe(137);
  });

  it("pages through random data and page sizes without duplicates or gaps, under every filter", async () => {
    const { storeA } = setup();
    const everything = await walk(storeA.id, storeA.secret, "", 500);
    const random = seededRandom(42);
    const filters: [string, (s: ListBody["inbound_shipments"][number]) => boolean][] = [
      ["", () => true],
      ["?status=RECEIVED", (s) => s.status === "RECEIVED"],
      [`?location_id=${storeA.locationIds[0]}`, (s) => s.location.id === storeA.locationIds[0]],
      [
        "?created_at_min=2026-01-15T00:00:00Z&created_at_max=2026-02-01T00:00:00.000Z",
        (s) => s.created_at >= "2026-01-15T00:00:00.000Z" && s.created_at < "2026-02-01T00:00:00.000Z",
      ],
      [
        `?status=PENDING&location_id=${storeA.locationIds[1]}&created_at_min=2026-01-10T00:00:00%2B00:00`,
        (s) =>
          s.status === "PENDING" &&
          s.location.id === storeA.locationIds[1] &&
          s.created_at >= "2026-01-10T00:00:00.000Z",
      ],
    ];
    for (const [query, keep] of filters) {
      for (let run = 0; run < 3; run++) {
        const pageSize = 1 + Math.floor(random() * 40);
        const walked = await walk(storeA.id, storeA.secret, query, pageSize);
        const expected = expectedOrder(everything.filter(keep)).map((s) => s.id);
        expect(
          walked.map((s) => s.id),
          `${query} with page size ${pageSize}`,
        ).toEqual(expected);
      }
    }
  });

  it("omits X-Page-Next on the last page and serves an empty list for an empty filter", async () => {
    const { storeA } = setup();
    const page = await list(storeA.id, storeA.secret, "?created_at_min=2030-01-01T00:00:00Z");
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ inbound_shipments: [] });
    expect(page.headers.get("x-page-next")).toBeNull();
  });

  it.each([
    ["?status=LOST", "status"],
    ["?status=received", "status"],
    ["?location_id=wh_1", "location_id"],
    ["?created_at_min=yesterday", "created_at_min"],
    ["?created_at_max=2026-01-01", "created_at_max"],
    ["?status=PENDING&status=RECEIVED", "status"],
    ["?statuss=PENDING", ""],
  ])("refuses the bad query %s with a 400 naming the field", async (query, field) => {
    const { storeA } = setup();
    const response = await list(storeA.id, storeA.secret, query);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.body).toMatchObject({
      type: "com.service.api:inbound-shipment/invalid-request",
      status: 400,
    });
    expect((response.body as unknown as { errors: { path: string }[] }).errors.map((e) => e.path)).toContain(
      field,
    );
  });

  it.each(["0", "501", "-1", "1.5", "abc", "", "1e2", "0x10"])("refuses X-Page-Size %j", async (size) => {
    const { storeA } = setup();
    const response = await list(storeA.id, storeA.secret, "", { "X-Page-Size": size });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ type: "com.service.api:inbound-shipment/invalid-request" });
  });

  it("accepts page sizes 1 and 500", async () => {
    const { storeA } = setup();
    expect(
      (await list(storeA.id, storeA.secret, "", { "X-Page-Size": "1" })).body.inbound_shipments,
    ).toHaveLength(1);
    expect(
      (await list(storeA.id, storeA.secret, "", { "X-Page-Size": "500" })).body.inbound_shipments,
    ).toHaveLength(137);
  });

  it("refuses an altered page marker and one replayed with other filters", async () => {
    const { storeA } = setup();
    const first = await list(storeA.id, storeA.secret, "?status=RECEIVED", { "X-Page-Size": "2" });
    const marker = first.headers.get("x-page-next") ?? "";
    expect(marker).not.toBe("");
    const ok = await list(storeA.id, storeA.secret, "?status=RECEIVED", { "X-Page-Continue": marker });
    expect(ok.status).toBe(200);

    const tampered = `${marker.slice(0, 5)}${marker[5] === "A" ? "B" : "A"}${marker.slice(6)}`;
    for (const [query, value] of [
      ["?status=RECEIVED", tampered],
      ["?status=PENDING", marker],
      ["", marker],
      ["?status=RECEIVED", "garbage"],
    ] as const) {
      const response = await list(storeA.id, storeA.secret, query, { "X-Page-Continue": value });
      expect(response.status, `${query} ${value}`).toBe(400);
      expect(response.body).toMatchObject({ type: "com.service.api:inbound-shipment/invalid-request" });
    }
  });

  it("refuses a marker issued for another store", async () => {
    const { storeA, storeB } = setup();
    const first = await list(storeB.id, storeB.secret, "", { "X-Page-Size": "2" });
    const marker = first.headers.get("x-page-next") ?? "";
    const response = await list(storeA.id, storeA.secret, "", { "X-Page-Continue": marker });
    expect(response.status).toBe(400);
  });

  it("answers other methods with 405 and Allow", async () => {
    const { storeA } = setup();
    const response = await callRoute(
      PUT,
      { storeId: storeA.id },
      {
        method: "PUT",
        path: `/stores/${storeA.id}/inbound-shipments`,
        secret: storeA.secret,
        body: {},
      },
    );
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, POST");
    expect(response.body).toMatchObject({ type: "com.service.api:request/method-not-allowed" });
  });

  it("is refused without a secret (401), with a bad secret (401) and for another store (403)", async () => {
    const { storeA, storeB } = setup();
    const none = await callRoute(
      GET,
      { storeId: storeA.id },
      { path: `/stores/${storeA.id}/inbound-shipments` },
    );
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(none.body).toMatchObject({ type: "com.service.api:auth/unauthorized", status: 401 });
    const bad = await list(
      storeA.id,
      `${storeA.secret.slice(0, -2)}${storeA.secret.endsWith("xx") ? "yy" : "xx"}`,
    );
    expect(bad.status).toBe(401);
    const foreign = await list(storeA.id, storeB.secret);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ type: "com.service.api:auth/forbidden" });
  });
});
