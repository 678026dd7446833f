import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { GET as getImageRoute } from "@/app/api/v2.2/comment-images/[imageId]/route";
import { GET as getReturnRoute } from "@/app/api/v2.2/returns/[returnId]/route";
import { events } from "@/lib/db/schema";
import { DEMO_API_KEY_NAME } from "@/lib/demo/accounts";
import type { ReturnTimelineEntry } from "@/lib/schemas/return-timeline";
import type { Comment, Note, Return } from "@/lib/schemas/returns";
import { type Caller, callRoute, TEST_ORIGIN, unservedMethod } from "@/lib/testing/api";
import {
  expectInvalid,
  expectProblem,
  pickReturn,
  setupDemoApiTestDatabase,
  TINY_PNG_BASE64,
  unknownId,
} from "@/lib/testing/api-helpers";
import { staffSessionCookie } from "@/lib/testing/session";
import { GET as getTimelineRoute } from "../timeline/route";
import { GET, POST } from "./route";

// The server answers methods a route does not export (405 with the path's Allow).
const PUT = unservedMethod;

const setup = setupDemoApiTestDatabase();

const JPEG_2X2 =
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAACAAIBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/ACv/2Q==";
const PNG_SIGNATURE = Buffer.from(TINY_PNG_BASE64, "base64").subarray(0, 8);

function post(returnId: string, body: unknown, auth: Caller) {
  return callRoute<{ comment: { message?: string; image?: string } }>(
    POST,
    { returnId },
    { method: "POST", path: `/returns/${returnId}/comments`, body, ...auth },
  );
}

function timeline(returnId: string, secret: string) {
  return callRoute<{ comments: Comment[] }>(
    GET,
    { returnId },
    { path: `/returns/${returnId}/comments`, secret },
  );
}

async function readReturn(returnId: string, secret: string): Promise<Return> {
  const response = await callRoute<{ return: Return }>(
    getReturnRoute,
    { returnId },
    { path: `/returns/${returnId}`, secret },
  );
  expect(response.status).toBe(200);
  return response.body.return;
}

