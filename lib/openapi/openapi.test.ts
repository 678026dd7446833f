import { describe, expect, it } from "vitest";
import { openApiValidator } from "../testing/openapi-validator";
import { buildOpenApiDocument } from "./build";

describe("OpenAPI document", () => {
  const document = buildOpenApiDocument() as {
    openapi: string;
    info: { version: string };
    paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
  };

  it("is OpenAPI 3.1, version 2.2.1, with the eight operations of the interface", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toBe("2.2.1");
    const ids = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    for (const id of [
      "listInboundShipments",
      "setReturnItemIdentifiers",
      "createReturnComment",
      "getReturn",
      "getInventoryItem",
      "createOrUpdateWebhook",
      "updateWebhook",
      "getWebhook",
    ]) {
      expect(ids).toContain(id);
    }
  });

  it("lets the validator tell a documented response from an undocumented one", () => {
    const validator = openApiValidator();
    const path = "/stores/str_x/inbound-shipments";
    expect(validator.check("GET", path, 200, "application/json", { inbound_shipments: [] })).toBeUndefined();
    expect(validator.check("GET", path, 200, "application/json", { shipments: [] })).toMatch(
      /does not match/,
    );
    expect(
      validator.check("GET", path, 200, "application/json", { inbound_shipments: [{ id: "inb_1" }] }),
    ).toMatch(/does not match/);
    expect(validator.check("GET", path, 401, "text/html", "<html>")).toMatch(/content type/);
    expect(
      validator.check("GET", path, 401, "application/problem+json", {
        type: "com.service.api:auth/unauthorized",
        title: "Unauthorized",
        status: 401,
        detail: "x",
        instance: "urn:request:1",
      }),
    ).toBeUndefined();
  });
});
