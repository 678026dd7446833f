import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as getReturnRoute } from "@/app/api/v2.2/returns/[returnId]/route";
import { events } from "@/lib/db/schema";
import type { Return } from "@/lib/schemas/returns";
import { callRoute, unservedMethod } from "@/lib/testing/api";
import {
  errorPaths,
  expectInvalid,
  expectProblem,
  pickReturn,
  setupDemoApiTestDatabase,
  unknownId,
} from "@/lib/testing/api-helpers";
import { PUT } from "./route";

// The server answers methods a route does not export (405 with the path's Allow).
const GET = unservedMethod;

const setup = setupDemoApiTestDatabase({ returns: 300 });

function put(
  storeId: string,
  returnId: string,
  secret: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return callRoute<{ return: Return }>(
    PUT,
    { storeId, returnId },
    {
      method: "PUT",
      path: `/stores/${storeId}/returns/${returnId}/item-identifiers`,
      secret,
      body,
      headers,
    },
  );
}

/** The return as a client reads it back: item id → externalIdentifier (undefined when none). */
async function readBack(returnId: string, secret: string) {
  const response = await callRoute<{ return: Return }>(
    getReturnRoute,
    { returnId },
    { path: `/returns/${returnId}`, secret },
  );
  expect(response.status).toBe(200);
  const ret = response.body.return;
  return {
    updatedAt: ret.updatedAt,
    identifiers: Object.fromEntries(ret.items.map((item) => [item.id, item.externalIdentifier])),
  };
}

async function eventCount(returnId: string): Promise<number> {
  const rows = await setup().database.db.select().from(events).where(eq(events.subjectId, returnId));
  return rows.length;
}

/** A return of demo store A with 2+ items, and a PUT bound to it. */
async function target() {
  const { database, demoA } = setup();
  const picked = await pickReturn(database.db, demoA.id, 2);
  const [first, second] = picked.itemIds as [string, string];
  return {
    ...picked,
    first,
    second,
    send: (body: unknown, headers?: Record<string, string>) =>
      put(demoA.id, picked.returnId, demoA.secret, body, headers),
    read: () => readBack(picked.returnId, demoA.secret),
  };
}

