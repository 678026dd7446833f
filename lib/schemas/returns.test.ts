import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as common from "./common";
import * as orders from "./orders";
import * as schemas from "./returns";
import {
  createCommentBodySchema,
  listReturnsQuerySchema,
  MAX_COMMENT_IMAGE_CHARS,
  setItemIdentifiersBodySchema,
} from "./returns";

/** The issues of a failed parse as the API reports them: dotted path and message. */
function issues(schema: z.ZodType, value: unknown): { path: string; message: string; code: string }[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: issue.path.join("."),
    message: issue.message,
    code: issue.code,
  }));
}

const entry = (id: string, externalIdentifier = "X") => ({ id, externalIdentifier });

describe("setItemIdentifiersBodySchema (decisions §5)", () => {
  it("accepts 1 to 500 entries", () => {
    expect(setItemIdentifiersBodySchema.parse({ items: [entry("rti_a")] })).toEqual({
      items: [entry("rti_a")],
    });
    const many = Array.from({ length: 500 }, (_, i) => entry(`rti_${i}`));
    expect(setItemIdentifiersBodySchema.safeParse({ items: many }).success).toBe(true);
  });

  it("rejects an empty list and more than 500 entries", () => {
    expect(issues(setItemIdentifiersBodySchema, { items: [] })).toEqual([
      expect.objectContaining({ path: "items", message: "items must hold at least one entry." }),
    ]);
    const tooMany = Array.from({ length: 501 }, (_, i) => entry(`rti_${i}`));
    expect(issues(setItemIdentifiersBodySchema, { items: tooMany })).toEqual([
      expect.objectContaining({ path: "items", message: "items must hold at most 500 entries." }),
    ]);
  });

  it("requires a non-empty id and a string identifier in every entry", () => {
    expect(issues(setItemIdentifiersBodySchema, { items: [{ id: "", externalIdentifier: "A" }] })).toEqual([
      expect.objectContaining({ path: "items.0.id", message: "The item id must not be empty." }),
    ]);
    expect(issues(setItemIdentifiersBodySchema, { items: [{ id: "rti_a" }] }).map((i) => i.path)).toEqual([
      "items.0.externalIdentifier",
    ]);
    expect(
      issues(setItemIdentifiersBodySchema, { items: [{ id: 7, externalIdentifier: null }] }).map(
        (i) => i.path,
      ),
    ).toEqual(["items.0.id", "items.0.externalIdentifier"]);
    expect(issues(setItemIdentifiersBodySchema, {}).map((i) => i.path)).toEqual(["items"]);
    expect(issues(setItemIdentifiersBodySchema, { items: "rti_a" }).map((i) => i.path)).toEqual(["items"]);
  });

  it("accepts identifiers of 0 to 255 characters, the empty string included (it clears)", () => {
    for (const value of ["", "A", "x".repeat(255), "RMA-2026/04 #12", "Ünïcødé ✓ 名前"]) {
      expect(setItemIdentifiersBodySchema.safeParse({ items: [entry("rti_a", value)] }).success).toBe(true);
    }
    expect(issues(setItemIdentifiersBodySchema, { items: [entry("rti_a", "x".repeat(256))] })).toEqual([
      expect.objectContaining({
        path: "items.0.externalIdentifier",
        message: "The external identifier must be at most 255 characters.",
      }),
    ]);
  });

  it("rejects control characters", () => {
    for (const bad of ["a\nb", "tab\there", "\u0000", "del\u007f", "c1\u0085", "\u009f", "line\r"]) {
      expect(issues(setItemIdentifiersBodySchema, { items: [entry("rti_a", bad)] })).toEqual([
        expect.objectContaining({
          path: "items.0.externalIdentifier",
          message: "The external identifier must not contain control characters.",
        }),
      ]);
    }
  });

  it("rejects duplicate ids, naming each repeated entry", () => {
    const body = { items: [entry("rti_a"), entry("rti_b"), entry("rti_a", ""), entry("rti_a")] };
    expect(issues(setItemIdentifiersBodySchema, body)).toEqual([
      expect.objectContaining({ path: "items.2.id", message: expect.stringContaining("items.0.id") }),
      expect.objectContaining({ path: "items.3.id", message: expect.stringContaining('"rti_a"') }),
    ]);
  });

  it("rejects unknown keys at every level", () => {
    expect(issues(setItemIdentifiersBodySchema, { items: [entry("rti_a")], extra: 1 })).toEqual([
      expect.objectContaining({ path: "", code: "unrecognized_keys" }),
    ]);
    expect(issues(setItemIdentifiersBodySchema, { items: [{ ...entry("rti_a"), note: "x" }] })).toEqual([
      expect.objectContaining({ path: "items.0", code: "unrecognized_keys" }),
    ]);
  });

  it("reports every problem at once", () => {
    const body = {
      items: [entry("", "ok"), entry("rti_b", "x".repeat(300)), entry("rti_b", "a\u0000"), entry("rti_c")],
    };
    expect(issues(setItemIdentifiersBodySchema, body).map((i) => i.path)).toEqual([
      "items.0.id",
      "items.1.externalIdentifier",
      "items.2.externalIdentifier",
      "items.2.id",
    ]);
  });
});

