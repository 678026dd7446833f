import { createHash } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../config";
import { commentImages, events, returnComments, returns } from "../../db/schema";
import { newId } from "../../ids";
import {
  commentResponseSchema,
  returnCommentsResponseSchema,
  returnEventSchema,
} from "../../schemas/returns";
import { setupDemoTestDatabase } from "../../testing/demo-database";
import { NotFoundError, ValidationError } from "../errors";
import { getImage } from "../images/stored";
import { addReturnComment, listReturnComments } from "./comments";
import { getReturn } from "./get";

/** Real, minimal images: 1x1 PNG, 2x2 baseline JPEG, 1x1 GIF89a, 1x1 lossless WebP. */
const IMAGES = {
  "image/png":
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "image/jpeg":
    "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAACAAIBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/ACv/2Q==",
  "image/gif": "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7",
  "image/webp": "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==",
} as const;

const demo = setupDemoTestDatabase();
let returnId: string;
const author = { name: "Eddie Editor" };

beforeAll(async () => {
  const [row] = await demo.db
    .select({ id: returns.id })
    .from(returns)
    .where(eq(returns.storeId, demo.storeId))
    .orderBy(asc(returns.id))
    .limit(1);
  returnId = row?.id as string;
});

async function counts() {
  const { rows } = await demo.db.execute<{ comments: number; images: number; events: number }>(sql`
    select (select count(*)::int from return_comments) as comments,
      (select count(*)::int from comment_images) as images,
      (select count(*)::int from events) as events`);
  return rows[0];
}

async function updatedAt(id: string): Promise<Date> {
  const [row] = await demo.db.select({ at: returns.updatedAt }).from(returns).where(eq(returns.id, id));
  return row?.at as Date;
}

const imageUrlPattern = new RegExp(
  `^${readConfig().publicUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/api/v2\\.2/comment-images/img_[0-9A-Za-z]{22}$`,
);