/** Fetches an image URL from a note through its route, keeping the bytes (callRoute reads text). */
async function fetchImage(url: string, secret: string) {
  const { pathname } = new URL(url);
  const match = /^\/api\/v2\.2\/comment-images\/([^/]+)$/.exec(pathname);
  expect(match, url).not.toBeNull();
  const imageId = decodeURIComponent(match?.[1] ?? "");
  const request = new NextRequest(`${TEST_ORIGIN}${pathname}`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  const response = await getImageRoute(request, { params: Promise.resolve({ imageId }) });
  return { imageId, response, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function fresh() {
  const { database, demoA } = setup();
  const { returnId } = await pickReturn(database.db, demoA.id);
  return { returnId, secret: demoA.secret };
}

describe("POST /returns/{returnId}/comments", () => {
  it("adds a message: 201 { comment: { message } } (trimmed), shown in notes and the timeline", async () => {
    const { database } = setup();
    const { returnId, secret } = await fresh();
    const before = await readReturn(returnId, secret);
    const response = await post(returnId, { comment: { message: "  Box arrived dented.  " } }, { secret });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ comment: { message: "Box arrived dented." } });
    const after = await readReturn(returnId, secret);
    expect(after.notes).toEqual([...before.notes, { message: "Box arrived dented." }]);
    expect(after.updatedAt > before.updatedAt).toBe(true);
    const recorded = await database.db.select().from(events).where(eq(events.subjectId, returnId));
    expect(recorded.map((e) => e.type)).toContain("updated");
  });

  it.each([
    ["bare base64", TINY_PNG_BASE64],
    ["a data: URL", `data:image/png;base64,${TINY_PNG_BASE64}`],
  ])("adds a PNG image sent as %s, served back with its type and bytes", async (_name, image) => {
    const { returnId, secret } = await fresh();
    const response = await post(returnId, { comment: { image } }, { secret });
    expect(response.status).toBe(201);
    const url = response.body.comment.image ?? "";
    expect(Object.keys(response.body.comment)).toEqual(["image"]);
    expect(url).toMatch(/^https?:\/\/[^/]+\/api\/v2\.2\/comment-images\/img_[0-9A-Za-z]{22}$/);

    const notes = (await readReturn(returnId, secret)).notes;
    expect(notes.at(-1)).toEqual({ message: "", image: url });
    const served = await fetchImage(url, secret);
    expect(served.response.status).toBe(200);
    expect(served.response.headers.get("content-type")).toBe("image/png");
    expect(served.response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.response.headers.get("x-request-id")).toBeTruthy();
    expect(served.bytes.equals(Buffer.from(TINY_PNG_BASE64, "base64"))).toBe(true);
    expect(served.response.headers.get("content-length")).toBe(String(served.bytes.length));
  });

  it("stores a JPEG as image/jpeg and only the image's own store can fetch it", async () => {
    const { demoB, storeA } = setup();
    const { returnId, secret } = await fresh();
    const response = await post(
      returnId,
      { comment: { image: `data:image/jpeg;base64,${JPEG_2X2}` } },
      { secret },
    );
    expect(response.status).toBe(201);
    const url = response.body.comment.image ?? "";
    const served = await fetchImage(url, secret);
    expect(served.response.headers.get("content-type")).toBe("image/jpeg");
    expect(served.bytes.equals(Buffer.from(JPEG_2X2, "base64"))).toBe(true);
    for (const other of [demoB.secret, storeA.secret]) {
      const denied = await callRoute(
        getImageRoute,
        { imageId: served.imageId },
        {
          path: `/comment-images/${served.imageId}`,
          secret: other,
        },
      );
      expectProblem(denied, 404, "comment-image/not-found");
    }
    for (const imageId of [unknownId("img"), "img_nope", "../etc/passwd"]) {
      const missing = await callRoute(getImageRoute, { imageId }, { path: `/comment-images/x`, secret });
      expectProblem(missing, 404, "comment-image/not-found");
    }
  });

  it("accepts 10,000 characters after trimming and an image of exactly 5 MiB", async () => {
    const { returnId, secret } = await fresh();
    const longest = "m".repeat(10_000);
    const ok = await post(returnId, { comment: { message: `\n ${longest} \t` } }, { secret });
    expect(ok.status).toBe(201);
    expect(ok.body.comment.message).toBe(longest);
    const fiveMiB = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(5 * 1024 * 1024 - PNG_SIGNATURE.length)]);
    const big = await post(returnId, { comment: { image: fiveMiB.toString("base64") } }, { secret });
    expect(big.status).toBe(201);
    const served = await fetchImage(big.body.comment.image ?? "", secret);
    expect(served.bytes.length).toBe(5 * 1024 * 1024);
  });

  const oversized = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG_SIGNATURE.length)]);
  it.each([
    ["both keys", { comment: { message: "hi", image: TINY_PNG_BASE64 } }, "comment"],
    ["neither key", { comment: {} }, "comment"],
    ["no comment", {}, "comment"],
    ["an empty message", { comment: { message: "" } }, "comment.message"],
    ["a blank message", { comment: { message: " \n\t " } }, "comment.message"],
    ["a message of 10,001 characters", { comment: { message: "x".repeat(10_001) } }, "comment.message"],
    ["a message that is not a string", { comment: { message: 42 } }, "comment.message"],
    ["an extra key", { comment: { message: "hi", author: "me" } }, "comment"],
    ["an extra top-level key", { comment: { message: "hi" }, notify: true }, ""],
    [
      "base64 of a text file",
      { comment: { image: Buffer.from("just text, no image").toString("base64") } },
      "comment.image",
    ],
    [
      "a text data: URL",
      { comment: { image: `data:text/plain;base64,${TINY_PNG_BASE64}` } },
      "comment.image",
    ],
    ["text that is not base64", { comment: { image: "%%% not base64 %%%" } }, "comment.image"],
    ["an empty image", { comment: { image: "" } }, "comment.image"],
    ["an image over 5 MiB", { comment: { image: oversized.toString("base64") } }, "comment.image"],
  ])("refuses %s with 400 and stores nothing", async (_name, body, path) => {
    const { returnId, secret } = await fresh();
    const before = await readReturn(returnId, secret);
    const count = (await timeline(returnId, secret)).body.comments.length;
    expectInvalid(await post(returnId, body, { secret }), "return", [path]);
    const after = await readReturn(returnId, secret);
    expect(after.notes).toEqual(before.notes);
    expect(after.updatedAt).toBe(before.updatedAt);
    expect((await timeline(returnId, secret)).body.comments).toHaveLength(count);
  });

  it("refuses malformed JSON (400), a non-JSON content type (415) and a body over 8 MiB (413)", async () => {
    const { returnId, secret } = await fresh();
    expectInvalid(await post(returnId, '{"comment": {"message": "hi"', { secret }), "return", [""]);
    const plain = await post(returnId, '{"comment":{"message":"hi"}}', {
      secret,
      headers: { "content-type": "text/plain" },
    });
    expectProblem(plain, 415, "request/unsupported-media-type");
    const huge = JSON.stringify({ comment: { image: "A".repeat(8 * 1024 * 1024) } });
    expectProblem(await post(returnId, huge, { secret }), 413, "request/too-large");
    expect((await readReturn(returnId, secret)).notes.every((n: Note) => n.message !== "hi")).toBe(true);
  });

  it("answers 404 return/not-found for unknown, malformed and other stores' returns", async () => {
    const { database, demoA, demoB } = setup();
    const foreign = await pickReturn(database.db, demoB.id);
    for (const returnId of [foreign.returnId, unknownId("ret"), "ret_123", "nope"]) {
      expectProblem(
        await post(returnId, { comment: { message: "x" } }, { secret: demoA.secret }),
        404,
        "return/not-found",
      );
      expectProblem(await timeline(returnId, demoA.secret), 404, "return/not-found");
    }
    expect(
      (await timeline(foreign.returnId, demoB.secret)).body.comments.some(
        (c) => "message" in c && c.message === "x",
      ),
    ).toBe(false);
  });

  it("answers PUT with 405 and Allow: GET, POST", async () => {
    const { returnId, secret } = await fresh();
    const response = await callRoute(
      PUT,
      { returnId },
      { method: "PUT", path: `/returns/${returnId}/comments`, secret, body: {} },
    );
    expectProblem(response, 405, "request/method-not-allowed");
    expect(response.headers.get("allow")).toBe("GET, POST");
  });
});