describe("createCommentBodySchema (decisions §5)", () => {
  const png =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

  it("accepts a message, trimmed", () => {
    expect(createCommentBodySchema.parse({ comment: { message: "  Hello \n" } })).toEqual({
      comment: { message: "Hello" },
    });
  });

  it("accepts messages of 1 to 10,000 characters after trimming", () => {
    expect(createCommentBodySchema.safeParse({ comment: { message: "x" } }).success).toBe(true);
    expect(
      createCommentBodySchema.safeParse({ comment: { message: ` ${"x".repeat(10_000)}\n` } }).success,
    ).toBe(true);
    expect(issues(createCommentBodySchema, { comment: { message: "x".repeat(10_001) } })).toEqual([
      expect.objectContaining({
        path: "comment.message",
        message: "The message must be at most 10000 characters.",
      }),
    ]);
    for (const blank of ["", "   ", "\n\t"]) {
      expect(issues(createCommentBodySchema, { comment: { message: blank } })).toEqual([
        expect.objectContaining({ path: "comment.message", message: "The message must not be empty." }),
      ]);
    }
  });

  it("accepts base64 images, bare or as a data:image URL, line breaks tolerated", () => {
    for (const image of [
      png,
      `data:image/png;base64,${png}`,
      `data:image/jpeg;base64,${png}`, // the type is checked against the bytes by the domain, not here
      png.replace(/(.{20})/g, "$1\r\n"),
      png.replace(/=+$/, ""),
    ]) {
      expect(createCommentBodySchema.safeParse({ comment: { image } }).success, image).toBe(true);
    }
  });

  it("rejects images that are not base64 or not an image data: URL", () => {
    for (const image of [
      "",
      "not base64!",
      `data:text/plain;base64,${png}`,
      `data:image/png,${png}`,
      "iVBO=w0KGgo",
      "data:image/png;base64,abc$",
    ]) {
      expect(
        issues(createCommentBodySchema, { comment: { image } }).map((i) => i.path),
        image,
      ).toEqual(["comment.image"]);
    }
    expect(issues(createCommentBodySchema, { comment: { image: 42 } }).map((i) => i.path)).toEqual([
      "comment.image",
    ]);
    expect(
      createCommentBodySchema.safeParse({ comment: { image: "A".repeat(MAX_COMMENT_IMAGE_CHARS + 4) } })
        .success,
    ).toBe(false);
  });

  it("takes exactly one of message or image, and nothing else", () => {
    expect(issues(createCommentBodySchema, { comment: {} })).toEqual([
      expect.objectContaining({ path: "comment", message: "The comment needs a message or an image." }),
    ]);
    expect(issues(createCommentBodySchema, { comment: { message: "hi", image: png } })).toEqual([
      expect.objectContaining({
        path: "comment",
        message: "The comment takes a message or an image, not both.",
      }),
    ]);
    expect(issues(createCommentBodySchema, { comment: { message: "hi", author: "me" } })).toEqual([
      expect.objectContaining({ path: "comment", code: "unrecognized_keys" }),
    ]);
    expect(issues(createCommentBodySchema, { comment: { message: "hi" }, extra: true })).toEqual([
      expect.objectContaining({ path: "", code: "unrecognized_keys" }),
    ]);
    expect(issues(createCommentBodySchema, {}).map((i) => i.path)).toEqual(["comment"]);
    expect(issues(createCommentBodySchema, { comment: "hi" }).map((i) => i.path)).toEqual(["comment"]);
    expect(issues(createCommentBodySchema, { comment: { message: 5 } }).map((i) => i.path)).toEqual([
      "comment.message",
    ]);
  });
});