describe("addReturnComment", () => {
  it("adds a message comment: echoed trimmed, in notes and the timeline, with an event", async () => {
    const before = await updatedAt(returnId);
    const eventsBefore = (await counts())?.events ?? 0;
    const added = await addReturnComment(demo.db, {
      storeId: demo.storeId,
      returnId,
      comment: { message: "  Parcel received, checking it.\n" },
      author: { name: "Ada Admin", userId: undefined },
    });
    expect(added.id).toMatch(/^cmt_/);
    expect(added.comment).toEqual({ message: "Parcel received, checking it." });
    expect(commentResponseSchema.parse({ comment: added.comment })).toEqual({ comment: added.comment });

    const view = await getReturn(demo.db, { returnId, storeIds: demo.storeIds });
    expect(view.return.notes.at(-1)).toEqual({ message: "Parcel received, checking it." });
    expect(new Date(view.return.updatedAt).getTime()).toBeGreaterThan(before.getTime());

    const timeline = await listReturnComments(demo.db, { returnId, storeIds: demo.storeIds });
    expect(returnCommentsResponseSchema.parse({ comments: timeline })).toEqual({ comments: timeline });
    expect(timeline.at(-1)).toEqual({ message: "Parcel received, checking it." });

    expect((await counts())?.events).toBe(eventsBefore + 1);
    const [event] = await demo.db
      .select()
      .from(events)
      .where(eq(events.subjectId, returnId))
      .orderBy(asc(events.seq));
    expect(event?.type).toBe("updated");
    expect(returnEventSchema.parse(event?.payload).return.notes).toEqual(view.return.notes);
  });

  for (const [type, data] of Object.entries(IMAGES)) {
    for (const prefixed of [false, true]) {
      it(`accepts a ${type} image${prefixed ? " as a data: URL" : ""}, stored and served by URL`, async () => {
        const image = prefixed ? `data:${type};base64,${data}` : data;
        const added = await addReturnComment(demo.db, {
          storeId: demo.storeId,
          returnId,
          comment: { image },
          author,
        });
        expect(added.comment).toEqual({ image: expect.stringMatching(imageUrlPattern) });
        const url = "image" in added.comment ? added.comment.image : "";
        const imageId = url.split("/").at(-1) as string;

        const stored = await getImage(demo.db, { imageId, storeIds: [demo.storeId] });
        const bytes = Buffer.from(data, "base64");
        expect(stored.contentType).toBe(type);
        expect(Buffer.compare(stored.data, bytes)).toBe(0);
        expect(stored.byteSize).toBe(bytes.length);
        expect(stored.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));

        const view = await getReturn(demo.db, { returnId, storeIds: demo.storeIds });
        expect(view.return.notes.at(-1)).toEqual({ message: "", image: url });
        const timeline = await listReturnComments(demo.db, { returnId, storeIds: demo.storeIds });
        expect(timeline.at(-1)).toEqual({ image: url });
      });
    }
  }

  const rejected: [string, string, RegExp][] = [
    [
      "a text file",
      Buffer.from("hello, this is not an image\n").toString("base64"),
      /PNG, JPEG, GIF or WebP/,
    ],
    ["a PNG labelled as JPEG", `data:image/jpeg;base64,${IMAGES["image/png"]}`, /image\/jpeg.*PNG/],
    ["a GIF labelled as WebP", `data:image/webp;base64,${IMAGES["image/gif"]}`, /image\/webp.*GIF/],
    ["a text data: URL", `data:text/plain;base64,${IMAGES["image/png"]}`, /data:image\/<type>;base64/],
    [
      "an image over 5 MiB",
      Buffer.concat([Buffer.from(IMAGES["image/png"], "base64"), Buffer.alloc(5 * 1024 * 1024)]).toString(
        "base64",
      ),
      /too large/,
    ],
    ["bad base64 characters", "iVBORw0KGgo$$$AAAANSUhEUg", /not valid base64/],
    ["base64 of an impossible length", `${IMAGES["image/png"].replace(/=+$/, "")}AAA`, /not valid base64/],
    ["padding in the middle", "iVBO=w0KGgo=", /not valid base64/],
    ["an empty data: URL", "data:image/png;base64,", /empty/],
  ];
  for (const [name, image, message] of rejected) {
    it(`rejects ${name} at comment.image and writes nothing`, async () => {
      const before = await counts();
      const at = await updatedAt(returnId);
      const error = await addReturnComment(demo.db, {
        storeId: demo.storeId,
        returnId,
        comment: { image },
        author,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({
        status: 400,
        code: "return/invalid-request",
        errors: [{ path: "comment.image", message: expect.stringMatching(message) }],
      });
      expect(await counts()).toEqual(before);
      expect(await updatedAt(returnId)).toEqual(at);
    });
  }

  it("accepts an exactly 5 MiB image", async () => {
    const png = Buffer.from(IMAGES["image/png"], "base64");
    const data = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 - png.length)]);
    const added = await addReturnComment(demo.db, {
      storeId: demo.storeId,
      returnId,
      comment: { image: data.toString("base64") },
      author,
    });
    const imageId = ("image" in added.comment ? added.comment.image : "").split("/").at(-1) as string;
    expect((await getImage(demo.db, { imageId, storeIds: demo.storeIds })).byteSize).toBe(5 * 1024 * 1024);
  });

  it("rejects empty or double comments and bad messages", async () => {
    const before = await counts();
    const cases: [Record<string, string>, string][] = [
      [{}, "comment"],
      [{ message: "hi", image: IMAGES["image/gif"] }, "comment"],
      [{ message: " \n\t " }, "comment.message"],
      [{ message: "x".repeat(10_001) }, "comment.message"],
    ];
    for (const [comment, path] of cases) {
      await expect(
        addReturnComment(demo.db, { storeId: demo.storeId, returnId, comment, author }),
      ).rejects.toMatchObject({
        status: 400,
        errors: [{ path }],
      });
    }
    expect(await counts()).toEqual(before);
    const long = await addReturnComment(demo.db, {
      storeId: demo.storeId,
      returnId,
      comment: { message: ` ${"x".repeat(10_000)} ` },
      author,
    });
    expect(long.comment).toEqual({ message: "x".repeat(10_000) });
  });

  it("answers NotFound for a return of another store and writes nothing", async () => {
    const before = await counts();
    await expect(
      addReturnComment(demo.db, {
        storeId: demo.storeIds[1] as string,
        returnId,
        comment: { message: "hi" },
        author,
      }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      addReturnComment(demo.db, {
        storeId: demo.storeId,
        returnId: "ret_x",
        comment: { message: "hi" },
        author,
      }),
    ).rejects.toMatchObject({ code: "return/not-found" });
    expect(await counts()).toEqual(before);
  });

  it("keeps no comment, image or event when the surrounding transaction rolls back", async () => {
    const before = await counts();
    await expect(
      demo.db.transaction(async (tx) => {
        await addReturnComment(tx, {
          storeId: demo.storeId,
          returnId,
          comment: { image: IMAGES["image/png"] },
          author,
        });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await counts()).toEqual(before);
  });
});

describe("listReturnComments and getImage", () => {
  it("answer NotFound outside the caller's stores and for malformed ids", async () => {
    const other = [demo.storeIds[1] as string];
    await expect(listReturnComments(demo.db, { returnId, storeIds: other })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(
      listReturnComments(demo.db, { returnId: "nope", storeIds: demo.storeIds }),
    ).rejects.toMatchObject({
      code: "return/not-found",
    });
    const [image] = await demo.db.select({ id: commentImages.id }).from(commentImages).limit(1);
    expect(image).toBeDefined();
    const imageId = image?.id as string;
    await expect(getImage(demo.db, { imageId, storeIds: other })).rejects.toMatchObject({
      status: 404,
      code: "comment-image/not-found",
    });
    for (const bad of ["img_bad", newId("commentImage"), newId("comment"), ""]) {
      await expect(getImage(demo.db, { imageId: bad, storeIds: demo.storeIds })).rejects.toBeInstanceOf(
        NotFoundError,
      );
    }
  });

  it("lists an empty timeline for a return without comments", async () => {
    const { rows } = await demo.db.execute<{ id: string }>(sql`
      select r.id from returns r where r.store_id = ${demo.storeId}
        and not exists (select 1 from return_comments c where c.return_id = r.id) limit 1`);
    const id = rows[0]?.id as string;
    expect(await listReturnComments(demo.db, { returnId: id, storeIds: demo.storeIds })).toEqual([]);
    const stored = await demo.db.select().from(returnComments).where(eq(returnComments.returnId, id));
    expect(stored).toEqual([]);
  });
});