describe("GET /returns/{returnId}/comments", () => {
  it("lists the comments oldest first as published; who wrote each and when are on the timeline", async () => {
    const { database, demoA } = setup();
    const { returnId, secret } = await fresh();
    const existing = (await timeline(returnId, secret)).body.comments.length;
    const { cookie } = await staffSessionCookie(
      database.db,
      [{ storeId: demoA.id, role: "editor" }],
      "Erin Editor",
    );
    expect((await post(returnId, { comment: { message: "first" } }, { secret })).status).toBe(201);
    const bySession = await post(returnId, { comment: { message: "second" } }, { cookie });
    expect(bySession.status).toBe(201);
    const image = await post(returnId, { comment: { image: TINY_PNG_BASE64 } }, { secret });
    const imageUrl = image.body.comment.image as string;

    const response = await timeline(returnId, secret);
    expect(response.status).toBe(200);
    expect(response.body.comments.slice(existing)).toEqual([
      { message: "first" },
      { message: "second" },
      { image: imageUrl },
    ]);
    const story = await callRoute<{ entries: ReturnTimelineEntry[] }>(
      getTimelineRoute,
      { returnId },
      { path: `/returns/${returnId}/timeline`, secret },
    );
    const comments = story.body.entries.filter((entry) => entry.kind === "comment").slice(-3);
    expect(comments.map((entry) => [entry.actor.name, entry.details])).toEqual([
      [DEMO_API_KEY_NAME, { message: "first" }],
      ["Erin Editor", { message: "second" }],
      [DEMO_API_KEY_NAME, { image: imageUrl }],
    ]);
    // The read-only viewer can read the timeline.
    const viewer = await staffSessionCookie(database.db, [{ storeId: demoA.id, role: "viewer" }]);
    const read = await callRoute(
      GET,
      { returnId },
      { path: `/returns/${returnId}/comments`, headers: { cookie: viewer.cookie } },
    );
    expect(read.status).toBe(200);
  });
});