describe("listReturnsQuerySchema", () => {
  it("accepts the filters", () => {
    const query = {
      status: "delivered",
      updated_at_min: "2025-01-01T00:00:00Z",
      updated_at_max: "2025-02-01T00:00:00.000+01:00",
      q: "#1042",
    };
    expect(listReturnsQuerySchema.parse(query)).toEqual(query);
    expect(listReturnsQuerySchema.parse({})).toEqual({});
  });

  it("rejects an unknown status, a non-date-time bound and a long q", () => {
    expect(issues(listReturnsQuerySchema, { status: "OPEN" }).map((i) => i.path)).toEqual(["status"]);
    for (const bad of ["2025-01-01", "yesterday", "2025-01-01T00:00:00"]) {
      expect(issues(listReturnsQuerySchema, { updated_at_min: bad }).map((i) => i.path)).toEqual([
        "updated_at_min",
      ]);
      expect(issues(listReturnsQuerySchema, { updated_at_max: bad }).map((i) => i.path)).toEqual([
        "updated_at_max",
      ]);
    }
    expect(listReturnsQuerySchema.safeParse({ q: "x".repeat(200) }).success).toBe(true);
    expect(issues(listReturnsQuerySchema, { q: "x".repeat(201) }).map((i) => i.path)).toEqual(["q"]);
  });
});

describe("JSON Schema of every schema", () => {
  const all = { ...common, ...orders, ...schemas };

  it("converts every exported schema (no transforms, no unrepresentable types)", () => {
    const names = Object.entries(all).filter(([, value]) => value instanceof z.ZodType);
    expect(names.length).toBeGreaterThan(30);
    for (const [name, schema] of names) {
      const io = /Body|Query|Input|Entry/.test(name) ? "input" : "output";
      expect(() => z.toJSONSchema(schema as z.ZodType, { io }), name).not.toThrow();
    }
  });

  it("makes components of the main objects and keeps responses closed", () => {
    const json = z.toJSONSchema(schemas.getReturnResponseSchema) as {
      $defs: Record<string, { required?: string[]; additionalProperties?: boolean }>;
    };
    for (const id of ["Return", "ReturnItem", "Order", "OrderItem", "Money", "Address", "ReturnShipment"]) {
      expect(json.$defs[id], id).toBeDefined();
      expect(json.$defs[id]?.additionalProperties, id).toBe(false);
    }
    expect(json.$defs.Return?.required).toEqual(
      expect.arrayContaining(["id", "status", "createdAt", "updatedAt", "order", "source", "destination"]),
    );
    expect(json.$defs.Return?.required).toEqual(expect.arrayContaining(["items", "giftCards", "totals"]));
    expect(json.$defs.Return?.required).not.toContain("exchange");
    expect(json.$defs.Return?.required).not.toContain("shipment");
    expect(json.$defs.ReturnItem?.required).toEqual(
      expect.arrayContaining(["id", "orderItem", "quantity", "reason"]),
    );
    expect(json.$defs.Order?.required).toEqual(
      expect.arrayContaining([
        "id",
        "name",
        "customer",
        "items",
        "discounts",
        "lineItemsTotal",
        "shippingCost",
        "taxes",
        "total",
      ]),
    );
    expect(json.$defs.OrderItem?.required).toEqual(
      expect.arrayContaining(["id", "product", "variant", "quantity", "price", "fulfillmentLocationId"]),
    );
    expect(json.$defs.Address?.required).toEqual(["line1", "city", "state", "postalCode", "country"]);
  });

  it("describes the comment request as exactly one of message or image", () => {
    const json = z.toJSONSchema(createCommentBodySchema, { io: "input" }) as {
      $defs: Record<string, Record<string, unknown>>;
    };
    expect(json.$defs.CreateComment).toMatchObject({
      additionalProperties: false,
      oneOf: [{ required: ["message"] }, { required: ["image"] }],
    });
  });
});

describe("money helpers", () => {
  it("write decimal amounts with two decimals, by text", () => {
    expect(common.formatDecimal("12.5")).toBe("12.50");
    expect(common.formatDecimal(24)).toBe("24.00");
    expect(common.formatDecimal(0.1)).toBe("0.10");
    expect(common.formatDecimal("-3")).toBe("-3.00");
    expect(common.formatDecimal("0.00")).toBe("0.00");
    expect(common.formatDecimal("-0")).toBe("0.00");
    expect(common.formatDecimal("123456789012.34")).toBe("123456789012.34");
    expect(common.formatDecimal(123456789012.34)).toBe("123456789012.34");
    expect(common.formatDecimal("7.000")).toBe("7.00");
    expect(() => common.formatDecimal("7.001")).toThrow();
    expect(() => common.formatDecimal("abc")).toThrow();
    expect(common.toMoney("5", "usd")).toEqual({ amount: "5.00", currency: "USD" });
    expect(common.moneySchema.safeParse({ amount: 5, currency: "USD" }).success).toBe(false);
    expect(common.moneySchema.safeParse({ amount: "5.00", currency: "usd" }).success).toBe(false);
  });
});
