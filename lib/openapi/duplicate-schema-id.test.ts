import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { buildOpenApiDocument } from "./build";

/**
 * A process can evaluate a schema module more than once (a route bundle, the in-process dispatcher and the
 * custom server each load their own copy), and every copy registers its schemas in zod's global registry under
 * the same id. A document built from that registry then fails for good; one built from the operations does not.
 */
describe("OpenAPI document with two copies of a schema module loaded", () => {
  it("is built from the operations, whatever zod's global registry holds", async () => {
    const first = await import("../schemas/common");
    vi.resetModules();
    const second = await import("../schemas/common");
    expect(second.moneySchema).not.toBe(first.moneySchema);
    expect(z.globalRegistry.get(second.moneySchema)?.id).toBe("Money");

    // The failure mode: two schemas registered as "Money" cannot be converted together.
    expect(() => z.toJSONSchema(z.globalRegistry, { unrepresentable: "any" })).toThrow(
      /Duplicate schema id "Money"/,
    );

    const document = buildOpenApiDocument() as { components: { schemas: Record<string, unknown> } };
    expect(document.components.schemas.Money).toMatchObject({
      type: "object",
      required: ["amount", "currency"],
    });
  });
});