describe("PUT /stores/{storeId}/returns/{returnId}/item-identifiers", () => {
  it("sets identifiers, answers the full return, and a GET shows them", async () => {
    const t = await target();
    const before = await t.read();
    const events0 = await eventCount(t.returnId);
    const response = await t.send({
      items: [
        { id: t.first, externalIdentifier: "WMS-1001" },
        { id: t.second, externalIdentifier: "Ünïcødé ✓ 42" },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.return.id).toBe(t.returnId);
    const byId = new Map(response.body.return.items.map((item) => [item.id, item]));
    expect(byId.get(t.first)?.externalIdentifier).toBe("WMS-1001");
    expect(byId.get(t.second)?.externalIdentifier).toBe("Ünïcødé ✓ 42");

    const after = await t.read();
    expect(after.identifiers[t.first]).toBe("WMS-1001");
    expect(after.identifiers[t.second]).toBe("Ünïcødé ✓ 42");
    expect(after.updatedAt > before.updatedAt).toBe(true);
    expect(response.body.return.updatedAt).toBe(after.updatedAt);
    expect(await eventCount(t.returnId)).toBe(events0 + 1);
  });

  it('clears an identifier with "" (the field is then omitted) and leaves other items alone', async () => {
    const t = await target();
    await t.send({
      items: [
        { id: t.first, externalIdentifier: "A" },
        { id: t.second, externalIdentifier: "B" },
      ],
    });
    const response = await t.send({ items: [{ id: t.first, externalIdentifier: "" }] });
    expect(response.status).toBe(200);
    const first = response.body.return.items.find((item) => item.id === t.first);
    expect(first && "externalIdentifier" in first).toBe(false);
    const after = await t.read();
    expect(after.identifiers[t.first]).toBeUndefined();
    expect(after.identifiers[t.second]).toBe("B");
  });

  it("accepts a request that changes nothing without touching updatedAt or emitting an event", async () => {
    const t = await target();
    await t.send({ items: [{ id: t.first, externalIdentifier: "SAME" }] });
    const before = await t.read();
    const events0 = await eventCount(t.returnId);
    const again = await t.send({ items: [{ id: t.first, externalIdentifier: "SAME" }] });
    expect(again.status).toBe(200);
    expect(again.body.return.updatedAt).toBe(before.updatedAt);
    expect((await t.read()).updatedAt).toBe(before.updatedAt);
    expect(await eventCount(t.returnId)).toBe(events0);
  });

  it("accepts 255 characters; refuses 256", async () => {
    const t = await target();
    expect((await t.send({ items: [{ id: t.first, externalIdentifier: "x".repeat(255) }] })).status).toBe(
      200,
    );
    const response = await t.send({ items: [{ id: t.first, externalIdentifier: "y".repeat(256) }] });
    expectInvalid(response, "return", ["items.0.externalIdentifier"]);
    expect((await t.read()).identifiers[t.first]).toBe("x".repeat(255));
  });

  it("answers 400 item-not-found naming every unknown id, and applies nothing", async () => {
    const { database, demoA } = setup();
    const t = await target();
    const otherReturn = await pickReturn(database.db, demoA.id);
    await t.send({ items: [{ id: t.first, externalIdentifier: "KEEP" }] });
    const before = await t.read();
    const events0 = await eventCount(t.returnId);
    const missing1 = unknownId("rti");
    const missing2 = otherReturn.itemIds[0] as string; // exists, but on another return
    const response = await t.send({
      items: [
        { id: t.first, externalIdentifier: "CHANGED" },
        { id: missing1, externalIdentifier: "x" },
        { id: t.second, externalIdentifier: "NEW" },
        { id: missing2, externalIdentifier: "y" },
      ],
    });
    const body = expectProblem(response, 400, "return/item-not-found");
    expect(errorPaths(response).sort()).toEqual(["items.1.id", "items.3.id"]);
    expect(body.detail).toContain(missing1);
    expect(body.detail).toContain(missing2);
    expect(await t.read()).toEqual(before);
    expect(await eventCount(t.returnId)).toBe(events0);
  });

  it.each([
    [
      "a duplicate id",
      (a: string, b: string) => ({
        items: [
          { id: a, externalIdentifier: "1" },
          { id: b, externalIdentifier: "2" },
          { id: a, externalIdentifier: "3" },
        ],
      }),
      ["items.2.id"],
    ],
    [
      "501 entries",
      (a: string) => ({ items: Array.from({ length: 501 }, () => ({ id: a, externalIdentifier: "z" })) }),
      ["items"],
    ],
    ["no entries", () => ({ items: [] }), ["items"]],
    ["a missing items key", () => ({}), ["items"]],
    ["items that is not an array", () => ({ items: "rti_x" }), ["items"]],
    ["an empty id", () => ({ items: [{ id: "", externalIdentifier: "x" }] }), ["items.0.id"]],
    [
      "wrong types, all reported",
      () => ({ items: [{ id: 7, externalIdentifier: null }] }),
      ["items.0.id", "items.0.externalIdentifier"],
    ],
    ["a missing externalIdentifier", (a: string) => ({ items: [{ id: a }] }), ["items.0.externalIdentifier"]],
    [
      "a BEL control character",
      (a: string) => ({ items: [{ id: a, externalIdentifier: "AB\u0007C" }] }),
      ["items.0.externalIdentifier"],
    ],
    [
      "a newline",
      (a: string, b: string) => ({
        items: [
          { id: a, externalIdentifier: "ok" },
          { id: b, externalIdentifier: "A\nB" },
        ],
      }),
      ["items.1.externalIdentifier"],
    ],
    [
      "a C1 control character",
      (a: string) => ({ items: [{ id: a, externalIdentifier: "\u0085" }] }),
      ["items.0.externalIdentifier"],
    ],
    [
      "an extra key in an entry",
      (a: string) => ({ items: [{ id: a, externalIdentifier: "x", note: "hi" }] }),
      ["items.0"],
    ],
    [
      "an extra top-level key",
      (a: string) => ({ items: [{ id: a, externalIdentifier: "x" }], force: true }),
      [""],
    ],
    ["a JSON array", () => [], [""]],
    ["JSON null", () => null, [""]],
  ])("refuses %s with 400 return/invalid-request and changes nothing", async (_name, build, paths) => {
    const t = await target();
    const before = await t.read();
    const response = await t.send(JSON.stringify(build(t.first, t.second)));
    expectInvalid(response, "return", paths);
    expect(await t.read()).toEqual(before);
  });

  it.each([
    ["malformed JSON", '{"items": [{"id": "rti_x", '],
    ["an empty body", ""],
    ["whitespace only", "  \n "],
  ])("refuses %s with 400 return/invalid-request", async (_name, raw) => {
    const t = await target();
    const response = await t.send(raw);
    expectInvalid(response, "return", [""]);
  });

  it.each(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"])(
    "refuses Content-Type %s with 415",
    async (contentType) => {
      const t = await target();
      const body = JSON.stringify({ items: [{ id: t.first, externalIdentifier: "x" }] });
      const response = await t.send(body, { "content-type": contentType });
      expectProblem(response, 415, "request/unsupported-media-type");
      expect((await t.read()).identifiers[t.first]).toBeUndefined();
    },
  );

  it("refuses a body over 1 MiB with 413, but reads one of exactly 1 MiB", async () => {
    const t = await target();
    const prefix = JSON.stringify({ items: [{ id: t.first, externalIdentifier: "x" }] }).slice(0, -1);
    const pad = (size: number) => `${prefix},"pad":"${"p".repeat(size - prefix.length - 10)}"}`;
    expect(Buffer.byteLength(pad(1024 * 1024))).toBe(1024 * 1024);
    // Exactly the limit: read and validated (the unknown key "pad" is a 400, not a 413).
    expectInvalid(await t.send(pad(1024 * 1024)), "return", [""]);
    expectProblem(await t.send(pad(1024 * 1024 + 1)), 413, "request/too-large");
    expectProblem(await t.send(pad(3 * 1024 * 1024)), 413, "request/too-large");
  });

  it("answers 404 for another store's return under my store's path, and for unknown returns", async () => {
    const { database, demoA, demoB } = setup();
    const foreign = await pickReturn(database.db, demoB.id);
    const body = { items: [{ id: foreign.itemIds[0], externalIdentifier: "HIJACK" }] };
    for (const returnId of [foreign.returnId, unknownId("ret"), "ret_bad", "hello"]) {
      expectProblem(await put(demoA.id, returnId, demoA.secret, body), 404, "return/not-found");
    }
    expect(
      (await readBack(foreign.returnId, demoB.secret)).identifiers[foreign.itemIds[0] as string],
    ).toBeUndefined();
  });

  it("answers 403 for my return under another store's path, and changes nothing", async () => {
    const { demoA, demoB } = setup();
    const t = await target();
    const body = { items: [{ id: t.first, externalIdentifier: "VIA-B" }] };
    expectProblem(await put(demoB.id, t.returnId, demoA.secret, body), 403, "auth/forbidden");
    expect((await t.read()).identifiers[t.first]).toBeUndefined();
  });

  it("answers GET with 405 and Allow: PUT", async () => {
    const { demoA } = setup();
    const t = await target();
    const response = await callRoute(
      GET,
      { storeId: demoA.id, returnId: t.returnId },
      { path: `/stores/${demoA.id}/returns/${t.returnId}/item-identifiers`, secret: demoA.secret },
    );
    expectProblem(response, 405, "request/method-not-allowed");
    expect(response.headers.get("allow")).toBe("PUT");
  });
});
